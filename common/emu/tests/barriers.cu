/* __syncthreads orders shared memory between the threads of a block, in
 * any thread order; the counting forms return the block-wide results. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:7
//! run race pass
//! run memory pass

/* Reverses each block's slice through shared memory. */
__global__ void reverse_block(int *data)
{
    __shared__ int tile[256];
    int *slice = data + blockIdx.x * blockDim.x;
    tile[threadIdx.x] = slice[threadIdx.x];
    __syncthreads();
    slice[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

__global__ void counts(int *out)
{
    int odd = threadIdx.x % 2;
    int results[5] = {__syncthreads_count(odd), __syncthreads_and(odd), __syncthreads_or(odd),
                      __syncthreads_and(1), __syncthreads_or(0)};
    if (threadIdx.x == 0)
        for (int i = 0; i < 5; i++)
            out[i] = results[i];
}

int main(void)
{
    enum { n = 4 * 256 };
    static int h[n];
    int *d;
    for (int i = 0; i < n; i++)
        h[i] = i;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    EXPECT_OK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    reverse_block<<<4, 256>>>(d);
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == i / 256 * 256 + 255 - i % 256);
    counts<<<1, 100>>>(d);
    EXPECT_OK(cudaMemcpy(h, d, 5 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 50 && h[1] == 0 && h[2] == 1 && h[3] == 1 && h[4] == 0);
    EXPECT_OK(cudaFree(d));
    printf("barriers: ok\n");
    return 0;
}
