/*
 * Lab 07's performance test (perf.h): the single-pass scan. Each version's
 * temporary storage (the size its own scan_single_pass_temp_bytes asks
 * for) is allocated once, before any run is timed, as a caller of CUB
 * would; clearing it is part of every call, and of every timed run.
 */
#include "perf.h"
#include "scan_task.h"
#include "single_pass.h"

PERF_VERSIONS(scan_exclusive_single_pass)
extern __typeof__(scan_single_pass_temp_bytes) reference_scan_single_pass_temp_bytes __attribute__((weak));

static void *d_temp[PERF_SIDES];
static size_t temp_bytes[PERF_SIDES];

static void setup(size_t n)
{
    scan_task_setup(n);
    temp_bytes[PERF_STUDENT] = scan_single_pass_temp_bytes(n);
    if (has_reference())
        temp_bytes[PERF_REFERENCE] = reference_scan_single_pass_temp_bytes(n);
    /* An unwritten scan_single_pass_temp_bytes says so at the first run. */
    for (int side = 0; side < PERF_SIDES; side++)
        d_temp[side] = perf_device_alloc(temp_bytes[side] > 0 ? temp_bytes[side] : 1);
}

static cudaError_t run(int round, enum perf_side side)
{
    struct scan_round *r = &scan_task.rounds[round];
    return version_of(side)(r->d_in, r->d_out[side], scan_task.n, d_temp[side], temp_bytes[side]);
}

const struct perf_task perf_task = {
    "scan_exclusive_single_pass", setup, scan_task_make_exclusive, scan_task_upload, run, scan_task_check,
    has_reference, NULL,
};
