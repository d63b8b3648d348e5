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
    scan_task.d_in = perf_device_alloc(n * sizeof(int));
    scan_task.d_out = perf_device_alloc(n * sizeof(int));
    scan_task.input = perf_host_alloc(n * sizeof(int));
    scan_task.expected = perf_host_alloc(n * sizeof(int));
}

static void fill(uint64_t seed)
{
    random_fill(scan_task.input, scan_task.n, seed, 0, 3);
    perf_upload(scan_task.d_in, scan_task.input, scan_task.n * sizeof(int));
    perf_poison(scan_task.d_out, scan_task.n * sizeof(int));
}

void scan_task_fill_inclusive(uint64_t seed)
{
    fill(seed);
    oracle_scan_inclusive(scan_task.input, scan_task.expected, scan_task.n);
}

void scan_task_fill_exclusive(uint64_t seed)
{
    fill(seed);
    oracle_scan_exclusive(scan_task.input, scan_task.expected, scan_task.n);
}

int scan_task_check(char *why, size_t room)
{
    return bench_same_ints("d_out", scan_task.d_out, scan_task.expected, scan_task.n, why, room);
}
