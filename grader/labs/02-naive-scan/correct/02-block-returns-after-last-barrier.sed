# correct: naive_block_kernel's threads past n return once the last barrier is behind them
# lab: 02-naive-scan
# check: none
# caught-by: nothing
# message: full marks
#
# A thread may leave a block early once it will meet no more barriers:
# the Programming Guide's rule is about the barriers a thread skips, and
# here it skips none. A divergence check that counted the exit itself
# would be a false finding.
/^    if (i < n)$/{
N
s/^    if (i < n)\n        d_out\[i\] = buffer\[read\]\[i\];/    if (i >= n)\n        return; \/\/ every barrier is behind: a thread may leave now\n    d_out[i] = buffer[read][i];/
}
