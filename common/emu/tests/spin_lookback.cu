/* Blocks that wait for earlier blocks through memory, as a single-pass
 * scan's look-back does: each takes a tile number from an atomic counter;
 * its warp 0 reads the 64-bit status words of the 32 tiles before it and
 * sleeps (__nanosleep) while any is invalid; then it publishes its own
 * word. With numbers taken in the order blocks start, every block waited
 * for is running or done: right in every order, blocks in sequence
 * (forward) or overlapping (reverse, random). SPIN_TILE=static numbers
 * tiles by blockIdx.x instead: then in reverse order the first blocks
 * wait for ones that have not started. SPIN_TILE=self waits for the
 * block's own tile. Both are reported as a deadlock at once, not after
 * the watchdog's time-out, with what the waiting thread last read.
 * SPIN_ACCESS=plain publishes and reads the words with plain accesses:
 * a data race between overlapping blocks. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random
//! run none pass SCANLAB_EMU_ORDER=random:7
//! run race pass SCANLAB_EMU_ORDER=reverse
//! run race pass SCANLAB_EMU_ORDER=random:7
//! run memory pass SCANLAB_EMU_ORDER=reverse
//! run none pass SPIN_TILE=static
//! run none fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse -- deadlock: this thread sleeps in a wait loop that no thread will end. The 4 blocks running at once here (as on a GPU, which holds only so many) all wait; 0 of the launch's 64 blocks have finished, 60 have not started.
//! run none fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse -- which no block of this launch has written. A block that waits for one that has not started waits forever
//! run none fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse -- number tiles with an atomic counter, not blockIdx
//! run none fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=sequential -- spin_lookback.cu:60: kernel 'chain' block (63,0,0) thread (0,0,0): deadlock: this thread sleeps in a wait loop that no thread will end. Blocks run here one at a time, in SCANLAB_EMU_ORDER=reverse order: 0 finished before this one, 63 have not started (those with lower indices).
//! run none fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=sequential -- The blocks called __nanosleep 1048576 times since a thread last started, finished or passed a barrier [launched at
//! run race fail SPIN_TILE=static SCANLAB_EMU_ORDER=reverse -- deadlock: this thread sleeps in a wait loop
//! run memory fail SPIN_TILE=static SCANLAB_EMU_ORDER=random:7 -- deadlock: this thread sleeps in a wait loop
//! run none fail SPIN_TILE=self -- the 0 blocks before it have finished and the 63 after it have not started
//! run none fail SPIN_TILE=self SCANLAB_EMU_ORDER=reverse -- This thread last read byte 8 of a 512-byte allocation from cudaMalloc, which no block of this launch has written
//! run none pass SPIN_ACCESS=plain
//! run none fail SPIN_ACCESS=plain SCANLAB_EMU_ORDER=reverse -- data race between blocks: a plain 8-byte

#define BLOCKS 64
#define THREADS 64
#define INVALID 0ull
#define VALID (1ull << 32)

__global__ void chain(unsigned *counter, unsigned long long *status, int tiles, int plain)
{
    __shared__ unsigned tile;
    if (threadIdx.x == 0)
        tile = tiles == 1 ? blockIdx.x : atomicAdd(counter, 1u);
    __syncthreads();
    if (threadIdx.x >= 32)
        return;
    long before = (long)tile - 1 - (long)threadIdx.x + (tiles == 2);
    unsigned long long word = VALID;
    int invalid;
    do {
        if (before >= 0)
            word = plain ? status[before] : *(volatile unsigned long long *)&status[before];
        invalid = __any_sync(0xffffffffu, word == INVALID);
        if (invalid)
            __nanosleep(32);
    } while (invalid);
    unsigned long long mine = VALID | ((tile > 0 ? (unsigned)word : 0) + 1);
    if (threadIdx.x == 0 && plain) /* the inclusive count: its predecessor's plus one */
        status[tile] = mine;
    else if (threadIdx.x == 0)
        *(volatile unsigned long long *)&status[tile] = mine;
}

int main(void)
{
    unsigned *counter;
    unsigned long long *status;
    EXPECT_OK(cudaMalloc((void **)&counter, sizeof *counter));
    EXPECT_OK(cudaMalloc((void **)&status, BLOCKS * sizeof *status));
    EXPECT_OK(cudaMemset(counter, 0, sizeof *counter));
    EXPECT_OK(cudaMemset(status, 0, BLOCKS * sizeof *status));
    const char *text = getenv("SPIN_TILE");
    int tiles = !text ? 0 : strcmp(text, "static") == 0 ? 1 : strcmp(text, "self") == 0 ? 2 : 0;
    text = getenv("SPIN_ACCESS");
    int plain = text && strcmp(text, "plain") == 0;
    chain<<<BLOCKS, THREADS>>>(counter, status, tiles, plain);
    EXPECT_OK(cudaDeviceSynchronize());
    unsigned long long host[BLOCKS];
    EXPECT_OK(cudaMemcpy(host, status, sizeof host, cudaMemcpyDeviceToHost));
    for (unsigned t = 0; t < BLOCKS; t++)
        EXPECT(host[t] == (VALID | (t + 1)));
    return 0;
}
