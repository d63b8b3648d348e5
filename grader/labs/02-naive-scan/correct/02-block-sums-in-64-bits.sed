# correct: the one-block scan keeps its sums in 64 bits and stores them as int
# lab: 02-naive-scan
# check: none
# caught-by: nothing
# message: full marks
#
# Sums taken in 64 bits and truncated to int when stored are the int
# sums where those fit, and wrap as int sums do where not: the same
# answer either way. FILL=bigvalues puts INT_MIN, INT_MAX and -INT_MAX
# side by side (every sum of consecutive elements in range: cases.h);
# the grade must not tell the two apart.
s/__shared__ int buffer\[2\]\[SCAN_NAIVE_BLOCK_MAX\];/__shared__ long long buffer[2][SCAN_NAIVE_BLOCK_MAX];/
s/d_out\[i\] = buffer\[read\]\[i\];/d_out[i] = (int)buffer[read][i];/
