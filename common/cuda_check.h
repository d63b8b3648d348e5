/*
 * cuda_check.h: error handling for host code that calls CUDA.
 *
 * Every CUDA call returns an error code, and kernel launches report theirs
 * through cudaGetLastError(). Ignoring them turns a bad launch into silent
 * garbage three calls later, so lab code wraps each call:
 *
 *     RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_tmp, bytes));
 *     kernel<<<blocks, threads>>>(...);
 *     RETURN_IF_CUDA_ERROR(cudaGetLastError());
 */
#ifndef SCANLAB_CUDA_CHECK_H
#define SCANLAB_CUDA_CHECK_H

#include <cuda_runtime_api.h>

#define RETURN_IF_CUDA_ERROR(call)                                            \
    do {                                                                      \
        cudaError_t cuda_check_err_ = (call);                                 \
        if (cuda_check_err_ != cudaSuccess)                                   \
            return cuda_check_err_;                                           \
    } while (0)

/* Blocks of `threads` needed to give one thread to each of n items. */
static inline unsigned blocks_for(size_t n, unsigned threads)
{
    return (unsigned)((n + threads - 1) / threads);
}

#endif
