/*
 * roundtrip.c: decompress(compress(x)) == x, for every method, width,
 * family of data and edge size, for volumes read along each axis, and
 * for files concatenated (they decode as one).
 *
 * Sizes are in bytes, with the reason for each; small chunks (--chunk 64)
 * make the chunk edges cheap to reach.
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "support.h"

#define CHUNK 64

struct byte_size {
    size_t elements, extra_bytes; /* size = elements * w + extra_bytes */
    const char *why;
};

static const struct byte_size sizes[] = {
    {0, 0, "an empty file: a header and no chunks"},
    {0, 1, "one byte: with -w 16 or 32 only a tail chunk"},
    {1, 0, "one element"},
    {5, 3, "a few elements and a misaligned tail (w > 1)"},
    {CHUNK, 0, "exactly one chunk"},
    {CHUNK + 1, 0, "one chunk and one element: a second chunk of one"},
    {5 * CHUNK + 17, 1, "several chunks, a short last one, and a tail"},
    {40 * CHUNK, 0, "40 chunks: more than one a thread"},
};

/* Every -m: each method (an id of format.h), then auto. */
#define CHOICES (SCANZIP_CHOOSE_AUTO + 1)

static void check_round_trip(const char *test, const struct scanzip_options *options, const uint8_t *data,
                             size_t size, const char *what)
{
    char text[400], head[600];
    snprintf(head, sizeof head, "%s, %s", describe_options(options, text, sizeof text), what);
    uint64_t packed_size, unpacked_size;
    uint8_t *packed = compress_or_fail(test, options, data, size, &packed_size), *unpacked;
    struct scanzip_why why;
    if (scanzip_decompress_memory(&scanzip_cpu_engine, packed, packed_size, UINT64_MAX, &unpacked, &unpacked_size,
                                  &why) != 0)
        fail_scanzip(test, head, "decompressing what compress wrote failed: %s", why.text);
    if (unpacked_size != size)
        fail_scanzip(test, head, "decompressed %llu bytes, expected %zu", (unsigned long long)unpacked_size, size);
    for (size_t i = 0; i < size; i++)
        if (unpacked[i] != data[i])
            fail_scanzip(test, head, "decompressed byte %zu differs: expected 0x%02x, got 0x%02x", i, data[i],
                         unpacked[i]);
    free(packed);
    free(unpacked);
}

/* Every method x width x family x size, with frames of 1, 3, 128 and
 * chosen per chunk (no --frame). */
Test(roundtrip, families)
{
    static const uint32_t frames[] = {1, 3, 128, SCANZIP_FRAME_CHOOSE};
    for (unsigned w = 1; w <= 4; w *= 2) {
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            size_t size = sizes[s].elements * w + sizes[s].extra_bytes;
            uint8_t *data = malloc(size + 1);
            for (int family = 0; family < FAMILIES; family++) {
                uint64_t seed = 0x5eed0000u + (uint64_t)family * 131 + s;
                fill_family(data, size, (enum family)family, w, seed);
                char what[300];
                snprintf(what, sizeof what, "family \"%s\", %zu bytes (%s), seed 0x%llx", family_name(family), size,
                         sizes[s].why, (unsigned long long)seed);
                for (enum scanzip_choice c = 0; c < CHOICES; c++)
                    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++) {
                        struct scanzip_options options = test_options(c, w, CHUNK, frames[f]);
                        check_round_trip("roundtrip/families", &options, data, size, what);
                    }
            }
            free(data);
        }
    }
}

/* One big chunk and many chunks, frames chosen (the default) and
 * --frame 128, 1 MiB of runs. */
Test(roundtrip, large)
{
    static const uint32_t frames[] = {SCANZIP_FRAME_CHOOSE, 128};
    size_t size = (1 << 20) + 3;
    uint8_t *data = malloc(size);
    fill_family(data, size, FAMILY_LONG_RUNS, 1, 0x1a46e);
    for (enum scanzip_choice c = 0; c < CHOICES; c++)
        for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++) {
            struct scanzip_options one_chunk = test_options(c, 2, SCANZIP_DEFAULT_CHUNK_ELEMENTS, frames[f]);
            struct scanzip_options many_chunks = test_options(c, 4, 4096, frames[f]);
            check_round_trip("roundtrip/large", &one_chunk, data, size, "1 MiB + 3 of long runs, one chunk");
            check_round_trip("roundtrip/large", &many_chunks, data, size, "1 MiB + 3 of long runs, 65 chunks");
        }
    free(data);
}

/* A volume with a header before it (a NIfTI file's 352 bytes, say),
 * read along each axis: the prefix is stored, the elements reordered. */
