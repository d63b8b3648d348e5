# lab: 02-naive-scan
# test: naive_global::all_ones
# message: Thrust, CUB or CUDPP
# Calls CUB in a GPU lab.
1i #include <cub/device/device_scan.cuh>
