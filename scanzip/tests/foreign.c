/*
 * foreign.c: files that are not scanzip files are told apart at once:
 * text, an empty file, a gzip or zstd stream, a PNG, and a scanzip file of
 * a future version.
 */
#include <stdlib.h>

#include <criterion/criterion.h>

#include "support.h"

Test(foreign, files)
{
    static const char text[] = "ScanLab: labs 01-07 on GPU scans.\n";
    static const uint8_t gzip[] = {0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const uint8_t zstd[] = {0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x00, 0x01, 0x00, 0x00, 0x99, 0xe9, 0xd8, 0x51};
    static const uint8_t png[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'};
    static const uint8_t almost[] = {'S', 'C', 'N', 'X', 1, 1, 0, 0};
    expect_refused("foreign/files", "a text file", (const uint8_t *)text, sizeof text - 1, UINT64_MAX,
                   "not a scanzip file");
    expect_refused("foreign/files", "an empty file", (const uint8_t *)"", 0, UINT64_MAX,
                   "not a scanzip file (it is empty)");
    expect_refused("foreign/files", "a gzip stream (1f 8b)", gzip, sizeof gzip, UINT64_MAX, "not a scanzip file");
    expect_refused("foreign/files", "a zstd frame (28 b5 2f fd)", zstd, sizeof zstd, UINT64_MAX, "not a scanzip file");
    expect_refused("foreign/files", "a PNG", png, sizeof png, UINT64_MAX, "not a scanzip file");
    expect_refused("foreign/files", "\"SCNX\"", almost, sizeof almost, UINT64_MAX, "not a scanzip file");

    uint8_t data[10] = {1, 2, 3};
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_AUTO, 1, 64, 128);
    uint64_t size;
    uint8_t *packed = compress_or_fail("foreign/files", &options, data, sizeof data, &size);
    packed[4] = SCANZIP_VERSION + 1;
    fix_header_crc(packed);
    expect_refused("foreign/files", "a scanzip file of version 3", packed, size, UINT64_MAX,
                   "header: format version 3; this scanzip reads versions 1 to 2");
    packed[4] = 0;
    fix_header_crc(packed);
    expect_refused("foreign/files", "a scanzip file of version 0", packed, size, UINT64_MAX,
                   "header: format version 0; this scanzip reads versions 1 to 2");
    free(packed);
}
