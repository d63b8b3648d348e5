#!/bin/sh
# run-tamper.sh: check that the grader resists the malicious submissions
# planted in grader/tamper/. Each NAME.sed turns a reference solution into
# a submission that tries to cheat or to take the grader down; its header
# says which lab, which test to run, and what that test's failure message
# must match (an extended regular expression):
#
#   # lab: 01-cpu-scan
#   # test: exclusive::all_ones
#   # message: ^timed out
#
# A case is caught when the grade finishes (within GRADE_LIMIT seconds),
# the test earns nothing, and its message says why. Tests run with
# TEST_TIMEOUT=10 here, so an endless loop costs seconds, not minutes;
# on a busy machine the grade scales both (grader/lib/load.sh), and a
# case that times out where it should fail otherwise is graded again
# with twice the time, then reported as timed out, neither caught nor
# missed (grader/lib/timed-out.sh).
#
#   grader/test/run-tamper.sh [SCRIPT...]     (default: every one)
set -eu
. grader/lib/load.sh
. grader/lib/timed-out.sh
caught=0 missed=0 timedout=0
backend=emu
export TEST_TIMEOUT=${TEST_TIMEOUT:-10} NO_COLOR=1
# Through the GPU lock, as on a GPU (run-planted.sh says why), and each
# lab's tests first in one process, as on a GPU: what the code under test
# prints or forges there must gain nothing either (grader/jobs/one-process.sh).
mkdir -p build/tamper
export SCANLAB_GPU_LOCK=$PWD/build/tamper/gpu.lock ONE_PROCESS=1
[ $# -gt 0 ] || set -- grader/tamper/*.sed
# grade_case SCALE: grade the case's test with the time limits SCALE times
# those of a quiet machine, the grade's own limit too; rc its status.
grade_case() {
    grade_limit=$((${GRADE_LIMIT:-120} * $1)) test_limit=$((TEST_TIMEOUT * $1))
    rc=0
    FILTER="${test%%::*}/${test##*::}" TEST_TIMEOUT_SCALE=$1 timeout -k 5 "$grade_limit" \
        grader/grade.sh "build/$backend-none" "$tree" $backend "$lab" >"$tree.grade.log" 2>&1 || rc=$?
}
for script in "$@"; do
    name=$(basename "$script" .sed)
    field() { sed -n "s/^# $1: //p" "$script"; }
    lab=$(field lab) test=$(field test) message=$(field message)
    tree=build/tamper/$name
    rm -rf "build/$backend-none/$tree"
    if verdict=$(grader/test/plant.sh "$script" "$lab" "$tree"); then   # else it says why
        # A submission that does not build is graded too (it scores 0).
        programs="build/$backend-none/$tree/$lab/tests build/$backend-none/$tree/$lab/tests-one-process"
        [ -f "grader/labs/$lab/perf.c" ] && programs="$programs build/$backend-none/$tree/$lab/perf"
        make --no-print-directory -s -k BACKEND=$backend TREE="$tree" LAB="${lab%%-*}" $programs \
            >"$tree.build.log" 2>&1 || :
        results=build/$backend-none/grade/$tree/results
        grade_case "$(busy_scale "${JOBS:-$(cores)}")"
        if [ $rc -eq 0 ] || [ $rc -eq 1 ] && timed_out_instead "$results" "$test" "$message"; then
            grade_case "$(longer_scale)"
        fi
        if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
            verdict="the grade itself did not finish in $grade_limit s"
        elif timed_out_instead "$results" "$test" "$message"; then
            verdict="timed out"
        elif ! grep -q "^summary: " "$tree.grade.log"; then
            verdict="the grade printed no summary (see $tree.grade.log)"
        elif ! awk -F'\t' -v test="$test" '$3 == test && $4 == "fail" { print $5 }' "$results" | grep -Eq "$message"; then
            verdict="not caught: $test did not fail with /$message/ (see $tree.grade.log)"
        elif awk -F'\t' -v test="$test" '$3 == test && $4 == "pass"' "$results" | grep -q .; then
            verdict="not caught: $test passed in some thread order"
        fi
    fi
    if [ -z "$verdict" ]; then
        caught=$((caught + 1))
        why=$(awk -F'\t' -v test="$test" '$3 == test && $4 == "fail" { print $5; exit }' "$results" | cut -c1-70)
        printf '  caught  %-14s %s\n' "$name" "$why"
    elif [ "$verdict" = "timed out" ]; then
        timedout=$((timedout + 1))
        printf '  TIMEOUT %-14s %s timed out twice (the second time with %s s a test) where it should fail with /%s/: neither caught nor missed; %s (see %s.grade.log)\n' \
            "$name" "$test" "$test_limit" "$message" "$(busy_words)" "$tree"
    else
        missed=$((missed + 1))
        printf '  MISSED  %-14s %s\n' "$name" "$verdict"
    fi
done
rm -f /tmp/scanlab-tamper-was-here
echo "tamper: $caught caught, $missed missed$([ "$timedout" -eq 0 ] || echo ", $timedout timed out")"
[ "$missed" -eq 0 ] && [ "$timedout" -eq 0 ]
