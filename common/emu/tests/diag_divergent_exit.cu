/* Diagnostic: threads that return before a __syncthreads the others wait
 * at. The launch fails with a sticky cudaErrorLaunchFailure, as a faulting
 * kernel does on a GPU; later launches do not run. */
#include "expect.h"

//! run none pass -- diag_divergent_exit.cu:15: kernel 'early_exit' block (1,0,0) thread (48,0,0): divergent __syncthreads
//! run race pass -- divergent __syncthreads

__global__ void early_exit(int *data, int n)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i >= n)
        return; /* the bug: the last block's extra threads leave */
    data[i] += 1;
    __syncthreads();
    data[i] += 1;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 128 * sizeof(int)));
    early_exit<<<2, 64>>>(d, 112);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure); /* sticky */
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaMalloc((void **)&d, 4) == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    EXPECT_OK(cudaMalloc((void **)&d, 128 * sizeof(int)));
    early_exit<<<2, 64>>>(d, 128);
    EXPECT_OK(cudaGetLastError());
    return 0;
}
