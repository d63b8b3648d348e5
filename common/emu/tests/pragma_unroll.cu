/* #pragma unroll, as CUDA code writes it to keep a small array in
 * registers, compiles under the emulator (where g++ knows no such pragma)
 * and leaves the loops' results as they are. */
#include "expect.h"

//! run none pass

__global__ void sums(int *out)
{
    int squares[8];
#pragma unroll
    for (int i = 0; i < 8; i++)
        squares[i] = i * i;
    int sum = 0;
    #pragma unroll 4
    for (int i = 0; i < 8; i++)
        sum += squares[i];
    out[threadIdx.x] = sum + (int)threadIdx.x;
}

int main(void)
{
    int h[2], *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    sums<<<1, 2>>>(d);
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 140 && h[1] == 141);
    printf("pragma_unroll: ok\n");
    return 0;
}
