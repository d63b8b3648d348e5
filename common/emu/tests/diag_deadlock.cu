/* Diagnostic: half a warp waits at a shuffle for lanes that wait at
 * __syncthreads: neither can go on. */
#include "expect.h"

//! run none pass -- deadlock: __shfl_sync with mask 0xffffffff waits for lane 16 (thread (16,0,0)), which waits at __syncthreads at

__global__ void stuck(int *out)
{
    int v = (int)threadIdx.x;
    if (threadIdx.x < 16)
        v = __shfl_sync(0xffffffffu, v, 0);
    else
        __syncthreads();
    out[threadIdx.x] = v;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 32 * sizeof(int)));
    stuck<<<1, 32>>>(d);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    return 0;
}
