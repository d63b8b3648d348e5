/*
 * forged.c: sizes forged in a header or a record (with their CRCs made
 * right again, as an attacker would) fail cleanly, and without the huge
 * allocation the forged size asks for: the tests run under a 1 GiB
 * address-space limit, so such an allocation would fail or crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#include <criterion/criterion.h>

#include "support.h"

static void limit_memory(void)
{
    struct rlimit limit = {(rlim_t)1 << 30, (rlim_t)1 << 30};
    cr_assert(setrlimit(RLIMIT_AS, &limit) == 0, "forged: setrlimit failed");
}

/* A 2-chunk file of 128 bytes to forge. */
static uint8_t *small_file(uint64_t *size)
{
    uint8_t data[128];
    fill_family(data, sizeof data, FAMILY_LONG_RUNS, 1, 0xf0f0);
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_STORED, 1, 64, 128);
    return compress_or_fail("forged/sizes", &options, data, sizeof data, size);
}

Test(forged, sizes)
{
    limit_memory();
    uint64_t size;
    uint8_t *file = small_file(&size);

    scanzip_store64(file + 8, (uint64_t)1 << 60); /* original_bytes 2^60 */
    fix_header_crc(file);
    expect_refused("forged/sizes", "original_bytes forged to 2^60", file, size, UINT64_MAX, "chunk 3 of 18014398509481984 (bytes 216..): the file ends before this chunk");
    expect_refused("forged/sizes", "original_bytes forged to 2^60, a 1 MiB limit", file, size, 1 << 20, "more than the limit");
    free(file);

    file = small_file(&size);
    scanzip_store32(file + 16, UINT32_C(1) << 30); /* chunk_elements 2^30 */
    fix_header_crc(file);
    expect_refused("forged/sizes", "chunk_elements forged to 2^30", file, size, UINT64_MAX, "chunk_elements is 1073741824");
    free(file);

    file = small_file(&size);
    scanzip_store64(file + 8, (uint64_t)1 << 40);  /* 2^40 bytes ... */
    scanzip_store32(file + 16, UINT32_C(1) << 26); /* in chunks of 2^26 */
    fix_header_crc(file);
    uint8_t *record = file + SCANZIP_HEADER_BYTES;
    scanzip_store32(record + 4, UINT32_C(1) << 26);    /* raw_bytes 2^26, as the header implies */
    scanzip_store32(record + 8, UINT32_MAX);           /* payload_bytes 4 GiB - 1 */
    fix_record_crc(record);
    expect_refused("forged/sizes", "payload_bytes forged to 2^32 - 1", file, size, UINT64_MAX, "more than stored ever needs");
    scanzip_store32(record + 8, UINT32_C(1) << 26);    /* payload_bytes 2^26: allowed, but not there */
    fix_record_crc(record);
    expect_refused("forged/sizes", "payload_bytes forged to 2^26", file, size, UINT64_MAX, "the file ends inside the payload");
    free(file);

    /* A shape that does not add up to original_bytes. */
    file = small_file(&size);
    scanzip_store32(file + 20, 1000);
    scanzip_store32(file + 24, 1000);
    scanzip_store32(file + 28, 1000);
    fix_header_crc(file);
    expect_refused("forged/sizes", "shape forged to 1000,1000,1000", file, size, UINT64_MAX, "do not make original_bytes");
    free(file);
}
