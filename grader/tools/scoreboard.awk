# scoreboard.awk: points per lab from the rubric and the test results.
#
#   awk -f scoreboard.awk -v expect=full|zero|"" -v colour=0|1 RUBRIC RESULTS
#
# RUBRIC:  lab  suite::test  points  description          (grader/rubric.txt)
# RESULTS: lab <TAB> order <TAB> suite::test <TAB> pass|fail|skip <TAB> message
#
# A test earns its points only if it passed in every thread order it ran
# in. Prints the scoreboard, then one line "summary: ..." for scripts.
# With expect=full it exits 1 unless every test passed (a skip counts only
# where a real GPU was wanted and absent); with expect=zero it exits 1 if
# any test passed or any test crashed or timed out, since a skeleton must
# fail cleanly.
BEGIN { FS = "\t" }
FILENAME == ARGV[1] {
    if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/) next
    split($0, field, / +/)
    key = field[1] SUBSEP field[2]
    points[key] = field[3]; rubric_order[++rubric_count] = key
    if (!(field[1] in lab_seen)) { lab_seen[field[1]] = 1; lab_order[++lab_count] = field[1] }
    next
}
{
    key = $1 SUBSEP $3
    ran_lab[$1] = 1; ran[key] = 1
    if ($3 ~ /^check::/) {
        if ($4 == "fail") finding[$1] = finding[$1] "      " $3 "  " paint("31", "FOUND") "  " $5 "\n"
        next
    }
    ran_tests[$1] = 1
    if (!(key in points)) { unknown[key] = 1; next }
    if ($4 == "fail" && status[key] != "fail") {
        status[key] = "fail"
        message[key] = ($2 == "reverse" || $2 ~ /^random/ ? "(in " $2 " thread order) " : "") $5
    } else if ($4 == "skip" && status[key] != "fail") {
        status[key] = "skip"; message[key] = $5
    } else if (!(key in status)) status[key] = "pass"
}
function paint(code, text) { return colour ? "\033[" code "m" text "\033[0m" : text }
function show_message(text,    lines, count, i) {
    count = split(text, lines, "\037")
    printf "  %s\n", lines[1]
    for (i = 2; i <= count; i++) printf "%32s%s\n", "", lines[i]
}
END {
    failed_expectation = 0
    for (l = 1; l <= lab_count; l++) {
        lab = lab_order[l]
        if (!(lab in ran_lab)) continue
        got = 0; max = 0; skips = 0; details = ""
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran)) continue
            max += points[key]
            if (status[key] == "pass") { got += points[key]; passes++ } else if (status[key] == "skip") skips++
            if (status[key] == "pass" && expect == "zero") failed_expectation = 1
            if (status[key] == "fail" && expect == "full") failed_expectation = 1
            if (status[key] == "skip" && expect == "full" && backend == "emu") failed_expectation = 1
            if (status[key] == "fail" && expect == "zero" && message[key] ~ /^(\(in [a-z:0-9]+ thread order\) )?(crashed|timed out)/) failed_expectation = 1
        }
        total_got += got; total_max += max
        if (max == 0) {      # a check-only run (CHECK=race under the emulator)
            if (lab in finding) {
                printf "  %-22s %s\n%s", lab, paint("31", "check failed"), finding[lab]
                failed_expectation = 1
            } else
                printf "  %-22s %s\n", lab, paint("32", "check clean")
            continue
        }
        printf "  %-22s %3d/%-3d %s%s\n", lab, got, max, got == max ? paint("32", "full marks") : "", skips ? paint("33", skips " skipped") : ""
        # Tests that failed or were skipped for the same reason share a line.
        split("", same_count); split("", same_points)
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]
            if (index(key, lab SUBSEP) == 1 && key in ran && status[key] == "fail") {
                same_count[message[key]]++; same_points[message[key]] += points[key]
            }
        }
        split("", skip_count)
        for (r = 1; r <= rubric_count; r++) {
            key = rubric_order[r]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran) || status[key] == "pass") continue
            if (status[key] == "skip") { skip_count[message[key]]++; continue }
            if (same_count[message[key]] > 2) {
                if (same_count[message[key]] == "shown") continue
                printf "      %-25s %s", same_count[message[key]] " tests", paint("31", sprintf("0/%d", same_points[message[key]]))
                same_count[message[key]] = "shown"
            } else
                printf "      %-25s %s", part[2], paint("31", sprintf("0/%d", points[key]))
            show_message(message[key])
        }
        for (reason in skip_count)      # one line for the tests skipped alike
            printf "      %-25s %s  %s\n", skip_count[reason] " tests", paint("33", "skipped"), reason
        if (lab in finding) { printf "%s", finding[lab]; if (expect == "full") failed_expectation = 1 }
        summary = summary " " lab "=" got "/" max
    }
    for (key in unknown) {
        split(key, part, SUBSEP)
        printf "  %s: test %s has no line in grader/rubric.txt (it earns nothing)\n", part[1], part[2]
        if (expect != "") failed_expectation = 1
    }
    for (r = 1; r <= rubric_count; r++) {
        key = rubric_order[r]; split(key, part, SUBSEP)
        if (expect != "" && part[1] in ran_tests && !(key in ran) && filter == "") {
            printf "  %s: rubric test %s did not run (is it misspelt?)\n", part[1], part[2]
            failed_expectation = 1
        }
    }
    printf "  %-22s %3d/%-3d\n", "total", total_got, total_max
    print ""
    print "summary: backend=" backend " tree=" tree " score=" total_got "/" total_max summary
    exit failed_expectation
}
