/*
 * Lab 02's performance test (perf.h): the multi-pass naive scan, one
 * launch per offset 1, 2, 4, ...: about log2(n) full reads and writes.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

SCAN_PERF_TASK(scan_inclusive_naive, scan_task_make_inclusive);
