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
# A bug whose test times out where it should fail otherwise is graded
# again with twice the time, then reported as timed out, neither caught
# nor missed (grader/lib/timed-out.sh).
#
# A correct variant (grader/labs/*/correct/*.sed: a solution written
# another way that is still right) says "# caught-by: nothing" and
# "# message: full marks": its whole lab is graded, checks included, and
# must keep every point; a point lost is a false finding.
#
#   grader/test/run-planted.sh [SCRIPT...]     (default: every bug and variant)
set -eu
. grader/lib/load.sh
. grader/lib/timed-out.sh
caught=0 missed=0 timedout=0 kept=0
# The grades take a GPU lock as they would on a GPU (grade.sh), so a verdict
# lost on the way through it shows here: once, every check passed on GPUs.
SCANLAB_GPU_LOCK=$PWD/build/planted/gpu.lock
export SCANLAB_GPU_LOCK
mkdir -p build/planted
[ $# -gt 0 ] || set -- grader/labs/*/planted/*.sed grader/labs/*/correct/*.sed
# grade_case SCALE: grade the bug's test with the time limits SCALE times
# those of a quiet machine (the grade of a planted bug fails, exit 1: its
# results say how); a correct variant's whole lab, expecting full marks.
grade_case() {
    scale_used=$1
    if [ "$test" = nothing ]; then
        EXPECT=full TEST_TIMEOUT_SCALE=$1 grader/grade.sh "build/emu-$check" "$tree" emu "$lab" >"$tree.grade.log" 2>&1 ||
            verdict="lost points, a false finding: $(grep -m 1 '^summary: ' "$tree.grade.log") (see $tree.grade.log)"
        return
    fi
    FILTER="${test%%::*}/${test##*::}" CHECK="$check" TEST_TIMEOUT_SCALE=$1 \
        grader/grade.sh "build/emu-$check" "$tree" emu "$lab" >"$tree.grade.log" 2>&1 || :
}
for script in "$@"; do
    name=$(basename "$script" .sed)
    field() { sed -n "s/^# $1: //p" "$script"; }
    lab=$(field lab) check=$(field check) test=$(field caught-by) message=$(field message)
    tree=build/planted/$name
    if ! verdict=$(grader/test/plant.sh "$script" "$lab" "$tree"); then   # it says why
        :
    elif ! make --no-print-directory -s BACKEND=emu CHECK="$check" TREE="$tree" LAB="${lab%%-*}" build >"$tree.build.log" 2>&1; then
        verdict="does not build: see $tree.build.log"
    else
        results=build/emu-$check/grade/$tree/results
        grade_case "$(busy_scale "${JOBS:-$(cores)}")"
        if [ "$test" != nothing ] && timed_out_instead "$results" "$test" "$message"; then
            grade_case "$(longer_scale)"
        fi
        if [ "$test" = nothing ]; then
            :   # grade_case said whether it kept full marks
        elif timed_out_instead "$results" "$test" "$message"; then
            verdict="timed out"
        elif ! awk -F'\t' -v test="$test" '$3 == test && $4 == "fail" { print $2 " thread order: " $5 }' "$results" |
            grep -Eq "$message"; then
            verdict="not caught: $test did not fail with /$message/ (see $tree.grade.log)"
        fi
    fi
    if [ -z "$verdict" ] && [ "$test" = nothing ]; then
        kept=$((kept + 1))
        printf '  kept    %-36s (correct: %s)\n' "$name" "$(grep -m 1 '^summary: ' "$tree.grade.log" | sed 's/.*score=\([^ ]*\).*/\1/')"
    elif [ -z "$verdict" ]; then
        caught=$((caught + 1))
        printf '  caught  %-36s (%s, CHECK=%s)\n' "$name" "$test" "$check"
    elif [ "$verdict" = "timed out" ]; then
        timedout=$((timedout + 1))
        printf '  TIMEOUT %-36s %s timed out twice (limits %s times a quiet machine'"'"'s the second time) where it should fail with /%s/: neither caught nor missed; %s (see %s.grade.log)\n' \
            "$name" "$test" "$scale_used" "$message" "$(busy_words)" "$tree"
    elif [ "$test" = nothing ]; then
        missed=$((missed + 1))
        printf '  FALSE   %-36s %s\n' "$name" "$verdict"
    else
        missed=$((missed + 1))
        printf '  MISSED  %-36s %s\n' "$name" "$verdict"
    fi
done
echo "planted bugs: $caught caught, $missed missed$([ "$timedout" -eq 0 ] || echo ", $timedout timed out");" \
    "correct variants: $kept kept full marks"
[ "$missed" -eq 0 ] && [ "$timedout" -eq 0 ]
