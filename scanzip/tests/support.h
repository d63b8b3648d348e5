/*
 * support.h: what scanzip's tests share: the data families they compress,
 * whole-file helpers, and failure messages that say what, where and how
 * to rerun:
 *
 *   roundtrip/families: -m cascade -w 16 --chunk 64 --frame 3, family
 *   "runs > 255" (rle8 must split them), 391 bytes, seed 0x5eed0003:
 *     decompressed byte 130 differs: expected 0x07, got 0x00
 *     rerun: make test-scanzip  (the test program alone:
 *            build/BACKEND-none/scanzip-tests --filter 'roundtrip/families')
 */
#ifndef SCANZIP_TEST_SUPPORT_H
#define SCANZIP_TEST_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "container.h"

/* The data every round trip runs on, each with the bug it tends to find. */
enum family {
    FAMILY_RANDOM,        /* no runs: rle grows, pack and stored win */
    FAMILY_ZEROS,         /* one run; pack's frames of width 0 store no words */
    FAMILY_LONG_RUNS,     /* runs of 1..40 of a few values */
    FAMILY_SAWTOOTH,      /* 0 1 2 ... 254 0 1 ...: every width of a byte, deltas of 1 */
    FAMILY_SINGLE_VALUE,  /* one non-zero value everywhere: one run of n */
    FAMILY_RUNS_OVER_255, /* runs of 200..700: rle8 must split them at 255 */
    FAMILY_ALL_BITS,      /* values with the top bit set: widths of 8w bits, zigzag's edges */
};
#define FAMILIES 7

const char *family_name(enum family family);

/* Fill size bytes with a family of w-byte elements (the last bytes may
 * not fill an element: they get the family's next element's bytes). */
void fill_family(uint8_t *bytes, size_t size, enum family family, unsigned w, uint64_t seed);

/* Element i of w-byte little-endian elements. */
uint32_t element_at(const uint8_t *bytes, size_t i, unsigned w);

/* A seeded xorshift64*: the same numbers on every machine. */
uint64_t next_random(uint64_t *state);

/* Options from the ones a test varies; the rest are the defaults.
 * frame: a --frame value, or SCANZIP_FRAME_CHOOSE for none. */
struct scanzip_options test_options(enum scanzip_choice choice, unsigned w, uint32_t chunk, uint32_t frame);

/* "-m cascade -w 16 --chunk 64 --frame 3" */
const char *describe_options(const struct scanzip_options *options, char *text, size_t size);

/* Compress in memory with the CPU engine; fails the test on error. */
uint8_t *compress_or_fail(const char *test, const struct scanzip_options *options, const uint8_t *data,
                          size_t size, uint64_t *packed_size);

/* Fail the test: the case, the reason, and how to rerun. */
void fail_scanzip(const char *test, const char *case_text, const char *format, ...)
    __attribute__((format(printf, 3, 4), noreturn));

/* Decompress a file that must be refused, in memory with the CPU engine;
 * fails the test unless it is refused with a reason that contains message. */
void expect_refused(const char *test, const char *case_text, const uint8_t *file, uint64_t size,
                    uint64_t max_output, const char *message);

/* The index of chunk record k (0-based) of a valid file, and how many. */
uint64_t record_offset(const uint8_t *file, uint64_t size, uint64_t k);
uint64_t record_count(const uint8_t *file, uint64_t size);

/* Recompute the header's CRC (after a test changed a field on purpose). */
void fix_header_crc(uint8_t *file);

/* Recompute a record header's CRC. */
void fix_record_crc(uint8_t *record);

#endif
