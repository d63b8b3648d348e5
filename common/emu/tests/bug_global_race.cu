/* Planted bug: an in-place step over global memory in a kernel without
 * barriers: each thread reads its neighbour's element, which the
 * neighbour overwrites. The race check reports it although such threads
 * never wait (and, without the check, share one stack). */
#include "expect.h"

//! run race fail -- bug_global_race.cu:13
//! run race fail -- CUDA block (0,0,0) thread

__global__ void shift_in_place(int *data, int n)
{
    int i = (int)threadIdx.x;
    int next = i + 1 < n ? data[i + 1] : 0;
    data[i] = next;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 64 * sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, 64 * sizeof(int)));
    shift_in_place<<<1, 64>>>(d, 64);
    EXPECT_OK(cudaDeviceSynchronize());
    return 0;
}
