/*
 * known_answers.c: the exact bytes of tiny files, one per method (and
 * cascade with delta, with delta first, a frame length chosen, and a
 * tail chunk), so the format cannot drift: a GPU engine, a refactoring
 * or a new compiler must write these bytes. And files of format version
 * 1, as the scanzip before delta first wrote them, still decode.
 *
 * Each file is the 40-byte header, then records of a 24-byte header and
 * a payload (format.h). The comments take the payloads apart; the CRCs
 * are CRC32C (crc32c.c's test checks its known answer).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "codec.h"
#include "support.h"

/* The header of a 4-byte file of 8-bit elements, default chunk: */
#define HEADER_4_BYTES                                                                             \
    0x53, 0x43, 0x4e, 0x5a, /* "SCNZ" */                                                          \
    0x02, 0x01, 0x00, 0x00, /* version 2, element_bytes 1, axis 0, reserved */                    \
    0x04, 0, 0, 0, 0, 0, 0, 0, /* original_bytes 4 */                                              \
    0x00, 0x00, 0x00, 0x01, /* chunk_elements 2^24 */                                              \
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, /* no shape */                                             \
    0, 0, 0, 0,             /* prefix_bytes 0 */                                                   \
    0xa6, 0x98, 0x71, 0x88  /* CRC32C of bytes 0..35 */

/* The same for a 16-byte and a 40-byte file: original_bytes, its own CRC. */
#define HEADER_16_BYTES                                                                            \
    0x53, 0x43, 0x4e, 0x5a, 0x02, 0x01, 0x00, 0x00, 16, 0, 0, 0, 0, 0, 0, 0,                       \
    0x00, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,                        \
    0xbe, 0xb0, 0x1c, 0x0e
#define HEADER_40_BYTES                                                                            \
    0x53, 0x43, 0x4e, 0x5a, 0x02, 0x01, 0x00, 0x00, 40, 0, 0, 0, 0, 0, 0, 0,                       \
    0x00, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,                        \
    0x55, 0x7f, 0xc9, 0x02

/* Version 1's header of a 16-byte file: only byte 4 and the CRC differ. */
#define HEADER_16_BYTES_V1                                                                         \
    0x53, 0x43, 0x4e, 0x5a, 0x01, 0x01, 0x00, 0x00, 16, 0, 0, 0, 0, 0, 0, 0,                       \
    0x00, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,                        \
    0xe3, 0xc1, 0xf7, 0x48

/* The input of most cases: [7 7 7 9]; its CRC32C is 0x274885ed. */
static const uint8_t seven_nine[] = {7, 7, 7, 9};

static const uint8_t stored_file[] = {
    HEADER_4_BYTES,
    0x00, 0x00, 0, 0,       /* method stored, flags 0, reserved */
    4, 0, 0, 0, 4, 0, 0, 0, /* raw_bytes 4, payload_bytes 4 */
    0xed, 0x85, 0x48, 0x27, 0xed, 0x85, 0x48, 0x27, /* raw CRC, payload CRC: the same bytes */
    0x10, 0xa2, 0x80, 0x0b, /* record header CRC */
    7, 7, 7, 9,
};

static const uint8_t rle8_file[] = {
    HEADER_4_BYTES,
    0x01, 0x00, 0, 0, 4, 0, 0, 0, 4, 0, 0, 0,
    0xed, 0x85, 0x48, 0x27, 0xb2, 0xeb, 0x94, 0xc7, 0x46, 0x14, 0x3b, 0x55,
    0x07, 0x03, 0x09, 0x01, /* (7, 3) (9, 1) */
};

static const uint8_t rle_file[] = {
    HEADER_4_BYTES,
    0x02, 0x00, 0, 0, 4, 0, 0, 0, 20, 0, 0, 0,
    0xed, 0x85, 0x48, 0x27, 0xcc, 0x5b, 0xac, 0xbe, 0x70, 0xf0, 0x81, 0x7c,
    2, 0, 0, 0,             /* runs */
    7, 0, 0, 0, 9, 0, 0, 0, /* symbols */
    3, 0, 0, 0, 1, 0, 0, 0, /* counts */
};

static const uint8_t pack_file[] = {
    HEADER_4_BYTES,
    0x03, 0x00, 0, 0, 4, 0, 0, 0, 9, 0, 0, 0,
    0xed, 0x85, 0x48, 0x27, 0xc3, 0xff, 0x5a, 0xfe, 0xce, 0x1d, 0xe8, 0x5f,
    0x80, 0, 0, 0,          /* frame_length 128: one frame */
    0x04,                   /* its width: 4 bits (of 9) */
    0x77, 0x97, 0x00, 0x00, /* 7 | 7 << 4 | 7 << 8 | 9 << 12 = 0x9777 */
};

