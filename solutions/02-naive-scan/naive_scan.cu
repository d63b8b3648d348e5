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
// BEGIN GUIDED
 *         make run LAB=02 N=16     print every step for one array
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
// END GUIDED
// BEGIN OPEN
//@  *         make run LAB=02 N=16     print both scans of one array
//@  *
//@  * The two functions below are yours, and the kernels they launch: add
//@  * them to this file. Replace each stub with your code and delete its
//@  * TODO_STUDENT() call.
// END OPEN
 */
#include "cuda_check.h"
#include "scan.h"
#include "todo.h"

// BEGIN GUIDED
#define THREADS_PER_BLOCK 256

/*
 * naive_step_kernel: one thread per element, one step of the scan.
 * A step must read only the previous step's values, so it reads d_in and
 * writes d_out, never the same array: in place, thread i could read
 * d_in[i - offset] after thread i - offset had already overwritten it.
 */
__global__ void naive_step_kernel(const int *d_in, int *d_out, size_t n, size_t offset)
{
    // BEGIN SOLUTION
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    d_out[i] = i >= offset ? d_in[i - offset] + d_in[i] : d_in[i];
    // END SOLUTION
    //@ // TODO(student): compute this thread's index i; threads past n do nothing.
    //@ (void)d_in; (void)d_out; (void)n; (void)offset;
}

/*
 * scan_naive_step: launch naive_step_kernel over n elements.
 *
 * Example (offset 2): [3 4 8 7 4 5 7 9] -> [3 4 11 11 12 12 11 14]
 */
cudaError_t scan_naive_step(const int *d_in, int *d_out, size_t n, size_t offset)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // BEGIN SOLUTION
    naive_step_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_in, d_out, n, offset);
    return cudaGetLastError();
    // END SOLUTION
    //@ // TODO(student): one thread per element, THREADS_PER_BLOCK per block.
    //@ (void)offset;
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

// END GUIDED
/*
 * scan_inclusive_naive: the whole scan, one launch per step, for any n.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [3 4 11 11 15 16 22 25]
 *
// BEGIN OPEN
//@  * d_in is never written.
// END OPEN
// BEGIN GUIDED
 * Steps alternate between two buffers (ping-pong): step 1 reads d_in and
 * writes one of them, every later step reads the buffer the previous step
 * wrote. Pick the first buffer so that the last step writes d_out; the
 * other is a temporary you allocate and free. d_in is never written.
// END GUIDED
 */
cudaError_t scan_inclusive_naive(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // BEGIN SOLUTION
    if (n == 1)
        return cudaMemcpy(d_out, d_in, sizeof(int), cudaMemcpyDeviceToDevice);

    int steps = 0;
    for (size_t offset = 1; offset < n; offset *= 2)
        steps++;

    int *d_temp;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_temp, n * sizeof(int)));
    // Step k writes buffer[k % 2]. With an odd number of steps buffer 0
    // must be d_out, so that the last step writes it.
    int *buffer[2] = {d_out, d_temp};
    if (steps % 2 == 0) {
        buffer[0] = d_temp;
        buffer[1] = d_out;
    }
    const int *d_read = d_in;
    cudaError_t err = cudaSuccess;
    size_t offset = 1;
    for (int step = 0; step < steps && err == cudaSuccess; step++, offset *= 2) {
        err = scan_naive_step(d_read, buffer[step % 2], n, offset);
        d_read = buffer[step % 2];
    }
    cudaError_t free_err = cudaFree(d_temp);
    return err != cudaSuccess ? err : free_err;
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): steps with offset 1, 2, 4, ... while offset < n.
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): the scan, a kernel launch per step.
    // END OPEN
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

// BEGIN GUIDED
/*
 * naive_block_kernel: the same steps inside one block, in shared memory.
 * One thread per element (blockDim.x >= n). Two shared arrays take the
 * place of the two global buffers; __syncthreads() between steps makes
 * every thread finish writing one step before any thread reads it.
 */
__global__ void naive_block_kernel(const int *d_in, int *d_out, int n)
{
    // BEGIN SOLUTION
    __shared__ int buffer[2][SCAN_NAIVE_BLOCK_MAX];
    int i = threadIdx.x;
    int read = 0;
    if (i < n)
        buffer[read][i] = d_in[i];
    __syncthreads();
    for (int offset = 1; offset < n; offset *= 2) {
        int write = 1 - read;
        if (i < n)
            buffer[write][i] = i >= offset ? buffer[read][i - offset] + buffer[read][i]
                                           : buffer[read][i];
        // Every thread must reach this barrier, so it stays outside the
        // if: a barrier that only some threads reach is undefined.
        __syncthreads();
        read = write;
    }
    if (i < n)
        d_out[i] = buffer[read][i];
    // END SOLUTION
    //@ // TODO(student): load, log2(n) steps with a barrier after each, store.
    //@ (void)d_in; (void)d_out; (void)n;
}

// END GUIDED
/*
// BEGIN GUIDED
 * scan_inclusive_naive_block: launch naive_block_kernel as a single block.
// END GUIDED
// BEGIN OPEN
//@  * scan_inclusive_naive_block: the same scan in one block, its steps in
//@  * shared memory, a barrier between them.
// END OPEN
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
    // BEGIN SOLUTION
    // Round the block up to whole warps; the extra threads take part in
    // the barriers but touch no element.
    unsigned threads = (unsigned)((n + 31) / 32 * 32);
    naive_block_kernel<<<1, threads>>>(d_in, d_out, (int)n);
    return cudaGetLastError();
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): one block with at least n threads.
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): one launch of one block.
    // END OPEN
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}
