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

/* ---- The self-check: each example on n values, against a serial loop ---- */

typedef cudaError_t (*example_fn)(const int *d_in, int *d_out, size_t n);

static void must(const char *what, cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "primer: %s failed: %s\n", what, cudaGetErrorName(err));
        exit(1);
    }
}

/* Run example on 0, 1, 2, ... n - 1 and compare with expected(i, n). */
static void check(const char *name, example_fn example, int (*expected)(int i, int n), int n)
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
    for (int i = 0; i < n; i++) {
        if (out[i] != expected(i, n)) {
            fprintf(stderr, "primer: %s, n = %d: element %d is %d, expected %d\n", name, n, i, out[i],
                    expected(i, n));
            exit(1);
        }
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

int main(void)
{
    // Several blocks with a partial last one; one block, full and not.
    check("double_all", double_all, doubled, REVERSE_MAX * 4 - 3);
    check("reverse_block", reverse_block, reversed, 1000);
    check("reverse_block", reverse_block, reversed, REVERSE_MAX);
    printf("primer: the examples match the serial answers\n");
    return 0;
}
