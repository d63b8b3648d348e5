# lab: 08-compressor
# test: frame_bytes::sizes
# message: policy: cascade_frame_bytes calls pack_encode, .*a pointer in \.data
# Part C skipped as in 08-frame-bytes-by-lab06, through lab 06's
# pack_encode, and the call hidden behind a function pointer kept in a
# static variable, so that no instruction of cascade_frame_bytes names
# pack_encode: the policy check follows the pointer stored in the data
# section that cascade_frame_bytes reads.
/^cudaError_t cascade_frame_bytes(const uint32_t \*d_values, size_t count,$/i\
typedef cudaError_t (*whole_encoder)(const uint32_t *, size_t, size_t, uint32_t *, uint32_t *, uint32_t *, size_t *);\
static whole_encoder volatile measure_with = pack_encode;\
\
/* Each candidate frame length packed whole, its words counted. */\
static cudaError_t measure_candidates(const uint32_t *d_values, size_t count, uint64_t *bytes)\
{\
    uint32_t *d_scratch = NULL;\
    cudaError_t err = cudaMalloc((void **)&d_scratch, 3 * count * sizeof(uint32_t));\
    for (unsigned k = 0; err == cudaSuccess && k < SCANZIP_FRAME_CANDIDATES; k++) {\
        size_t length = (size_t)SCANZIP_FIRST_FRAME_CANDIDATE << k, words = 0;\
        err = cudaMemset(d_scratch + 2 * count, 0, count * sizeof(uint32_t));\
        if (err == cudaSuccess)\
            err = measure_with(d_values, count, length, d_scratch, d_scratch + count, d_scratch + 2 * count, &words);\
        bytes[k] = pack_frame_count(count, length) + 4 * words;\
    }\
    cudaFree(d_scratch);\
    return err;\
}\

/^cudaError_t cascade_frame_bytes(/,/^}/ s|^    // BEGIN GUIDED$|    if (count > 0)\
        return measure_candidates(d_values, count, bytes);\
&|