static const uint8_t cascade_file[] = {
    HEADER_4_BYTES,
    0x04, 0x00, 0, 0, 4, 0, 0, 0, 18, 0, 0, 0,
    0xed, 0x85, 0x48, 0x27, 0x48, 0x3f, 0x43, 0xb5, 0x7c, 0x60, 0xff, 0xfc,
    2, 0, 0, 0, 0x80, 0, 0, 0, /* runs 2, frame_length 128 */
    0x04, 0x97, 0, 0, 0,       /* symbols [7 9]: width 4, 7 | 9 << 4 = 0x97 */
    0x02, 0x02, 0, 0, 0,       /* counts - 1 [2 0]: width 2, 2 | 0 << 2 = 0x02 */
};

/* [200 200 201 201 ... 207 207], --frame 1: -m cascade picks delta. Plain
 * symbols take 8 bits each (64 bits, 2 words); the deltas [200 1 1 ...]
 * are -56 then 1 in 8 bits, zigzagged to 111 (7 bits) then 2 (2 bits):
 * 21 bits, 1 word. */
static const uint8_t delta_input[] = {200, 200, 201, 201, 202, 202, 203, 203,
                                      204, 204, 205, 205, 206, 206, 207, 207};
#define DELTA_RECORD                                                                               \
    0x04, 0x01, 0, 0,          /* cascade, flags delta */                                          \
    16, 0, 0, 0, 32, 0, 0, 0,                                                                      \
    0x4a, 0xa9, 0x5f, 0xad, 0x49, 0x3a, 0x55, 0x2b, 0x05, 0x97, 0x13, 0xda,                        \
    8, 0, 0, 0, 1, 0, 0, 0,    /* runs 8, frame_length 1 */                                        \
    7, 2, 2, 2, 2, 2, 2, 2,    /* widths of zigzag deltas [111 2 2 2 2 2 2 2] */                   \
    0x6f, 0x55, 0x15, 0x00,    /* 111 | 2 << 7 | 2 << 9 | ... | 2 << 19 = 0x15556f */              \
    1, 1, 1, 1, 1, 1, 1, 1,    /* counts - 1: all 1, width 1 */                                    \
    0xff, 0x00, 0x00, 0x00
static const uint8_t delta_file[] = {HEADER_16_BYTES, DELTA_RECORD};

/* The same file as version 1 wrote it, byte for byte. */
static const uint8_t delta_file_v1[] = {HEADER_16_BYTES_V1, DELTA_RECORD};

/* A counter [0 1 2 ... 39], --frame 128: -m auto picks delta first. Its
 * deltas [0 1 1 ... 1] have 2 runs where the elements have 40 (format.h's
 * rule measures delta first): zigzag [0 2 2 ... 2] -> runs (0, 1) (2, 39).
 * Plain cascade packs 40 symbols of 6 bits (42 bytes), pack the same
 * (37), stored takes 40; delta first, 18. With the delta flag too the
 * symbols [0 2] become [0 4], 3 bits, the same 18 bytes: the tie goes to
 * the lower flags. */
static const uint8_t counter_file[] = {
    HEADER_40_BYTES,
    0x04, 0x02, 0, 0,          /* cascade, flags delta first */
    40, 0, 0, 0, 18, 0, 0, 0,  /* raw_bytes 40, payload_bytes 18 */
    0x83, 0xf0, 0x4e, 0x13, 0x78, 0x99, 0x8c, 0x39, 0x05, 0xf8, 0xff, 0xac,
    2, 0, 0, 0, 0x80, 0, 0, 0, /* runs 2, frame_length 128 */
    0x02, 0x08, 0, 0, 0,       /* symbols [0 2]: width 2, 0 | 2 << 2 = 0x08 */
    0x06, 0x80, 0x09, 0, 0,    /* counts - 1 [0 38]: width 6, 0 | 38 << 6 = 0x980 */
};

/* [0 x 8, 255 x 8], -m pack without --frame: frames of 8 have widths 0
 * and 8 (2 width bytes + 64 bits = 14 bytes); one frame of 16 (or of any
 * longer candidate) has width 8 (1 + 128 bits = 21 bytes): 8 is chosen. */
static const uint8_t steps_input[] = {0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255};
static const uint8_t steps_file[] = {
    HEADER_16_BYTES,
    0x03, 0x00, 0, 0, 16, 0, 0, 0, 14, 0, 0, 0, /* pack, 16 raw bytes, 14 payload bytes */
    0xa7, 0x63, 0x3f, 0x86, 0xf9, 0x7b, 0xb5, 0xa1, 0xf1, 0x1d, 0x9d, 0x65,
    0x08, 0, 0, 0,             /* frame_length 8, chosen */
    0x00, 0x08,                /* widths: 0 bits (the zeros, no words), 8 bits */
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, /* 8 x 255 in 8 bits: 2 words */
};

