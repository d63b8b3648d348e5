/* Integer intrinsics with CUDA's results (also for 0), min/max overloads
 * and __ldg, computed in a kernel. */
#include "expect.h"

//! run none pass

__global__ void compute(const unsigned *in, long long *out)
{
    unsigned x = __ldg(in);
    out[0] = __popc(x);
    out[1] = __popcll(0xffffffffffull);
    out[2] = __clz((int)x);
    out[3] = __clz(0);
    out[4] = __clzll(1);
    out[5] = __ffs(0);
    out[6] = __ffs(8);
    out[7] = __brev(1u);
    out[8] = min(3, -4);
    out[9] = max(3u, 4u);
    out[10] = (long long)max(2.5f, 1.0f);
    out[11] = min((size_t)7, 9ul);
    out[12] = __ffsll(1ll << 40);
    out[13] = __umulhi(0x80000000u, 4u);
}

int main(void)
{
    unsigned h_in = 0x00f0u, *d_in;
    long long h[14], *d;
    EXPECT_OK(cudaMalloc((void **)&d_in, sizeof h_in));
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    EXPECT_OK(cudaMemcpy(d_in, &h_in, sizeof h_in, cudaMemcpyHostToDevice));
    compute<<<1, 1>>>(d_in, d);
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h[0] == 4 && h[1] == 40 && h[2] == 24 && h[3] == 32 && h[4] == 63);
    EXPECT(h[5] == 0 && h[6] == 4 && h[7] == 0x80000000ll);
    EXPECT(h[8] == -4 && h[9] == 4 && h[10] == 2 && h[11] == 7 && h[12] == 41 && h[13] == 2);
    printf("intrinsics: ok\n");
    return 0;
}
