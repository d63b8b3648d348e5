/*
 * Lab 05's performance test (perf.h): the fine-grained (PARLE) encoder on
 * runny data, runs of 1 to 24 of four symbols (grader/labs/05-rle/rle_checks.h).
 *     in  [5 5 5 2 2 7]  ->  symbols [5 2 7]  counts [3 2 1], runs 3
 */
#include "oracle_rle.h"
#include "perf.h"
#include "rle.h"
#include "rle_checks.h"

PERF_VERSIONS(rle_encode)

static size_t n;
static struct {
    int *input, *symbols, *counts; /* host: the input and its answer */
    size_t expected_runs;
    int *d_in;
    int *d_symbols[PERF_SIDES], *d_counts[PERF_SIDES];
    size_t runs[PERF_SIDES];
} rounds[PERF_ROUNDS];

static void setup(size_t count)
{
    n = count;
    for (int round = 0; round < PERF_ROUNDS; round++) {
        rounds[round].input = perf_host_alloc(n * sizeof(int));
        rounds[round].symbols = perf_host_alloc(n * sizeof(int));
        rounds[round].counts = perf_host_alloc(n * sizeof(int));
        rounds[round].d_in = perf_device_alloc(n * sizeof(int));
        for (int side = 0; side < PERF_SIDES; side++) {
            rounds[round].d_symbols[side] = perf_device_alloc(n * sizeof(int));
            rounds[round].d_counts[side] = perf_device_alloc(n * sizeof(int));
            rounds[round].runs[side] = (size_t)-1;
        }
    }
}

static void make_input(int round, uint64_t seed)
{
    rle_fill(rounds[round].input, n, RLE_RUNNY, seed);
    rounds[round].expected_runs =
        oracle_rle_encode(rounds[round].input, n, rounds[round].symbols, rounds[round].counts);
}

static void upload(int round)
{
    perf_upload(rounds[round].d_in, rounds[round].input, n * sizeof(int));
}

static cudaError_t run(int round, enum perf_side side)
{
    return version_of(side)(rounds[round].d_in, n, rounds[round].d_symbols[side], rounds[round].d_counts[side],
                            &rounds[round].runs[side]);
}

static int check(int round, enum perf_side side, char *why, size_t room)
{
    size_t runs = rounds[round].runs[side];
    return perf_same_count("*runs", runs, rounds[round].expected_runs, why, room) &&
           bench_same_ints("d_symbols", rounds[round].d_symbols[side], rounds[round].symbols, runs, why, room) &&
           bench_same_ints("d_counts", rounds[round].d_counts[side], rounds[round].counts, runs, why, room);
}

const struct perf_task perf_task = {"rle_encode", setup, make_input, upload, run, check, has_reference, NULL};
