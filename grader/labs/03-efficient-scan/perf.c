/*
 * Lab 03's performance test (perf.h): the shared-memory tiled scan, the
 * lab's fastest version: each level reads and writes the data about once.
 */
#include "perf.h"
#include "scan.h"
#include "scan_task.h"

SCAN_PERF_TASK(scan_exclusive_tiled, scan_task_make_exclusive);
