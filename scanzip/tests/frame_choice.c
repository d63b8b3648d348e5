/*
 * frame_choice.c: without --frame, pack and cascade write each chunk with
 * the candidate frame length (8 16 32 64 128 256) that makes its payload
 * smallest, a tie going to the shortest (format.h says why); with
 * --frame N they write N, the same bytes as before the choice existed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "codec.h"
#include "crc32c.h"
#include "support.h"

/* The input the choice is for: 40 blocks of 1000 zeros, then 23 singles
 * 1 0 1 0 ... 1. Cascade's counts-1 are [999, then 23 zeros] a block, 24
 * runs: frames of 8 give the 10-bit 999 one frame in three and the others
 * width 0; frames of 128 span five blocks, so every frame is 10 bits wide.
 *     cascade --frame 8: 832 bytes   --frame 128: 1408 bytes */
#define BLOCKS 40
#define BLOCK_ZEROS 1000
#define BLOCK_SINGLES 23

static uint8_t *zeros_and_singles(size_t *size)
{
    *size = BLOCKS * (BLOCK_ZEROS + BLOCK_SINGLES);
    uint8_t *data = malloc(*size), *p = data;
    for (int b = 0; b < BLOCKS; b++) {
        memset(p, 0, BLOCK_ZEROS);
        p += BLOCK_ZEROS;
        for (int i = 0; i < BLOCK_SINGLES; i++)
            *p++ = (uint8_t)(1 - i % 2);
    }
    return data;
}

/* The rule, the slow way: measure with each candidate as --frame, keep
 * the first smallest, for every method and flags. */
static void smallest_by_hand(unsigned w, const uint8_t *raw, size_t n, struct scanzip_sizes *best)
{
    uint32_t length = SCANZIP_FIRST_FRAME_CANDIDATE;
    for (int k = 0; k < SCANZIP_FRAME_CANDIDATES; k++, length *= 2) {
        struct scanzip_codec_params params = {w, length};
        struct scanzip_sizes s;
        scanzip_measure(&params, raw, n, &s);
        for (unsigned m = 0; m < SCANZIP_METHODS; m++)
            for (unsigned f = 0; f < SCANZIP_FLAG_VARIANTS; f++)
                if (k == 0 || s.of[m][f].bytes < best->of[m][f].bytes)
                    best->of[m][f] = s.of[m][f];
    }
}

/* The chosen payload is written at the size measured and decodes back. */
static void check_payload(const char *head, unsigned w, unsigned method, unsigned flags,
                          const struct scanzip_sizes *sizes, const uint8_t *raw, size_t n)
{
    uint64_t bytes = scanzip_payload_size(sizes, method, flags);
    uint8_t *payload = malloc(bytes + 1), *back = malloc(n * w + 1);
    struct scanzip_codec_params params = {w, scanzip_payload_frame(sizes, method, flags)};
    uint64_t written = scanzip_encode_payload(&params, method, flags, raw, n, payload);
    struct scanzip_why why = {""};
    char name[32];
    scanzip_variant_name(method, flags, name, sizeof name);
    if (written != bytes)
        fail_scanzip("frame_choice/smallest_payload", head, "%s with frame %u: measured %llu bytes, wrote %llu", name,
                     params.frame_length, (unsigned long long)bytes, (unsigned long long)written);
    if (scanzip_decode_payload(w, method, flags, payload, written, back, n * w, &why) != 0 ||
        (n > 0 && memcmp(back, raw, n * w) != 0))
        fail_scanzip("frame_choice/smallest_payload", head, "%s with frame %u does not decode back: %s", name,
                     params.frame_length, why.text);
    free(payload);
    free(back);
}

