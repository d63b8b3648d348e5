/*
 * crc32c.c: see crc32c.h.
 *
 * The table version works a byte at a time: table[b] is the CRC of the
 * byte b alone, so one step is crc = table[(crc ^ byte) & 0xff] ^ (crc >> 8).
 * The SSE4.2 version does 8 bytes per instruction (about 20 times faster),
 * and is chosen at run time when the CPU has it. Its instruction takes 3
 * cycles but a new one can start every cycle, so a long buffer is done as
 * three CRCs at once, of three stretches side by side, then joined
 * (crc32c_sse42): three times faster again, about 20 GB/s. On 64-bit ARM
 * Linux, the ARMv8 CRC32C instructions when the CPU has them.
 */
#include <stdbool.h>

#include "crc32c.h"

#define CRC32C_REFLECTED 0x82F63B78u

static uint32_t crc_table[256];

/* Filled once, before main (and before any thread starts). */
__attribute__((constructor)) static void fill_table(void)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t crc = b;
        for (int k = 0; k < 8; k++)
            crc = (crc >> 1) ^ (crc & 1 ? CRC32C_REFLECTED : 0);
        crc_table[b] = crc;
    }
}

uint32_t crc32c_portable(uint32_t crc, const void *bytes, size_t size)
{
    const uint8_t *p = bytes;
    crc = ~crc;
    for (size_t i = 0; i < size; i++)
        crc = crc_table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

#if defined(__x86_64__)
#include <nmmintrin.h>
#include <string.h>

/* The three stretches are LANE_BYTES each. Joining: the register after
 * bytes A then B is the register after A, moved on past |B| zero bytes,
 * XOR the register of B alone (started from 0), because a CRC is linear.
 * Moving a register past LANE_BYTES zero bytes is a linear map of its 32
 * bits: the XOR of the images of its set bits, looked up a byte at a time
 * in past_lane[byte k][its value]. */
#define LANE_BYTES 4096
static uint32_t past_lane[4][256];

__attribute__((target("sse4.2"))) static uint32_t move_past_zeros(uint32_t state, size_t size)
{
    uint64_t moved = state;
    for (size_t i = 0; i < size; i += 8)
        moved = _mm_crc32_u64(moved, 0);
    return (uint32_t)moved;
}

/* past_lane from the images of the 32 one-bit registers: past_lane[k][b]
 * is the XOR of the images of the bits of b, shifted into byte k. */
static void fill_past_lane(void)
{
    uint32_t image[32];
    for (unsigned bit = 0; bit < 32; bit++)
        image[bit] = move_past_zeros(UINT32_C(1) << bit, LANE_BYTES);
    for (unsigned k = 0; k < 4; k++) {
        past_lane[k][0] = 0;
        for (unsigned b = 1; b < 256; b++)
            past_lane[k][b] = past_lane[k][b & (b - 1)] ^ image[8 * k + (unsigned)__builtin_ctz(b)];
    }
}

static inline uint32_t skip_lane(uint32_t state)
{
    return past_lane[0][state & 0xff] ^ past_lane[1][(state >> 8) & 0xff] ^ past_lane[2][(state >> 16) & 0xff] ^
           past_lane[3][state >> 24];
}

__attribute__((target("sse4.2"))) static uint32_t crc32c_sse42(uint32_t crc, const void *bytes, size_t size)
{
    const uint8_t *p = bytes;
    uint64_t state = ~crc;
    for (; size >= 3 * LANE_BYTES; size -= 3 * LANE_BYTES, p += 3 * LANE_BYTES) {
        uint64_t second = 0, third = 0;
        for (size_t i = 0; i < LANE_BYTES; i += 8) {
            uint64_t words[3];
            memcpy(words, p + i, 8);
            memcpy(words + 1, p + LANE_BYTES + i, 8);
            memcpy(words + 2, p + 2 * LANE_BYTES + i, 8);
            state = _mm_crc32_u64(state, words[0]);
            second = _mm_crc32_u64(second, words[1]);
            third = _mm_crc32_u64(third, words[2]);
        }
        state = skip_lane((uint32_t)state) ^ (uint32_t)second;
        state = skip_lane((uint32_t)state) ^ (uint32_t)third;
    }
    for (; size >= 8; size -= 8, p += 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        state = _mm_crc32_u64(state, word);
    }
    uint32_t crc32 = (uint32_t)state;
    for (; size > 0; size--, p++)
        crc32 = _mm_crc32_u8(crc32, *p);
    return ~crc32;
}

static bool cpu_has_sse42;

__attribute__((constructor)) static void ask_the_cpu(void)
{
    __builtin_cpu_init();
    cpu_has_sse42 = __builtin_cpu_supports("sse4.2");
    if (cpu_has_sse42)
        fill_past_lane();
}

uint32_t crc32c_extend(uint32_t crc, const void *bytes, size_t size)
{
    return cpu_has_sse42 ? crc32c_sse42(crc, bytes, size) : crc32c_portable(crc, bytes, size);
}
#elif defined(__aarch64__) && defined(__linux__)
#include <arm_acle.h>
#include <string.h>
#include <sys/auxv.h>

#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7) /* <asm/hwcap.h>: the ARMv8 CRC32 instructions */
#endif

/* ARMv8's crc32cx does 8 bytes an instruction; most 64-bit ARM CPUs have
 * it, but the base ARMv8.0 does not promise it, so Linux is asked. */
__attribute__((target("+crc"))) static uint32_t crc32c_armv8(uint32_t crc, const void *bytes, size_t size)
{
    const uint8_t *p = bytes;
    crc = ~crc;
    for (; size >= 8; size -= 8, p += 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        crc = __crc32cd(crc, word);
    }
    for (; size > 0; size--, p++)
        crc = __crc32cb(crc, *p);
    return ~crc;
}

static bool cpu_has_crc32;

__attribute__((constructor)) static void ask_the_cpu(void)
{
    cpu_has_crc32 = (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
}

uint32_t crc32c_extend(uint32_t crc, const void *bytes, size_t size)
{
    return cpu_has_crc32 ? crc32c_armv8(crc, bytes, size) : crc32c_portable(crc, bytes, size);
}
#else
uint32_t crc32c_extend(uint32_t crc, const void *bytes, size_t size)
{
    return crc32c_portable(crc, bytes, size);
}
#endif

uint32_t crc32c(const void *bytes, size_t size)
{
    return crc32c_extend(0, bytes, size);
}
