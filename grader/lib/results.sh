# results.sh: the grade's results, OUT/results, one row a verdict, which
# lib/scoreboard.awk turns into points (sourced by grade.sh; reads $out,
# $backend):
#
#   lab <TAB> order <TAB> suite::test <TAB> pass|fail|skip|notgraded <TAB> message [<TAB> fraction]
#
# The order is the thread order a test ran in (forward, reverse, gpu), the
# backend for a check or a performance test, or what stopped a whole lab
# (policy, build); a fraction, a perf:: row's share of its points. Every
# row goes through `row`.

# row LAB ORDER TEST VERDICT MESSAGE [FRACTION]: one row of the results.
row() {
    if [ $# -ge 6 ]; then
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6"
    else
        printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5"
    fi >>"$out/results"
}

# rows LAB ORDER: a row for each line of the input, TEST <TAB> VERDICT
# <TAB> MESSAGE (a message may be empty, and hold tabs).
rows() {
    while IFS="$(printf '\t')" read -r test_ verdict_ message_; do
        row "$1" "$2" "$test_" "$verdict_" "$message_"
    done
}

# fail_whole_lab LAB WHY MESSAGE: every rubric test of LAB fails with
# MESSAGE (a lab whose test program is missing or does not start, or
# that breaks the policy, earns nothing, and says why).
fail_whole_lab() {
    awk -F'\t' -v lab="$1" '$1 == lab { print $2 }' "$out/rubric.tsv" |
        while read -r test_; do row "$1" "$2" "$test_" fail "$3"; done
}

# lab_passed_some LAB: whether at least one of LAB's tests passed.
lab_passed_some() {
    awk -F'\t' -v lab="$1" '$1 == lab && $3 !~ /^(check|perf)::/ && $4 == "pass" { good = 1 } END { exit !good }' \
        "$out/results" 2>/dev/null
}

# lab_passed LAB: every test of LAB that ran in this grade passed.
lab_passed() {
    awk -F'\t' -v lab="$1" '$1 == lab && $3 !~ /^(check|perf)::/ && $4 != "pass" { bad = 1 } END { exit bad }' \
        "$out/results" 2>/dev/null
}
