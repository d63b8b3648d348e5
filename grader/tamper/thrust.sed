# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: Thrust, CUB or CUDPP
# Calls Thrust (source scan, before the build: it needs no Thrust to be caught).
1i #include <thrust/scan.h>
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ \/\/ thrust::exclusive_scan(in, in + n, out);/
