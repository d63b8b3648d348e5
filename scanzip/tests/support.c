/*
 * support.c: see support.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "crc32c.h"
#include "support.h"

static const char *const family_names[FAMILIES] = {
    "random", "all zeros", "long runs", "sawtooth", "single value", "runs > 255 (rle8 splits them)",
    "values needing all the bits",
};

uint32_t element_at(const uint8_t *bytes, size_t i, unsigned w)
{
    uint32_t value = 0;
    for (unsigned b = 0; b < w; b++)
        value |= (uint32_t)bytes[i * w + b] << (8 * b);
    return value;
}

const char *family_name(enum family family)
{
    return family_names[family];
}

uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Element i of a family, for elements of `bits` bits. */
static uint32_t family_value(enum family family, uint64_t *state, size_t i, uint32_t *run_value,
                             size_t *run_left, unsigned bits)
{
    uint32_t mask = bits == 32 ? UINT32_MAX : (UINT32_C(1) << bits) - 1;
    switch (family) {
    case FAMILY_RANDOM: return (uint32_t)next_random(state) & mask;
    case FAMILY_ZEROS: return 0;
    case FAMILY_SAWTOOTH: return (uint32_t)(i % 255);
    case FAMILY_SINGLE_VALUE: return 0xA7A7A7A7u & mask;
    case FAMILY_ALL_BITS: return ((uint32_t)next_random(state) | (UINT32_C(1) << (bits - 1))) & mask;
    case FAMILY_LONG_RUNS:
    case FAMILY_RUNS_OVER_255:
        if (*run_left == 0) {
            uint64_t r = next_random(state);
            *run_left = family == FAMILY_LONG_RUNS ? 1 + r % 40 : 200 + r % 501;
            *run_value = (uint32_t)(r >> 32) % 5 * (mask / 4);
        }
        (*run_left)--;
        return *run_value;
    }
    return 0;
}

void fill_family(uint8_t *bytes, size_t size, enum family family, unsigned w, uint64_t seed)
{
    uint64_t state = seed | 1;
    uint32_t run_value = 0;
    size_t run_left = 0;
    for (size_t i = 0; i * w < size; i++) {
        uint32_t v = family_value(family, &state, i, &run_value, &run_left, 8 * w);
        size_t left = size - i * w;
        memcpy(bytes + i * w, &v, left < w ? left : w);
    }
}

struct scanzip_options test_options(enum scanzip_choice choice, unsigned w, uint32_t chunk, uint32_t frame)
{
    struct scanzip_options options = scanzip_default_options();
    options.choice = choice;
    options.element_bytes = w;
    options.chunk_elements = chunk;
    options.frame_length = frame;
    return options;
}

const char *describe_options(const struct scanzip_options *o, char *text, size_t size)
{
    char frame[32] = " (no --frame)";
    if (o->frame_length != SCANZIP_FRAME_CHOOSE)
        snprintf(frame, sizeof frame, " --frame %u", o->frame_length);
    int used = snprintf(text, size, "-m %s -w %u --chunk %u%s", scanzip_choice_name(o->choice), 8 * o->element_bytes,
                        o->chunk_elements, frame);
    if (o->shape[0] != 0 && used > 0 && (size_t)used < size)
        snprintf(text + used, size - (size_t)used, " --shape %u,%u,%u --axis %c", o->shape[0], o->shape[1],
                 o->shape[2], "xyz"[o->axis]);
    return text;
}

void fail_scanzip(const char *test, const char *case_text, const char *format, ...)
{
    char reason[1024];
    va_list args;
    va_start(args, format);
    vsnprintf(reason, sizeof reason, format, args);
    va_end(args);
    cr_assert_fail("%s: %s:\n  %s\n  rerun: make test-scanzip  (the test program alone: "
             "build/BACKEND-none/scanzip-tests --filter '%s')",
             test, case_text, reason, test);
    __builtin_unreachable();
}

uint8_t *compress_or_fail(const char *test, const struct scanzip_options *options, const uint8_t *data,
                          size_t size, uint64_t *packed_size)
{
    uint8_t *packed;
    struct scanzip_why why;
    char text[200];
    if (scanzip_compress_memory(&scanzip_cpu_engine, options, data, size, &packed, packed_size, &why) != 0)
        fail_scanzip(test, describe_options(options, text, sizeof text), "compressing %zu bytes failed: %s", size,
                     why.text);
    return packed;
}

void expect_refused(const char *test, const char *case_text, const uint8_t *file, uint64_t size,
                    uint64_t max_output, const char *message)
{
    uint8_t *out;
    uint64_t out_size;
    struct scanzip_why why;
    if (scanzip_decompress_memory(&scanzip_cpu_engine, file, size, max_output, &out, &out_size, &why) == 0)
        fail_scanzip(test, case_text, "decompressed without an error");
    if (strstr(why.text, message) == NULL)
        fail_scanzip(test, case_text, "the message \"%s\" does not say \"%s\"", why.text, message);
}

uint64_t record_offset(const uint8_t *file, uint64_t size, uint64_t k)
{
    uint64_t at = SCANZIP_HEADER_BYTES;
    for (uint64_t i = 0; i < k && at + SCANZIP_RECORD_BYTES <= size; i++)
        at += SCANZIP_RECORD_BYTES + scanzip_load32(file + at + 8);
    return at;
}

uint64_t record_count(const uint8_t *file, uint64_t size)
{
    uint64_t count = 0;
    for (uint64_t at = SCANZIP_HEADER_BYTES; at + SCANZIP_RECORD_BYTES <= size; count++)
        at += SCANZIP_RECORD_BYTES + scanzip_load32(file + at + 8);
    return count;
}

void fix_header_crc(uint8_t *file)
{
    scanzip_store32(file + 36, crc32c(file, 36));
}

void fix_record_crc(uint8_t *record)
{
    scanzip_store32(record + 20, crc32c(record, 20));
}
