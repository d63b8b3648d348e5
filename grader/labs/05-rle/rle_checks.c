/*
 * rle_checks.c: the data families and sizes of rle_checks.h.
 */
#include <string.h>

#include "random.h"
#include "rle_checks.h"

const struct rle_data_case rle_data_cases[] = {
    [RLE_RUNNY] = {RLE_RUNNY, "runny", "05 DATA=runny", "runs of 1 to 24 of four symbols"},
    [RLE_SINGLES] = {RLE_SINGLES, "singles", "05 DATA=singles", "every run of length 1"},
    [RLE_ONE_RUN] = {RLE_ONE_RUN, "onerun", "05 DATA=onerun", "a single run"},
    [RLE_LONG_RUNS] = {RLE_LONG_RUNS, "longruns", "05 DATA=longruns", "runs of 1000 to 3000, across blocks and tiles"},
    [RLE_HUGE_RUN] = {RLE_HUGE_RUN, "hugerun", "05 DATA=hugerun", "one run of up to 100000: counts above 65535"},
    [RLE_VOXELS] = {RLE_VOXELS, "voxels", "05 DATA=voxels", "a mostly-zero volume with solid blobs"},
    [RLE_SAW254] = {RLE_SAW254, "saw254", "05 DATA=saw254", "0..254 repeated: runs of 1"},
    [RLE_SAW255] = {RLE_SAW255, "saw255", "05 DATA=saw255", "0..255 repeated: runs of 1"},
    [RLE_EXTREMES] = {RLE_EXTREMES, "extremes", "05 DATA=extremes",
                      "runs of INT_MIN, INT_MAX, -1, 0 and any int, the first of -1"},
};
const size_t rle_data_cases_count = sizeof rle_data_cases / sizeof rle_data_cases[0];

const struct rle_data_case *rle_data_named(const char *name)
{
    for (size_t i = 0; i < rle_data_cases_count; i++)
        if (strcmp(rle_data_cases[i].name, name) == 0)
            return &rle_data_cases[i];
    return NULL;
}

const struct size_case rle_sizes[] = {
    {0, "empty: no runs, nothing may be written"},
    {1, "one element, one run"},
    {2, "two elements: one run or two"},
    {3, "three elements"},
    {33, "a warp plus one"},
    {255, "a 256-thread block minus one"},
    {256, "exactly one 256-thread block"},
    {257, "a block plus one: a run may cross into the second block"},
    {1023, "a 1024-element tile minus one"},
    {1024, "exactly one tile"},
    {1025, "a tile plus one"},
    {4097, "several tiles, not a power of two"},
    {65537, "2^16 + 1: many blocks"},
};
const size_t rle_sizes_count = sizeof rle_sizes / sizeof rle_sizes[0];

struct size_case rle_long_size(void)
{
    struct size_case size = {200003, "200003: room for a run of 100000 and for many long runs"};
    return size;
}

struct size_case rle_volume_size(void)
{
#ifdef SCANLAB_EMULATOR
    struct size_case size = {64 * 64 * 64, "a 64^3 volume (a GPU grade uses 256^3)"};
#else
    struct size_case size = {256 * 256 * 256, "a 256^3 volume, sixteen million voxels"};
#endif
    return size;
}

/* Runs of random length in [shortest, longest] of symbols in [0, 3]. */
static void fill_runny(int *values, size_t n, uint64_t *state, int shortest, int longest)
{
    size_t i = 0;
    while (i < n) {
        int symbol = random_in_range(state, 0, 3);
        size_t length = (size_t)random_in_range(state, shortest, longest);
        for (size_t k = 0; k < length && i < n; k++)
            values[i++] = symbol;
    }
}

/* The largest side whose cube fits in n. */
static size_t cube_side(size_t n)
{
    size_t side = 0;
    while ((side + 1) * (side + 1) * (side + 1) <= n)
        side++;
    return side;
}

/* A side^3 volume, x fastest: zeros, and six solid balls of densities
 * 1..255 (a later ball paints over an earlier one); past side^3, zeros. */
static void fill_voxels(int *values, size_t n, uint64_t *state)
{
    enum { BALLS = 6 };
    size_t side = cube_side(n);
    long center[BALLS][3], radius2[BALLS];
    int density[BALLS];
    for (int b = 0; b < BALLS; b++) {
        for (int axis = 0; axis < 3; axis++)
            center[b][axis] = side > 0 ? random_in_range(state, 0, (int)side - 1) : 0;
        long radius = random_in_range(state, (int)side / 10 + 1, (int)side / 5 + 1);
        radius2[b] = radius * radius;
        density[b] = random_in_range(state, 1, 255);
    }
    for (size_t i = 0; i < n; i++) {
        values[i] = 0;
        if (i >= side * side * side)
            continue;
        long p[3] = {(long)(i % side), (long)(i / side % side), (long)(i / (side * side))};
        for (int b = 0; b < BALLS; b++) {
            long d2 = 0;
            for (int axis = 0; axis < 3; axis++)
                d2 += (p[axis] - center[b][axis]) * (p[axis] - center[b][axis]);
            if (d2 <= radius2[b])
                values[i] = density[b];
        }
    }
}

void rle_fill(int *values, size_t n, enum rle_data data, uint64_t seed)
{
    uint64_t state = seed;
    switch (data) {
    case RLE_RUNNY:
        fill_runny(values, n, &state, 1, 24);
        break;
    case RLE_SINGLES:
        for (size_t i = 0; i < n; i++) {
            values[i] = random_in_range(&state, 0, 1 << 20);
            if (i > 0 && values[i] == values[i - 1])
                values[i]++;
        }
        break;
    case RLE_ONE_RUN: {
        int symbol = random_in_range(&state, -100, 100);
        for (size_t i = 0; i < n; i++)
            values[i] = symbol;
        break;
    }
    case RLE_LONG_RUNS: {
        /* Each symbol differs from the last, so every run is 1000..3000 long. */
        int symbol = 0;
        size_t i = 0;
        while (i < n) {
            symbol = (symbol + random_in_range(&state, 1, 2)) % 3;
            size_t length = (size_t)random_in_range(&state, 1000, 3000);
            for (size_t k = 0; k < length && i < n; k++)
                values[i++] = symbol;
        }
        break;
    }
    case RLE_HUGE_RUN: {
        fill_runny(values, n, &state, 1, 24);
        size_t length = n / 2 < 100000 ? n / 2 : 100000;
        for (size_t i = n / 4; i < n / 4 + length; i++)
            values[i] = 7; /* not one of the runny symbols: exactly this long */
        break;
    }
    case RLE_VOXELS:
        fill_voxels(values, n, &state);
        break;
    case RLE_SAW254:
        for (size_t i = 0; i < n; i++)
            values[i] = (int)(i % 255);
        break;
    case RLE_SAW255:
        for (size_t i = 0; i < n; i++)
            values[i] = (int)(i % 256);
        break;
    case RLE_EXTREMES:
        fill_values(values, n, FILL_EXTREMES, seed);
        break;
    }
}
