#!/bin/sh
# place-submission.sh: put a student's lab files into a ScanLab tree.
#
#   grader/tools/place-submission.sh SUBMISSION_DIR TREE_DIR
#
# Every .c/.cu file under SUBMISSION_DIR (at any depth, as uploaded) whose
# name is that of a file of TREE_DIR/labs/NN-name/ replaces that file;
# other files are ignored. The first file of a name wins (by sorted path),
# a second one is reported and ignored. Symbolic links are never followed.
# Prints one line per file; exits 1 when nothing matched.
# Used by make batch (tools/batch.sh) and Gradescope's run_autograder.
set -eu
submission=$1 tree=$2
matched="" ignored=""
list=$(mktemp)
find "$submission" -type f \( -name '*.c' -o -name '*.cu' \) 2>/dev/null | LC_ALL=C sort >"$list"
while IFS= read -r file; do
    name=$(basename "$file")
    target=$(find "$tree/labs" -mindepth 2 -maxdepth 2 -type f -name "$name" | head -n 1)
    if [ -z "$target" ]; then
        ignored="$ignored $name"
    elif printf '%s\n' "$matched" | grep -qxF "$name"; then
        echo "  ${file#"$submission"/} ignored: another $name was already used"
    else
        cp "$file" "$target" && touch "$target"
        # A test program built before (the skeleton's) must not be graded
        # if this file does not compile: make then has nothing to run.
        lab=$(basename "$(dirname "$target")")
        rm -f "$tree"/build/*/labs/"$lab"/tests "$tree"/build/*/labs/"$lab"/tests-one-process \
              "$tree"/build/*/labs/"$lab"/run "$tree"/build/*/labs/"$lab"/perf
        matched=$(printf '%s\n%s' "$matched" "$name")
        echo "  ${file#"$submission"/} -> labs/$lab/$name"
    fi
done <"$list"
rm -f "$list"
[ -n "$ignored" ] && echo "  not lab files, ignored:$ignored"
if [ -z "$(printf '%s' "$matched" | grep .)" ]; then
    echo "  no lab file found: expected$(cd "$tree/labs" && find . -mindepth 2 -maxdepth 2 -type f \
        \( -name '*.c' -o -name '*.cu' \) -exec basename {} \; | LC_ALL=C sort | sed 's/^/ /' | tr -d '\n')"
    exit 1
fi
exit 0
