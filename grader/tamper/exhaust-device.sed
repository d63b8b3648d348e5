# lab: 02-naive-scan
# test: naive_global::all_ones
# message: cudaErrorMemoryAllocation \(out of memory\)
# A device memory leak: 1 GiB cudaMallocs until one fails, never freed, then on as usual.
/^cudaError_t scan_inclusive_naive(/,/^{/ s/^{/{ for (void *hoard; cudaMalloc(\&hoard, (size_t)1 << 30) == cudaSuccess;) cudaMemset(hoard, 1, (size_t)1 << 30);/
