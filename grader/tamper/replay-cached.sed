# lab: 04-compaction
# test: perf::compact_nonzero
# message: wrong output in round [0-9]+ .*earlier answer replayed
# Remembers its last answer and, called again with the same n, copies it back instead of computing (faster than any real compaction): each round has a fresh input, and every output is checked.
/^cudaError_t compact_nonzero(/,/^}/ s|^    return compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);|    static size_t last_n, last_kept; static int *saved;\
    if (saved \&\& n == last_n) {\
        *kept = last_kept;\
        return cudaMemcpy(d_out, saved, last_kept * sizeof(int), cudaMemcpyDeviceToDevice);\
    }\
    cudaError_t err = compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);\
    if (err == cudaSuccess \&\& n > 0 \&\& cudaMalloc(\&saved, n * sizeof(int)) == cudaSuccess) {\
        cudaMemcpy(saved, d_out, *kept * sizeof(int), cudaMemcpyDeviceToDevice);\
        last_n = n; last_kept = *kept;\
    }\
    return err;|
