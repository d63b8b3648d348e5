/* Publication bugs that only blocks overlapping in time show, as on a
 * GPU: each block takes a tile number, waits for its predecessor's status
 * word (flag in the high half, inclusive count in the low half) and
 * publishes its own, its predecessor's count plus one.
 *
 *   PUBLISH=whole   one 64-bit volatile store: right in every order;
 *   PUBLISH=torn    the flag, then the count, as two 32-bit stores: a
 *                   successor can see the flag beside the old count (0);
 *   PUBLISH=early   the flag with a count of 1 first, the real count
 *                   after: a successor can read the early one.
 *
 * Blocks in sequence (forward order) never see either: a block runs only
 * after its predecessors have finished. Overlapping (reverse), the
 * scheduler hands the CPU to another block between the two stores, and
 * the counts come out wrong. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:5
//! run none pass PUBLISH=torn
//! run none pass PUBLISH=early
//! run none fail PUBLISH=torn SCANLAB_EMU_ORDER=reverse -- overlap_publish.cu: wrong count
//! run none fail PUBLISH=torn SCANLAB_EMU_ORDER=random:5 -- overlap_publish.cu: wrong count
//! run none fail PUBLISH=early SCANLAB_EMU_ORDER=reverse -- overlap_publish.cu: wrong count
//! run none fail PUBLISH=early SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=overlap:99 -- overlap_publish.cu: wrong count

#define BLOCKS 64
#define VALID (1ull << 32)

enum { whole, torn, early };

__device__ void publish(unsigned long long *word, unsigned count, int how)
{
    volatile unsigned *halves = (volatile unsigned *)word; /* [0] count, [1] flag */
    if (how == torn) {
        halves[1] = 1;
        halves[0] = count;
        return;
    }
    if (how == early)
        *(volatile unsigned long long *)word = VALID | 1;
    *(volatile unsigned long long *)word = VALID | count;
}

__global__ void chain(unsigned *counter, unsigned long long *status, int how)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0)
        tile = atomicAdd(counter, 1u);
    __syncthreads();
    if (threadIdx.x != 0)
        return;
    unsigned long long before = VALID;
    if (tile > 0)
        while ((before = *(volatile unsigned long long *)&status[tile - 1]) == 0)
            __nanosleep(32);
    publish(&status[tile], (tile > 0 ? (unsigned)before : 0) + 1, how);
}

int main(void)
{
    unsigned *counter;
    unsigned long long *status, host[BLOCKS];
    EXPECT_OK(cudaMalloc((void **)&counter, sizeof *counter));
    EXPECT_OK(cudaMalloc((void **)&status, sizeof host));
    EXPECT_OK(cudaMemset(counter, 0, sizeof *counter));
    EXPECT_OK(cudaMemset(status, 0, sizeof host));
    const char *text = getenv("PUBLISH");
    int how = !text ? whole : strcmp(text, "torn") == 0 ? torn : strcmp(text, "early") == 0 ? early : whole;
    chain<<<BLOCKS, 32>>>(counter, status, how);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(host, status, sizeof host, cudaMemcpyDeviceToHost));
    for (unsigned t = 0; t < BLOCKS; t++)
        if (host[t] != (VALID | (t + 1))) {
            printf("overlap_publish.cu: wrong count at tile %u: %llu, expected %u\n", t,
                   host[t] & 0xffffffffu, t + 1);
            return 1;
        }
    return 0;
}
