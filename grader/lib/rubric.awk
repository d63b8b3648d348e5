# rubric.awk: the labs' rubrics (grader/labs/*/rubric.txt) as one table of
# tab-separated fields, one test a line:
#
#     lab <TAB> suite::test <TAB> points <TAB> visibility <TAB> description
#
# The rubric's columns are separated by spaces: lab, test, points, then a
# description. Optional, at the end of a line: a visibility, one of
# Gradescope's values `visible`, `hidden` or `after_due_date`. Lines
# without one take the default, which a directive line may set:
#
#     # default-visibility: after_due_date
#
# which holds until the end of its file.
#
# `hidden` tests are also left out of the student release.
#
# The points may differ between the two editions of the labs (skeleton.awk;
# make student-release GUIDANCE=open): `G/O` gives G points in the guided
# edition and O in the open one, and `G/-` marks a test of a step (a
# helper function the guided edition asks for) graded in the guided
# edition only. A lab's total is the same in both (check-rubric-tables.sh
# checks): the open edition gives the steps' points to the tests of the
# whole. `awk -v guidance=open` reads the open edition (default guided).
BEGIN {
    OFS = "\t"
    if (guidance == "") guidance = "guided"
    if (guidance != "guided" && guidance != "open") {
        print "rubric.awk: guidance is guided or open, not '" guidance "'" > "/dev/stderr"; exit 2
    }
}
FNR == 1 { default_visibility = "visible" }
/^# *default-visibility: *(visible|hidden|after_due_date) *$/ {
    default_visibility = $NF; next
}
/^#/ || /^[ \t]*$/ { next }
{
    visibility = default_visibility
    last = NF
    if (NF > 3 && $NF ~ /^(visible|hidden|after_due_date)$/) { visibility = $NF; last = NF - 1 }
    description = ""
    for (i = 4; i <= last; i++) description = description (i > 4 ? " " : "") $i
    points = $3
    if (points !~ /^[0-9.]+(\/([0-9.]+|-))?$/) {
        print FILENAME ":" FNR ": points are N, G/O or G/- (guided/open), not '" points "'" > "/dev/stderr"; exit 2
    }
    if (split(points, edition, "/") == 2) points = guidance == "open" ? edition[2] : edition[1]
    if (points == "-") next
    print $1, $2, points, visibility, description
}
