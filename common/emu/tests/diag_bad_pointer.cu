/* Diagnostic: a kernel dereferencing a null pointer crashes the program,
 * like a GPU's illegal address, but the message names the CUDA thread. */
#include "expect.h"

//! run none fail -- kernel 'poke' block (0,0,0) thread (3,0,0) crashed (a bad pointer?)

__global__ void poke(int **table)
{
    if (threadIdx.x == 3)
        *table[0] = 1; /* table[0] is NULL */
}

int main(void)
{
    int **d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof(int *)));
    EXPECT_OK(cudaMemset(d, 0, sizeof(int *)));
    poke<<<1, 8>>>(d);
    return 0;
}
