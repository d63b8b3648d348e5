/*
 * Lab 02: the naive parallel scan (Hillis and Steele, 1986).
 *
 * Goal:   an inclusive scan in log2(n) steps. In step k every element adds
 *         the one 2^k places to its left, so after the step element i holds
 *         the sum of the 2^(k+1) elements ending at i:
 *
 *             in          [3  1  7  0  4  1  6  3]
 *             offset 1    [3  4  8  7  4  5  7  9]
 *             offset 2    [3  4 11 11 12 12 11 14]
 *             offset 4    [3  4 11 11 15 16 22 25]   = inclusive scan
 *
 *         Each step does about n additions, log2(n) times: O(n log n) work
 *         where the serial loop does O(n). Lab 03 removes that extra work.
 * Rules:  CUDA C; no Thrust, CUB or other scan libraries.
 * Build:  make grade LAB=02        grade this file
 *         make run LAB=02 N=16     print every step for one array
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
 */
#include "cuda_check.h"
#include "scan.h"
#include "todo.h"

#define THREADS_PER_BLOCK 256

/*
 * naive_step_kernel: one thread per element, one step of the scan.
 * A step must read only the previous step's values, so it reads d_in and
 * writes d_out, never the same array: in place, thread i could read
 * d_in[i - offset] after thread i - offset had already overwritten it.
 */
__global__ void naive_step_kernel(const int *d_in, int *d_out, size_t n, size_t offset)
{
    // TODO(student): compute this thread's index i; threads past n do nothing.
    (void)d_in; (void)d_out; (void)n; (void)offset;
}

/*
 * scan_naive_step: launch naive_step_kernel over n elements.
 *
 * Example (offset 2): [3 4 8 7 4 5 7 9] -> [3 4 11 11 12 12 11 14]
 */
cudaError_t scan_naive_step(const int *d_in, int *d_out, size_t n, size_t offset)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // TODO(student): one thread per element, THREADS_PER_BLOCK per block.
    (void)offset;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * scan_inclusive_naive: the whole scan, one launch per step, for any n.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [3 4 11 11 15 16 22 25]
 *
 * Steps alternate between two buffers (ping-pong): step 1 reads d_in and
 * writes one of them, every later step reads the buffer the previous step
 * wrote. Pick the first buffer so that the last step writes d_out; the
 * other is a temporary you allocate and free. d_in is never written.
 */
cudaError_t scan_inclusive_naive(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // TODO(student): steps with offset 1, 2, 4, ... while offset < n.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * naive_block_kernel: the same steps inside one block, in shared memory.
 * One thread per element (blockDim.x >= n). Two shared arrays take the
 * place of the two global buffers; __syncthreads() between steps makes
 * every thread finish writing one step before any thread reads it.
 */
__global__ void naive_block_kernel(const int *d_in, int *d_out, int n)
{
    // TODO(student): load, log2(n) steps with a barrier after each, store.
    (void)d_in; (void)d_out; (void)n;
}

/*
 * scan_inclusive_naive_block: launch naive_block_kernel as a single block.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [3 4 11 11 15 16 22 25]
 *
 * n > SCAN_NAIVE_BLOCK_MAX returns cudaErrorInvalidValue: a block has at
 * most 1024 threads, and blocks cannot wait for each other.
 */
cudaError_t scan_inclusive_naive_block(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    if (n > SCAN_NAIVE_BLOCK_MAX)
        return cudaErrorInvalidValue;
    // TODO(student): one block with at least n threads.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}
