/*
 * Lab 03's performance test (perf.h): the shared-memory tiled scan, the
 * lab's fastest version: each level reads and writes the data about once.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

PERF_VERSIONS(scan_exclusive_tiled)

static cudaError_t run(int round, enum perf_side side)
{
    struct scan_round *r = &scan_task.rounds[round];
    return version_of(side)(r->d_in, r->d_out[side], scan_task.n);
}

const struct perf_task perf_task = {
    "scan_exclusive_tiled", scan_task_setup, scan_task_make_exclusive, scan_task_upload, run, scan_task_check,
    has_reference, NULL,
};
