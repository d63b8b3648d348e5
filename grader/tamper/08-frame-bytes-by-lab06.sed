# lab: 08-compressor
# test: frame_bytes::sizes
# message: policy: cascade_frame_bytes calls pack_frame_widths, .*\(cascade_frame_bytes -> measure_candidates -> pack_frame_widths\)
# Part C skipped: cascade_frame_bytes measures each of the six candidate
# frame lengths with lab 06's pack_frame_widths and pack_frame_offsets (the
# grader links them for the rest of the lab) through a helper of its own,
# and its test passes without a shuffle. The policy check follows the
# object's calls from cascade_frame_bytes to lab 06's functions. The
# helper is kept out of line (as a larger one would be), so that the call
# to follow is one the assembler resolved itself, with no relocation.
/^cudaError_t cascade_frame_bytes(const uint32_t \*d_values, size_t count,$/i\
/* Each candidate frame length measured by lab 06's functions. */\
__attribute__((noinline)) static cudaError_t measure_candidates(const uint32_t *d_values, size_t count, uint64_t *bytes)\
{\
    uint32_t *d_widths = NULL, *d_offsets = NULL;\
    cudaError_t err = cudaMalloc((void **)&d_widths, count * sizeof(uint32_t));\
    if (err == cudaSuccess)\
        err = cudaMalloc((void **)&d_offsets, count * sizeof(uint32_t));\
    for (unsigned k = 0; err == cudaSuccess && k < SCANZIP_FRAME_CANDIDATES; k++) {\
        size_t length = (size_t)SCANZIP_FIRST_FRAME_CANDIDATE << k, frames = pack_frame_count(count, length);\
        uint32_t last_offset = 0, last_width = 0;\
        err = pack_frame_widths(d_values, count, length, d_widths);\
        if (err == cudaSuccess)\
            err = pack_frame_offsets(d_widths, count, length, d_offsets);\
        if (err == cudaSuccess)\
            err = cudaMemcpy(&last_offset, d_offsets + frames - 1, 4, cudaMemcpyDeviceToHost);\
        if (err == cudaSuccess)\
            err = cudaMemcpy(&last_width, d_widths + frames - 1, 4, cudaMemcpyDeviceToHost);\
        uint64_t bits = last_offset + (uint64_t)last_width * (count - (frames - 1) * length);\
        bytes[k] = frames + 4 * ((bits + 31) / 32);\
    }\
    cudaFree(d_widths);\
    cudaFree(d_offsets);\
    return err;\
}\

/^cudaError_t cascade_frame_bytes(/,/^}/ s|^    // BEGIN GUIDED$|    if (count > 0)\
        return measure_candidates(d_values, count, bytes);\
&|
