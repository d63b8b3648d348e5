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

/* SCAN_PERF_TASK(scan_exclusive_tiled, scan_task_make_exclusive); in a
 * lab's perf.c: its whole perf_task, which times `function`, a scan that
 * takes (d_in, d_out, n) (scan.h's device_scan_fn), on these rounds, each
 * checked against the answer `make` gives. A scan that takes more (lab
 * 07's temporary storage) writes its own run and perf_task instead. */
#define SCAN_PERF_TASK(function, make)                                                                    \
    PERF_VERSIONS(function)                                                                               \
    static cudaError_t run(int round, enum perf_side side)                                                \
    {                                                                                                     \
        struct scan_round *r = &scan_task.rounds[round];                                                  \
        return version_of(side)(r->d_in, r->d_out[side], scan_task.n);                                    \
    }                                                                                                     \
    const struct perf_task perf_task = {#function, scan_task_setup, make, scan_task_upload, run,          \
                                        scan_task_check, has_reference, NULL}

#endif
