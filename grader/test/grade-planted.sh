#!/bin/sh
# grade-planted.sh: the planted bugs of grader/labs/*/planted/, each graded as a
# student's lab would be (the whole lab, every check, perf on a GPU), one
# line each: what it scored, out of what, and whether the test its header
# names failed. Where run-planted.sh asks "is this bug caught by the test
# meant to catch it?" (make test, emulator), this asks "what does the bug
# cost?", on whichever backend, so that the two backends can be compared.
#
#   grader/test/grade-planted.sh BUILD_DIR BACKEND [SCRIPT...]
#
# BUILD_DIR holds BUILD_DIR/build/planted/NAME/LAB/ programs (make
# planted-builds, or a GPU bundle's build/), the trees build/planted/NAME
# beside them (plant.sh). Prints, a line each,
#   NAME  LAB  SCORE/MAX  caught-by: TEST fail|pass  (first failing line)
# and ends with "planted: N lost points, M kept full marks".
# set -u only: a planted bug's grade fails by design, and one that left no results still gets its line.
set -u
build=$1 backend=$2
shift 2
[ $# -gt 0 ] || set -- grader/labs/*/planted/*.sed
lost=0 kept=0
for script in "$@"; do
    name=$(basename "$script" .sed)
    field() { sed -n "s/^# $1: //p" "$script"; }
    lab=$(field lab) test=$(field caught-by)
    tree=build/planted/$name
    if [ ! -x "$build/$tree/$lab/tests" ]; then
        printf '%-36s %-20s not built (%s)\n' "$name" "$lab" "$build/$tree/$lab/tests"
        continue
    fi
    log=$build/grade/$tree.log
    mkdir -p "$(dirname "$log")"
    grader/grade.sh "$build" "$tree" "$backend" "$lab" >"$log" 2>&1
    results=$build/grade/$tree/results
    score=$(sed -n 's/^summary: .* score=\([0-9.]*\/[0-9.]*\).*/\1/p' "$log")
    verdict=$(awk -F'\t' -v test="$test" '$3 == test && $4 == "fail" { print "fail"; exit }' "$results")
    first=$(awk -F'\t' '$4 == "fail" { print $3 ": " $5; exit }' "$results" | cut -c1-160)
    if [ "${score%/*}" = "${score#*/}" ]; then kept=$((kept + 1)); else lost=$((lost + 1)); fi
    printf '%-36s %-20s %-9s caught-by %s %s  %s\n' "$name" "$lab" "$score" "$test" "${verdict:-pass}" "$first"
done
echo "planted: $lost lost points, $kept kept full marks"
