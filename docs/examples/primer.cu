/*
 * primer.cu: the examples of the GPU primer (docs/primer.md), in the
 * course's style. They belong to no lab and earn no points, so both
 * editions of the site can show them whole: the primer teaches with these
 * and never with a lab's graded kernels.
 *
 * docs/build.sh compiles this file for the CPU emulator and runs it; main
 * checks every example against the obvious serial answer and exits 1 on a
 * mismatch, so the code the primer shows is code that compiles and works.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cuda_check.h"

#define THREADS_PER_BLOCK 256
#define REVERSE_MAX 1024

/*
 * double_kernel: one thread per element, d_out[i] = 2 * d_in[i].
 *
 * Example: [3 1 7 0] -> [6 2 14 0]
 */
__global__ void double_kernel(const int *d_in, int *d_out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    d_out[i] = 2 * d_in[i];
}

/* double_all: launch double_kernel over n elements. */
cudaError_t double_all(const int *d_in, int *d_out, size_t n)
{
    if (n == 0)
        return cudaSuccess;
    double_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_in, d_out, n);
    return cudaGetLastError();
}

/*
 * reverse_block_kernel: reverse n <= REVERSE_MAX elements in one block,
 * one thread per element. Thread t stores element n - 1 - t, which thread
 * n - 1 - t loaded, so the barrier between the loads and the stores is
 * what makes it correct.
 *
 * Example: [3 1 7 0] -> [0 7 1 3]
 */
__global__ void reverse_block_kernel(const int *d_in, int *d_out, int n)
{
    __shared__ int tile[REVERSE_MAX];
    int t = threadIdx.x;
    if (t < n)
        tile[t] = d_in[t];
    // Every thread must reach the barrier, so it stays outside the ifs.
    __syncthreads();
    if (t < n)
        d_out[t] = tile[n - 1 - t];
}

/* reverse_block: launch reverse_block_kernel as one block of n threads. */
cudaError_t reverse_block(const int *d_in, int *d_out, size_t n)
{
    if (n == 0)
        return cudaSuccess;
    if (n > REVERSE_MAX)
        return cudaErrorInvalidValue;
    reverse_block_kernel<<<1, (unsigned)n>>>(d_in, d_out, (int)n);
    return cudaGetLastError();
}

/*
 * count_even_kernel: add to *d_count how many of d_in[0..n) are even.
 * Many threads add to one counter, so each add is an atomicAdd: a plain
 * `*d_count += 1` is a read, an add and a write, and two threads that
 * read the same old value lose one of the adds. Threads first add into
 * the block's own counter in shared memory (fast, and only the block's
 * threads contend), and one thread adds the block's count to the global
 * one: one global atomic a block instead of one a thread.
 *
 * Example: [3 1 8 0 4 1 6 3] -> *d_count += 4
 */
__global__ void count_even_kernel(const int *d_in, size_t n, unsigned *d_count)
{
    __shared__ unsigned block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && d_in[i] % 2 == 0)
        atomicAdd(&block_count, 1u);
    __syncthreads();
    if (threadIdx.x == 0)
        atomicAdd(d_count, block_count);
}

/*
 * warp_sum_kernel: d_out[w] = the sum of the 32 elements d_in[32w ..
 * 32w + 31], one warp each. The 32 lanes of a warp trade registers with
 * shuffles, without shared memory or a barrier: __shfl_down_sync(FULL,
 * v, d) gives lane l the v of lane l + d. After distances 16, 8, 4, 2
 * and 1, lane 0 holds the sum. Every lane of the mask must execute each
 * shuffle, so lanes past n bring a 0 instead of leaving early.
 *
 * Example, 8 lanes for short, distances 4, 2, 1:
 *   v        [1 2 3 4 5 6 7 8]
 *   +d=4     [6 8 10 12 ...]      lane 0: 1 + 5
 *   +d=2     [16 20 ...]          lane 0: 6 + 10
 *   +d=1     [36 ...]             lane 0: 16 + 20, the sum
 */
__global__ void warp_sum_kernel(const int *d_in, int *d_out, size_t n)
{
    const unsigned FULL = 0xffffffffu;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int v = i < n ? d_in[i] : 0;
    for (int d = warpSize / 2; d > 0; d /= 2)
        v += __shfl_down_sync(FULL, v, d);
    if (lane == 0 && i < n)
        d_out[i / warpSize] = v;
}

/* warp_sums: launch warp_sum_kernel, one sum per 32 elements (the last
 * of a partial group of them). */
cudaError_t warp_sums(const int *d_in, int *d_out, size_t n)
{
    if (n == 0)
        return cudaSuccess;
    warp_sum_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_in, d_out, n);
    return cudaGetLastError();
}

/*
 * double_on_stream: h_out = 2 * h_in through the GPU, the calls queued on
 * one stream. Each call returns at once; the stream runs them in order,
 * so the copy in is done before the kernel starts and the kernel before
 * the copy out. The host waits only at cudaStreamSynchronize, and the
 * events recorded around the kernel time it on the GPU's own clock.
 * (The host arrays here are ordinary memory, so the copies may not
 * overlap other work; cudaMallocHost memory lets them.)
 */
cudaError_t double_on_stream(const int *h_in, int *h_out, int *d_in, int *d_out, size_t n, float *kernel_ms)
{
    cudaStream_t stream;
    cudaEvent_t start, end;
    size_t bytes = n * sizeof(int);
    cudaError_t err = cudaStreamCreate(&stream);
    if (err != cudaSuccess)
        return err;
    cudaEventCreate(&start);
    cudaEventCreate(&end);
    cudaMemcpyAsync(d_in, h_in, bytes, cudaMemcpyHostToDevice, stream);
    cudaEventRecord(start, stream);
    double_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK, 0, stream>>>(d_in, d_out, n);
    cudaEventRecord(end, stream);
    cudaMemcpyAsync(h_out, d_out, bytes, cudaMemcpyDeviceToHost, stream);
    // Nothing above has waited; this waits for all of it, and reports the
    // first error of any call on the stream.
    err = cudaStreamSynchronize(stream);
    if (err == cudaSuccess)
        err = cudaEventElapsedTime(kernel_ms, start, end);
    cudaEventDestroy(start);
    cudaEventDestroy(end);
    cudaStreamDestroy(stream);
    return err;
}

