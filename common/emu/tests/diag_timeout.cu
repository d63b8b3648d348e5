/* Diagnostic: a thread spins on a flag another thread of its block sets
 * later. Threads switch only at barriers, warp operations and __nanosleep
 * here, so a loop without any never ends; the watchdog stops the program,
 * names the kernel, block and thread, and suggests __nanosleep. */
#include "expect.h"

//! run none fail SCANLAB_EMU_TIMEOUT=1 -- kernel 'spin' block (2,0,0) thread (0,0,0) made no progress for 1 s
//! run none fail SCANLAB_EMU_TIMEOUT=1 -- without __nanosleep in its loop never ends here

__global__ void spin(volatile int *flag)
{
    if (blockIdx.x < 2)
        return;
    if (threadIdx.x == 1)
        flag[blockIdx.x] = 1;
    while (flag[blockIdx.x] == 0)
        continue;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 4 * sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, 4 * sizeof(int)));
    spin<<<4, 2>>>(d);
    return 0;
}
