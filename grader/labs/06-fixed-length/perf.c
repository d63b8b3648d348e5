/*
 * Lab 06's performance test (perf.h): the whole encoder on uniform 10-bit
 * values in frames of 128, so every frame has width 10.
 *     [0 2 1 | 5 5 7 | 10 1 13], frame_length 3  ->  widths [2 3 4]
 *     offsets [0 6 15]  words [0x068d7b58], *words = 1
 */
#include <stdio.h>
#include <stdlib.h>

#include "oracle_pack.h"
#include "pack.h"
#include "perf.h"

PERF_VERSIONS(pack_encode)

#define FRAME_LENGTH 128

static size_t n, frames;
static struct {
    uint32_t *values, *widths, *offsets, *stream; /* host: the input and its answer */
    size_t expected_words;
    uint32_t *d_values;
    uint32_t *d_widths[PERF_SIDES], *d_offsets[PERF_SIDES], *d_words[PERF_SIDES];
    size_t words[PERF_SIDES];
} rounds[PERF_ROUNDS];

static void setup(size_t count)
{
    if (count > PACK_MAX_N) {
        fprintf(stderr, "perf: lab 06 takes at most PACK_MAX_N = 2^26 values, not %zu\n", count);
        exit(2);
    }
    n = count;
    frames = pack_frame_count(n, FRAME_LENGTH);
    for (int round = 0; round < PERF_ROUNDS; round++) {
        rounds[round].values = perf_host_alloc(n * sizeof(uint32_t));
        rounds[round].widths = perf_host_alloc(frames * sizeof(uint32_t));
        rounds[round].offsets = perf_host_alloc(frames * sizeof(uint32_t));
        rounds[round].stream = perf_host_alloc(pack_max_words(n) * sizeof(uint32_t));
        rounds[round].d_values = perf_device_alloc(n * sizeof(uint32_t));
        for (int side = 0; side < PERF_SIDES; side++) {
            rounds[round].d_widths[side] = perf_device_alloc(frames * sizeof(uint32_t));
            rounds[round].d_offsets[side] = perf_device_alloc(frames * sizeof(uint32_t));
            rounds[round].d_words[side] = perf_device_alloc(pack_max_words(n) * sizeof(uint32_t));
            rounds[round].words[side] = (size_t)-1;
        }
    }
}

static void make_input(int round, uint64_t seed)
{
    pack_fill_values(rounds[round].values, n, (struct pack_fill){PACK_WIDTH, 10}, seed);
    rounds[round].expected_words = oracle_pack_encode(rounds[round].values, n, FRAME_LENGTH, rounds[round].widths,
                                                      rounds[round].offsets, rounds[round].stream);
}

static void upload(int round)
{
    perf_upload(rounds[round].d_values, rounds[round].values, n * sizeof(uint32_t));
}

static cudaError_t run(int round, enum perf_side side)
{
    return version_of(side)(rounds[round].d_values, n, FRAME_LENGTH, rounds[round].d_widths[side],
                            rounds[round].d_offsets[side], rounds[round].d_words[side], &rounds[round].words[side]);
}

static int check(int round, enum perf_side side, char *why, size_t room)
{
    size_t words = rounds[round].words[side];
    return perf_same_count("*words", words, rounds[round].expected_words, why, room) &&
           bench_same_words("d_widths", rounds[round].d_widths[side], rounds[round].widths, frames, why, room) &&
           bench_same_words("d_offsets", rounds[round].d_offsets[side], rounds[round].offsets, frames, why, room) &&
           bench_same_words("d_words", rounds[round].d_words[side], rounds[round].stream, words, why, room);
}

const struct perf_task perf_task = {"pack_encode", setup, make_input, upload, run, check, has_reference, NULL};
