/*
 * emu_bench.cu: how fast the CPU emulator runs CUDA threads, on one core.
 *
 *   make emu-bench
 *
 * Two kinds of kernel: a Blelloch tile scan in shared memory, where every
 * thread waits at about 2 log2(tile) barriers and so needs a fiber of its
 * own, and a barrier-free element-wise kernel, whose blocks run as plain
 * loops. Each rate is CUDA threads per second of wall time, the best of a
 * few runs, with the output checked once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* blelloch_tile_scan: the emulator tests' Blelloch tile scan, timed here. */
#include "../tests/blelloch.h"

__global__ void axpy(const int *d_x, int *d_y, size_t n, int a)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_y[i] = a * d_x[i] + d_y[i];
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The best of three runs of a launch, in CUDA threads per second. */
#define RATE(threads, launch)                                                 \
    ({                                                                        \
        double best = 1e30;                                                   \
        for (int run = 0; run < 3; run++) {                                   \
            double start = seconds();                                         \
            launch;                                                           \
            cudaDeviceSynchronize();                                          \
            double took = seconds() - start;                                  \
            best = took < best ? took : best;                                 \
        }                                                                     \
        (double)(threads) / best;                                             \
    })

static int check(cudaError_t err, const char *what)
{
    if (err != cudaSuccess)
        fprintf(stderr, "emu_bench: %s: %s\n", what, cudaGetErrorString(err));
    return err != cudaSuccess;
}

/* Scans tiles of ones once and checks the result: each tile holds 0, 1, ... */
static int check_scan(int *d, int *h, size_t n, unsigned threads)
{
    for (size_t i = 0; i < n; i++)
        h[i] = 1;
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    blelloch_tile_scan<<<(unsigned)(n / (2 * threads)), threads>>>(d);
    if (check(cudaGetLastError(), "blelloch_tile_scan"))
        return 1;
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    for (size_t i = 0; i < n; i++)
        if (h[i] != (int)(i % (2 * threads))) {
            fprintf(stderr, "emu_bench: wrong scan at %zu\n", i);
            return 1;
        }
    return 0;
}

int main(void)
{
    const size_t n = (size_t)1 << 22;
    int *h = (int *)malloc(n * sizeof(int)), *d_x, *d_y;
    if (check(cudaMalloc((void **)&d_x, n * sizeof(int)), "cudaMalloc") ||
        check(cudaMalloc((void **)&d_y, n * sizeof(int)), "cudaMalloc"))
        return 1;
    printf("ScanLab CPU emulator, one core, CUDA threads per second:\n");
    for (unsigned threads = 256; threads <= 1024; threads *= 4) {
        if (check_scan(d_x, h, n, threads))
            return 1;
        unsigned tiles = (unsigned)(n / (2 * threads));
        double rate = RATE((double)tiles * threads,
                           blelloch_tile_scan<<<tiles, threads>>>(d_x));
        printf("  barrier-heavy (Blelloch tile scan, %4u threads a block, %2d barriers): %6.1f M/s\n",
               threads, 2 * __builtin_ctz(2 * threads) + 2, rate / 1e6);
    }
    double rate = RATE(n, axpy<<<(unsigned)(n / 256), 256>>>(d_x, d_y, n, 3));
    printf("  barrier-free  (y = a x + y,                256 threads a block):   %6.1f M/s\n",
           rate / 1e6);
    cudaFree(d_x);
    cudaFree(d_y);
    free(h);
    return check(cudaGetLastError(), "axpy");
}
