/*
 * Lab 02's performance test (perf.h): the multi-pass naive scan, one
 * launch per offset 1, 2, 4, ...: about log2(n) full reads and writes.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

PERF_VERSIONS(scan_inclusive_naive)

static cudaError_t run(int round, enum perf_side side)
{
    struct scan_round *r = &scan_task.rounds[round];
    return version_of(side)(r->d_in, r->d_out[side], scan_task.n);
}

const struct perf_task perf_task = {
    "scan_inclusive_naive", scan_task_setup, scan_task_make_inclusive, scan_task_upload, run, scan_task_check,
    has_reference, NULL,
};
