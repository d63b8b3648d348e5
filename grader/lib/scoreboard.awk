# scoreboard.awk: points per lab from the rubric and the test results.
#
#   awk -f scoreboard.awk -v expect=full|zero|"" -v colour=0|1 -v scored=PATH RUBRIC RESULTS
#
# RUBRIC:  lab <TAB> suite::test <TAB> points <TAB> visibility <TAB> description
#          (grader/labs/*/rubric.txt through rubric.awk)
# RESULTS: lab <TAB> order <TAB> suite::test <TAB> pass|fail|skip|notgraded <TAB> message
#          (a check::memory or check::race line is such a test, run by grade.sh
#          once the lab's other tests pass: see there), and for a performance
#          test (grader/lib/perf.sh, perf_lab):
#          lab <TAB> gpu|emu <TAB> perf::function <TAB> pass|fail|notgraded <TAB> message <TAB> fraction
#
# This file is where points are decided; everything else reads its
# verdicts. A test earns its points only if it passed in every thread
# order it ran in. A perf:: test earns points x fraction (grade.sh: 1
# within 1.25x the reference's time, proportionally less beyond), and only
# when every other test of its lab passed: correctness gates speed.
# `notgraded` (the CPU emulator, or no reference to compare with) counts
# neither in the points nor in the maximum.
#
# Prints the scoreboard, then one line "summary: ..." for scripts; with
# scored=PATH it also writes one line per test there for the other
# outputs (results-json.c, junit.awk):
#     lab <TAB> test <TAB> earned <TAB> max <TAB> pass|partial|fail|skip|notgraded <TAB> message
# With expect=full it exits 1 unless every test passed (a skip counts only
# where a real GPU was wanted and absent); with expect=zero it exits 1 if
# any test passed or any test crashed or timed out, since a skeleton must
# fail cleanly.
BEGIN { FS = "\t" }
FILENAME == ARGV[1] {
    split($0, field, "\t")
    key = field[1] SUBSEP field[2]
    points[key] = field[3]; rubric_order[++rubric_count] = key
    if (!(field[1] in lab_seen)) { lab_seen[field[1]] = 1; lab_order[++lab_count] = field[1] }
    next
}
{
    key = $1 SUBSEP $3
    ran_lab[$1] = 1; ran[key] = 1
    if (!(key in points)) { unknown[key] = 1; next }
    if ($3 ~ /^perf::/) { status[key] = $4; message[key] = $5; fraction[key] = $6 + 0; next }
    if ($3 !~ /^check::/) ran_tests[$1] = 1
    if ($4 == "fail" && status[key] != "fail") {
        status[key] = "fail"
        message[key] = $5
        # Failed only in another order: say so, and replay it in that order.
        if ($2 == "reverse" || $2 ~ /^random/) {
            message[key] = "(in " $2 " thread order) " message[key]
            gsub(/reproduce: make run /, "reproduce: SCANLAB_EMU_ORDER=" $2 " make run ", message[key])
        }
    } else if (($4 == "skip" || $4 == "notgraded") && status[key] != "fail") {
        status[key] = $4; message[key] = $5
    } else if (!(key in status)) status[key] = "pass"
}
function paint(code, text) { return colour ? "\033[" code "m" text "\033[0m" : text }
function show_message(text,    lines, count, i) {
    count = split(text, lines, "\037")
    printf "  %s\n", lines[1]
    for (i = 2; i <= count; i++) printf "%34s%s\n", "", lines[i]
}
# Points as people write them: 20, 3.5, 2.67.
function number(x) { return x == int(x) ? sprintf("%d", x) : sprintf("%.2f", x) }
function is_perf(key,    part) { split(key, part, SUBSEP); return part[2] ~ /^perf::/ }
function record(key, points_earned, points_max, verdict, text,    part) {
    split(key, part, SUBSEP)
    earned[key] = points_earned
    if (scored != "") printf "%s\t%s\t%s\t%s\t%s\t%s\n", part[1], part[2], points_earned, points_max, verdict, text >scored
}
# 1 if every correctness test of the lab that ran passed.
function lab_correct(lab,    r, key, part) {
    for (r = 1; r <= rubric_count; r++) {
        key = rubric_order[r]; split(key, part, SUBSEP)
        if (part[1] == lab && key in ran && !is_perf(key) && status[key] != "pass" && status[key] != "notgraded") return 0
    }
    return 1
}
# A perf:: test that counts for nothing here: no time to compare with, or
# none that means anything (the emulator). Its output may still be wrong.
function perf_not_graded(key) { return status[key] == "notgraded" || backend == "emu" }
# A perf:: test's points: gated, scaled, or not graded at all.
function score_perf(key, correct,    got) {
    if (perf_not_graded(key)) {
        not_graded += points[key]
        if (status[key] == "fail" && expect == "full") failed_expectation = 1
        record(key, 0, 0, "notgraded", (status[key] == "fail" ? "FAILED: " : "not graded: ") message[key])
        return
    }
    if (status[key] == "pass" && !correct) {
        status[key] = "fail"
        message[key] = "no points until every other test of the lab passes (measured: " message[key] ")"
    }
    lab_max += points[key]
    got = status[key] == "pass" ? int(points[key] * fraction[key] * 100 + 0.5) / 100 : 0
    if (expect == "full" && got < points[key]) failed_expectation = 1
    if (expect == "zero" && got > 0) failed_expectation = 1
    record(key, got, points[key], got == points[key] ? "pass" : got > 0 ? "partial" : "fail", message[key])
    lab_got += got
}
function score_test(key) {
    # A check that cannot run on this machine (its line says why): its
    # points count neither way, as a perf:: test's on the emulator.
    if (status[key] == "notgraded") {
        checks_not_graded += points[key]
        record(key, 0, 0, "notgraded", "not graded: " message[key])
        return
    }
    lab_max += points[key]
    if (status[key] == "pass") lab_got += points[key]; else if (status[key] == "skip") skips++
    if (status[key] == "pass" && expect == "zero") failed_expectation = 1
    if (status[key] == "fail" && expect == "full") failed_expectation = 1
    if (status[key] == "skip" && expect == "full" && backend == "emu") failed_expectation = 1
    if (status[key] == "fail" && expect == "zero" && message[key] ~ /^(\(in [a-z:0-9]+ thread order\) )?(crashed|timed out)/) failed_expectation = 1
    record(key, status[key] == "pass" ? points[key] : 0, points[key], status[key], message[key])
}
END {
    failed_expectation = 0
    for (l = 1; l <= lab_count; l++) {
        lab = lab_order[l]
        if (!(lab in ran_lab)) continue
        lab_got = 0; lab_max = 0; skips = 0
        correct = lab_correct(lab)
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran)) continue
            if (is_perf(key)) score_perf(key, correct); else score_test(key)
        }
        total_got += lab_got; total_max += lab_max
        printf "  %-22s %5s/%-3s %s%s\n", lab, number(lab_got), number(lab_max), (lab_got == lab_max && lab_max > 0) ? paint("32", "full marks") : "", skips ? paint("33", skips " skipped") : ""
        # Tests that failed or were skipped for the same reason share a line.
        split("", same_count); split("", same_points)
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]
            if (index(key, lab SUBSEP) == 1 && key in ran && status[key] == "fail" && !is_perf(key)) {
                same_count[message[key]]++; same_points[message[key]] += points[key]
            }
        }
        split("", skip_count)
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran)) continue
            if (is_perf(key)) { show_perf(key, part[2]); continue }
            if (status[key] == "pass") continue
            if (status[key] == "notgraded") {
                printf "      %-27s %s", part[2], paint("33", "not graded")
                show_message(message[key])
                continue
            }
            if (status[key] == "skip") { skip_count[message[key]]++; continue }
            if (same_count[message[key]] > 2) {
                if (same_count[message[key]] == "shown") continue
                printf "      %-27s %s", same_count[message[key]] " tests", paint("31", sprintf("0/%d", same_points[message[key]]))
                same_count[message[key]] = "shown"
            } else
                printf "      %-27s %s", part[2], paint("31", sprintf("0/%d", points[key]))
            show_message(message[key])
        }
        for (reason in skip_count)      # one line for the tests skipped alike
            printf "      %-27s %s  %s\n", skip_count[reason] " tests", paint("33", "skipped"), reason
        summary = summary " " lab "=" number(lab_got) "/" number(lab_max)
    }
    for (key in unknown) {
        split(key, part, SUBSEP)
        printf "  %s: test %s has no line in grader/labs/%s/rubric.txt (it earns nothing)\n", part[1], part[2], part[1]
        if (expect != "") failed_expectation = 1
    }
    for (r = 1; r <= rubric_count; r++) {
        key = rubric_order[r]; split(key, part, SUBSEP)
        if (expect != "" && part[1] in ran_tests && !(key in ran) && filter == "") {
            printf "  %s: rubric test %s did not run (is it misspelt?)\n", part[1], part[2]
            failed_expectation = 1
        }
    }
    printf "  %-22s %5s/%-3s\n", "total", number(total_got), number(total_max)
    if (not_graded > 0)
        printf "  %-22s %s\n", "", paint("33", "+" number(not_graded) " performance points not graded here (" (backend == "emu" ? "the CPU emulator: times would mean nothing" : "the perf:: lines say why") ")")
    if (checks_not_graded > 0)
        printf "  %-22s %s\n", "", paint("33", "+" number(checks_not_graded) " check points not graded here (the check:: lines say why)")
    not_graded += checks_not_graded
    print ""
    print "summary: backend=" backend " tree=" tree " score=" number(total_got) "/" number(total_max) summary (not_graded > 0 ? " not_graded=" number(not_graded) : "")
    exit failed_expectation
}
# One line per performance test, whatever it earned: its speed is the point.
function show_perf(key, name) {
    if (perf_not_graded(key)) {
        printf "      %-27s %s", name, (status[key] == "fail" ? paint("31", "not graded, and FAILED") : paint("33", "not graded"))
        show_message(message[key])
        return
    }
    printf "      %-27s %s", name, paint(earned[key] == points[key] ? "32" : "31", number(earned[key]) "/" number(points[key]))
    show_message(message[key])
}
