# timeout.sh: a command under a time limit, as timeout(1) runs it (sourced
# by each job of grader/jobs/ that runs a lab's program). POSIX sh.
#
#   limited KILL_AFTER SECONDS COMMAND...
#
# Runs COMMAND; after SECONDS it gets TERM, and KILL_AFTER seconds later
# KILL if it still runs. Returns COMMAND's status, or 124 when it was
# stopped by the TERM, 137 when it took the KILL: timeout(1)'s statuses,
# which the verdicts read ("timed out", grader/lib/tests.sh, checks.sh,
# jobs/run-perf.sh), so a grade reads the same either way.
#
# With timeout(1) (GNU coreutils: Linux; gtimeout from Homebrew's
# coreutils on macOS) that, which stops COMMAND's whole process group.
# Without (macOS as it comes) the watchdog below: POSIX sh has no process
# groups without job control, which dash refuses without a terminal, so it
# stops COMMAND and every process below it (ps: the processes' parents),
# Criterion's workers included. A process that left the tree (a daemon)
# is not found; a test has no reason to make one.

limited() {
    kill_after_=$1 limit_=$2
    shift 2
    for tool_ in timeout gtimeout; do
        if command -v "$tool_" >/dev/null 2>&1; then
            "$tool_" -k "$kill_after_" "$limit_" "$@"
            return
        fi
    done
    "$@" &
    command_=$!
    limit_watchdog "$command_" "$limit_" "$kill_after_" &
    watchdog_=$!
    if wait "$command_"; then status_=0; else status_=$?; fi
    # Still waiting: it did not fire (0). Fired: 124 or 137, its verdict.
    kill "$watchdog_" 2>/dev/null || :
    if wait "$watchdog_"; then return "$status_"; else return $?; fi
}

# limit_watchdog PID SECONDS KILL_AFTER: after SECONDS, TERM to PID and
# the processes below it, KILL_AFTER seconds later KILL; exits 124 if the
# TERM was enough, 137 if not. A TERM before SECONDS (the command ended):
# exits 0. Once it fires it ignores TERM: its verdict stands.
limit_watchdog() {
    trap 'kill "$sleep_" 2>/dev/null; exit 0' TERM
    sleep "$2" &
    sleep_=$!
    wait "$sleep_"
    trap '' TERM
    # shellcheck disable=SC2046 # the pids are words
    kill -TERM $(process_tree "$1") 2>/dev/null || exit 124
    waited_=0
    while [ "$waited_" -lt $(($3 * 10)) ]; do
        kill -0 "$1" 2>/dev/null || exit 124
        sleep 0.1
        waited_=$((waited_ + 1))
    done
    # shellcheck disable=SC2046
    kill -KILL $(process_tree "$1") 2>/dev/null || :
    exit 137
}

# process_tree PID: PID and the pids of every process below it.
process_tree() {
    ps -A -o pid= -o ppid= | awk -v root="$1" '
        { children[$2] = children[$2] " " $1 }
        END { queue = root; while (queue != "") {
                  split(queue, first, " "); pid = first[1]; sub(/^ *[0-9]+ */, "", queue)
                  print pid; queue = queue " " children[pid]; sub(/^ +/, "", queue) } }'
}
