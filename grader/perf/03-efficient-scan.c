/*
 * Lab 03's performance test (perf.h): the shared-memory tiled scan, the
 * lab's fastest version: each level reads and writes the data about once.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

static cudaError_t run(void)
{
    return scan_exclusive_tiled(scan_task.d_in, scan_task.d_out, scan_task.n);
}

const struct perf_task perf_task = {
    "scan_exclusive_tiled", scan_task_setup, scan_task_fill_exclusive, run, scan_task_check,
};
