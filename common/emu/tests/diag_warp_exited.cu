/* Diagnostic: a full-warp shuffle after some lanes returned. */
#include "expect.h"

//! run none pass -- diag_warp_exited.cu:13: kernel 'reduce' block (0,0,0) thread (0,0,0): __shfl_down_sync: mask 0xffffffff names lane 20 (thread (20,0,0)), which has exited

__global__ void reduce(const int *in, int *out, int n)
{
    int i = (int)threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (i == 0)
        *out = v;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 32 * sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, 32 * sizeof(int)));
    reduce<<<1, 32>>>(d, d, 20);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    return 0;
}
