/*
 * Lab 04's performance test (perf.h): compact_nonzero on an input that is
 * half zeros, so half the elements are kept.
 *     in  [0 7 0 0 3 9 0 2]  ->  out [7 3 9 2], kept 4
 */
#include "compact.h"
#include "oracle.h"
#include "perf.h"
#include "random.h"

PERF_VERSIONS(compact_nonzero)

static size_t n;
static struct {
    int *input, *expected; /* host */
    size_t expected_kept;
    int *d_in;
    int *d_out[PERF_SIDES];
    size_t kept[PERF_SIDES];
} rounds[PERF_ROUNDS];

static void setup(size_t count)
{
    n = count;
    for (int round = 0; round < PERF_ROUNDS; round++) {
        rounds[round].input = perf_host_alloc(n * sizeof(int));
        rounds[round].expected = perf_host_alloc(n * sizeof(int));
        rounds[round].d_in = perf_device_alloc(n * sizeof(int));
        for (int side = 0; side < PERF_SIDES; side++) {
            rounds[round].d_out[side] = perf_device_alloc(n * sizeof(int));
            rounds[round].kept[side] = (size_t)-1;
        }
    }
}

static void make_input(int round, uint64_t seed)
{
    uint64_t state = seed;
    int *input = rounds[round].input;
    for (size_t i = 0; i < n; i++)
        input[i] = random_in_range(&state, 0, 1) ? random_in_range(&state, 1, 1000000) : 0;
    rounds[round].expected_kept = oracle_compact_nonzero(input, rounds[round].expected, n);
}

static void upload(int round)
{
    perf_upload(rounds[round].d_in, rounds[round].input, n * sizeof(int));
}

static cudaError_t run(int round, enum perf_side side)
{
    return version_of(side)(rounds[round].d_in, rounds[round].d_out[side], n, &rounds[round].kept[side]);
}

static int check(int round, enum perf_side side, char *why, size_t room)
{
    size_t kept = rounds[round].kept[side];
    return perf_same_count("*kept", kept, rounds[round].expected_kept, why, room) &&
           bench_same_ints("d_out", rounds[round].d_out[side], rounds[round].expected, kept, why, room);
}

const struct perf_task perf_task = {"compact_nonzero", setup, make_input, upload, run, check, has_reference, NULL};
