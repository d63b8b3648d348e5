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

/* The guard clauses each function of the labs' contracts opens with (after
 * its own checks of sizes and options, if any): with nothing to do
 * (`empty`, e.g. n == 0) it returns cudaSuccess, whatever the pointers;
 * else a NULL pointer among the rest is cudaErrorInvalidValue.
 *
 *     RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
 *     n = 0, d_in = NULL   ->  return cudaSuccess
 *     n = 5, d_out = NULL  ->  return cudaErrorInvalidValue
 *     n = 5, both set      ->  go on
 */
#define RETURN_IF_EMPTY_OR_NULL(empty, ...)                                   \
    do {                                                                      \
        if (empty)                                                            \
            return cudaSuccess;                                               \
        const void *const cuda_check_pointers_[] = {__VA_ARGS__};             \
        for (size_t cuda_check_i_ = 0;                                        \
             cuda_check_i_ < sizeof cuda_check_pointers_ / sizeof *cuda_check_pointers_; \
             cuda_check_i_++)                                                 \
            if (cuda_check_pointers_[cuda_check_i_] == NULL)                  \
                return cudaErrorInvalidValue;                                 \
    } while (0)

/* Blocks of `threads` needed to give one thread to each of n items. */
static inline unsigned blocks_for(size_t n, unsigned threads)
{
    return (unsigned)((n + threads - 1) / threads);
}

#endif
