/*
 * scan_task.h: what the scan labs' performance tests share (02, 03): the
 * buffers, a fresh input per run, the oracle's answer and the check.
 * Inputs are random ints in [0, 3], so sums never overflow.
 *     in  [2 0 3 1 ...]  inclusive [2 2 5 6 ...]  exclusive [0 2 2 5 ...]
 */
#ifndef GRADER_PERF_SCAN_TASK_H
#define GRADER_PERF_SCAN_TASK_H

#include "perf.h"

struct scan_task {
    size_t n;
    int *d_in, *d_out;
    int *input, *expected;
};
extern struct scan_task scan_task;

void scan_task_setup(size_t n);
void scan_task_fill_inclusive(uint64_t seed);
void scan_task_fill_exclusive(uint64_t seed);
int scan_task_check(char *why, size_t room);

#endif
