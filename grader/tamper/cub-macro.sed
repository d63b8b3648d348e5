# lab: 02-naive-scan
# test: naive_global::all_ones
# message: Thrust, CUB or CUDPP|does not compile
# CUB's header named through a macro and its namespace pasted from two
# tokens, so that no line of the source says "cub": on a GPU the symbol
# check sees the templates' code in the object (N3cub); the emulator has
# no CUB headers, and the file does not compile there.
1i #define LIBRARY_HEADER(first, rest) <first##rest/device/device_scan.cuh>
1i #include LIBRARY_HEADER(c, ub)
1i #define LIBRARY(first, rest) first##rest
1i cudaError_t library_scan(const int *d_in, int *d_out, int n) { void *t = 0; size_t b = 0; return LIBRARY(c, ub)::DeviceScan::InclusiveSum(t, b, d_in, d_out, n); }
