/* Diagnostic: launches a GPU refuses, with the GPU's error codes; they are
 * not sticky. */
#include "expect.h"

//! run none pass -- block (2048,1,1) has 2048 threads

__global__ void nothing(int *out) { out[0] = 1; }

int main(void)
{
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof(int)));
    nothing<<<1, 2048>>>(d);
    EXPECT(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    nothing<<<1, dim3(8, 8, 65)>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    nothing<<<0, 32>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    nothing<<<dim3(1, 65536), 32>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidConfiguration);
    nothing<<<1, 32, 49 * 1024>>>(d);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT(cudaFuncSetAttribute(nothing, cudaFuncAttributeMaxDynamicSharedMemorySize, 300000) ==
           cudaErrorInvalidValue);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue); /* that failure too */
    nothing<<<1, dim3(32, 32)>>>(d);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaDeviceSynchronize());
    return 0;
}
