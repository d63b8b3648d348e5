/* Threads of one block waiting for each other through memory: thread 0
 * sleeps (__nanosleep) until thread 1 has written a flag. Threads switch
 * at __nanosleep, so the flag comes in every order, and a thread that
 * slept goes on on its own fiber (its own ThreadSanitizer thread with the
 * race check). Only barriers, warp operations and atomics order CUDA
 * threads for the race check, so a volatile flag is reported there as a
 * race; SPIN_FLAG=atomic hands it over with atomics, which is not. */
#include <stdlib.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:5
//! run memory pass SCANLAB_EMU_ORDER=reverse
//! run race pass SPIN_FLAG=atomic
//! run race pass SPIN_FLAG=atomic SCANLAB_EMU_ORDER=reverse
//! run race fail -- ThreadSanitizer: data race

__global__ void handshake(int *flag, int *out, int atomic)
{
    volatile int *v = flag;
    if (threadIdx.x == 1) {
        if (atomic)
            atomicExch(flag, 42);
        else
            *v = 42;
    }
    if (threadIdx.x == 0) {
        int seen;
        while ((seen = atomic ? atomicAdd(flag, 0) : *v) == 0)
            __nanosleep(10);
        out[threadIdx.x] = seen;
    }
}

int main(void)
{
    int *flag, *out, got = 0;
    const char *text = getenv("SPIN_FLAG");
    EXPECT_OK(cudaMalloc((void **)&flag, sizeof *flag));
    EXPECT_OK(cudaMalloc((void **)&out, sizeof *out));
    EXPECT_OK(cudaMemset(flag, 0, sizeof *flag));
    handshake<<<1, 32>>>(flag, out, text != NULL && text[0] == 'a');
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 42);
    return 0;
}
