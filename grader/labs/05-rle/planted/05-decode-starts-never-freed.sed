# planted: the decoder never frees the run starts it scanned into (a leak on every call)
# lab: 05-rle
# check: memory
# caught-by: check::memory
# message: leak: [0-9]+ bytes of device memory from cudaMalloc in rle_decode_search .*rle.cu:[0-9]+ were never freed
#
# Every result is right; on a GPU compute-sanitizer's leak check reports
# the bytes, and under the emulator its leak report (SCANLAB_EMU_LEAK_CHECK).
s/^    cudaError_t free_err = cudaFree(d_starts);$/    cudaError_t free_err = cudaSuccess;/
