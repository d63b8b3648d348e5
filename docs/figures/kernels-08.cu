/*
 * kernels-08.cu: launch the lab 08 reference's own kernels one at a time,
 * for the figures of its chapter. cascade_encode, cascade_undelta and
 * cascade_decode run several kernels in a row and keep the arrays in
 * between to themselves (the counts minus one, the differences before
 * their scan, a stream's widths read from the payload); these wrappers
 * let docs/figures/examples-08.c print those arrays too. Nothing is
 * computed here: each wrapper is one launch of a kernel of
 * solutions/08-compressor/cascade.cu, for inputs of at most 256 elements
 * (one block).
 */
#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

/* The reference's kernels, as solutions/08-compressor/cascade.cu defines them. */
__global__ void counts_minus_one_kernel(int *d_counts, size_t runs);
__global__ void unzigzag_kernel(const uint32_t *d_zigzag, size_t runs, unsigned bits, int *d_differences);
__global__ void finish_undelta_kernel(const int *d_differences, const int *d_exclusive, size_t runs,
                                      unsigned bits, int *d_symbols);
__global__ void stream_widths_kernel(const uint8_t *d_bytes, size_t frames, unsigned max_width,
                                     uint32_t *d_widths, unsigned *d_invalid);
__global__ void read_words_kernel(const uint8_t *d_bytes, size_t words, uint32_t *d_words);
__global__ void counts_kernel(uint32_t *d_counts, size_t runs, size_t n, unsigned long long *d_total,
                              unsigned *d_invalid);

#define ONE_BLOCK 256

extern "C" cudaError_t example_counts_minus_one(int *d_counts, size_t runs)
{
    counts_minus_one_kernel<<<1, ONE_BLOCK>>>(d_counts, runs);
    return cudaGetLastError();
}

extern "C" cudaError_t example_unzigzag(const uint32_t *d_zigzag, size_t runs, unsigned bits,
                                        int *d_differences)
{
    unzigzag_kernel<<<1, ONE_BLOCK>>>(d_zigzag, runs, bits, d_differences);
    return cudaGetLastError();
}

extern "C" cudaError_t example_finish_undelta(const int *d_differences, const int *d_exclusive, size_t runs,
                                              unsigned bits, int *d_symbols)
{
    finish_undelta_kernel<<<1, ONE_BLOCK>>>(d_differences, d_exclusive, runs, bits, d_symbols);
    return cudaGetLastError();
}

extern "C" cudaError_t example_stream_widths(const uint8_t *d_bytes, size_t frames, unsigned max_width,
                                             uint32_t *d_widths, unsigned *d_invalid)
{
    stream_widths_kernel<<<1, ONE_BLOCK>>>(d_bytes, frames, max_width, d_widths, d_invalid);
    return cudaGetLastError();
}

extern "C" cudaError_t example_read_words(const uint8_t *d_bytes, size_t words, uint32_t *d_words)
{
    read_words_kernel<<<1, ONE_BLOCK>>>(d_bytes, words, d_words);
    return cudaGetLastError();
}

extern "C" cudaError_t example_counts(uint32_t *d_counts, size_t runs, size_t n, unsigned long long *d_total,
                                      unsigned *d_invalid)
{
    counts_kernel<<<1, ONE_BLOCK>>>(d_counts, runs, n, d_total, d_invalid);
    return cudaGetLastError();
}
