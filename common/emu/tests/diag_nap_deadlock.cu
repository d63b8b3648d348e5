/* Diagnostic: thread 0 sleeps until a flag is set that thread 1 sets only
 * after a barrier thread 0 never reaches. Nothing else can happen in the
 * block, so it is reported as a deadlock at the __nanosleep line, at once
 * rather than after the watchdog's time-out. */
#include "expect.h"

//! run none pass SCANLAB_EMU_TIMEOUT=5 -- diag_nap_deadlock.cu:15: kernel 'stuck' block (0,0,0) thread (0,0,0): deadlock: this thread sleeps in a wait loop
//! run none pass -- The launch has no other block, and no thread of this one does anything but wait.
//! run race pass -- deadlock: this thread sleeps in a wait loop

__global__ void stuck(volatile int *flag)
{
    if (threadIdx.x == 0) {
        while (*flag == 0)
            __nanosleep(100);
    } else {
        __syncthreads();
        *flag = 1;
    }
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, sizeof(int)));
    stuck<<<1, 64>>>(d);
    EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
    EXPECT(cudaGetLastError() == cudaErrorLaunchFailure); /* sticky */
    return 0;
}
