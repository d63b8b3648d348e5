# junit.awk: JUnit XML from a grade's verdicts, one <testsuite> per lab.
#
#   awk -f junit.awk RUBRIC_TSV SCORED > junit.xml
#
# RUBRIC_TSV as rubric.awk prints it; SCORED as scoreboard.awk writes it
# (lab, test, earned, max, pass|partial|fail|skip|notgraded, message). A
# test that lost points is a <failure/>; one skipped or not graded (speed
# under the emulator) is <skipped/>.
function xml(text) {
    gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text)
    gsub(/"/, "\\&quot;", text); gsub(/'/, "\\&apos;", text)
    gsub(/\037/, "\n", text)
    gsub(/[\001-\010\013\014\016-\037]/, "?", text)   # not allowed in XML 1.0
    return text
}
BEGIN { FS = "\t" }
FILENAME == ARGV[1] { key = $1 SUBSEP $2; order[++count] = key; what[key] = $5; next }
{
    key = $1 SUBSEP $2; ran[key] = 1
    earned[key] = $3; max[key] = $4; verdict[key] = $5; message[key] = $6
}
END {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    print "<testsuites name=\"ScanLab\">"
    for (i = 1; i <= count; i++) {
        key = order[i]; split(key, part, SUBSEP)
        if (!(key in ran)) continue
        lab = part[1]
        if (!(lab in tests)) labs[++lab_count] = lab
        tests[lab]++
        if (verdict[key] == "fail" || verdict[key] == "partial") failures[lab]++
        if (verdict[key] == "skip" || verdict[key] == "notgraded") skipped[lab]++
    }
    for (l = 1; l <= lab_count; l++) {
        lab = labs[l]
        printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", xml(lab), tests[lab], failures[lab] + 0, skipped[lab] + 0
        for (i = 1; i <= count; i++) {
            key = order[i]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran)) continue
            printf "    <testcase classname=\"%s\" name=\"%s\">", xml(lab), xml(part[2])
            if (verdict[key] == "fail" || verdict[key] == "partial")
                printf "\n      <failure message=\"%s/%s points\">%s</failure>\n    ", earned[key], max[key], xml(what[key] "\n" message[key])
            else if (verdict[key] == "skip" || verdict[key] == "notgraded") printf "<skipped message=\"%s\"/>", xml(message[key])
            print "</testcase>"
        }
        print "  </testsuite>"
    }
    print "</testsuites>"
}
