# correct: KEEP_EVEN tests the lowest bit, not the remainder
# lab: 04-compaction
# check: none
# caught-by: nothing
# message: full marks
#
# In two's complement the lowest bit says odd or even for every int:
# -3 & 1 is 1, -4 & 1 and INT_MIN & 1 are 0, as -4 % 2 and INT_MIN % 2
# are. The grader's oracle takes the remainder; on FILL=extremes (runs
# of INT_MIN, -1 and INT_MAX) the two must agree, or the grade is wrong.
s/case KEEP_EVEN: return value % 2 == 0;/case KEEP_EVEN: return (value \& 1) == 0;/
