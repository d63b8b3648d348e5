/*
 * blelloch.h: a Blelloch (work-efficient) exclusive scan of tiles of
 * 2 * blockDim.x ints in shared memory, one tile per block, and a host
 * check of its result. With BLELLOCH_PLANTED_BUG the down-sweep loses its
 * barrier: each level then reads what the level before may not have
 * written yet.
 *
 * nvcc-emu rewrites only the .cu file it compiles, so this header has no
 * launch and no extern __shared__: the including .cu file launches
 * run_blelloch's kernel through the function it passes.
 */
#ifndef SCANLAB_EMU_TEST_BLELLOCH_H
#define SCANLAB_EMU_TEST_BLELLOCH_H

#include <stdio.h>

__global__ void blelloch_tile_scan(int *d_data)
{
    __shared__ int tile[2048];
    unsigned t = threadIdx.x, n = 2 * blockDim.x;
    int *slice = d_data + (size_t)blockIdx.x * n;
    tile[2 * t] = slice[2 * t];
    tile[2 * t + 1] = slice[2 * t + 1];
    unsigned offset = 1;
    for (unsigned active = n / 2; active > 0; active /= 2) { /* up-sweep */
        __syncthreads();
        if (t < active)
            tile[offset * (2 * t + 2) - 1] += tile[offset * (2 * t + 1) - 1];
        offset *= 2;
    }
    if (t == 0)
        tile[n - 1] = 0;
    for (unsigned active = 1; active < n; active *= 2) { /* down-sweep */
        offset /= 2;
#ifndef BLELLOCH_PLANTED_BUG
        __syncthreads();
#endif
        if (t < active) {
            unsigned left = offset * (2 * t + 1) - 1, right = offset * (2 * t + 2) - 1;
            int value = tile[left];
            tile[left] = tile[right];
            tile[right] += value;
        }
    }
    __syncthreads();
    slice[2 * t] = tile[2 * t];
    slice[2 * t + 1] = tile[2 * t + 1];
}

/* Launches blelloch_tile_scan<<<tiles, threads>>>(d_data). */
typedef void (*blelloch_launcher)(unsigned tiles, unsigned threads, int *d_data);

/* Scans `tiles` tiles of 2 * threads ints of pseudo-random data; returns
 * 0 if every tile holds its exclusive scan, else 1 after naming the first
 * mismatch. */
static inline int run_blelloch(blelloch_launcher launch, unsigned tiles, unsigned threads)
{
    size_t n = (size_t)tiles * 2 * threads;
    int *h = (int *)malloc(n * sizeof(int)), *d;
    for (size_t i = 0; i < n; i++)
        h[i] = (int)(i * 7919 % 13);
    if (cudaMalloc((void **)&d, n * sizeof(int)) != cudaSuccess)
        return 1;
    cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
    launch(tiles, threads, d);
    cudaError_t err = cudaGetLastError();
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    if (err != cudaSuccess) {
        printf("launch failed: %s\n", cudaGetErrorString(err));
        return 1;
    }
    int sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % (2 * threads) == 0)
            sum = 0;
        if (h[i] != sum) {
            printf("mismatch at index %zu: expected %d, got %d\n", i, sum, h[i]);
            free(h);
            return 1;
        }
        sum += (int)(i * 7919 % 13);
    }
    free(h);
    return 0;
}

#endif
