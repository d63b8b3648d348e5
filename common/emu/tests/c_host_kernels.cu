/* The kernels behind c_host.c: a .cu file with an extern "C" interface,
 * the way the labs are built. (No run lines: c_host.c is the test.) */
#include <cuda_runtime.h>

__global__ void scale_kernel(const int *d_in, int *d_out, size_t n, int factor)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_out[i] = d_in[i] * factor;
}

extern "C" cudaError_t scale(const int *d_in, int *d_out, size_t n, int factor)
{
    scale_kernel<<<(unsigned)((n + 127) / 128), 128>>>(d_in, d_out, n, factor);
    return cudaGetLastError();
}

extern "C" cudaError_t launch_too_big(void)
{
    scale_kernel<<<1, 2048>>>(NULL, NULL, 0, 0);
    return cudaGetLastError();
}
