/*
 * rle_checks.h: the inputs lab 05 is checked with (tests, make run and the
 * benchmark share them). Run-length encoding cares about the shape of the
 * runs more than about the values, so each data family is there for a
 * kind of run, and says which:
 *
 *     runny     runs of 1 to 24 of four symbols (neighbouring runs merge)
 *     singles   every run of length 1 (random values, neighbours differ)
 *     onerun    the whole input is a single run
 *     longruns  runs of 1000 to 3000: longer than a block and a tile,
 *               crossing tile boundaries
 *     hugerun   runny, with one run of 100000 (counts above 65535)
 *     voxels    a mostly-zero 3-D volume with a few solid blobs, like the
 *               rendered volumes RLE on GPUs was first used for
 *     saw254    0 1 ... 254 0 1 ...: runs of 1, period 255
 *     saw255    0 1 ... 255 0 1 ...: runs of 1, period 256
 *     extremes  runs of INT_MIN, INT_MAX, -1, 0, 1 and their neighbours,
 *               and of any int, the first a run of -1 (cases.h's
 *               FILL_EXTREMES): symbols compared by subtraction, or
 *               against a sentinel for "before the first", go wrong
 *
 * A failure names the family; `make run LAB=05 DATA=voxels N=... SEED=...`
 * rebuilds the input (DATA overrides FILL).
 */
#ifndef GRADER_RLE_CHECKS_H
#define GRADER_RLE_CHECKS_H

#include <stddef.h>
#include <stdint.h>

#include "cases.h"

enum rle_data {
    RLE_RUNNY,
    RLE_SINGLES,
    RLE_ONE_RUN,
    RLE_LONG_RUNS,
    RLE_HUGE_RUN,
    RLE_VOXELS,
    RLE_SAW254,
    RLE_SAW255,
    RLE_EXTREMES,
};

struct rle_data_case {
    enum rle_data data;
    const char *name; /* as DATA= takes it */
    const char *lab;  /* "05 DATA=runny": what the reproduce hint prints */
    const char *why;
};

/* Every family, in the order above; rle_data_cases[RLE_VOXELS] is the voxels'. */
extern const struct rle_data_case rle_data_cases[];
extern const size_t rle_data_cases_count;

/* The family called `name`, or NULL. */
const struct rle_data_case *rle_data_named(const char *name);

/* Fill values[0..n) with the family's data from seed. */
void rle_fill(int *values, size_t n, enum rle_data data, uint64_t seed);

/* One input of a test: the case (for messages and the seed) and its values. */
struct rle_input {
    struct test_case c;
    char function[192];
    int *values; /* host memory: free(values) when done */
};

/* The input of `function` on one family at one size. The case's lab is
 * "05 DATA=name", so the reproduce hint rebuilds this very input. */
void rle_input_make(struct rle_input *input, const char *function, const struct rle_data_case *data,
                    const struct size_case *size);

/* The sizes every encoder and decoder is tried at, with the reason for each. */
extern const struct size_case rle_sizes[];
extern const size_t rle_sizes_count;

/* Long inputs, where long runs have room: 200003 elements (a run of
 * 100000 and a hundred runs of 1000 to 3000 fit); the voxel volume is
 * 64^3 under the emulator and 256^3 on a GPU. */
struct size_case rle_long_size(void);
struct size_case rle_volume_size(void);

#endif
