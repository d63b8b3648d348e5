/*
 * scan_task.c: see scan_task.h.
 */
#include "scan_task.h"

#include "oracle.h"
#include "random.h"

struct scan_task scan_task;

void scan_task_setup(size_t n)
{
    scan_task.n = n;
    for (int round = 0; round < PERF_ROUNDS; round++) {
        struct scan_round *r = &scan_task.rounds[round];
        r->input = perf_host_alloc(n * sizeof(int));
        r->expected = perf_host_alloc(n * sizeof(int));
        r->d_in = perf_device_alloc(n * sizeof(int));
        for (int side = 0; side < PERF_SIDES; side++)
            r->d_out[side] = perf_device_alloc(n * sizeof(int));
    }
}

void scan_task_make_inclusive(int round, uint64_t seed)
{
    struct scan_round *r = &scan_task.rounds[round];
    random_fill(r->input, scan_task.n, seed, 0, 3);
    oracle_scan_inclusive(r->input, r->expected, scan_task.n);
}

void scan_task_make_exclusive(int round, uint64_t seed)
{
    struct scan_round *r = &scan_task.rounds[round];
    random_fill(r->input, scan_task.n, seed, 0, 3);
    oracle_scan_exclusive(r->input, r->expected, scan_task.n);
}

void scan_task_upload(int round)
{
    struct scan_round *r = &scan_task.rounds[round];
    perf_upload(r->d_in, r->input, scan_task.n * sizeof(int));
}

int scan_task_check(int round, enum perf_side side, char *why, size_t room)
{
    struct scan_round *r = &scan_task.rounds[round];
    return bench_same_ints("d_out", r->d_out[side], r->expected, scan_task.n, why, room);
}
