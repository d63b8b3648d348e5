/* A kernel that reaches a barrier only in some blocks, and only after
 * running barrier-free blocks: threads start as plain calls and get
 * fibers of their own only when they wait (see src/block.cpp). */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run race pass

__global__ void sometimes(int *data, unsigned sync_from)
{
    __shared__ int tile[128];
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x < sync_from) {
        data[i] = (int)i;
        return;
    }
    tile[threadIdx.x] = (int)i;
    __syncthreads();
    data[i] = tile[blockDim.x - 1 - threadIdx.x];
}

int main(void)
{
    enum { blocks = 6, threads = 128 };
    static int h[blocks * threads];
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    sometimes<<<blocks, threads>>>(d, 3);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (unsigned i = 0; i < blocks * threads; i++) {
        unsigned b = i / threads, t = i % threads;
        EXPECT(h[i] == (int)(b < 3 ? i : b * threads + threads - 1 - t));
    }
    printf("barrier later: ok\n");
    return 0;
}
