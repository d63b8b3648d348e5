# planted: the one-block scan keeps its buffer in floats, as GPU Gems 3's scan does
# lab: 02-naive-scan
# check: none
# caught-by: naive_block::all_ones
# message: FILL=bigvalues.*first mismatch
#
# GPU Gems 3 (chapter 39) scans floats, and a student who ports its
# naive scan keeps `__shared__ float temp[]`. A float holds a sum
# exactly only up to 2^24: random values (a block's sums below 102400)
# and all ones come out right; values near INT_MAX lose their low bits.
s/__shared__ int buffer\[2\]\[SCAN_NAIVE_BLOCK_MAX\];/__shared__ float buffer[2][SCAN_NAIVE_BLOCK_MAX];/
