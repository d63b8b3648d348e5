# planted: the one-block scan loads d_in[i] in every thread of its warp-rounded block
# lab: 02-naive-scan
# check: none
# caught-by: check::memory
# message: heap-buffer-overflow.*naive_scan\.cu.*naive_block_kernel
#
# With n = 33 the block has 64 threads, and threads 33..63 read past the
# end of d_in into shared slots that no output depends on: every test
# passes. The default grade's bounds check on the driver sees the reads.
/^    if (i < n)$/{
N
s/^    if (i < n)\n        buffer\[read\]\[i\] = d_in\[i\];$/    buffer[read][i] = d_in[i];/
}
