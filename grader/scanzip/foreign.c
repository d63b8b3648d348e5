/*
 * foreign.c: files that are not scanzip files are told apart at once:
 * text, an empty file, a gzip or zstd stream, a PNG, and a scanzip file of
 * a future version.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "support.h"

static void expect_refused(const char *what, const uint8_t *file, uint64_t size, const char *message)
{
    uint8_t *out;
    uint64_t out_size;
    struct scanzip_why why;
    if (scanzip_decompress_memory(&scanzip_cpu_engine, file, size, UINT64_MAX, &out, &out_size, &why) == 0)
        fail_scanzip("foreign/files", what, "decompressed without an error");
    if (strstr(why.text, message) == NULL)
        fail_scanzip("foreign/files", what, "the message \"%s\" does not say \"%s\"", why.text, message);
}

Test(foreign, files)
{
    static const char text[] = "ScanLab: labs 01-07 on GPU scans.\n";
    static const uint8_t gzip[] = {0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t zstd[] = {0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00, 0x01, 0x00, 0x00, 0x99, 0xe9, 0xd8, 0x51};
    static const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    static const uint8_t almost[] = {'S', 'C', 'N', 'X', 1, 1, 0, 0};
    expect_refused("a text file", (const uint8_t *)text, sizeof text - 1, "not a scanzip file");
    expect_refused("an empty file", (const uint8_t *)"", 0, "not a scanzip file (it is empty)");
    expect_refused("a gzip stream (1f 8b)", gzip, sizeof gzip, "not a scanzip file");
    expect_refused("a zstd frame (28 b5 2f fd)", zstd, sizeof zstd, "not a scanzip file");
    expect_refused("a PNG", png, sizeof png, "not a scanzip file");
    expect_refused("\"SCNX\"", almost, sizeof almost, "not a scanzip file");

    uint8_t data[10] = {1, 2, 3};
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_AUTO, 1, 64, 128);
    uint64_t size;
    uint8_t *packed = compress_or_fail("foreign/files", &options, data, sizeof data, &size);
    packed[4] = 2;
    fix_header_crc(packed);
    expect_refused("a scanzip file of version 2", packed, size, "format version 2; this scanzip reads version 1");
    free(packed);
}
