# planted: the inclusive scan reads one element ahead, past the end
# lab: 01-cpu-scan
# check: memory
# caught-by: check::memory
# message: found at n = 0: SUMMARY: AddressSanitizer: heap-buffer-overflow .*cpu_scan.c:[0-9]+ in scan_inclusive_cpu \(READ of size 4
#
# Start the sum at in[0] and add in[i + 1] after each write: every output
# is right, in place too, but the last step reads in[n], and n = 0 reads
# in[0]. Nothing wrong comes out, so only the bounds checker sees it: the
# driver's arrays are exactly n ints, under AddressSanitizer.
/^void scan_inclusive_cpu/,/^}/{
s/^    int running_sum = 0;$/    int running_sum = in[0];/
/^        running_sum += in\[i\];$/{
N
s/^        running_sum += in\[i\];\n        out\[i\] = running_sum;$/        out[i] = running_sum;\n        running_sum += in[i + 1];/
}
}
