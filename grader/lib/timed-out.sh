# timed-out.sh: telling a case that failed the way it was meant to from
# one that ran out of time instead (sourced by make test's run-tamper.sh
# and run-planted.sh). POSIX sh.
#
#   timed_out_instead RESULTS TEST MESSAGE
#       true when TEST failed in RESULTS (grade.sh's results file) with a
#       timeout, and MESSAGE, the failure the case means, is not one
#   longer_scale
#       the time scale for the case's second try: twice what busy_scale
#       (load.sh) gives now, so that a busy machine does not decide it
#
# A timeout in place of the failure a case means says nothing of the
# grader: the cheat lost its points, but not to the check that should
# have taken them, and on a quiet machine that check might not. So such a
# case is graded once more with twice the time, and if it times out
# again it is reported as neither caught nor missed, and the step fails
# with the machine's load in its message.

timed_out_instead() {
    case $3 in *timed\ out*) return 1 ;; esac
    awk -F'\t' -v test="$2" '$3 == test && $4 == "fail" && $5 ~ /timed out/ { found = 1 } END { exit !found }' "$1"
}

longer_scale() {
    echo $(($(busy_scale "${JOBS:-$(cores)}") * 2))
}
