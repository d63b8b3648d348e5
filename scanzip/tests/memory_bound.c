/*
 * memory_bound.c: --memory (container.h: scanzip_run.memory) changes how
 * many chunks are in flight, never the bytes, and a bound below one
 * chunk's need is refused with the least that works; scanzip_run's
 * compressed_bytes is the compressed side's size both ways (what -v
 * prints, also through a pipe). scanzip/tests/memory.sh measures the
 * memory itself, on the tool.
 *
 * The file: 40 chunks of 64 bytes with runs (payloads of every size), and
 * two of them written one after the other; decompressed under every
 * bound from one chunk's need to all of them, so that a batch ends at
 * every chunk and the record read past a full batch is carried over.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "support.h"

#define CHUNK 64
#define SIZE (40 * CHUNK)

/* Decompress file[0 .. size) under `memory`; fails the test unless it
 * gives `expected` and counts `size` compressed bytes. */
static void decompress_under(const char *test, const uint8_t *file, size_t size, uint64_t memory,
                             const uint8_t *expected, size_t expected_size)
{
    char head[100];
    snprintf(head, sizeof head, "memory %llu, a file of %zu bytes", (unsigned long long)memory, size);
    char *out_bytes = NULL;
    size_t out_size = 0;
    FILE *in = fmemopen((void *)file, size, "r"), *out = open_memstream(&out_bytes, &out_size);
    cr_assert(in != NULL && out != NULL, "fmemopen or open_memstream failed");
    struct scanzip_run run = {memory, {NULL, NULL}, 0, false};
    struct scanzip_why why;
    int status = scanzip_decompress_stream(&scanzip_cpu_engine, in, out, UINT64_MAX, &run, NULL, &why);
    fclose(in);
    fclose(out);
    if (status != 0)
        fail_scanzip(test, head, "decompressing failed: %s", why.text);
    if (out_size != expected_size || memcmp(out_bytes, expected, expected_size) != 0)
        fail_scanzip(test, head, "decompressed %zu bytes, not the %zu compressed", out_size, expected_size);
    if (run.compressed_bytes != size)
        fail_scanzip(test, head, "compressed_bytes is %llu, the file has %zu", (unsigned long long)run.compressed_bytes,
                     size);
    free(out_bytes);
}

Test(memory_bound, decompress_under_every_bound)
{
    uint8_t data[2 * SIZE];
    fill_family(data, SIZE, FAMILY_LONG_RUNS, 1, 0x5eed0100);
    memcpy(data + SIZE, data, SIZE);
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_RLE, 1, CHUNK, SCANZIP_FRAME_CHOOSE);
    uint64_t packed_size;
    uint8_t *packed = compress_or_fail("memory_bound/decompress_under_every_bound", &options, data, SIZE, &packed_size);
    /* One chunk needs its payload and its 64 decoded bytes; rle's payload is at most 4 + 8 * 64. */
    uint8_t *twice = malloc(2 * packed_size);
    cr_assert(twice != NULL);
    memcpy(twice, packed, packed_size);
    memcpy(twice + packed_size, packed, packed_size);
    for (uint64_t memory = CHUNK + 4 + 8 * CHUNK; memory <= SIZE + packed_size; memory += 37) {
        decompress_under("memory_bound/decompress_under_every_bound", packed, packed_size, memory, data, SIZE);
        decompress_under("memory_bound/decompress_under_every_bound", twice, 2 * packed_size, memory, data,
                         2 * SIZE);
    }
    free(twice);
    free(packed);
}

Test(memory_bound, a_chunk_larger_than_the_bound_is_refused)
{
    uint8_t data[SIZE];
    fill_family(data, SIZE, FAMILY_RANDOM, 1, 0x5eed0101);
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_RLE, 1, CHUNK, SCANZIP_FRAME_CHOOSE);
    uint64_t packed_size;
    uint8_t *packed = compress_or_fail("memory_bound/a_chunk_larger_than_the_bound_is_refused", &options, data,
                                       SIZE, &packed_size);
    FILE *in = fmemopen(packed, packed_size, "r"), *out = fopen("/dev/null", "w");
    cr_assert(in != NULL && out != NULL);
    struct scanzip_run run = {CHUNK, {NULL, NULL}, 0, false}; /* a chunk's decoded bytes alone, without its payload */
    struct scanzip_why why;
    int status = scanzip_decompress_stream(&scanzip_cpu_engine, in, out, UINT64_MAX, &run, NULL, &why);
    fclose(in);
    fclose(out);
    cr_assert(status != 0, "decompress under --memory %d of chunks that need more: accepted", CHUNK);
    cr_assert(strstr(why.text, "chunk 1 of 40 (bytes 40..): it needs") != NULL &&
                  strstr(why.text, "give at least --memory 1K") != NULL,
              "the reason should name the chunk and the least --memory: %s", why.text);
    free(packed);
}

/* Compressing: the same bytes under any bound that holds a chunk, the
 * compressed size counted; below it, a refusal naming the least. */
Test(memory_bound, compress)
{
    uint8_t data[SIZE];
    fill_family(data, SIZE, FAMILY_RANDOM, 2, 0x5eed0102);
    struct scanzip_options options = test_options(SCANZIP_CHOOSE_RLE, 2, CHUNK / 2, SCANZIP_FRAME_CHOOSE);
    uint64_t need = scanzip_compress_chunk_need(&options, SIZE), packed_size;
    cr_assert_eq(need, CHUNK + 4 + 8 * (CHUNK / 2) + 8 * (CHUNK / 2 / SCANZIP_KEPT_RUNS_PER),
                 "-m rle -w 16: 64 raw bytes, 4 + 8 x 32 of payload, and 8 bytes for each of 2 runs kept "
                 "(one in %d elements, codec.h)", SCANZIP_KEPT_RUNS_PER);
    uint8_t *packed = compress_or_fail("memory_bound/compress", &options, data, SIZE, &packed_size);
    for (uint64_t memory = need - 1; memory <= 3 * need; memory += need) {
        char *out_bytes = NULL;
        size_t out_size = 0;
        FILE *in = fmemopen(data, SIZE, "r"), *out = open_memstream(&out_bytes, &out_size);
        cr_assert(in != NULL && out != NULL);
        struct scanzip_run run = {memory, {NULL, NULL}, 0, false};
        struct scanzip_why why;
        int status = scanzip_compress_stream(&scanzip_cpu_engine, &options, in, SIZE, out, &run, &why);
        fclose(in);
        fclose(out);
        if (memory < need)
            cr_assert(status != 0 && strstr(why.text, "give at least --memory 1K") != NULL,
                      "--memory %llu below the need of %llu: %s", (unsigned long long)memory,
                      (unsigned long long)need, status == 0 ? "accepted" : why.text);
        else
            cr_assert(status == 0 && out_size == packed_size && memcmp(out_bytes, packed, packed_size) == 0 &&
                          run.compressed_bytes == packed_size,
                      "--memory %llu: other bytes than without it, or compressed_bytes %llu is not %llu",
                      (unsigned long long)memory, (unsigned long long)run.compressed_bytes,
                      (unsigned long long)packed_size);
        free(out_bytes);
    }
    free(packed);
}
