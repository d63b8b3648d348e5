#!/bin/sh
# test-step.sh: one step of make test, run apart and timed, and the table
# of them all at the end (grader/test.mk runs the steps at once, on a pool
# of JOBS).
#
#   grader/test/test-step.sh run LOG_DIR STEP COMMAND...   run it, output into LOG_DIR/STEP.log
#   grader/test/test-step.sh show LOG_DIR STEP             print that log whole, with the verdict
#   grader/test/test-step.sh summary LOG_DIR START STEP...  the table, then "test: N passed, M failed in T s"
#
# A step's output goes to its own log, so that two steps running at once
# never interleave; make (-Otarget) prints each `show` whole as its step
# ends. `run` never fails (make -k would stop starting steps otherwise):
# LOG_DIR/STEP.result holds "STATUS WALL CPU" (exit status, seconds of
# wall-clock time, seconds of CPU time of everything the step ran, user
# and system), which `summary` reads. CPU time comes from the shell's
# `times` (POSIX), whose second line sums the children it waited for.
set -eu
action=$1 logs=$2
shift 2

# seconds MmS.SSs: "1m2.50s" -> 62.50
seconds() { echo "$1" | awk -F'[ms]' '{ printf "%.0f", $1 * 60 + $2 }'; }

case $action in
run)
    step=$1
    shift
    mkdir -p "$logs"
    start=$(date +%s)
    status=0
    "$@" >"$logs/$step.log" 2>&1 </dev/null || status=$?
    wall=$(($(date +%s) - start))
    # times' second line: the children's user and system time (in this
    # shell: a command substitution's subshell has waited for none).
    times >"$logs/$step.times"
    set -- $(sed -n 2p "$logs/$step.times")
    cpu=$(($(seconds "$1") + $(seconds "$2")))
    echo "$status $wall $cpu" >"$logs/$step.result"
    ;;
show)
    step=$1
    echo "== $step"
    cat "$logs/$step.log"
    read -r status wall cpu <"$logs/$step.result"
    [ "$status" -eq 0 ] || echo "== FAILED: $step (exit status $status; its whole output: $logs/$step.log)"
    echo "== $step: $wall s ($cpu s CPU)"
    ;;
summary)
    start=$1
    shift
    passed=0 failed=0 cpu_total=0 table=$logs/steps.tsv
    : >"$table"
    for step; do
        status=missing wall=0 cpu=0   # missing: it never ran
        [ -f "$logs/$step.result" ] && read -r status wall cpu <"$logs/$step.result"
        if [ "$status" = 0 ]; then passed=$((passed + 1)) verdict=ok
        else failed=$((failed + 1)) verdict="FAILED (exit status $status): $logs/$step.log"; fi
        cpu_total=$((cpu_total + cpu))
        printf '%s\t%s\t%s\t%s\n' "$wall" "$cpu" "$step" "$verdict" >>"$table"
    done
    elapsed=$(($(date +%s) - start))
    echo "== the steps, longest first"
    printf '  %-22s %6s %6s\n' step "wall s" "CPU s"
    sort -rn "$table" | awk -F'\t' '{ printf "  %-22s %6s %6s  %s\n", $3, $1, $2, $4 }'
    echo "  all: $elapsed s of wall-clock time, $cpu_total s of CPU time, on $(getconf _NPROCESSORS_ONLN) cores"
    # (the Makefile sets CCACHE_DIR: SCANLAB_CACHE/ccache)
    if [ -n "${CCACHE_DIR:-}" ] && command -v ccache >/dev/null 2>&1; then
        ccache --print-stats 2>/dev/null | awk -F'\t' -v dir="$CCACHE_DIR" '
            $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hits += $2 }
            $1 == "cache_miss" { misses = $2 }
            END { printf "  ccache (%s): %d compiles from the cache, %d compiled\n", dir, hits, misses }'
    fi
    echo "test: $passed passed, $failed failed in $elapsed s"
    [ "$failed" -eq 0 ]
    ;;
*)
    echo "usage: test-step.sh run|show|summary LOG_DIR ..." >&2
    exit 2
    ;;
esac
