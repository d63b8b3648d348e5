/* Blocks that wait for earlier blocks through memory, as a single-pass
 * scan's look-back does: each takes a tile number from an atomic counter,
 * waits (with __nanosleep) until its predecessor's flag is set, and sets
 * its own. Blocks run one at a time here, so with numbers taken in the
 * order blocks start the predecessor has always finished: right in every
 * order. SPIN_STATIC=1 numbers tiles by blockIdx.x instead: then in
 * reverse order the first block waits for one that has not started, and
 * the emulator reports a deadlock instead of spinning forever. */
#include <stdlib.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:7
//! run race pass SCANLAB_EMU_ORDER=reverse
//! run memory pass SCANLAB_EMU_ORDER=reverse
//! run none pass SPIN_STATIC=1
//! run none fail SPIN_STATIC=1 SCANLAB_EMU_ORDER=reverse -- deadlock: this thread waits in a loop with __nanosleep
//! run none fail SPIN_STATIC=1 SCANLAB_EMU_ORDER=reverse -- (SCANLAB_EMU_ORDER=reverse)

#define BLOCKS 64
#define THREADS 64

__global__ void chain(unsigned *counter, volatile int *sums, int static_tiles)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0)
        tile = static_tiles ? blockIdx.x : atomicAdd(counter, 1u);
    __syncthreads();
    if (threadIdx.x == 0) {
        int before = 0;
        if (tile > 0) {
            while (sums[tile - 1] == 0)
                __nanosleep(100);
            before = sums[tile - 1];
        }
        sums[tile] = before + 1;
    }
}

int main(void)
{
    unsigned *counter;
    int *sums;
    EXPECT_OK(cudaMalloc((void **)&counter, sizeof *counter));
    EXPECT_OK(cudaMalloc((void **)&sums, BLOCKS * sizeof *sums));
    EXPECT_OK(cudaMemset(counter, 0, sizeof *counter));
    EXPECT_OK(cudaMemset(sums, 0, BLOCKS * sizeof *sums));
    const char *text = getenv("SPIN_STATIC");
    chain<<<BLOCKS, THREADS>>>(counter, sums, text != NULL && text[0] == '1');
    EXPECT_OK(cudaDeviceSynchronize());
    int host[BLOCKS];
    EXPECT_OK(cudaMemcpy(host, sums, sizeof host, cudaMemcpyDeviceToHost));
    for (int t = 0; t < BLOCKS; t++)
        EXPECT(host[t] == t + 1);
    return 0;
}
