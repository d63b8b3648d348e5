/*
 * Lab 05's performance test (perf.h): the fine-grained (PARLE) encoder on
 * runny data, runs of 1 to 24 of four symbols (grader/support/rle_checks.h).
 *     in  [5 5 5 2 2 7]  ->  symbols [5 2 7]  counts [3 2 1], runs 3
 */
#include <stdio.h>

#include "oracle_rle.h"
#include "perf.h"
#include "rle.h"
#include "rle_checks.h"

static size_t n, expected_runs, runs;
static int *d_in, *d_symbols, *d_counts;
static int *input, *symbols, *counts;

static void setup(size_t count)
{
    n = count;
    d_in = perf_device_alloc(n * sizeof(int));
    d_symbols = perf_device_alloc(n * sizeof(int));
    d_counts = perf_device_alloc(n * sizeof(int));
    input = perf_host_alloc(n * sizeof(int));
    symbols = perf_host_alloc(n * sizeof(int));
    counts = perf_host_alloc(n * sizeof(int));
}

static void fill(uint64_t seed)
{
    rle_fill(input, n, RLE_RUNNY, seed);
    expected_runs = oracle_rle_encode(input, n, symbols, counts);
    perf_upload(d_in, input, n * sizeof(int));
    perf_poison(d_symbols, n * sizeof(int));
    perf_poison(d_counts, n * sizeof(int));
    runs = (size_t)-1;
}

static cudaError_t run(void)
{
    return rle_encode(d_in, n, d_symbols, d_counts, &runs);
}

static int check(char *why, size_t room)
{
    if (runs != expected_runs) {
        snprintf(why, room, "*runs = %zu, expected %zu", runs, expected_runs);
        return 0;
    }
    return bench_same_ints("d_symbols", d_symbols, symbols, runs, why, room) &&
           bench_same_ints("d_counts", d_counts, counts, runs, why, room);
}

const struct perf_task perf_task = {"rle_encode", setup, fill, run, check};
