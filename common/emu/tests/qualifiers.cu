/* CUDA's qualifiers and launch forms: __device__ and __forceinline__ /
 * __noinline__ functions, __launch_bounds__, __restrict__, __align__,
 * static __shared__, template kernels launched with explicit arguments,
 * a launch split over lines, on a stream, with NULL for a pointer. */
#include "expect.h"

//! run none pass

struct __align__(16) Pair {
    int a, b;
};

__device__ __forceinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int plus_one(int x) { return x + 1; }

template <typename T, int Scale>
__global__ void __launch_bounds__(128) scale(const T *__restrict__ in, T *__restrict__ out)
{
    static __shared__ T tile[128];
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = (T)(Scale * twice(plus_one((int)tile[threadIdx.x])));
}

__global__ void pairs(Pair *out, const int *maybe_null)
{
    out[threadIdx.x].a = maybe_null ? *maybe_null : -1;
    out[threadIdx.x].b = alignof(Pair);
}

int main(void)
{
    int h[128], *d_in, *d_out;
    Pair hp[2], *d_pairs;
    cudaStream_t stream;
    for (int i = 0; i < 128; i++)
        h[i] = i;
    EXPECT_OK(cudaStreamCreate(&stream));
    EXPECT_OK(cudaMalloc((void **)&d_in, sizeof h));
    EXPECT_OK(cudaMalloc((void **)&d_out, sizeof h));
    EXPECT_OK(cudaMalloc((void **)&d_pairs, sizeof hp));
    EXPECT_OK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    scale<int, 3><<<1, 128, 0, stream>>>(d_in, d_out);
    EXPECT_OK(cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 128; i++)
        EXPECT(h[i] == 3 * 2 * (i + 1));
    pairs<<<1,
            2>>>(d_pairs, NULL);
    EXPECT_OK(cudaMemcpy(hp, d_pairs, sizeof hp, cudaMemcpyDeviceToHost));
    EXPECT(hp[1].a == -1 && hp[1].b == 16);
    EXPECT_OK(cudaStreamDestroy(stream));
    printf("qualifiers: ok\n");
    return 0;
}
