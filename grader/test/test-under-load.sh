#!/bin/sh
# test-under-load.sh: make test, or some of its steps, on a busy machine.
#
#   BUSY=N grader/test/test-under-load.sh [STEP...]   (make test-under-load BUSY=6 STEPS="test-tamper")
#
# Starts BUSY processes that do nothing but keep a core busy (default:
# three per core, what a shared server or a laptop compiling beside the
# grade can look like), runs `make test` (or `make STEP...`) beside
# them at the same priority, stops them however it ends, and prints the
# time it took. Every time limit of a grade and of make test's steps is
# meant to hold there (grader/lib/load.sh scales them; a timeout says how
# busy the machine was): a step that fails only here has a limit that
# does not. docs/instructors.md (#busy) says what it showed.
set -eu
. grader/lib/load.sh
busy=${BUSY:-$((3 * $(cores)))}
[ $# -gt 0 ] || set -- test
case $busy in '' | *[!0-9]*) echo "test-under-load.sh: BUSY is a number of processes, not '$busy'" >&2; exit 2 ;; esac
pids=""
stop_busy() { [ -z "$pids" ] || kill $pids 2>/dev/null || :; }
trap stop_busy EXIT
trap 'exit 130' INT TERM
count=0
while [ "$count" -lt "$busy" ]; do
    sh -c 'while :; do :; done' &
    pids="$pids $!"
    count=$((count + 1))
done
sleep 1
echo "  LOAD  $busy busy processes on $(cores) cores ($(busy_words)); make $*"
start=$(date +%s)
status=0
make --no-print-directory "$@" || status=$?
echo "  LOAD  make $* under $busy busy processes: exit $status in $(($(date +%s) - start)) s"
exit "$status"
