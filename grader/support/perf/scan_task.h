/*
 * scan_task.h: what the scan labs' performance tests share (02, 03, 07):
 * every round's input and the oracle's answer, the outputs of each
 * version, and the check. Inputs are random ints in [0, 3], so sums never
 * overflow.
 *     in  [2 0 3 1 ...]  inclusive [2 2 5 6 ...]  exclusive [0 2 2 5 ...]
 */
#ifndef GRADER_PERF_SCAN_TASK_H
#define GRADER_PERF_SCAN_TASK_H

#include "perf.h"

struct scan_round {
    int *input, *expected; /* host */
    int *d_in;             /* the input, on the device */
    int *d_out[PERF_SIDES]; /* each version's output */
};

struct scan_task {
    size_t n;
    struct scan_round rounds[PERF_ROUNDS];
};
extern struct scan_task scan_task;

void scan_task_setup(size_t n);
void scan_task_make_inclusive(int round, uint64_t seed);
void scan_task_make_exclusive(int round, uint64_t seed);
void scan_task_upload(int round);
int scan_task_check(int round, enum perf_side side, char *why, size_t room);

#endif
