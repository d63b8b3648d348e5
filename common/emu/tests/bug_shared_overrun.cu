/* Planted bug: a shared array indexed one past its end; the memory check
 * reports it with the line. */
#include "expect.h"

//! run memory fail -- bug_shared_overrun.cu:14
//! run memory fail -- global-buffer-overflow
//! run memory fail -- block (0,0,0) thread (63,0,0)

__global__ void shift(int *out)
{
    __shared__ int tile[64];
    tile[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x + 1]; /* thread 63 reads tile[64] */
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 64 * sizeof(int)));
    shift<<<1, 64>>>(d);
    return 0;
}
