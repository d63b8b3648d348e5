#!/bin/sh
# run-test.sh: one test of a lab, in a process of its own through
# Criterion (a job of grade.sh's tests' pool; grader/lib/tests.sh).
#
#   grader/jobs/run-test.sh SETTINGS "LAB ORDER SUITE::TEST" [alone]
#
# SETTINGS is the grade's OUT/settings.sh. Runs TREE/LAB's test program
# with Criterion's --filter naming that one test, in thread ORDER, and
# leaves in OUT/LAB.ORDER/ the files ORDER.SUITE.TEST.tap (Criterion's
# report: the verdict comes from it alone, tests.sh's test_result), .log
# (all it printed), .rc (its exit status; 124 or 137: timeout(1) stopped
# it), .limit (the seconds it had) and .case (the case it was running:
# grader/support/case_record.h). A hidden test runs with the hidden seed.
# alone: a rerun with the GPU to itself for its first hanging_timeout
# seconds (grader/lib/gpu-lock.sh, alone_on_gpu). Exits 0 unless the job
# itself failed; the test's status is in .rc.
#
# Criterion 2.4.1 has two gaps a grader must close (both checked by
# grader/test/run-tamper.sh):
# - `--timeout` does not stop a test that has no `.timeout` of its own: it
#   runs forever. So every test runs as its own program invocation under
#   timeout(1), which kills the whole process group (Criterion's worker
#   included) kill_slack seconds after its limit (grader/lib/limits.sh:
#   30 under the emulator, where a test that exhausts memory needs the
#   time to meet its limit; 5 on a GPU); Criterion gets the limit, so a
#   test with its own `.timeout` still ends with Criterion's message.
# - A test whose process calls exit(0) is reported "ok". policy-check.sh
#   refuses any code under test that can call exit (see there).
# What the test printed goes to the log, never to the verdict. A TAP file
# that does not name exactly the test that was run, once, counts as a
# failure (test_result).
set -eu
. "$(dirname "$0")/../lib/job.sh"
# shellcheck disable=SC2086 # the line's three words
set -- $2 "${3:-shared}"
lab=$1 order=$2 name=$3 mode=$4 suite=${3%%::*} test=${3##*::}
base=$out/$lab.$order/$order.$suite.$test
seed_env=""
if awk -F'\t' -v lab="$lab" -v name="$name" '$1 == lab && $2 == name && $4 == "hidden" { hidden = 1 } END { exit !hidden }' \
    "$out/rubric.tsv"; then
    seed_env="SCANLAB_SEED=$hidden_seed"
fi
# This shell runs this one test, so the limit binds it alone.
if [ "$memory_limit" -gt 0 ]; then ulimit -v $((memory_limit * 1024)) 2>/dev/null || :; fi
# A lab seen to hang (OUT/hanging: tests.sh's rerun_timeouts_alone) gives
# its tests not yet run hanging_timeout seconds, not test_timeout.
limit=$test_timeout
if grep -qx "$lab" "$out/hanging" 2>/dev/null; then limit=$hanging_timeout; fi
lock="on_gpu_of $lab"
if [ "$mode" = alone ] && lab_uses_gpu "$lab"; then lock="alone_on_gpu $hanging_timeout"; fi
echo "$limit" >"$base.limit"
rm -f "$base.case"   # the case it runs, once it runs one (test_result)
rc=0
# shellcheck disable=SC2086 # the lock, gpu_env and seed_env are words or nothing
$lock limited "$kill_after" $((limit + kill_slack)) \
    env $gpu_env $seed_env SCANLAB_EMU_ORDER="$order" SCANLAB_CASE_FILE="$base.case" \
    "$build/$tree/$lab/tests" --filter="$suite/$test" --timeout "$limit" -j1 --tap="$base.tap" \
    >"$base.log" 2>&1 </dev/null || rc=$?
echo "$rc" >"$base.rc"
# Out of time (timeout(1)'s statuses, or Criterion's own limit): how busy
# the machine was then, for the message (load.sh; tests.sh, test_result).
rm -f "$base.busy"
if [ "$rc" = 124 ] || [ "$rc" = 137 ] || grep -q '^not ok .*timed out' "$base.tap" 2>/dev/null; then
    busy_note "$load_scale" >"$base.busy"
fi
