/* printf works in kernels (on each thread's own small stack). */
#include "expect.h"

//! run none pass -- hello from block 1 thread 2 of 3
//! run memory pass -- hello from block 0 thread 0 of 3
//! run race pass -- hello from block 1 thread 0 of 3

__global__ void hello(double x)
{
    printf("hello from block %u thread %u of %u (%.1f)\n", blockIdx.x, threadIdx.x, blockDim.x, x);
}

int main(void)
{
    hello<<<2, 3>>>(1.5);
    EXPECT_OK(cudaDeviceSynchronize());
    return 0;
}
