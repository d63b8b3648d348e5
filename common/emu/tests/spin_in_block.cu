/* Threads of one block waiting for each other through memory: thread 0
 * spins (with __nanosleep) until thread 1 has written a flag. Threads
 * switch at __nanosleep, so the flag comes in both orders. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse

__global__ void handshake(volatile int *flag, int *out)
{
    if (threadIdx.x == 1)
        *flag = 42;
    if (threadIdx.x == 0) {
        while (*flag == 0)
            __nanosleep(10);
        *out = *flag;
    }
}

int main(void)
{
    int *flag, *out, got = 0;
    EXPECT_OK(cudaMalloc((void **)&flag, sizeof *flag));
    EXPECT_OK(cudaMalloc((void **)&out, sizeof *out));
    EXPECT_OK(cudaMemset(flag, 0, sizeof *flag));
    handshake<<<1, 32>>>(flag, out);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 42);
    return 0;
}
