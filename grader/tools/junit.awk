# junit.awk: JUnit XML from a grade's results, one <testsuite> per lab.
#
#   awk -f junit.awk RUBRIC_TSV RESULTS > junit.xml
#
# RUBRIC_TSV as rubric.awk prints it; RESULTS as grade.sh writes it. A test
# fails if it failed in any thread order; skipped ones are <skipped/>.
function xml(text) {
    gsub(/&/, "\\&amp;", text); gsub(/</, "\\&lt;", text); gsub(/>/, "\\&gt;", text)
    gsub(/"/, "\\&quot;", text); gsub(/'/, "\\&apos;", text)
    gsub(/\037/, "\n", text)
    gsub(/[\001-\010\013\014\016-\037]/, "?", text)   # not allowed in XML 1.0
    return text
}
BEGIN { FS = "\t" }
FILENAME == ARGV[1] { key = $1 SUBSEP $2; order[++count] = key; points[key] = $3; what[key] = $5; next }
{
    key = $1 SUBSEP $3; ran[key] = 1
    if ($4 == "fail" && status[key] != "fail") { status[key] = "fail"; message[key] = ($2 != "forward" && $2 != "gpu" ? "(" $2 ") " : "") $5 }
    else if ($4 == "skip" && status[key] != "fail") { status[key] = "skip"; message[key] = $5 }
    else if (!(key in status)) status[key] = "pass"
}
END {
    print "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    print "<testsuites name=\"ScanLab\">"
    for (i = 1; i <= count; i++) {
        key = order[i]; split(key, part, SUBSEP)
        if (!(key in ran)) continue
        lab = part[1]
        if (!(lab in tests)) labs[++lab_count] = lab
        tests[lab]++; if (status[key] == "fail") failures[lab]++; if (status[key] == "skip") skipped[lab]++
    }
    for (l = 1; l <= lab_count; l++) {
        lab = labs[l]
        printf "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" skipped=\"%d\">\n", xml(lab), tests[lab], failures[lab] + 0, skipped[lab] + 0
        for (i = 1; i <= count; i++) {
            key = order[i]; split(key, part, SUBSEP)
            if (part[1] != lab || !(key in ran)) continue
            printf "    <testcase classname=\"%s\" name=\"%s\">", xml(lab), xml(part[2])
            if (status[key] == "fail")
                printf "\n      <failure message=\"0/%s points\">%s</failure>\n    ", points[key], xml(what[key] "\n" message[key])
            else if (status[key] == "skip") printf "<skipped message=\"%s\"/>", xml(message[key])
            print "</testcase>"
        }
        print "  </testsuite>"
    }
    print "</testsuites>"
}
