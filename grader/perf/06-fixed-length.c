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

#define FRAME_LENGTH 128

static size_t n, frames, expected_words, words;
static uint32_t *d_values, *d_widths, *d_offsets, *d_words;
static uint32_t *values, *widths, *offsets, *stream;

static void setup(size_t count)
{
    if (count > PACK_MAX_N) {
        fprintf(stderr, "perf: lab 06 takes at most PACK_MAX_N = 2^26 values, not %zu\n", count);
        exit(2);
    }
    n = count;
    frames = pack_frame_count(n, FRAME_LENGTH);
    d_values = perf_device_alloc(n * sizeof(uint32_t));
    d_widths = perf_device_alloc(frames * sizeof(uint32_t));
    d_offsets = perf_device_alloc(frames * sizeof(uint32_t));
    d_words = perf_device_alloc(pack_max_words(n) * sizeof(uint32_t));
    values = perf_host_alloc(n * sizeof(uint32_t));
    widths = perf_host_alloc(frames * sizeof(uint32_t));
    offsets = perf_host_alloc(frames * sizeof(uint32_t));
    stream = perf_host_alloc(pack_max_words(n) * sizeof(uint32_t));
}

static void fill(uint64_t seed)
{
    pack_fill_values(values, n, (struct pack_fill){PACK_WIDTH, 10}, seed);
    expected_words = oracle_pack_encode(values, n, FRAME_LENGTH, widths, offsets, stream);
    perf_upload(d_values, values, n * sizeof(uint32_t));
    perf_poison(d_widths, frames * sizeof(uint32_t));
    perf_poison(d_offsets, frames * sizeof(uint32_t));
    perf_poison(d_words, pack_max_words(n) * sizeof(uint32_t));
    words = (size_t)-1;
}

static cudaError_t run(void)
{
    return pack_encode(d_values, n, FRAME_LENGTH, d_widths, d_offsets, d_words, &words);
}

static int check(char *why, size_t room)
{
    if (words != expected_words) {
        snprintf(why, room, "*words = %zu, expected %zu", words, expected_words);
        return 0;
    }
    return bench_same_words("d_widths", d_widths, widths, frames, why, room) &&
           bench_same_words("d_offsets", d_offsets, offsets, frames, why, room) &&
           bench_same_words("d_words", d_words, stream, words, why, room);
}

const struct perf_task perf_task = {"pack_encode", setup, fill, run, check};