/* -w 16 -m rle on 7 bytes: 3 elements [0x6261 1 2] and a 1-byte tail. */
static const uint8_t tail_input[] = {'a', 'b', 1, 0, 2, 0, 3};
static const uint8_t tail_file[] = {
    0x53, 0x43, 0x4e, 0x5a, 0x02, 0x02, 0x00, 0x00, 7, 0, 0, 0, 0, 0, 0, 0,
    0x00, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x9c, 0xd2, 0x4a, 0xe2,
    0x02, 0x00, 0, 0, 6, 0, 0, 0, 28, 0, 0, 0, /* rle, 6 raw bytes, 28 payload bytes */
    0x02, 0xc0, 0x31, 0x95, 0x2f, 0xe8, 0xf3, 0xbb, 0x00, 0x5e, 0x54, 0xdf,
    3, 0, 0, 0, 0x61, 0x62, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
    0x00, 0x00, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, /* the tail: stored, 1 byte */
    0xa5, 0xa0, 0x2d, 0x41, 0xa5, 0xa0, 0x2d, 0x41,
    0xf6, 0xd4, 0xfc, 0x14,
    0x03,
};

/* Which field byte i of a one-record file is in, for the message. */
static const char *field_of(size_t i)
{
    static const char *const header[] = {"magic", "magic", "magic", "magic", "version", "element_bytes", "axis",
                                         "reserved"};
    if (i < 8)
        return header[i];
    if (i < 40)
        return i < 16 ? "original_bytes" : i < 20 ? "chunk_elements" : i < 32 ? "shape" : i < 36 ? "prefix_bytes"
                                                                                       : "header CRC";
    i -= 40;
    if (i >= 24)
        return "the payload";
    return i == 0 ? "method" : i == 1 ? "flags" : i < 4 ? "reserved" : i < 8 ? "raw_bytes" : i < 12 ? "payload_bytes"
           : i < 16 ? "raw CRC" : i < 20 ? "payload CRC" : "record header CRC";
}

static void expect_file(const char *name, const struct scanzip_options *options, const uint8_t *input,
                        size_t input_size, const uint8_t *expected, size_t expected_size)
{
    char text[200], head[300];
    snprintf(head, sizeof head, "%s (%s)", name, describe_options(options, text, sizeof text));
    uint64_t size;
    uint8_t *got = compress_or_fail("known_answers/files", options, input, input_size, &size);
    for (size_t i = 0; i < size && i < expected_size; i++)
        if (got[i] != expected[i])
            fail_scanzip("known_answers/files", head, "byte %zu (%s, for the first record) is 0x%02x, expected 0x%02x",
                         i, field_of(i), got[i], expected[i]);
    if (size != expected_size)
        fail_scanzip("known_answers/files", head, "the file has %llu bytes, expected %zu",
                     (unsigned long long)size, expected_size);
    free(got);
}

Test(known_answers, files)
{
    struct scanzip_options o = test_options(SCANZIP_CHOOSE_STORED, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128);
    expect_file("stored [7 7 7 9]", &o, seven_nine, 4, stored_file, sizeof stored_file);
    o.choice = SCANZIP_CHOOSE_RLE8;
    expect_file("rle8 [7 7 7 9]", &o, seven_nine, 4, rle8_file, sizeof rle8_file);
    o.choice = SCANZIP_CHOOSE_RLE;
    expect_file("rle [7 7 7 9]", &o, seven_nine, 4, rle_file, sizeof rle_file);
    o.choice = SCANZIP_CHOOSE_PACK;
    expect_file("pack [7 7 7 9]", &o, seven_nine, 4, pack_file, sizeof pack_file);
    o.choice = SCANZIP_CHOOSE_CASCADE;
    expect_file("cascade [7 7 7 9]", &o, seven_nine, 4, cascade_file, sizeof cascade_file);
    o.choice = SCANZIP_CHOOSE_AUTO; /* rle8 ties with stored at 4 bytes: the lower method wins */
    expect_file("auto [7 7 7 9]", &o, seven_nine, 4, stored_file, sizeof stored_file);
    o.choice = SCANZIP_CHOOSE_CASCADE;
    o.frame_length = 1;
    expect_file("cascade with delta [200 200 201 201 ... 207 207]", &o, delta_input, sizeof delta_input, delta_file,
                sizeof delta_file);
    uint8_t counter[40];
    for (size_t i = 0; i < sizeof counter; i++)
        counter[i] = (uint8_t)i;
    o = test_options(SCANZIP_CHOOSE_AUTO, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128);
    expect_file("auto, delta first [0 1 2 ... 39]", &o, counter, sizeof counter, counter_file, sizeof counter_file);
    o.choice = SCANZIP_CHOOSE_CASCADE;
    expect_file("cascade, delta first [0 1 2 ... 39]", &o, counter, sizeof counter, counter_file,
                sizeof counter_file);
    o = test_options(SCANZIP_CHOOSE_PACK, 1, SCANZIP_DEFAULT_CHUNK_ELEMENTS, SCANZIP_FRAME_CHOOSE);
    expect_file("pack without --frame [0 x 8, 255 x 8]", &o, steps_input, sizeof steps_input, steps_file,
                sizeof steps_file);
    o = test_options(SCANZIP_CHOOSE_RLE, 2, SCANZIP_DEFAULT_CHUNK_ELEMENTS, 128);
    expect_file("rle -w 16 with a 1-byte tail", &o, tail_input, sizeof tail_input, tail_file, sizeof tail_file);
}

