# planted: scans as a CIS 565 port writes them: the exclusive one not in place, the inclusive one reading one ahead
# lab: 01-cpu-scan
# check: none
# caught-by: check::memory
# message: found at n = 0: SUMMARY: AddressSanitizer: heap-buffer-overflow .*cpu_scan.c:[0-9]+ in scan_inclusive_cpu \(READ of size 4
#
# out[i] = out[i - 1] + in[i - 1] fails exclusive::in_place (in[i - 1] is
# already overwritten) and the compaction built on it; the inclusive scan
# reads in[i + 1] after each write, which changes no result, so only
# AddressSanitizer sees it. The lab's tests do not all pass, yet its check
# runs and shows the read (its points count once they all pass).
/^void scan_exclusive_cpu/,/^}/{
/^    int running_sum = 0;$/,/^    }$/c\
    if (n == 0)\
        return;\
    out[0] = 0;\
    for (size_t i = 1; i < n; i++)\
        out[i] = out[i - 1] + in[i - 1];
}
/^void scan_inclusive_cpu/,/^}/{
s/^    int running_sum = 0;$/    int running_sum = in[0];/
/^        running_sum += in\[i\];$/{
N
s/^        running_sum += in\[i\];\n        out\[i\] = running_sum;$/        out[i] = running_sum;\n        running_sum += in[i + 1];/
}
}
