# planted: the tiled scan never frees its scratch array (a leak on every call)
# lab: 03-efficient-scan
# check: memory
# caught-by: check::memory
# message: leak: [0-9]+ bytes of device memory from cudaMalloc in scan_exclusive_tiled .*efficient_scan.cu:[0-9]+ were never freed
#
# Every result is right; on a GPU compute-sanitizer's leak check reports
# the bytes, and under the emulator its leak report (SCANLAB_EMU_LEAK_CHECK).
s/^    cudaError_t free_err = cudaFree(d_scratch);$/    cudaError_t free_err = cudaSuccess;/
