/* Diagnostic: threads that return before a __syncthreads the others wait
 * at. A GPU since Volta counts exited threads as arrived, and the kernel
 * runs on: so does the emulator, with a warning, and the results judge.
 * The race check reports it, quoting the Programming Guide's rule, and the
 * launch fails with a sticky cudaErrorLaunchFailure, as a faulting kernel
 * does on a GPU; later launches do not run. */
#include <stdlib.h>

#include "expect.h"

//! run none pass -- diag_divergent_exit.cu:22: kernel 'early_exit' block (1,0,0) thread (48,0,0): warning: divergent __syncthreads
//! run none pass -- the race check (CHECK=race) reports it
//! run race pass STOPS=1 -- diag_divergent_exit.cu:22: kernel 'early_exit' block (1,0,0) thread (48,0,0): divergent __syncthreads
//! run race pass STOPS=1 -- only if the conditional evaluates identically across the entire thread block

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
    int *d, out[128];
    EXPECT_OK(cudaMalloc((void **)&d, 128 * sizeof(int)));
    EXPECT_OK(cudaMemset(d, 0, 128 * sizeof(int)));
    early_exit<<<2, 64>>>(d, 112);
    if (getenv("STOPS") != NULL) { /* the race check's build */
        EXPECT(cudaGetLastError() == cudaErrorLaunchFailure);
        EXPECT(cudaGetLastError() == cudaErrorLaunchFailure); /* sticky */
        EXPECT(cudaDeviceSynchronize() == cudaErrorLaunchFailure);
        EXPECT(cudaMalloc((void **)&d, 4) == cudaErrorLaunchFailure);
        EXPECT_OK(cudaDeviceReset());
        EXPECT_OK(cudaMalloc((void **)&d, 128 * sizeof(int)));
    } else { /* as on a GPU: the threads that stayed got past the barrier */
        EXPECT_OK(cudaGetLastError());
        EXPECT_OK(cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost));
        for (int i = 0; i < 128; i++)
            EXPECT(out[i] == (i < 112 ? 2 : 0));
    }
    early_exit<<<2, 64>>>(d, 128);
    EXPECT_OK(cudaGetLastError());
    return 0;
}
