# planted: the multi-pass naive scan runs every step in place in d_out
# lab: 02-naive-scan
# check: none
# caught-by: naive_global::sizes
# message: first mismatch
s/err = scan_naive_step(d_read, buffer\[step % 2\], n, offset);/err = scan_naive_step(d_read, d_out, n, offset);/
s/d_read = buffer\[step % 2\];/d_read = d_out;/
