/*
 * Tests of lab 06's fast references, the one-pass packers and the warp
 * unpackers (solutions/06-fixed-length/fast/, common/fast.h), with lab
 * 06's own checks (pack_checks.h): every word, width and offset against
 * the grader's oracle, nothing written past them. The fast references
 * take frame lengths that are multiples of 32; the sizes cross their
 * tiles of 64 frames. Not part of a student's grade: make test-fast runs
 * them.
 */
#include <stdlib.h>

#include <criterion/criterion.h>

#include "cases.h"
#include "check.h"
#include "device.h"
#include "fast.h"
#include "pack_checks.h"

/* Frame lengths of a multiple of 32, and why. */
static const struct frame_case frames[] = {
    {32, "32 values: a frame is exactly one warp's 32"},
    {96, "96 values: a multiple of 32 that does not divide 1024"},
    {128, "128 values: a tile of 64 frames is lab 07's 8192 values"},
    {1024, "1024 values: a frame is a whole warp's part of a tile"},
    {4096, "4096 values: frames longer than a warp's part of a tile"},
};

static const struct size_case sizes[] = {
    {1, "one value"},
    {33, "a warp plus one: a second, partial 32"},
    {2047, "64 frames of 32 minus one: one tile, the last frame partial"},
    {2049, "64 frames of 32 plus one: a second tile of one frame"},
    {8193, "64 frames of 128 plus one: a second tile"},
    {3 * 8192 + 5, "three tiles of frames of 128 and 5"},
    {65537, "2^16 + 1: many tiles"},
};

typedef cudaError_t (*fast_encode_fn)(const uint32_t *d_values, size_t n, size_t frame_length,
                                      uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                                      uint32_t *d_word_count, void *d_temp, size_t temp_bytes);

/* A fast encoder called as pack_encode is: its storage handed over
 * poisoned (so it must clear it), the word count read back. */
static cudaError_t encode_with(fast_encode_fn fast, const uint32_t *d_values, size_t n, size_t frame_length,
                               uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words, size_t *words)
{
    size_t temp_bytes = pack_single_pass_temp_bytes(n, frame_length);
    struct device_ints temp = device_ints_new(temp_bytes / sizeof(int) + 1), count = device_ints_unwritten(1);
    cudaError_t err = fast(d_values, n, frame_length, d_widths, d_offsets, d_words, (uint32_t *)count.d, temp.d,
                           temp_bytes);
    int got = 0;
    if (err == cudaSuccess)
        err = cudaMemcpy(&got, count.d, sizeof got, cudaMemcpyDeviceToHost);
    *words = (size_t)got;
    device_ints_free(&temp);
    device_ints_free(&count);
    return err;
}

static cudaError_t encode_by_frames(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                    uint32_t *d_offsets, uint32_t *d_words, size_t *words)
{
    return encode_with(pack_encode_by_frames, d_values, n, frame_length, d_widths, d_offsets, d_words, words);
}

static cudaError_t encode_single_pass(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                      uint32_t *d_offsets, uint32_t *d_words, size_t *words)
{
    return encode_with(pack_encode_single_pass, d_values, n, frame_length, d_widths, d_offsets, d_words, words);
}

/* Both versions of the ladder; version 3 takes version 2's way for the
 * frame lengths that do not divide 1024 (96, 4096). */
static void check_encode(const struct pack_case *c)
{
    check_pack_encode_by(c, encode_by_frames);
    check_pack_encode_by(c, encode_single_pass);
}

static void check_decode(const struct pack_case *c)
{
    check_pack_decode_by(c, pack_decode_by_frames);
    check_pack_decode_by(c, pack_decode_single_pass);
}

/* check on every size and frame length, with one fill. */
static void check_all(const char *function, void (*check)(const struct pack_case *), struct pack_fill fill)
{
    require_gpu();
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++) {
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            struct pack_case c = pack_case_of(function, &sizes[i], &frames[f], fill);
            check(&c);
        }
    }
}

/* Every width 0..32: pack_word and unpack_value at each. */
static void check_every_width(const char *function, void (*check)(const struct pack_case *))
{
    for (unsigned width = 0; width <= 32; width++) {
        struct pack_fill fill = {PACK_WIDTH, width};
        check_all(function, check, fill);
    }
}

static const struct pack_fill mixed = {PACK_MIXED, 0};
static const struct pack_fill extremes = {PACK_EXTREMES, 0};

Test(fast_pack, encode_every_width, .timeout = 120) { check_every_width("pack_encode_single_pass", check_encode); }
Test(fast_pack, encode_mixed) { check_all("pack_encode_single_pass", check_encode, mixed); }
Test(fast_pack, encode_extremes) { check_all("pack_encode_single_pass", check_encode, extremes); }
Test(fast_pack, decode_every_width, .timeout = 120) { check_every_width("pack_decode_single_pass", check_decode); }
Test(fast_pack, decode_mixed) { check_all("pack_decode_single_pass", check_decode, mixed); }
Test(fast_pack, decode_extremes) { check_all("pack_decode_single_pass", check_decode, extremes); }

/* n = 0 needs nothing (the count is 0); a frame length that is not a
 * multiple of 32 is refused. */
Test(fast_pack, arguments)
{
    require_gpu();
    struct size_case empty = {0, "empty, with NULL pointers"};
    struct test_case c = test_case_for("06", "pack_encode_single_pass", &empty, FILL_RANDOM);
    struct device_ints count = device_ints_unwritten(1), any = device_ints_new(64);
    int got;
    expect_cuda_success(&c, pack_encode_single_pass(NULL, 0, 32, NULL, NULL, NULL, (uint32_t *)count.d, NULL, 0));
    device_ints_download(&count, &got);
    expect_same_count(&c, "the word count (*d_word_count) for n = 0", 0, (size_t)got);
    expect_cuda_success(&c, pack_decode_single_pass(NULL, NULL, NULL, 0, 32, NULL));
    uint32_t *words = (uint32_t *)any.d;
    if (pack_encode_single_pass(words, 8, 3, words, words, words, words, any.d, 256) != cudaErrorInvalidValue)
        fail_case(&c, "frame_length 3 (not a multiple of 32) was not refused with cudaErrorInvalidValue");
    if (pack_decode_single_pass(words, words, words, 8, 3, words) != cudaErrorInvalidValue)
        fail_case(&c, "pack_decode_single_pass with frame_length 3 was not refused with cudaErrorInvalidValue");
    device_ints_free(&count);
    device_ints_free(&any);
}
