#!/bin/sh
# make-release.sh: the tree a class receives, and its tarball.
#
#   grader/tools/make-release.sh [--guidance guided|open] OUT_DIR      (make student-release)
#   grader/tools/make-release.sh [--guidance guided|open] --grading OUT_DIR
#
# OUT_DIR (e.g. build/release/scanlab-student) receives the files git
# tracks, as they are in the working tree, except what students must not
# see: solutions/, the hidden tests (grader/labs/*/hidden_tests.c), the
# cheating submissions of grader/tamper/, the planted bugs of
# grader/labs/*/planted/ and .ci/. Each grader/labs/*/rubric.txt loses its
# `hidden` lines, and each README*.md its lines between the markers
# `<!-- source-tree: begin` and `source-tree: end -->`. OUT_DIR.tar.gz is the
# same tree as a tarball. The Makefile of the release finds the labs in
# labs/ and refuses the targets that need solutions/.
#
# --grading: the tree make batch grades each submission in: the same, but
# with the hidden tests and the whole rubric, and no tarball.
#
# --guidance: the edition of the labs (skeleton.awk; default guided). The
# open one's labs/ is made from solutions/ here (make-skeletons.sh ...
# open), not copied. Either way the rubrics hold that edition's points
# only (G/O points resolved, G/- lines dropped in the open one: the same
# reading as lib/rubric.awk), and grader/guidance names the edition, so
# that the release's Makefile grades it so and no other way.
set -eu
grading=no guidance=guided
[ "${1:-}" = --guidance ] && { guidance=${2:?--guidance needs guided or open}; shift 2; }
case "$guidance" in guided|open) ;; *) echo "make-release.sh: --guidance is guided or open, not '$guidance'" >&2; exit 2 ;; esac
[ "${1:-}" = --grading ] && { grading=yes; shift; }
out=${1:?usage: make-release.sh [--grading] OUT_DIR}
top=$(git rev-parse --show-toplevel)
cd "$top"
case "$out" in /*) ;; *) out=$top/$out ;; esac
rm -rf "$out" "$out.tar.gz"
mkdir -p "$out"

# Tracked files only (nothing built, nothing untracked), minus the above;
# a tracked file deleted in the working tree is skipped.
# What tests the grader itself (planted bugs, cheats, CI) goes to neither
# tree; the hidden tests go to the grading tree only.
grader_tests='grader/labs/[^/]+/planted|grader/tamper|\.ci|grader/test/(run-planted|run-tamper|plant)\.sh'
excluded="solutions|grader/labs/[^/]+/hidden_tests\.c|$grader_tests"
[ $grading = yes ] && excluded="solutions|$grader_tests"
git ls-files |
    grep -v -E "^($excluded)(/|$)" |
    while IFS= read -r file; do [ -f "$file" ] && printf '%s\n' "$file"; done |
    tar -cf - -T - | tar -xf - -C "$out"

# The edition: its labs/, its headers (without the guided edition's
# steps: skeleton.awk), and its name.
if [ "$guidance" = open ]; then
    rm -rf "$out"/labs/[0-9][0-9]-*/   # not labs/answers.md
    grader/tools/make-skeletons.sh solutions "$out/labs" open
    for header in common/*.h; do
        awk -v guidance=open -f grader/tools/skeleton.awk "$header" >"$out/$header"
    done
fi
echo "$guidance" >"$out/grader/guidance"

# The rubrics of the edition, and without their hidden tests in the
# student release: a line is dropped when its own visibility, or the
# default a directive line set, is `hidden` (the same reading as
# lib/rubric.awk).
keep_hidden=$grading
for rubric in grader/labs/*/rubric.txt; do
awk -v guidance="$guidance" -v keep_hidden="$keep_hidden" 'BEGIN { visibility = "visible" }
    /^# *default-visibility: *(visible|hidden|after_due_date) *$/ { visibility = $NF; print; next }
    /^# G\/O points/, /^#$/ { next }
    /^#/ || /^[ \t]*$/ { print; next }
    {
        mine = visibility
        if (NF > 3 && $NF ~ /^(visible|hidden|after_due_date)$/) mine = $NF
        if (mine == "hidden" && keep_hidden != "yes") next
        if (split($3, edition, "/") == 2) {
            if ((guidance == "open" ? edition[2] : edition[1]) == "-") next
            points = guidance == "open" ? edition[2] : edition[1]
            sub(/[0-9.]+\/([0-9.]+|-)/, substr("      ", 1, length($3) - length(points)) points)
        }
        print
    }' "$rubric" >"$out/$rubric"
done

# The READMEs without what names the source tree only: the lines from
# "<!-- source-tree: begin" through "<!-- source-tree: end -->"
# (README.md's list of solutions/ and the rest; docs/check-paths.sh checks
# that what the release shows names only files it has).
find "$out" -name 'README*.md' -type f | while IFS= read -r readme; do
    grep -q '<!-- source-tree: begin' "$readme" || continue
    awk '/<!-- source-tree: begin/ { inside = 1 }
        !inside { print }
        /source-tree: end -->/ { inside = 0 }
        END { if (inside) { print FILENAME ": a source-tree: begin without its end" > "/dev/stderr"; exit 1 } }' \
        "$readme" >"$readme.tmp" && mv "$readme.tmp" "$readme"
done

if [ $grading = yes ]; then
    # Hidden tests may be untracked files of the instructor's.
    for hidden in grader/labs/*/hidden_tests.c; do [ -f "$hidden" ] && cp "$hidden" "$out/$hidden"; done
    echo "  grading tree: $out/ ($guidance edition)"
    exit 0
fi

# Nothing excluded may have slipped through.
for path in solutions grader/labs/*/hidden_tests.c grader/tamper grader/labs/*/planted .ci; do
    if [ -e "$out/$path" ]; then echo "make-release.sh: $path is in the release" >&2; exit 1; fi
done

parent=$(dirname "$out") name=$(basename "$out")
tar -C "$parent" --sort=name --owner=0 --group=0 --numeric-owner -czf "$out.tar.gz" "$name"
echo "  release: $out/ ($guidance edition, $(find "$out" -type f | wc -l) files), $out.tar.gz"
