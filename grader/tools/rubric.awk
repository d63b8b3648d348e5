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
BEGIN { OFS = "\t" }
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
    print $1, $2, $3, visibility, description
}
