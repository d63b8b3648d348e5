# planted: the flags mark a dropped element with INT_MIN, "a value no input has"
# lab: 04-compaction
# check: none
# caught-by: compact_if::predicates
# message: FILL=extremes.*the kept count
#
# A student who learnt that 0 cannot mark a dropped element (KEEP_GREATER_THAN
# -1 keeps zeros) marks it with INT_MIN instead, and keeps what is not
# marked: a kept INT_MIN (KEEP_NONZERO, KEEP_EVEN) is dropped too. Random
# values in [-50, 100] never hold INT_MIN; FILL=extremes does.
s/^#include "compact.h"$/#include <limits.h>\
\
&/
/^    if (i < n)$/{
N
s/^    if (i < n)\n        d_flags\[i\] = keeps(d_in\[i\], predicate, operand);$/    if (i < n) {\
        \/* a dropped element becomes INT_MIN, which no input holds *\/\
        int marked = keeps(d_in[i], predicate, operand) ? d_in[i] : INT_MIN;\
        d_flags[i] = marked != INT_MIN;\
    }/
}
