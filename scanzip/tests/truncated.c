/*
 * truncated.c: a file cut short anywhere is an error that says so, and
 * so is a file with bytes after its last chunk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "support.h"

Test(truncated, every_length)
{
    static const enum scanzip_choice choices[] = {SCANZIP_CHOOSE_STORED, SCANZIP_CHOOSE_RLE8, SCANZIP_CHOOSE_RLE,
                                                  SCANZIP_CHOOSE_PACK, SCANZIP_CHOOSE_CASCADE};
    uint8_t data[203];
    fill_family(data, sizeof data, FAMILY_LONG_RUNS, 2, 0x7a11);
    for (size_t c = 0; c < sizeof choices / sizeof choices[0]; c++) {
        struct scanzip_options options = test_options(choices[c], 2, 40, 8); /* 3 chunks and a tail */
        char text[200], head[300];
        describe_options(&options, text, sizeof text);
        uint64_t size;
        uint8_t *packed = compress_or_fail("truncated/every_length", &options, data, sizeof data, &size);
        for (uint64_t length = 0; length < size; length++) {
            snprintf(head, sizeof head, "%s, %zu bytes of long runs, the file (%llu bytes) cut to %llu", text,
                     sizeof data, (unsigned long long)size, (unsigned long long)length);
            expect_refused("truncated/every_length", head, packed, length, UINT64_MAX,
                           length == 0 ? "not a scanzip file (it is empty)" : "truncated");
        }
        free(packed);
    }
}

Test(truncated, trailing_bytes)
{
    uint8_t data[100];
    fill_family(data, sizeof data, FAMILY_RANDOM, 1, 0x7a12);
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_AUTO, 1, 64, 128);
    uint64_t size;
    uint8_t *packed = compress_or_fail("truncated/trailing_bytes", &options, data, sizeof data, &size);
    static const uint64_t extras[] = {1, 24, 1000};
    for (size_t e = 0; e < sizeof extras / sizeof extras[0]; e++) {
        uint8_t *longer = calloc(size + extras[e], 1);
        memcpy(longer, packed, size);
        char head[200];
        snprintf(head, sizeof head, "-m auto --chunk 64, 100 random bytes, %llu zero bytes after the last chunk",
                 (unsigned long long)extras[e]);
        expect_refused("truncated/trailing_bytes", head, longer, size + extras[e], UINT64_MAX,
                       "bytes after the last chunk");
        free(longer);
    }
    free(packed);
}
