/*
 * Tests of lab 06: fixed-length bit packing (widths, offsets by scan,
 * packing with atomicOr, decoding).
 *
 * Run some tests:  make grade LAB=06 FILTER=encode/sizes
 *
 * Every case is compared with the grader's serial encoder
 * (grader/labs/06-fixed-length/oracle_pack.c): widths, offsets and words must be equal
 * bit for bit, and the decoder must give the input back. The scan inside
 * pack_frame_offsets comes from grader/labs/03-efficient-scan/provided.cu, never from the
 * student's lab 03.
 */
#include <stddef.h>

#include <criterion/criterion.h>

#include "cases.h"
#include "device.h"
#include "pack_checks.h"

/* Sizes every step must handle (n = 0 is checked with NULL pointers in
 * encode::sizes), with the reason for each. */
static const struct size_case pack_sizes[] = {
    {1, "one value"},
    {2, "two values"},
    {3, "three values"},
    {31, "a warp minus one"},
    {33, "a warp plus one"},
    {257, "a 256-thread block plus one"},
    {1023, "a 1024-value packing tile minus one"},
    {1025, "a 1024-value packing tile plus one: the second tile has one value"},
    {4097, "several tiles, not a power of two"},
    {65537, "2^16 + 1: many tiles and frames"},
};
static const size_t pack_sizes_count = sizeof pack_sizes / sizeof pack_sizes[0];

typedef void (*pack_check_fn)(const struct pack_case *c);

/* Every size of pack_sizes with every frame length of pack_frames. */
static void check_sizes_and_frames(const char *function, pack_check_fn check, struct pack_fill fill)
{
    for (size_t f = 0; f < PACK_FRAMES; f++) {
        for (size_t i = 0; i < pack_sizes_count; i++) {
            struct pack_case c = pack_case_of(function, &pack_sizes[i], &pack_frames[f], fill);
            check(&c);
        }
    }
}

/* Values of every width 0..32, n = 1025 values, with frames of 1, 3 and 257. */
static void check_every_width(const char *function, pack_check_fn check)
{
    static const struct size_case size = {1025, "a packing tile plus one"};
    const enum pack_frame_name frames[] = {FRAME_ONE, FRAME_THREE, FRAME_BLOCK_PLUS_ONE};
    for (unsigned width = 0; width <= 32; width++) {
        for (size_t k = 0; k < sizeof frames / sizeof frames[0]; k++) {
            struct pack_fill fill = {PACK_WIDTH, width};
            struct pack_case c = pack_case_of(function, &size, &pack_frames[frames[k]], fill);
            check(&c);
        }
    }
}

/* Every alignment of a packing tile against the words: value 0 of 1..31
 * bits, one value a frame, then values of 32 bits. The second tile's 1024
 * values start `shift` bits into a word, so they touch 1025 words, the
 * most a tile can (PACK_TILE_WORDS):
 *     shift 5: tile 1's first bit 5 + 1023 * 32, its last 5 + 2047 * 32 - 1  */
static void check_every_alignment(const char *function, pack_check_fn check)
{
    static const struct size_case size = {2049, "two 1024-value packing tiles plus one, the second out of step with the words"};
    for (unsigned shift = 1; shift < 32; shift++) {
        struct pack_fill fill = {PACK_SHIFTED, shift};
        struct pack_case c = pack_case_of(function, &size, &pack_frames[FRAME_ONE], fill);
        check(&c);
    }
}

static const struct pack_fill mixed = {PACK_MIXED, 0};
static const struct pack_fill extremes = {PACK_EXTREMES, 0};

/* check_sizes_and_frames on stretches of mixed widths, then on the
 * extremes (oracle_pack.h). */
static void check_both_fills(const char *function, pack_check_fn check)
{
    check_sizes_and_frames(function, check, mixed);
    check_sizes_and_frames(function, check, extremes);
}

/* ---- The steps alone ---------------------------------------------------------- */

Test(widths, frames)
{
    require_gpu();
    check_both_fills("pack_frame_widths", check_pack_widths);
    check_every_width("pack_frame_widths", check_pack_widths);
}

Test(offsets, frames)
{
    require_gpu();
    check_sizes_and_frames("pack_frame_offsets", check_pack_offsets, mixed);
}