static void check_choice(const char *head, unsigned w, const uint8_t *raw, size_t n)
{
    struct scanzip_codec_params choose = {w, SCANZIP_FRAME_CHOOSE};
    struct scanzip_sizes got, expected;
    scanzip_measure(&choose, raw, n, &got);
    smallest_by_hand(w, raw, n, &expected);
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        for (unsigned f = 0; f < SCANZIP_FLAG_VARIANTS; f++) {
            if (scanzip_methods[m].frame_field == SCANZIP_UNFRAMED || !scanzip_flags_valid(m, f))
                continue; /* pack, and cascade's four variants */
            const struct scanzip_size *g = &got.of[m][f], *e = &expected.of[m][f];
            char name[32];
            if (g->bytes != e->bytes || g->frame_length != e->frame_length)
                fail_scanzip("frame_choice/smallest_payload", head,
                             "%s chose frame %u (%llu bytes), the rule gives %u (%llu)",
                             scanzip_variant_name(m, f, name, sizeof name), g->frame_length,
                             (unsigned long long)g->bytes, e->frame_length, (unsigned long long)e->bytes);
            if (g->bytes != SCANZIP_UNMEASURED) /* delta first, where format.h's rule leaves it out */
                check_payload(head, w, m, f, &got, raw, n);
        }
}

/* Every family, width and a few sizes (shorter than one frame of 8, a
 * frame of 256 and one more, many frames), and the crafted input. */
Test(frame_choice, smallest_payload)
{
    static const size_t counts[] = {0, 1, 7, 257, 5000};
    for (unsigned w = 1; w <= 4; w *= 2)
        for (int family = 0; family < FAMILIES; family++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                size_t n = counts[c];
                uint64_t seed = 0xf4a3e000u + (uint64_t)family * 17 + c;
                uint8_t *raw = malloc(n * w + 1);
                fill_family(raw, n * w, (enum family)family, w, seed);
                char head[300];
                snprintf(head, sizeof head, "-w %u, family \"%s\", %zu elements, seed 0x%llx", 8 * w,
                         family_name(family), n, (unsigned long long)seed);
                check_choice(head, w, raw, n);
                free(raw);
            }
    size_t size;
    uint8_t *data = zeros_and_singles(&size);
    for (unsigned w = 1; w <= 4; w *= 2)
        check_choice(w == 1 ? "zeros and singles, -w 8" : w == 2 ? "zeros and singles, -w 16" : "zeros and singles, -w 32",
                     w, data, size / w);
    free(data);
}

/* The frame_length field of a one-chunk file's payload (pack: its first
 * u32, cascade: its second). */
static uint32_t stored_frame(const uint8_t *file, unsigned method)
{
    const uint8_t *payload = file + SCANZIP_HEADER_BYTES + SCANZIP_RECORD_BYTES;
    return scanzip_load32(payload + (method == SCANZIP_PACK ? 0 : 4));
}

static uint64_t compressed_size(const struct scanzip_options *o, const uint8_t *data, size_t size, uint8_t **file)
{
    uint64_t packed;
    *file = compress_or_fail("frame_choice/zeros_and_singles", o, data, size, &packed);
    return packed;
}

/* The crafted input: cascade picks 8, where 128 (the old default) is
 * 1.7 times larger; pack ties 64 with 128 and the tie goes to 64; and
 * the chosen files are byte for byte those of --frame 8 and --frame 64. */
