/*
 * Lab 07's performance test (perf.h): the single-pass scan. Its temporary
 * storage is allocated once, before any run is timed, as a caller of CUB
 * would; clearing it is part of every call, and of every timed run.
 */
#include "perf.h"
#include "scan_task.h"
#include "single_pass.h"

static void *d_temp;
static size_t temp_bytes;

static void setup(size_t n)
{
    scan_task_setup(n);
    temp_bytes = scan_single_pass_temp_bytes(n);
    /* An unwritten scan_single_pass_temp_bytes says so at the first run. */
    d_temp = perf_device_alloc(temp_bytes > 0 ? temp_bytes : 1);
}

static cudaError_t run(void)
{
    return scan_exclusive_single_pass(scan_task.d_in, scan_task.d_out, scan_task.n, d_temp, temp_bytes);
}

const struct perf_task perf_task = {
    "scan_exclusive_single_pass", setup, scan_task_fill_exclusive, run, scan_task_check,
};