Test(roundtrip, axes)
{
    static const uint32_t shapes[][3] = {{5, 7, 3}, {1, 1, 1}, {16, 1, 9}, {3, 4, 70}};
    static const size_t prefixes[] = {0, 11, 200};
    for (unsigned w = 1; w <= 4; w *= 2)
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
                size_t size = prefixes[p] + (size_t)shapes[s][0] * shapes[s][1] * shapes[s][2] * w;
                uint8_t *data = malloc(size);
                fill_family(data, size, FAMILY_LONG_RUNS, w, 0xa815 + s);
                char what[200];
                snprintf(what, sizeof what, "a %zu-byte prefix, %zu bytes, family \"long runs\" seed 0x%llx",
                         prefixes[p], size, (unsigned long long)(0xa815 + s));
                for (unsigned axis = 0; axis < 3; axis++)
                    for (enum scanzip_choice c = 0; c < CHOICES; c++) {
                        struct scanzip_options options = test_options(c, w, 16, 4);
                        memcpy(options.shape, shapes[s], sizeof options.shape);
                        options.axis = axis;
                        check_round_trip("roundtrip/axes", &options, data, size, what);
                    }
                free(data);
            }
}

/* The reorder itself: shape 2,3,2 listed y fastest and z fastest. */
Test(roundtrip, axis_order)
{
    /* element (x, y, z) holds 100 z + 10 y + x */
    uint32_t shape[3] = {2, 3, 2};
    uint8_t file[12], listed[12], back[12];
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 2; x++)
                file[x + 2 * (y + 3 * z)] = (uint8_t)(100 * z + 10 * y + x);
    static const uint8_t y_fastest[12] = {0, 10, 20, 1, 11, 21, 100, 110, 120, 101, 111, 121};
    static const uint8_t z_fastest[12] = {0, 100, 1, 101, 10, 110, 11, 111, 20, 120, 21, 121};
    const uint8_t *expected[3] = {file, y_fastest, z_fastest};
    for (unsigned axis = 0; axis < 3; axis++) {
        scanzip_reorder(file, listed, shape, 1, axis, true);
        for (int i = 0; i < 12; i++)
            cr_assert(listed[i] == expected[axis][i],
                      "roundtrip/axis_order: axis %c, shape 2,3,2, element (x,y,z) = 100z+10y+x:\n"
                      "  listed element %d is %u, expected %u (axis y lists y fastest, then x, then z;\n"
                      "  axis z lists z fastest, then x, then y)", "xyz"[axis], i, listed[i], expected[axis][i]);
        scanzip_reorder(listed, back, shape, 1, axis, false);
        cr_assert(memcmp(back, file, 12) == 0, "roundtrip/axis_order: axis %c: reordering back did not give the file",
                  "xyz"[axis]);
    }
}

/* Files written one after the other decode as one, as gzip's and zstd's
 * do (cat a.scz b.scz): -m cascade -w 8, an empty file, -m pack -w 16
 * --shape (a different header each) give their data in order; the output
 * limit counts all of them. */
Test(roundtrip, concatenated)
{
    static const size_t sizes_of[3] = {1000, 0, 2 * 5 * 7 * 3 + 9};
    struct scanzip_options options[3] = {test_options((enum scanzip_choice)SCANZIP_CASCADE, 1, CHUNK, SCANZIP_FRAME_CHOOSE),
                                         test_options(SCANZIP_CHOOSE_AUTO, 1, CHUNK, SCANZIP_FRAME_CHOOSE),
                                         test_options((enum scanzip_choice)SCANZIP_PACK, 2, CHUNK, 4)};
    memcpy(options[2].shape, (uint32_t[3]){5, 7, 3}, sizeof options[2].shape);
    uint8_t data[2000], *joined = NULL;
    uint64_t joined_size = 0, data_size = 0;
    for (int k = 0; k < 3; k++) {
        fill_family(data + data_size, sizes_of[k], FAMILY_LONG_RUNS, 1, 0xca7 + (uint64_t)k);
        uint64_t packed_size;
        uint8_t *packed = compress_or_fail("roundtrip/concatenated", &options[k], data + data_size, sizes_of[k],
                                           &packed_size);
        joined = realloc(joined, joined_size + packed_size);
        memcpy(joined + joined_size, packed, packed_size);
        joined_size += packed_size;
        data_size += sizes_of[k];
        free(packed);
    }
    const char *head = "three files concatenated: 1000 bytes -m cascade, an empty one, 219 bytes -m pack -w 16 "
                       "--shape 5,7,3 (family \"long runs\", seeds 0xca7..0xca9)";
    uint8_t *out;
    uint64_t out_size;
    struct scanzip_why why;
    if (scanzip_decompress_memory(&scanzip_cpu_engine, joined, joined_size, UINT64_MAX, &out, &out_size, &why) != 0)
        fail_scanzip("roundtrip/concatenated", head, "decompressing failed: %s", why.text);
    if (out_size != data_size || memcmp(out, data, data_size) != 0)
        fail_scanzip("roundtrip/concatenated", head, "decompressed %llu bytes, expected the %llu of the three in order",
                     (unsigned long long)out_size, (unsigned long long)data_size);
    free(out);
    if (scanzip_decompress_memory(&scanzip_cpu_engine, joined, joined_size, data_size - 1, &out, &out_size, &why) == 0)
        fail_scanzip("roundtrip/concatenated", head, "a limit of %llu bytes, one less than the three, was not refused",
                     (unsigned long long)data_size - 1);
    free(joined);
}
