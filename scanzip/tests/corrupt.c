/*
 * corrupt.c: a flipped byte anywhere in a file is an error, never a
 * crash or wrong output, and the message names the chunk it is in.
 *
 * Every byte of small files (3 chunks, each method, 8 and 16 bits; and
 * a counter, whose chunks are cascade with delta first) is flipped in
 * three ways (lowest bit, highest bit, all bits). Every field is covered
 * by a CRC, so each flip must be caught.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "support.h"

/* Which chunk (1-based) byte i is in; 0 for the header. */
static uint64_t chunk_of(const uint8_t *file, uint64_t size, uint64_t i)
{
    uint64_t chunks = record_count(file, size);
    for (uint64_t k = chunks; k >= 1; k--)
        if (i >= record_offset(file, size, k - 1))
            return k;
    return 0;
}

static void check_every_flip(const struct scanzip_options *options, const char *data_name, const uint8_t *data,
                             size_t size)
{
    char text[200];
    describe_options(options, text, sizeof text);
    uint64_t packed_size;
    uint8_t *packed = compress_or_fail("corrupt/every_byte", options, data, size, &packed_size);
    uint64_t chunks = record_count(packed, packed_size);
    static const uint8_t flips[] = {0x01, 0x80, 0xff};
    for (uint64_t i = 0; i < packed_size; i++) {
        for (size_t f = 0; f < sizeof flips; f++) {
            packed[i] ^= flips[f];
            uint8_t *out;
            uint64_t out_size;
            struct scanzip_why why;
            char head[300], expected[100];
            snprintf(head, sizeof head, "%s, %zu bytes of %s, %llu chunks, byte %llu of %llu xor 0x%02x", text, size,
                     data_name, (unsigned long long)chunks, (unsigned long long)i, (unsigned long long)packed_size,
                     flips[f]);
            if (scanzip_decompress_memory(&scanzip_cpu_engine, packed, packed_size, UINT64_MAX, &out, &out_size,
                                          &why) == 0)
                fail_scanzip("corrupt/every_byte", head, "the corrupt file decompressed without an error");
            uint64_t chunk = chunk_of(packed, packed_size, i);
            if (chunk == 0)
                snprintf(expected, sizeof expected, i < 4 ? "not a scanzip file" : "header");
            else
                snprintf(expected, sizeof expected, "chunk %llu of %llu (bytes %llu..)", (unsigned long long)chunk,
                         (unsigned long long)chunks, (unsigned long long)record_offset(packed, packed_size, chunk - 1));
            if (strstr(why.text, expected) == NULL)
                fail_scanzip("corrupt/every_byte", head, "the message \"%s\" does not say \"%s\"", why.text, expected);
            packed[i] ^= flips[f];
        }
    }
    free(packed);
}

Test(corrupt, every_byte)
{
    uint8_t data[301];
    fill_family(data, sizeof data, FAMILY_LONG_RUNS, 1, 0xc0ffee);
    for (enum scanzip_choice c = 0; c <= SCANZIP_CHOOSE_AUTO; c++) { /* every method, then auto */
        for (unsigned w = 1; w <= 2; w++) {
            struct scanzip_options options = test_options(c, w, 100 / w, 8);
            check_every_flip(&options, "long runs", data, sizeof data);
        }
    }
}

Test(corrupt, every_byte_delta_first)
{
    uint8_t data[301];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(100 + i); /* a counter: delta first's data */
    for (unsigned w = 1; w <= 2; w++) {
        struct scanzip_options options = test_options(SCANZIP_CHOOSE_CASCADE, w, 100 / w, 8);
        uint64_t size;
        uint8_t *packed = compress_or_fail("corrupt/every_byte_delta_first", &options, data, sizeof data, &size);
        cr_assert(packed[SCANZIP_HEADER_BYTES + 1] & SCANZIP_FLAG_DELTA_FIRST,
                  "corrupt/every_byte_delta_first: -w %u: the counter's first chunk is not delta first (flags 0x%02x)",
                  8 * w, packed[SCANZIP_HEADER_BYTES + 1]);
        free(packed);
        check_every_flip(&options, "a counter", data, sizeof data);
    }
}
