/* A vector access at an address that is not a multiple of its size: a
 * GPU stops the kernel with cudaErrorMisalignedAddress, and so does the
 * emulator (access.cpp), naming the line; x86 alone would load it. The
 * same load from an aligned address, and int by int from a misaligned
 * one, are fine. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none fail MISALIGNED=load -- diag_misaligned.cu:28: kernel 'copy_vectors' block (0,0,0) thread (0,0,0): misaligned address: a 16-byte load at
//! run none fail MISALIGNED=load -- which is not a multiple of 16. A GPU stops the kernel here with cudaErrorMisalignedAddress
//! run none fail MISALIGNED=load -- cudaDeviceSynchronize() gave cudaErrorMisalignedAddress
//! run none fail MISALIGNED=store SCANLAB_EMU_ORDER=reverse -- diag_misaligned.cu:29: kernel 'copy_vectors' block
//! run none fail MISALIGNED=store SCANLAB_EMU_ORDER=reverse -- thread (31,0,0): misaligned address: a 16-byte store at
//! run none fail MISALIGNED=int -- misaligned address: a 4-byte load at

__global__ void copy_vectors(const int *in, int *out, int by_int)
{
    size_t i = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 4;
    if (by_int) {
        for (int k = 0; k < 4; k++)
            out[i + k] = in[i + k];
        return;
    }
    int4 v = *(const int4 *)(in + i);
    *(int4 *)(out + i) = v;
}

int main(void)
{
    int *d_in, *d_out;
    EXPECT_OK(cudaMalloc((void **)&d_in, 1024 * sizeof(int) + 16));
    EXPECT_OK(cudaMalloc((void **)&d_out, 1024 * sizeof(int) + 16));
    const char *text = getenv("MISALIGNED");
    const char *in = (const char *)d_in;
    char *out = (char *)d_out;
    int by_int = 0;
    if (text && strcmp(text, "load") == 0)
        in += 4;
    else if (text && strcmp(text, "store") == 0)
        out += 8;
    else if (text && strcmp(text, "int") == 0)
        in += 2, by_int = 1;
    else
        in += 4, by_int = 1; /* int by int: each int is aligned */
    copy_vectors<<<2, 32>>>((const int *)in, (int *)out, by_int);
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        printf("cudaDeviceSynchronize() gave %s\n", cudaGetErrorName(err));
        return 1;
    }
    return 0;
}
