/* The order blocks run in: SCANLAB_EMU_ORDER orders blocks as well as
 * threads. Each block records when it ran; blockIdx stays right. In
 * sequence, reverse order runs the last block first; overlapping (the
 * default in reverse order), four blocks run at once and take their
 * turns anyhow: each still runs once. */
#include <stdlib.h>
#include <string.h>

#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=reverse SCANLAB_EMU_BLOCKS=sequential
//! run none pass SCANLAB_EMU_ORDER=random:3
//! run none pass SCANLAB_EMU_ORDER=random
//! run race pass SCANLAB_EMU_ORDER=reverse

#define X 5
#define Y 3
#define Z 2
#define N (X * Y * Z)

__global__ void record(unsigned *counter, unsigned *when)
{
    unsigned block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    if (threadIdx.x == 0)
        when[block] = atomicAdd(counter, 1u);
}

int main(void)
{
    unsigned *counter, *when, host[N];
    EXPECT_OK(cudaMalloc((void **)&counter, sizeof *counter));
    EXPECT_OK(cudaMalloc((void **)&when, sizeof host));
    EXPECT_OK(cudaMemset(counter, 0, sizeof *counter));
    EXPECT_OK(cudaMemset(when, 0xff, sizeof host));
    record<<<dim3(X, Y, Z), 32>>>(counter, when);
    EXPECT_OK(cudaDeviceSynchronize());
    EXPECT_OK(cudaMemcpy(host, when, sizeof host, cudaMemcpyDeviceToHost));
    const char *order = getenv("SCANLAB_EMU_ORDER"), *blocks = getenv("SCANLAB_EMU_BLOCKS");
    int in_sequence = blocks && strcmp(blocks, "sequential") == 0;
    int seen[N] = {0}, in_index_order = 1;
    for (unsigned b = 0; b < N; b++) {
        EXPECT(host[b] < N);
        seen[host[b]]++;
        in_index_order &= host[b] == b;
    }
    for (unsigned k = 0; k < N; k++)
        EXPECT(seen[k] == 1); /* every block ran once */
    if (order == NULL || strcmp(order, "forward") == 0)
        EXPECT(in_index_order);
    else if (strcmp(order, "reverse") == 0 && in_sequence)
        for (unsigned b = 0; b < N; b++)
            EXPECT(host[b] == N - 1 - b);
    else if (strcmp(order, "reverse") != 0)
        EXPECT(!in_index_order);
    return 0;
}
