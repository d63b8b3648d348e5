/* Diagnostic: the threads of a block wait at two different __syncthreads. */
#include "expect.h"

//! run none pass -- divergent barrier: this thread waits at __syncthreads here, while thread (0,0,0) waits at __syncthreads at
//! run none pass -- diag_divergent_site.cu:13

__global__ void two_barriers(int *data)
{
    if (threadIdx.x < 16) {
        data[threadIdx.x] = 1;
        __syncthreads();
    } else {
        __syncthreads();
    }
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 32 * sizeof(int)));
    two_barriers<<<1, 32>>>(d);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    return 0;
}
