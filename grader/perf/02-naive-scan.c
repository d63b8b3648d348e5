/*
 * Lab 02's performance test (perf.h): the multi-pass naive scan, one
 * launch per offset 1, 2, 4, ...: about log2(n) full reads and writes.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

static cudaError_t run(void)
{
    return scan_inclusive_naive(scan_task.d_in, scan_task.d_out, scan_task.n);
}

const struct perf_task perf_task = {
    "scan_inclusive_naive", scan_task_setup, scan_task_fill_inclusive, run, scan_task_check,
};
