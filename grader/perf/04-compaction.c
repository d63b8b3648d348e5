/*
 * Lab 04's performance test (perf.h): compact_nonzero on an input that is
 * half zeros, so half the elements are kept.
 *     in  [0 7 0 0 3 9 0 2]  ->  out [7 3 9 2], kept 4
 */
#include <stdio.h>

#include "compact.h"
#include "oracle.h"
#include "perf.h"
#include "random.h"

static size_t n, expected_kept, kept;
static int *d_in, *d_out, *input, *expected;

static void setup(size_t count)
{
    n = count;
    d_in = perf_device_alloc(n * sizeof(int));
    d_out = perf_device_alloc(n * sizeof(int));
    input = perf_host_alloc(n * sizeof(int));
    expected = perf_host_alloc(n * sizeof(int));
}

static void fill(uint64_t seed)
{
    uint64_t state = seed;
    for (size_t i = 0; i < n; i++)
        input[i] = random_in_range(&state, 0, 1) ? random_in_range(&state, 1, 1000000) : 0;
    expected_kept = oracle_compact_nonzero(input, expected, n);
    perf_upload(d_in, input, n * sizeof(int));
    perf_poison(d_out, n * sizeof(int));
    kept = (size_t)-1;
}

static cudaError_t run(void)
{
    return compact_nonzero(d_in, d_out, n, &kept);
}

static int check(char *why, size_t room)
{
    if (kept != expected_kept) {
        snprintf(why, room, "*kept = %zu, expected %zu", kept, expected_kept);
        return 0;
    }
    return bench_same_ints("d_out", d_out, expected, kept, why, room);
}

const struct perf_task perf_task = {"compact_nonzero", setup, fill, run, check};