/* The payload bytes of codec.h's examples, and each decodes back. */
Test(known_answers, payloads)
{
    static const uint8_t counter_tail[] = {5, 6, 7, 8, 8, 8};
    static const struct {
        unsigned method, flags;
        const char *name;
        const uint8_t *input;
        size_t n;
        uint8_t bytes[32];
        size_t size;
    } cases[] = {
        {SCANZIP_RLE8, 0, "rle8 of [7 7 7 9]", seven_nine, 4, {7, 3, 9, 1}, 4},
        {SCANZIP_CASCADE, SCANZIP_FLAG_DELTA, "cascade with delta of [7 7 7 9]: [7 9] -> deltas [7 2] -> zigzag [14 4]",
         seven_nine, 4, {2, 0, 0, 0, 0x80, 0, 0, 0, 0x04, 0x4e, 0, 0, 0, 0x02, 0x02, 0, 0, 0}, 18},
        {SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST,
         "cascade delta first of [5 6 7 8 8 8]: zigzag deltas [10 2 2 2 0 0] -> runs (10, 1) (2, 3) (0, 2)",
         counter_tail, 6, {3, 0, 0, 0, 0x80, 0, 0, 0, 0x04, 0x2a, 0, 0, 0, 0x02, 0x18, 0, 0, 0}, 18},
    };
    struct scanzip_codec_params params = {1, 128};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint8_t payload[64], raw[8];
        struct scanzip_why why = {""};
        uint64_t size = scanzip_encode_payload(&params, cases[c].method, cases[c].flags, cases[c].input, cases[c].n,
                                               payload);
        cr_assert(size == cases[c].size && memcmp(payload, cases[c].bytes, size) == 0,
                  "known_answers/payloads: %s: %llu bytes differ from the %zu expected (first byte 0x%02x)",
                  cases[c].name, (unsigned long long)size, cases[c].size, payload[0]);
        int status = scanzip_decode_payload(1, cases[c].method, cases[c].flags, payload, size, raw, cases[c].n, &why);
        cr_assert(status == 0 && memcmp(raw, cases[c].input, cases[c].n) == 0,
                  "known_answers/payloads: %s does not decode back: %s", cases[c].name, why.text);
    }
}

/* A version-1 file (delta_file_v1, as the scanzip before version 2 wrote
 * it) still decodes; the same file with flags bit 1 (delta first, which
 * version 1 did not have) is refused at its record, before its payload. */
Test(known_answers, version_1)
{
    uint8_t *out = NULL, file[sizeof delta_file_v1];
    uint64_t size = 0;
    struct scanzip_why why = {""};
    int status = scanzip_decompress_memory(&scanzip_cpu_engine, delta_file_v1, sizeof delta_file_v1, UINT64_MAX, &out,
                                           &size, &why);
    cr_assert(status == 0 && size == sizeof delta_input && memcmp(out, delta_input, size) == 0,
              "known_answers/version_1: a version-1 file of cascade+delta does not decode back: %s", why.text);
    free(out);
    memcpy(file, delta_file_v1, sizeof file);
    file[SCANZIP_HEADER_BYTES + 1] = SCANZIP_FLAG_DELTA_FIRST | SCANZIP_FLAG_DELTA;
    fix_record_crc(file + SCANZIP_HEADER_BYTES);
    expect_refused("known_answers/version_1", "a version-1 file whose record has flags 0x03", file, sizeof file,
                   UINT64_MAX,
                   "chunk 1 of 1 (bytes 40..): flags 0x03: delta first in a version-1 file (it came with version 2)");
}
