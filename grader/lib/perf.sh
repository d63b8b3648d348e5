# perf.sh: the rubric's perf:: lines (sourced by grade.sh). Reads grade.sh's
# variables (out, here, build, tree, backend, perf_n, hidden_seed) and the
# functions of results.sh and tests.sh.
#
#   perf_lab LAB   the lab's perf:: row in OUT/results
#
# A lab's perf program (grader/support/perf/perf.h) holds the student's
# function and the reference's, times both in turn on the same fresh
# inputs and checks every output; it runs once all of the lab's tests
# pass (the scoreboard gates the points on them anyway). Full credit
# within perf_slack (1.25x) the reference's time, proportionally less
# beyond: 1.25 / ratio, the ratio being the median over pairs of rounds
# of student / reference (perf.h says why pairs). A ratio beyond 1.25x is
# confirmed by two more runs, the best of the three counting. Under the
# emulator a time means nothing: the program still runs, small, so a
# wrong or replayed output shows, but earns and costs nothing
# ("notgraded").
perf_slack=1.25   # full performance points within this factor of the reference's time

# beyond_slack LINE: true when the run was ok, had a reference, and the
# ratio is beyond the slack.
beyond_slack() {
    printf '%s\n' "$1" | awk -F'\t' -v slack="$perf_slack" '{ exit !($2 == "ok" && $8 != "-" && $8 > slack) }'
}

# better LINE LINE: of two ok lines, the one with the lower ratio.
better() {
    printf '%s\n%s\n' "$1" "$2" | awk -F'\t' 'NR == 1 { first = $0; ratio = $8 + 0; ok = $2 == "ok"; next }
        { print (ok && !($2 == "ok" && $8 + 0 < ratio) ? first : $0) }'
}

# perf_lab LAB: time the lab (grader/jobs/run-perf.sh) when it should be,
# and write its row: the verdict of lib/perf-verdict.awk, or why not.
perf_lab() {
    lab=$1
    test=$(awk -v lab="$lab" '$1 == lab && $2 ~ /^perf::/ { print $2; exit }' "$out/rubric.tsv")
    [ -n "$test" ] || return 0
    [ -n "$(echo "$test" | filtered)" ] || return 0
    if [ "${CHECK:-none}" != none ]; then
        row "$lab" "$backend" "$test" notgraded "not timed under CHECK=$CHECK (the checker's slowdown is no measure)" 0
        return 0
    fi
    if ! lab_passed "$lab"; then
        verdict=fail
        if [ "$backend" = emu ]; then verdict=notgraded; fi
        row "$lab" "$backend" "$test" "$verdict" "not timed: the performance test runs once every test of the lab passes" 0
        return 0
    fi
    program=$build/$tree/$lab/perf
    if [ ! -x "$program" ] && [ "$(uname -s)" = Darwin ]; then
        row "$lab" "$backend" "$test" notgraded "not timed on macOS: the performance test holds a renamed copy of the reference, which needs GNU objcopy (the Makefile's reference objects)" 0
        return 0
    fi
    if [ ! -x "$program" ]; then
        row "$lab" "$backend" "$test" fail "the performance test $program was not built" 0
        return 0
    fi
    line=$("$here/jobs/run-perf.sh" "$out/settings.sh" "$program" "$out/$lab.perf.1.log")
    for run in 2 3; do
        beyond_slack "$line" || break
        line=$(better "$line" "$("$here/jobs/run-perf.sh" "$out/settings.sh" "$program" "$out/$lab.perf.$run.log")")
    done
    printf '%s\n' "$line" | awk -v test="$test" -v backend="$backend" -v reproduce="$program $perf_n $hidden_seed" \
        -v slack="$perf_slack" -f "$here/lib/perf-verdict.awk" | {
        if IFS="$(printf '\t')" read -r verdict message fraction; then
            row "$lab" "$backend" "$test" "$verdict" "$message" "$fraction"
        fi
    }
}
