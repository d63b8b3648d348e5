/* Grids and blocks in 1, 2 and 3 dimensions: every thread sees its own
 * threadIdx and blockIdx, and the launch's blockDim and gridDim. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:42

/* Each thread writes its coordinates at its linear position. */
__global__ void record(uint4 *out)
{
    unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    unsigned thread = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
    unsigned threads = blockDim.x * blockDim.y * blockDim.z;
    out[block * threads + thread] =
        make_uint4(threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z,
                   blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z,
                   blockDim.x + 10 * blockDim.y + 100 * blockDim.z,
                   gridDim.x + 10 * gridDim.y + 100 * gridDim.z);
}

static int check_shape(dim3 grid, dim3 block)
{
    unsigned threads = block.x * block.y * block.z, blocks = grid.x * grid.y * grid.z;
    static uint4 h_out[4096];
    uint4 *d_out;
    EXPECT_OK(cudaMalloc((void **)&d_out, sizeof h_out));
    record<<<grid, block>>>(d_out);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(h_out, d_out, blocks * threads * sizeof(uint4), cudaMemcpyDeviceToHost));
    for (unsigned b = 0; b < blocks; b++)
        for (unsigned t = 0; t < threads; t++) {
            uint4 v = h_out[b * threads + t];
            unsigned tx = t % block.x, ty = t / block.x % block.y, tz = t / (block.x * block.y);
            unsigned bx = b % grid.x, by = b / grid.x % grid.y, bz = b / (grid.x * grid.y);
            EXPECT(v.x == tx + 10 * ty + 100 * tz);
            EXPECT(v.y == bx + 10 * by + 100 * bz);
            EXPECT(v.z == block.x + 10 * block.y + 100 * block.z);
            EXPECT(v.w == grid.x + 10 * grid.y + 100 * grid.z);
        }
    EXPECT_OK(cudaFree(d_out));
    return 0;
}

int main(void)
{
    int failed = check_shape(dim3(3), dim3(7)) || check_shape(dim3(2, 3), dim3(4, 5)) ||
                 check_shape(dim3(2, 2, 3), dim3(3, 2, 4)) || check_shape(5, 64);
    if (!failed)
        printf("launch shapes: ok\n");
    return failed;
}
