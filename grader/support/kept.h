/*
 * kept.h: device memory that the grader's provided.cu of labs 05 and 06 keep
 * from call to call, for lab 08 and the scanzip tool.
 *
 * A compressor calls rle_encode, pack_encode and the decoders once per
 * chunk, many chunks a file; a cudaMalloc and a cudaFree (which waits for
 * the GPU) of temporary storage on every call cost more than the chunk's
 * kernels. A kept buffer grows when a call needs more, its contents lost,
 * and is freed when the program exits, so that a leak checker
 * (compute-sanitizer --leak-check full) finds nothing. One call at a
 * time: none of these functions is meant to run on two threads at once.
 *
 *     static struct provided_kept temp;
 *     void *d_temp;
 *     RETURN_IF_CUDA_ERROR(provided_kept_at_least(&temp, bytes, &d_temp));
 *
 * Labs 03's and 04's provided.cu allocate per call, as before: labs 04
 * to 06 time a student's code on top of them, and their timings were
 * measured so.
 *
 * On a GPU (PROVIDED_USE_CUB, set here for both files) the exclusive sums
 * are CUB's, their temporary storage kept (provided_exclusive_sum).
 */
#ifndef GRADER_PROVIDED_KEPT_H
#define GRADER_PROVIDED_KEPT_H

#include <stdint.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

/* As in lab 03's provided.cu: either macro means "no real GPU, no CUB". */
#if defined(SCANLAB_EMU) || defined(SCANLAB_EMULATOR)
#define PROVIDED_USE_CUB 0
#else
#define PROVIDED_USE_CUB 1
#include <cub/cub.cuh>
#endif

struct provided_kept {
    void *d;
    size_t bytes;
    int registered; /* listed for the exit handler */
};

/* Every kept buffer of this file, for the exit handler. */
#define PROVIDED_KEPT_MAX 8
static struct provided_kept *provided_kept_list[PROVIDED_KEPT_MAX];
static int provided_kept_count;

static void provided_kept_free_all(void)
{
    for (int k = 0; k < provided_kept_count; k++) {
        cudaFree(provided_kept_list[k]->d);
        provided_kept_list[k]->d = NULL;
        provided_kept_list[k]->bytes = 0;
    }
}

/* *d_out: at least `bytes` of device memory (1 when bytes is 0). */
static inline cudaError_t provided_kept_at_least(struct provided_kept *kept, size_t bytes, void **d_out)
{
    if (bytes == 0)
        bytes = 1;
    if (bytes > kept->bytes) {
        if (!kept->registered && provided_kept_count < PROVIDED_KEPT_MAX) { /* freed at exit */
            if (provided_kept_count == 0)
                atexit(provided_kept_free_all);
            provided_kept_list[provided_kept_count++] = kept;
            kept->registered = 1;
        }
        cudaFree(kept->d);
        kept->d = NULL;
        kept->bytes = 0;
        cudaError_t err = cudaMalloc(&kept->d, bytes);
        if (err != cudaSuccess)
            return err;
        kept->bytes = bytes;
    }
    *d_out = kept->d;
    return cudaSuccess;
}

#if PROVIDED_USE_CUB
/* CUB's exclusive sum of d_in[0..n) into d_out, in its usual two calls
 * (the first sizes the temporary storage, which temp keeps). Unsigned:
 * lab 05 sums its int counts as the same bits, their sums below INT_MAX. */
static inline cudaError_t provided_exclusive_sum(struct provided_kept *temp, const uint32_t *d_in, uint32_t *d_out,
                                                 size_t n)
{
    void *d_temp = NULL;
    size_t temp_bytes = 0;
    cudaError_t err = cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_in, d_out, (int)n);
    if (err == cudaSuccess)
        err = provided_kept_at_least(temp, temp_bytes, &d_temp);
    if (err == cudaSuccess)
        err = cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_in, d_out, (int)n);
    if (err == cudaSuccess)
        err = cudaGetLastError();
    return err;
}
#endif

#endif
