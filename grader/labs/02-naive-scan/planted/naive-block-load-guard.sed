# planted: the same unguarded load, seen by the tests under CHECK=memory
# lab: 02-naive-scan
# check: memory
# caught-by: naive_block::sizes
# message: use-after-poison.*naive_scan\.cu.*guard zone the grader keeps
#
# The reads past the end of d_in land in the grader's guard zone, inside
# its allocation: AddressSanitizer sees them only because the grader
# poisons the guards (grader/support/device.c).
/^    if (i < n)$/{
N
s/^    if (i < n)\n        buffer\[read\]\[i\] = d_in\[i\];$/    buffer[read][i] = d_in[i];/
}
