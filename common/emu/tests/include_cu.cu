/* include_cu.cu: a .cu file that includes another one, as the course's
 * fast references include lab 07's reference (solutions/NN-name/fast/):
 * nvcc-emu rewrites the included file's launches as well, and #line keeps
 * both files' names and lines. */
#include <string.h>

#include "expect.h"

#include "include_cu_launch.cu"

//! run none pass

__global__ void times_two(int *values)
{
    values[threadIdx.x] *= 2;
}

int main(void)
{
    int h[32], *d;
    for (int i = 0; i < 32; i++)
        h[i] = i;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    EXPECT_OK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    EXPECT(launch_add_one(d, 32) == 0);
    times_two<<<1, 32>>>(d);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        EXPECT(h[i] == 2 * (i + 1));
    EXPECT(strstr(included_file, "include_cu_launch.cu") != NULL);
    EXPECT(included_line == 17);
    EXPECT(__LINE__ == 33);
    EXPECT(strstr(__FILE__, "include_cu.cu") != NULL);
    return 0;
}
