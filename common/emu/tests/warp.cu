/* Warp operations: the four shuffles (with widths), votes, __syncwarp and
 * __activemask, including a warp-level reduction and scan. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=reverse
//! run none pass SCANLAB_EMU_ORDER=random:11
//! run race pass

enum { columns = 12 };

__global__ void shuffles(int *out)
{
    int lane = (int)(threadIdx.x % warpSize);
    int *row = out + threadIdx.x * columns;
    row[0] = __shfl_sync(0xffffffffu, lane * 10, 3);
    row[1] = __shfl_sync(0xffffffffu, lane * 10, 3, 8);        /* lane 3 of each 8 */
    row[2] = __shfl_up_sync(0xffffffffu, lane, 2);
    row[3] = __shfl_up_sync(0xffffffffu, lane, 1, 4);
    row[4] = __shfl_down_sync(0xffffffffu, lane, 5);
    row[5] = __shfl_xor_sync(0xffffffffu, lane, 1);
    row[6] = (int)__ballot_sync(0xffffffffu, lane % 3 == 0);
    row[7] = __any_sync(0xffffffffu, lane == 31) + 2 * __all_sync(0xffffffffu, lane < 31);
    __syncwarp();
    row[8] = (int)__shfl_sync(0xffffffffu, (float)lane * 0.5f, 31);
    int sum = lane; /* a reduction over the warp */
    for (int offset = 16; offset > 0; offset /= 2)
        sum += __shfl_down_sync(0xffffffffu, sum, offset);
    row[9] = __shfl_sync(0xffffffffu, sum, 0);
    int scan = lane; /* an inclusive scan over the warp */
    for (int offset = 1; offset < 32; offset *= 2) {
        int other = __shfl_up_sync(0xffffffffu, scan, offset);
        if (lane >= offset)
            scan += other;
    }
    row[10] = scan;
    row[11] = __shfl_sync(0xffffffffu, (long long)lane << 40, 7) == 7ll << 40;
}

/* Lanes 16..31 exit early; the rest still vote among themselves. */
__global__ void partial(unsigned *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane >= 16)
        return;
    out[lane] = __activemask();
    __syncwarp(0xffffu);
    out[16 + lane] = __ballot_sync(0xffffu, lane % 2);
}

int main(void)
{
    enum { threads = 64 };
    static int h[threads * columns];
    int *d;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    shuffles<<<1, threads>>>(d);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; t++) {
        int lane = t % 32, *row = h + t * columns;
        EXPECT(row[0] == 30);
        EXPECT(row[1] == (lane / 8 * 8 + 3) * 10);
        EXPECT(row[2] == (lane >= 2 ? lane - 2 : lane));
        EXPECT(row[3] == (lane % 4 >= 1 ? lane - 1 : lane));
        EXPECT(row[4] == (lane + 5 < 32 ? lane + 5 : lane));
        EXPECT(row[5] == (lane ^ 1));
        EXPECT((unsigned)row[6] == 0x49249249u);
        EXPECT(row[7] == 1);
        EXPECT(row[8] == 15);
        EXPECT(row[9] == 31 * 32 / 2);
        EXPECT(row[10] == lane * (lane + 1) / 2);
        EXPECT(row[11] == 1);
    }
    unsigned hp[32];
    partial<<<1, 32>>>((unsigned *)d);
    EXPECT_OK(cudaGetLastError());
    EXPECT_OK(cudaMemcpy(hp, d, sizeof hp, cudaMemcpyDeviceToHost));
    for (int lane = 0; lane < 16; lane++)
        EXPECT(hp[16 + lane] == 0xaaaau && (hp[lane] & 0xffffu) == 0xffffu);
    printf("warp: ok\n");
    return 0;
}
