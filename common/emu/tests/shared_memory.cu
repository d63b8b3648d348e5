/* Static and dynamic shared memory: per block, poisoned at each block
 * start, the dynamic size chosen at launch (above 48 KiB after
 * cudaFuncSetAttribute), in plain and template kernels; and the blocks
 * an SM holds by cudaOccupancyMaxActiveBlocksPerMultiprocessor. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run race pass
//! run memory pass

/* Dynamic shared memory may be declared at file scope too. */
extern __shared__ float file_scope_shared[];

template <int N>
__global__ void sum_static(const int *in, int *out)
{
    __shared__ int tile[N];
    tile[threadIdx.x] = in[blockIdx.x * N + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        int sum = 0;
        for (int i = 0; i < N; i++)
            sum += tile[i];
        out[blockIdx.x] = sum;
    }
}

/* Each block sums its slice in dynamic shared memory of blockDim ints. */
__global__ void sum_dynamic(const int *in, int *out)
{
    extern __shared__ int tile[];
    tile[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        int sum = 0;
        for (unsigned i = 0; i < blockDim.x; i++)
            sum += tile[i];
        out[blockIdx.x] = sum;
    }
}

/* Reads one slot no thread of this block wrote: the poison. */
__global__ void read_unwritten(int *out)
{
    __shared__ int slots[2];
    if (blockIdx.x == 0)
        slots[1] = 7; /* block 1 must not see this */
    slots[0] = 1;
    __syncthreads();
    out[blockIdx.x] = slots[1];
}

/* Uses 64 KiB of dynamic shared memory, over the default limit. */
__global__ void big(float *out)
{
    const unsigned n = 64 * 1024 / sizeof(float);
    for (unsigned i = threadIdx.x; i < n; i += blockDim.x)
        file_scope_shared[i] = (float)i;
    __syncthreads();
    if (threadIdx.x == 0)
        out[0] = file_scope_shared[n - 1];
}

int main(void)
{
    enum { blocks = 3, threads = 64, n = blocks * threads };
    int h_in[n], h_out[blocks];
    int *d_in, *d_out;
    for (int i = 0; i < n; i++)
        h_in[i] = i;
    EXPECT_OK(cudaMalloc((void **)&d_in, sizeof h_in));
    EXPECT_OK(cudaMalloc((void **)&d_out, 16 * sizeof(int)));
    EXPECT_OK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));

    sum_static<threads><<<blocks, threads>>>(d_in, d_out);
    EXPECT_OK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        EXPECT(h_out[b] == threads * (threads - 1) / 2 + b * threads * threads);

    EXPECT_OK(cudaMemset(d_out, 0, sizeof h_out));
    sum_dynamic<<<blocks, threads, threads * sizeof(int)>>>(d_in, d_out);
    EXPECT_OK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; b++)
        EXPECT(h_out[b] == threads * (threads - 1) / 2 + b * threads * threads);

    read_unwritten<<<2, 1>>>(d_out);
    EXPECT_OK(cudaMemcpy(h_out, d_out, 2 * sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(h_out[0] == 7 && h_out[1] == (int)0xa5a5a5a5);

    float h_big, *d_big;
    EXPECT_OK(cudaMalloc((void **)&d_big, sizeof h_big));
    big<<<1, 256, 64 * 1024>>>(d_big);
    EXPECT(cudaGetLastError() == cudaErrorInvalidValue);
    EXPECT_OK(cudaFuncSetAttribute(big, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    big<<<1, 256, 64 * 1024>>>(d_big);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(&h_big, d_big, sizeof h_big, cudaMemcpyDeviceToHost));
    EXPECT(h_big == 16383.0f);
    // 2048 threads an SM: 8 blocks of 256, 2 of 1024; 32 blocks at most.
    // Shared memory: 228 KiB an SM, 1 KiB reserved for each block. Past
    // the kernel's limit (cudaFuncSetAttribute) no block fits.
    int fit = -1;
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 256, 0));
    EXPECT(fit == 8);
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 1024, 0));
    EXPECT(fit == 2);
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 32, 0));
    EXPECT(fit == 32);
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 256, 56 * 1024));
    EXPECT(fit == 4);
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 256, 57 * 1024));
    EXPECT(fit == 3);
    EXPECT_OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 256, 65 * 1024));
    EXPECT(fit == 0);
    EXPECT(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, big, 0, 0) == cudaErrorInvalidValue);
    printf("shared memory: ok\n");
    return 0;
}
