#!/bin/sh
# one-process.sh: a lab's visible tests, all in one process (a job of
# grade.sh's tests' pool when ONE_PROCESS=1; grader/lib/tests.sh).
#
#   grader/jobs/one-process.sh SETTINGS "LAB ORDER"
#
# SETTINGS is the grade's OUT/settings.sh. Runs TREE/LAB's
# tests-one-process (grader/support/one_process.c) on the tests of LAB in
# ORDER that OUT/test-runs lists, in OUT/LAB.ORDER/: one-process.log (all
# it printed) and one-process.results (its report). Each test it passes
# gets ORDER.SUITE.TEST.passed-in-one-process and is not run again;
# whatever it did not pass (a failure, a skip, a crash that ended the
# process) runs next through Criterion, each test in its own process
# (run-test.sh), which gives the verdict and its message. A test still
# running after test_timeout ends the process; on a GPU it gets .rc 124
# and a .log saying so, and is not run in the pool again (another half
# minute of a kernel that may never end, slowing every grade on the GPU)
# but goes straight to the rerun alone (tests.sh, rerun_timeouts_alone).
#
# The results come on descriptor 3, each line with a fresh token the
# program erases from its environment before any test runs: what the code
# under test prints, or could forge, counts for nothing. The hidden tests,
# whose seed differs, always run on their own. Exits 0 unless the job
# itself failed.
set -eu
. "$(dirname "$0")/../lib/job.sh"
# shellcheck disable=SC2086 # the line's two words
set -- $2
lab=$1 order=$2 dir=$out/$1.$2
program=$build/$tree/$lab/tests-one-process
[ -x "$program" ] || exit 0
names=$(awk -F'\t' -v lab="$lab" -v order="$order" -v runs="$out/test-runs" '
    $1 == lab && $4 == "hidden" { hidden[$2] = 1 }
    END { while ((getline line <runs) > 0) { split(line, run, " ")
              if (run[1] == lab && run[2] == order && !(run[3] in hidden)) print run[3] } }' "$out/rubric.tsv")
[ -n "$names" ] || exit 0
token=$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
if [ "$memory_limit" -gt 0 ]; then ulimit -v $((memory_limit * 1024)) 2>/dev/null || :; fi
# Each test has test_timeout (the program's watchdog), the whole run that
# much per test (timeout(1), in case the watchdog itself is stuck). No
# SCANLAB_CASE_FILE: one file for all its tests could name a test by
# another's case; what it does not pass runs again with a file its own.
# shellcheck disable=SC2086 # gpu_env and the names are words
on_gpu_of "$lab" limited "$kill_after" $((test_timeout * $(echo "$names" | wc -l) + kill_slack)) \
    env -u SCANLAB_CASE_FILE $gpu_env SCANLAB_RESULT_TOKEN="$token" SCANLAB_EMU_ORDER="$order" \
    "$program" --timeout "$test_timeout" $names \
    3>"$dir/one-process.results" >"$dir/one-process.log" 2>&1 </dev/null || :
# A line counts only whole (4 fields: code under test could leave half
# a line for ours to complete) and for a test that was asked for.
printf '%s\n' "$names" | awk -F'\t' -v token="$token" 'FILENAME == "-" { asked[$0] = 1; next }
    NF == 4 && ($1 == "pass" || $1 == "timeout") && $4 == token && ($2 in asked) { print $1, $2 }' \
    - "$dir/one-process.results" |
    while read -r verdict name; do
        base=$dir/$order.${name%%::*}.${name##*::}
        if [ "$verdict" = pass ]; then
            : >"$base.passed-in-one-process"
        elif [ "$backend" = cuda ]; then   # as timeout(1) says it; rerun_timeouts_alone reads it
            echo 124 >"$base.rc"
            echo "timed out after $test_timeout s in the lab's one-process run: see one-process.log" >"$base.log"
            busy_note "$load_scale" >"$base.busy"
        fi
    done
