/*
 * kernels-05-06.cu: launch the reference solutions' own kernels of labs 05
 * and 06 one at a time, for the figures of their chapters. The public
 * functions of rle.h and pack.h run several kernels in a row and keep the
 * arrays in between to themselves (the coarse-grained encoder's pieces,
 * the flag decoder's flags, the frames' sizes in bits); these wrappers let
 * docs/figures/examples-05-06.c print those arrays too. Nothing is
 * computed here: each wrapper is one launch of a kernel of
 * solutions/05-rle/rle.cu or solutions/06-fixed-length/fixed_length.cu,
 * for inputs of at most 256 elements (one block).
 */
#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

/* The reference's kernels, as solutions/05-rle/rle.cu and
 * solutions/06-fixed-length/fixed_length.cu define them. */
__global__ void flag_starts_kernel(const int *d_starts, size_t runs, int *d_flags);
__global__ void gather_kernel(const int *d_symbols, const int *d_run_ends, int *d_out, size_t n);
__global__ void segment_kernel(const int *d_in, size_t n, size_t segment, size_t segments,
                               int *d_piece_symbols, int *d_piece_counts,
                               int *d_piece_runs, int *d_new_runs);
__global__ void stitch_kernel(const int *d_in, size_t segment, size_t segments,
                              const int *d_piece_symbols, const int *d_piece_counts,
                              const int *d_piece_runs, const int *d_offsets,
                              int *d_symbols, int *d_counts);
__global__ void frame_bits_kernel(const uint32_t *d_widths, size_t n, size_t frame_length,
                                  size_t frames, uint32_t *d_bits);

#define ONE_BLOCK 256

extern "C" cudaError_t example_flag_starts(const int *d_starts, size_t runs, int *d_flags)
{
    flag_starts_kernel<<<1, ONE_BLOCK>>>(d_starts, runs, d_flags);
    return cudaGetLastError();
}

extern "C" cudaError_t example_gather(const int *d_symbols, const int *d_run_ends, int *d_out, size_t n)
{
    gather_kernel<<<1, ONE_BLOCK>>>(d_symbols, d_run_ends, d_out, n);
    return cudaGetLastError();
}

extern "C" cudaError_t example_segment(const int *d_in, size_t n, size_t segment, size_t segments,
                                       int *d_piece_symbols, int *d_piece_counts,
                                       int *d_piece_runs, int *d_new_runs)
{
    segment_kernel<<<1, ONE_BLOCK>>>(d_in, n, segment, segments, d_piece_symbols, d_piece_counts,
                                     d_piece_runs, d_new_runs);
    return cudaGetLastError();
}

extern "C" cudaError_t example_stitch(const int *d_in, size_t segment, size_t segments,
                                      const int *d_piece_symbols, const int *d_piece_counts,
                                      const int *d_piece_runs, const int *d_offsets,
                                      int *d_symbols, int *d_counts)
{
    stitch_kernel<<<1, ONE_BLOCK>>>(d_in, segment, segments, d_piece_symbols, d_piece_counts,
                                    d_piece_runs, d_offsets, d_symbols, d_counts);
    return cudaGetLastError();
}

extern "C" cudaError_t example_frame_bits(const uint32_t *d_widths, size_t n, size_t frame_length,
                                          size_t frames, uint32_t *d_bits)
{
    frame_bits_kernel<<<1, ONE_BLOCK>>>(d_widths, n, frame_length, frames, d_bits);
    return cudaGetLastError();
}
