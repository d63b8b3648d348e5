#!/bin/sh
# run-planted.sh: check that the grader catches the bugs planted in
# grader/labs/*/planted/. Each NAME.sed is a sed script that breaks one reference
# solution; its header says which lab, which check (none, race, memory),
# which test must fail, and what its message must say:
#
#   # lab: 03-efficient-scan
#   # check: none
#   # caught-by: tiled::sizes
#   # message: reverse thread order       (an extended regular expression,
#                                           matched against "ORDER thread order: MESSAGE")
#
# Planted bugs are made from the solutions at test time, so they follow
# every change to them; one whose script no longer changes anything fails.
#
#   grader/tools/run-planted.sh [SCRIPT...]     (default: every one)
set -eu
caught=0 missed=0
# The grades take a GPU lock as they would on a GPU (grade.sh), so a verdict
# lost on the way through it shows here: once, every check passed on GPUs.
SCANLAB_GPU_LOCK=$PWD/build/planted/gpu.lock
export SCANLAB_GPU_LOCK
mkdir -p build/planted
[ $# -gt 0 ] || set -- grader/labs/*/planted/*.sed
for script in "$@"; do
    name=$(basename "$script" .sed)
    field() { sed -n "s/^# $1: //p" "$script"; }
    lab=$(field lab) check=$(field check) test=$(field caught-by) message=$(field message)
    tree=build/planted/$name
    if ! verdict=$(grader/tools/plant.sh "$script" "$lab" "$tree"); then   # it says why
        :
    elif ! make --no-print-directory -s BACKEND=emu CHECK="$check" TREE="$tree" LAB="${lab%%-*}" build >"$tree.build.log" 2>&1; then
        verdict="does not build: see $tree.build.log"
    else
        # The grade of a planted bug fails (exit 1): its results say how.
        FILTER="${test%%::*}/${test##*::}" CHECK="$check" \
            grader/grade.sh "build/emu-$check" "$tree" emu "$lab" >"$tree.grade.log" 2>&1 || :
        results=build/emu-$check/grade/$tree/results
        if ! awk -F'\t' -v test="$test" '$3 == test && $4 == "fail" { print $2 " thread order: " $5 }' "$results" |
            grep -Eq "$message"; then
            verdict="not caught: $test did not fail with /$message/ (see $tree.grade.log)"
        fi
    fi
    if [ -z "$verdict" ]; then
        caught=$((caught + 1))
        printf '  caught  %-36s (%s, CHECK=%s)\n' "$name" "$test" "$check"
    else
        missed=$((missed + 1))
        printf '  MISSED  %-36s %s\n' "$name" "$verdict"
    fi
done
echo "planted bugs: $caught caught, $missed missed"
[ "$missed" -eq 0 ]
