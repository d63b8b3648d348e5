/* Blocks overlapping: two blocks that write the same bytes race only if
 * the second write changes them. Every block sets a flag to the same 1
 * (and a sentinel to the same n): no report, whatever the turns. With
 * VALUE=block each writes its own block number there: a race between
 * blocks, reported at the write that changed the bytes. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=overlap:5
//! run none pass SCANLAB_EMU_ORDER=random:7 SCANLAB_EMU_RESIDENT=16
//! run none fail SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=overlap:5 VALUE=block -- data race between blocks: a plain 4-byte write of
//! run none fail SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=overlap:5 VALUE=block -- overlap_same_value.cu:22
/* (Seed 5 makes two blocks' writes of the flag meet: with the same value
 * it passes, with block numbers it is reported.) */
__global__ void flag_then_work(int *d_flag, int *d_out, int n, int by_block)
{
    /* Thread 0 writes first, so that its block is still running when the
     * next block's thread 0 writes the same word. */
    if (threadIdx.x == 0)
        *d_flag = by_block ? (int)blockIdx.x : 1;
    /* Enough accesses a block (64 a thread) for turns to fall inside it. */
    for (int k = 0; k < 64; k++) {
        int i = (int)((blockIdx.x * 64 + k) * blockDim.x + threadIdx.x);
        if (i < n)
            d_out[i] = 2 * i;
    }
}

int main(void)
{
    const char *value = getenv("VALUE");
    int by_block = value != NULL && strcmp(value, "block") == 0;
    const int n = 16 * 64 * 128;
    int *d_flag, *d_out, flag = 0;
    EXPECT_OK(cudaMalloc((void **)&d_flag, sizeof(int)));
    EXPECT_OK(cudaMalloc((void **)&d_out, n * sizeof(int)));
    flag_then_work<<<16, 128>>>(d_flag, d_out, n, by_block);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost));
    EXPECT(by_block || flag == 1);
    EXPECT_OK(cudaFree(d_flag));
    EXPECT_OK(cudaFree(d_out));
    return 0;
}
