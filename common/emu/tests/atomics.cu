/* Every atomic on every type CUDA has it for, with many threads of
 * several blocks updating the same words. */
#include "expect.h"

//! run none pass
//! run none pass SCANLAB_EMU_ORDER=random:3
//! run race pass

struct Counters {
    int add, sub, min, max, and_bits, or_bits, xor_bits, exch, cas;
    unsigned uadd, usub, umin, umax, inc, dec;
    unsigned long long ulladd, ullmax;
    long long llmin;
    float fadd;
    double dadd;
};

__global__ void update(Counters *c)
{
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); /* 0 .. 255 */
    atomicAdd(&c->add, i);
    atomicSub(&c->sub, i);
    atomicMin(&c->min, 100 - i);
    atomicMax(&c->max, i);
    atomicAnd(&c->and_bits, ~(1 << (i % 31)));
    atomicOr(&c->or_bits, 1 << (i % 31));
    atomicXor(&c->xor_bits, 1);
    atomicExch(&c->exch, 5);
    atomicCAS(&c->cas, i, i + 1); /* counts up only in thread order... */
    atomicAdd(&c->uadd, 2u);
    atomicSub(&c->usub, 1u);
    atomicMin(&c->umin, (unsigned)i + 3);
    atomicMax(&c->umax, (unsigned)i * 2);
    atomicInc(&c->inc, 9u);   /* counts 0..9 and wraps */
    atomicDec(&c->dec, 9u);
    atomicAdd(&c->ulladd, 1ull << 40);
    atomicMax(&c->ullmax, (unsigned long long)i << 33);
    atomicMin(&c->llmin, -(long long)i << 33);
    atomicAdd(&c->fadd, 0.5f);
    atomicAdd(&c->dadd, 0.25);
}

int main(void)
{
    Counters h, *d;
    memset(&h, 0, sizeof h);
    h.min = 1000;
    h.and_bits = -1;
    h.umin = 1000;
    EXPECT_OK(cudaMalloc((void **)&d, sizeof h));
    EXPECT_OK(cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice));
    update<<<4, 64>>>(d);
    EXPECT_OK(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost));
    EXPECT(h.add == 255 * 256 / 2 && h.sub == -h.add);
    EXPECT(h.min == 100 - 255 && h.max == 255);
    EXPECT(h.and_bits == (int)0x80000000 && h.or_bits == 0x7fffffff && h.xor_bits == 0);
    EXPECT(h.exch == 5);
    EXPECT(h.cas >= 1);
    EXPECT(h.uadd == 512 && h.usub == 0u - 256 && h.umin == 3 && h.umax == 510);
    EXPECT(h.inc == 256 % 10 && h.dec == (10 - 256 % 10) % 10);
    EXPECT(h.ulladd == 256ull << 40 && h.ullmax == 255ull << 33 && h.llmin == -(255ll << 33));
    EXPECT(h.fadd == 128.0f && h.dadd == 64.0);
    EXPECT_OK(cudaFree(d));
    printf("atomics: ok\n");
    return 0;
}
