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
# TEST_TIMEOUT=10 here, so an endless loop costs seconds, not minutes.
#
#   grader/tools/run-tamper.sh [SCRIPT...]     (default: every one)
set -eu
caught=0 missed=0
backend=emu
export TEST_TIMEOUT=${TEST_TIMEOUT:-10} NO_COLOR=1
# Through the GPU lock, as on a GPU (run-planted.sh says why), and each
# lab's tests first in one process, as on a GPU: what the code under test
# prints or forges there must gain nothing either (grader/jobs/one-process.sh).
mkdir -p build/tamper
export SCANLAB_GPU_LOCK=$PWD/build/tamper/gpu.lock ONE_PROCESS=1
[ $# -gt 0 ] || set -- grader/tamper/*.sed
for script in "$@"; do
    name=$(basename "$script" .sed)
    field() { sed -n "s/^# $1: //p" "$script"; }
    lab=$(field lab) test=$(field test) message=$(field message)
    tree=build/tamper/$name
    rm -rf "build/$backend-none/$tree"
    if verdict=$(grader/tools/plant.sh "$script" "$lab" "$tree"); then   # else it says why
        # A submission that does not build is graded too (it scores 0).
        programs="build/$backend-none/$tree/$lab/tests build/$backend-none/$tree/$lab/tests-one-process"
        [ -f "grader/labs/$lab/perf.c" ] && programs="$programs build/$backend-none/$tree/$lab/perf"
        make --no-print-directory -s -k BACKEND=$backend TREE="$tree" LAB="${lab%%-*}" $programs \
            >"$tree.build.log" 2>&1 || :
        # The grade fails (exit 1) when the test does: only a timeout counts here.
        rc=0
        FILTER="${test%%::*}/${test##*::}" timeout -k 5 "${GRADE_LIMIT:-120}" \
            grader/grade.sh "build/$backend-none" "$tree" $backend "$lab" >"$tree.grade.log" 2>&1 || rc=$?
        results=build/$backend-none/grade/$tree/results
        if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
            verdict="the grade itself did not finish in ${GRADE_LIMIT:-120} s"
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
    else
        missed=$((missed + 1))
        printf '  MISSED  %-14s %s\n' "$name" "$verdict"
    fi
done
rm -f /tmp/scanlab-tamper-was-here
echo "tamper: $caught caught, $missed missed"
[ "$missed" -eq 0 ]
