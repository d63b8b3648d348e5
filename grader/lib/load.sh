# load.sh: how busy this machine is, for the time limits of a grade
# (limits.sh) and the message of a run that ran out of time (the jobs,
# tests.sh, checks.sh). POSIX sh; ps and getconf, as on Linux and macOS.
#
#   cores               the processors online
#   ready_others        threads ready to run now, not counting the one
#                       that looks (the middle of three looks, 0.1 s apart):
#                       Linux's /proc/loadavg (its 4th field, "ready/all"),
#                       elsewhere ps's processes in state R
#   busy_scale JOBS [OTHERS]
#                       how many times longer than on an idle machine a
#                       run of ours may take when JOBS of them run at once
#                       beside OTHERS (default: ready_others, now):
#                       (OTHERS + min(JOBS, cores)) / cores, rounded down,
#                       from 1 to 8. 2 cores, 2 jobs, nothing else: 1; one
#                       more process: still 1 (the limits have room for
#                       runs half again as slow); 6 busy processes beside:
#                       (6 + 2) / 2 = 4. 16 cores and a stray process: 1.
#   busy_words [OTHERS] "N other processes ready to run on C cores"
#
# Why the processes ready to run, and not the load average: the load
# average remembers the last minute, so a grade that starts right after
# a build (make -j2: 2) would get doubled limits on a machine that is now
# quiet, and one that starts as six busy processes begin would not. The
# count of R states is what the grade's runs compete with when they start.
# Without /proc (macOS) a process with many busy threads counts once:
# a machine that busy still times out sooner than the scale says, and
# the message says so.

cores() {
    getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1
}

ready_others() {
    for look_ in 1 2 3; do
        [ "$look_" = 1 ] || sleep 0.1
        if [ -r /proc/loadavg ]; then
            # "0.52 0.61 0.70 3/412 12345": 3 ready, awk itself one of them.
            awk '{ split($4, field, "/"); print (field[1] > 0 ? field[1] - 1 : 0) }' /proc/loadavg
        else
            # ps -A -o stat=: one state a process ("R", "Ss", "R+"...); ps
            # itself is one of the R.
            ps -A -o stat= | awk '/^R/ { ready++ } END { print (ready > 0 ? ready - 1 : 0) }'
        fi
    done | sort -n | sed -n 2p
}

busy_scale() {
    awk -v others="${2:-$(ready_others)}" -v jobs="$1" -v cores="$(cores)" 'BEGIN {
        ours = jobs < cores ? jobs : cores
        scale = int((others + ours) / cores)
        print (scale < 1 ? 1 : scale > 8 ? 8 : scale) }'
}

busy_words() {
    echo "${1:-$(ready_others)} other processes ready to run on $(cores) cores"
}

# busy_note SCALE: what a timeout message adds on a busy machine (the
# limits were scaled, or the machine is oversubscribed now), else nothing:
#   "; the machine was busy: 9 other processes ready to run on 2 cores
#    (the limits were already 4 times TEST_TIMEOUT's): try again on a
#    quieter machine, or raise TEST_TIMEOUT"
busy_note() {
    others_=$(ready_others) cores_=$(cores)
    [ "$1" -gt 1 ] || [ "$others_" -ge "$cores_" ] || return 0
    printf '; the machine was busy: %s other processes ready to run on %s cores' "$others_" "$cores_"
    [ "$1" -gt 1 ] && printf ' (the limits were already %s times those of a quiet machine)' "$1"
    printf ': try again on a quieter machine, or raise TEST_TIMEOUT'
}
