/* Planted bug: dynamic shared memory sized for blockDim.x ints, indexed
 * past it. The memory check fences off the rest of the buffer. */
#include "expect.h"

//! run memory fail -- bug_dynamic_shared_overrun.cu:12
//! run memory fail -- use-after-poison

__global__ void pairs(int *out)
{
    extern __shared__ int tile[];
    tile[threadIdx.x] = 1;
    tile[threadIdx.x + blockDim.x] = 2; /* needed 2 * blockDim.x ints */
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x];
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 32 * sizeof(int)));
    pairs<<<1, 32, 32 * sizeof(int)>>>(d);
    return 0;
}