/* ---- The self-check: each example on n values, against a serial loop ---- */

typedef cudaError_t (*example_fn)(const int *d_in, int *d_out, size_t n);

static void must(const char *what, cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "primer: %s failed: %s\n", what, cudaGetErrorName(err));
        exit(1);
    }
}

/* Run example on 0, 1, 2, ... n - 1 and compare its first out_n outputs
 * with expected(i, n). */
static void check(const char *name, example_fn example, int (*expected)(int i, int n), int n, int out_n)
{
    int in[REVERSE_MAX * 4], out[REVERSE_MAX * 4];
    int *d_in, *d_out;
    size_t bytes = (size_t)n * sizeof(int);
    for (int i = 0; i < n; i++)
        in[i] = i;
    must("cudaMalloc", cudaMalloc((void **)&d_in, bytes));
    must("cudaMalloc", cudaMalloc((void **)&d_out, bytes));
    must("cudaMemcpy", cudaMemcpy(d_in, in, bytes, cudaMemcpyHostToDevice));
    must(name, example(d_in, d_out, (size_t)n));
    must("cudaMemcpy", cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < out_n; i++) {
        if (out[i] != expected(i, n)) {
            fprintf(stderr, "primer: %s, n = %d: element %d is %d, expected %d\n", name, n, i, out[i],
                    expected(i, n));
            exit(1);
        }
    }
    must("cudaFree", cudaFree(d_in));
    must("cudaFree", cudaFree(d_out));
}

/* The even values of 0 .. n - 1, counted with count_even_kernel. */
static void check_count_even(int n)
{
    int in[REVERSE_MAX * 4];
    int *d_in;
    unsigned *d_count, count = 0;
    for (int i = 0; i < n; i++)
        in[i] = i;
    must("cudaMalloc", cudaMalloc((void **)&d_in, (size_t)n * sizeof(int)));
    must("cudaMalloc", cudaMalloc((void **)&d_count, sizeof(unsigned)));
    must("cudaMemcpy", cudaMemcpy(d_in, in, (size_t)n * sizeof(int), cudaMemcpyHostToDevice));
    must("cudaMemset", cudaMemset(d_count, 0, sizeof(unsigned)));
    count_even_kernel<<<blocks_for((size_t)n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_in, (size_t)n, d_count);
    must("count_even_kernel", cudaGetLastError());
    must("cudaMemcpy", cudaMemcpy(&count, d_count, sizeof(unsigned), cudaMemcpyDeviceToHost));
    if (count != (unsigned)(n + 1) / 2) {
        fprintf(stderr, "primer: count_even_kernel, n = %d: counted %u, expected %d\n", n, count, (n + 1) / 2);
        exit(1);
    }
    must("cudaFree", cudaFree(d_in));
    must("cudaFree", cudaFree(d_count));
}

/* double_on_stream on 0 .. n - 1, and a kernel time that is a time. */
static void check_stream(int n)
{
    int in[REVERSE_MAX * 4], out[REVERSE_MAX * 4];
    int *d_in, *d_out;
    float ms = -1;
    for (int i = 0; i < n; i++)
        in[i] = i;
    must("cudaMalloc", cudaMalloc((void **)&d_in, (size_t)n * sizeof(int)));
    must("cudaMalloc", cudaMalloc((void **)&d_out, (size_t)n * sizeof(int)));
    must("double_on_stream", double_on_stream(in, out, d_in, d_out, (size_t)n, &ms));
    for (int i = 0; i < n; i++) {
        if (out[i] != 2 * i) {
            fprintf(stderr, "primer: double_on_stream, n = %d: element %d is %d, expected %d\n", n, i, out[i], 2 * i);
            exit(1);
        }
    }
    if (!(ms >= 0)) {
        fprintf(stderr, "primer: double_on_stream: the kernel's time is %g ms\n", ms);
        exit(1);
    }
    must("cudaFree", cudaFree(d_in));
    must("cudaFree", cudaFree(d_out));
}

static int doubled(int i, int n)
{
    (void)n;
    return 2 * i;
}

static int reversed(int i, int n)
{
    return n - 1 - i;
}

/* Element w of warp_sums on 0 .. n - 1: 32w + (32w + 1) + ... up to n - 1. */
static int warp_summed(int w, int n)
{
    int sum = 0;
    for (int i = 32 * w; i < 32 * w + 32 && i < n; i++)
        sum += i;
    return sum;
}

int main(void)
{
    // Several blocks with a partial last one; one block, full and not.
    check("double_all", double_all, doubled, REVERSE_MAX * 4 - 3, REVERSE_MAX * 4 - 3);
    check("reverse_block", reverse_block, reversed, 1000, 1000);
    check("reverse_block", reverse_block, reversed, REVERSE_MAX, REVERSE_MAX);
    // 4093 elements: 127 full warps and one of 29.
    check("warp_sums", warp_sums, warp_summed, REVERSE_MAX * 4 - 3, (REVERSE_MAX * 4 - 3 + 31) / 32);
    check_count_even(REVERSE_MAX * 4 - 3);
    check_stream(REVERSE_MAX * 4 - 3);
    printf("primer: the examples match the serial answers\n");
    return 0;
}