Test(frame_choice, zeros_and_singles)
{
    size_t size;
    uint8_t *data = zeros_and_singles(&size), *chosen, *given;
    struct scanzip_options o = test_options(SCANZIP_CHOOSE_CASCADE, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS,
                                            SCANZIP_FRAME_CHOOSE);
    uint64_t chosen_size = compressed_size(&o, data, size, &chosen);
    cr_assert(stored_frame(chosen, SCANZIP_CASCADE) == 8,
              "frame_choice/zeros_and_singles: -m cascade without --frame wrote frame %u, expected 8",
              stored_frame(chosen, SCANZIP_CASCADE));
    o.frame_length = 8;
    uint64_t given_size = compressed_size(&o, data, size, &given);
    cr_assert(given_size == chosen_size && memcmp(given, chosen, chosen_size) == 0,
              "frame_choice/zeros_and_singles: -m cascade without --frame (%llu bytes) differs from --frame 8 (%llu)",
              (unsigned long long)chosen_size, (unsigned long long)given_size);
    free(given);
    o.frame_length = 128;
    given_size = compressed_size(&o, data, size, &given);
    cr_assert(chosen_size == 832 && given_size == 1408,
              "frame_choice/zeros_and_singles: -m cascade: %llu bytes chosen, %llu with --frame 128; expected 832 and 1408",
              (unsigned long long)chosen_size, (unsigned long long)given_size);
    free(given);
    free(chosen);

    o = test_options(SCANZIP_CHOOSE_PACK, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, SCANZIP_FRAME_CHOOSE);
    chosen_size = compressed_size(&o, data, size, &chosen);
    o.frame_length = 128;
    given_size = compressed_size(&o, data, size, &given);
    cr_assert(stored_frame(chosen, SCANZIP_PACK) == 64 && chosen_size == given_size,
              "frame_choice/zeros_and_singles: -m pack: 64 and 128 tie (%llu bytes with 128): expected frame 64, "
              "got frame %u and %llu bytes", (unsigned long long)given_size, stored_frame(chosen, SCANZIP_PACK),
              (unsigned long long)chosen_size);
    free(given);
    free(chosen);
    free(data);
}

/* --frame 128 writes the bytes scanzip wrote before frames were chosen
 * (the size and CRC32C of the whole file, from that version), and these
 * default-option files are what any engine must write without --frame. */
Test(frame_choice, known_files)
{
    static const struct {
        enum scanzip_choice choice;
        unsigned w;
        uint32_t chunk, frame;
        uint64_t size;
        uint32_t crc;
    } cases[] = {
        {SCANZIP_CHOOSE_PACK, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128, 1024, 0x78b2748c},
        {SCANZIP_CHOOSE_PACK, 2, 1000, 128, 4256, 0xc5a134f1},
        {SCANZIP_CHOOSE_CASCADE, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128, 1408, 0x3ee8e471},
        {SCANZIP_CHOOSE_CASCADE, 2, 1000, 128, 1074, 0xad9b7723},
        {SCANZIP_CHOOSE_AUTO, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128, 1024, 0x78b2748c},
        {SCANZIP_CHOOSE_AUTO, 2, 1000, 128, 964, 0x34d35a72},
        /* without --frame */
        {SCANZIP_CHOOSE_PACK, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, SCANZIP_FRAME_CHOOSE, 1024, 0xbfd43622},
        {SCANZIP_CHOOSE_PACK, 2, 1000, SCANZIP_FRAME_CHOOSE, 2240, 0xf74af8d8},
        {SCANZIP_CHOOSE_CASCADE, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, SCANZIP_FRAME_CHOOSE, 832, 0xfb827c1f},
        {SCANZIP_CHOOSE_CASCADE, 2, 1000, SCANZIP_FRAME_CHOOSE, 1074, 0xebc29c90},
        {SCANZIP_CHOOSE_AUTO, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, SCANZIP_FRAME_CHOOSE, 832, 0xfb827c1f},
        {SCANZIP_CHOOSE_AUTO, 2, 1000, SCANZIP_FRAME_CHOOSE, 964, 0x34d35a72},
    };
    size_t size;
    uint8_t *data = zeros_and_singles(&size);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        struct scanzip_options o = test_options(cases[c].choice, cases[c].w, cases[c].chunk, cases[c].frame);
        char text[200], head[300];
        snprintf(head, sizeof head, "%s, zeros and singles", describe_options(&o, text, sizeof text));
        uint64_t packed;
        uint8_t *file = compress_or_fail("frame_choice/known_files", &o, data, size, &packed);
        uint32_t crc = crc32c(file, packed);
        if (packed != cases[c].size || crc != cases[c].crc)
            fail_scanzip("frame_choice/known_files", head, "%llu bytes with CRC32C 0x%08x, expected %llu and 0x%08x",
                         (unsigned long long)packed, crc, (unsigned long long)cases[c].size, cases[c].crc);
        free(file);
    }
    free(data);
}