Test(values, frames)
{
    require_gpu();
    check_both_fills("pack_values", check_pack_values);
    check_every_alignment("pack_values", check_pack_values);
}

/* ---- The whole encoder ---------------------------------------------------------- */

Test(encode, sizes)
{
    require_gpu();
    check_sizes_and_frames("pack_encode", check_pack_encode, mixed);
    check_pack_empty_and_invalid();
}

Test(encode, every_width)
{
    require_gpu();
    check_every_width("pack_encode", check_pack_encode);
    check_sizes_and_frames("pack_encode", check_pack_encode, extremes);
    check_every_alignment("pack_encode", check_pack_encode);
}

/* ---- The decoder, on the oracle's encoding --------------------------------------- */

Test(decode, every_width)
{
    require_gpu();
    check_every_width("pack_decode", check_pack_decode);
    check_both_fills("pack_decode", check_pack_decode);
}

/* ---- Round trips: pack_decode(pack_encode(x)) == x -------------------------------- */

Test(roundtrip, structured)
{
    require_gpu();
    /* A 64^3 volume, mostly zeros around a ball: many frames of width 0. */
    static const struct size_case volume = {64 * 64 * 64, "a 64^3 voxel volume, about 13% non-zero"};
    static const struct frame_case rows = {64, "one 64-voxel row a frame"};
    static const struct frame_case slabs = {4096, "one 64x64 slice a frame"};
    struct pack_fill voxel = {PACK_VOXEL, 0};
    struct pack_case c = pack_case_of("pack_encode + pack_decode", &volume, &rows, voxel);
    check_pack_round_trip(&c);
    c = pack_case_of("pack_encode + pack_decode", &volume, &slabs, voxel);
    check_pack_round_trip(&c);

    /* Sawtooth 0..254 and 0..255: 8 bits a value, frames out of step with the teeth. */
    static const struct size_case saw_size = {65537, "2^16 + 1 values, 256 teeth"};
    static const struct frame_case saw_frames[] = {
        {1, "one value a frame: widths 0 and 1 to 8"},
        {255, "255 values: each frame is one tooth of saw254"},
        {256, "256 values: each frame is one tooth of saw255"},
        {4096, "4096 values: frames longer than a tile"},
    };
    for (unsigned top = 254; top <= 255; top++) {
        for (size_t f = 0; f < sizeof saw_frames / sizeof saw_frames[0]; f++) {
            struct pack_fill saw = {PACK_SAWTOOTH, top};
            c = pack_case_of("pack_encode + pack_decode", &saw_size, &saw_frames[f], saw);
            check_pack_round_trip(&c);
        }
    }
}

Test(roundtrip, large, .timeout = 120)
{
    require_gpu();
#ifdef SCANLAB_EMULATOR
    static const struct size_case large = {(1u << 20) + 7, "2^20 + 7 values (a GPU grade uses 2^24 + 7)"};
#else
    static const struct size_case large = {(1u << 24) + 7, "2^24 + 7 values, not a power of two"};
#endif
    static const struct frame_case frame = {128, "128 values a frame"};
    struct pack_case c = pack_case_of("pack_encode + pack_decode", &large, &frame, mixed);
    check_pack_round_trip(&c);
}

/* n = PACK_MAX_N = 2^26 values of 32 bits make 2^31 bits, one more than
 * the largest int. No smaller case reaches 2^31 (and no frame offset ever
 * does: pack.h), so a bit count kept in an int, as in
 *     int total_bits = last_offset + last_width * last_count;
 * passes every other test and fails here, where 2^31 is negative in it.
 * The same size under the emulator: about 7 s a thread order on one core,
 * and 1.6 GB of memory. Frames of 4000 there take 256 threads a frame, 16
 * values each; frames of 128 would take one emulated thread a value, and
 * 16 s. */
Test(roundtrip, largest, .timeout = 120)
{
    require_gpu();
    static const struct size_case largest = {PACK_MAX_N, "PACK_MAX_N = 2^26, the most pack.h allows: at width 32, "
                                                         "a stream of 2^31 bits, one more than an int holds"};
    static const struct frame_case frame = {4000, "4000 values a frame (the last one 864): every frame of width 32"};
    struct pack_fill width32 = {PACK_WIDTH, 32};
    struct pack_case c = pack_case_of("pack_encode + pack_decode", &largest, &frame, width32);
    check_pack_round_trip(&c);
}
