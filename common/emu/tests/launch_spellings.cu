/* Every spelling of a launch that nvcc takes compiles and runs: the
 * brackets spaced as Visual Studio's formatter writes them (k << <g, b >> >),
 * spaces inside and around them, and a template kernel's. */
#include "expect.h"

//! run none pass

__global__ void add(int *out, int value) { atomicAdd(&out[threadIdx.x], value); }

template <int scale> __global__ void add_scaled(int *out) { atomicAdd(&out[threadIdx.x], scale); }

int main(void)
{
    int *d_out, h_out[4];
    EXPECT_OK(cudaMalloc((void **)&d_out, sizeof h_out));
    EXPECT_OK(cudaMemset(d_out, 0, sizeof h_out));
    // clang-format off
    add<<<1, 4>>>(d_out, 1);
    add << <1, 4 >> >(d_out, 2);
    add <<< 1, 4, 0 >>> (d_out, 4);
    add<< < 1, 4 >> >(d_out, 8);
    add_scaled<16> << <1, 4 >> >(d_out);
    // clang-format on
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 4; i++)
        EXPECT(h_out[i] == 1 + 2 + 4 + 8 + 16);
    EXPECT_OK(cudaFree(d_out));
    printf("launch spellings: ok\n");
    return 0;
}
