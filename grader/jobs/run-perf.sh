#!/bin/sh
# run-perf.sh: one run of a lab's perf program (grader/lib/perf.sh,
# perf_lab, runs it once, or three times when its ratio is beyond the
# slack).
#
#   grader/jobs/run-perf.sh SETTINGS PROGRAM LOG
#
# SETTINGS is the grade's OUT/settings.sh. Runs PROGRAM at perf_n with the
# hidden seed, everything it printed into LOG, and prints its one "perf"
# line (grader/support/perf/perf.h), or one made up in the same form
# saying why there is none: it timed out, or crashed. The program takes
# the GPU lock itself (perf.c): shared to set up, alone for its clocks.
set -eu
. "$(dirname "$0")/../lib/job.sh"
program=$2 log=$3
if [ "$memory_limit" -gt 0 ]; then ulimit -v $((memory_limit * 1024)) 2>/dev/null || :; fi
rc=0
# shellcheck disable=SC2086 # gpu_env is a word or nothing
limited "$kill_after" "$long_timeout" env $gpu_env SCANLAB_EMU_ORDER=forward "$program" "$perf_n" "$hidden_seed" \
    >"$log" 2>&1 </dev/null || rc=$?
report=$(grep -m 1 "^perf$(printf '\t')" "$log") || report=""
if [ -n "$report" ]; then
    echo "$report"
elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    printf 'perf\terror\t?\t%s\t0\t0\t-\t-\ttimed out after %s s%s\n' "$perf_n" "$long_timeout" "$(busy_note "$load_scale")"
else
    printf 'perf\terror\t?\t%s\t0\t0\t-\t-\tcrashed (exit status %s): see %s%s\n' "$perf_n" "$rc" "$log" \
        "$(grep -m 1 -E '^(scanlab-emu: |SUMMARY: )' "$log" | cut -c1-300 | sed "s/^/$(printf '\037')/")"
fi
