/* Diagnostic: a full mask in a block whose last warp is partial, and a
 * mask that leaves out the calling lane. */
#include "expect.h"

//! run none pass -- mask 0xffffffff names lane 8, but the block has only 40 threads
//! run none pass -- diag_warp_partial.cu:15: kernel 'not_in_mask' block (0,0,0) thread (1,0,0): __ballot_sync: mask 0x00000001 does not name the calling lane 1

__global__ void all_lanes(int *out)
{
    out[threadIdx.x] = __shfl_xor_sync(0xffffffffu, (int)threadIdx.x, 1);
}

__global__ void not_in_mask(int *out)
{
    out[threadIdx.x] = (int)__ballot_sync(1u, 1);
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 64 * sizeof(int)));
    all_lanes<<<1, 40>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
    EXPECT_OK(cudaDeviceReset());
    EXPECT_OK(cudaMalloc((void **)&d, 64 * sizeof(int)));
    not_in_mask<<<1, 2>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
    return 0;
}
