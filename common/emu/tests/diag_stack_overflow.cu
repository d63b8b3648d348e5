/* Diagnostic: unbounded recursion in a kernel overflows the CUDA thread's
 * small stack into its guard page; the message says so and how to get a
 * bigger one. */
#include "expect.h"

//! run none fail -- kernel 'recurse' block (0,0,0) thread (1,0,0) overflowed its stack

__device__ int depth(volatile int *p, int n)
{
    volatile char pad[256];
    pad[0] = (char)n;
    return n == 0 ? *p : depth(p, n - 1) + pad[0];
}

__global__ void recurse(int *out)
{
    out[threadIdx.x] = depth(out, threadIdx.x == 1 ? 1 << 20 : 1);
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 2 * sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, 2 * sizeof(int)));
    recurse<<<1, 2>>>(d);
    return 0;
}
