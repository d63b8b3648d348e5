/* C11 host code, compiled by gcc with only <cuda_runtime_api.h>, calling
 * kernels through an extern "C" interface: the labs' tests look like this.
 * A block of 2048 threads is refused with cudaErrorInvalidConfiguration. */
#include <stdio.h>

#include <cuda_runtime_api.h>

#include "expect.h"

//! run none pass -- launch of kernel 'scale_kernel' fails with cudaErrorInvalidConfiguration

cudaError_t scale(const int *d_in, int *d_out, size_t n, int factor);
cudaError_t launch_too_big(void);

int main(void)
{
    enum { n = 1000 };
    static int h[n];
    int *d_in, *d_out;
    struct cudaDeviceProp prop;
    dim3 shape = {2, 1, 1};
    for (int i = 0; i < n; i++)
        h[i] = i;
    EXPECT_OK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(shape.x == 2 && prop.maxGridSize[1] == 65535);
    EXPECT_OK(cudaMalloc((void **)&d_in, sizeof h));
    EXPECT_OK(cudaMalloc((void **)&d_out, sizeof h));
    EXPECT_OK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    EXPECT_OK(scale(d_in, d_out, n, 3));
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        EXPECT(h[i] == 3 * i);
    /* A configuration error is not sticky: later calls succeed. */
    EXPECT(launch_too_big() == cudaErrorInvalidConfiguration);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(scale(d_in, d_out, n, 1));
    EXPECT_OK(cudaFree(d_in));
    EXPECT_OK(cudaFree(d_out));
    printf("C host: ok\n");
    return 0;
}
