# planted: the inclusive scan does element 0 before its loop, even at n = 0
# lab: 01-cpu-scan
# check: none
# caught-by: inclusive::sizes
# message: n = 0 .*wrote outside out: index 0 changed, but n = 0
#
# out[0] = in[0], then the loop from 1: right for every n but 0, where
# it reads in[0] and writes out[0], and neither exists. The grader gives
# n = 0 arrays of no elements between guards.
/^void scan_inclusive_cpu/,/^}/{
s/^    int running_sum = 0;$/    int running_sum = in[0];\n    out[0] = running_sum;/
s/^    for (size_t i = 0; i < n; i++) {$/    for (size_t i = 1; i < n; i++) {/
}
