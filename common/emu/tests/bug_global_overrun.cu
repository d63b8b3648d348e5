/* Planted bug: the last thread writes one int past the end of its
 * cudaMalloc buffer (a bounds check with <= instead of <). */
#include "expect.h"

//! run memory fail -- bug_global_overrun.cu:12
//! run memory fail -- heap-buffer-overflow

__global__ void fill(int *out, int n)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (i <= n)
        out[i] = i;
}

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, 100 * sizeof(int)));
    fill<<<1, 128>>>(d, 100);
    return 0;
}
