/*
 * perf.h: the performance test of one lab. grader/grade.sh runs it for
 * the student's code and for the reference, on the same GPU in the same
 * grade, and gives the rubric's perf:: points from the two times.
 *
 *   perf N SEED      (built per lab: build/cuda-none/labs/03-efficient-scan/perf)
 *
 * prints one line, tab-separated, and exits 0 whatever it found:
 *
 *   perf  VERDICT  FUNCTION  N  MEDIAN_MS  COPY_MS  MESSAGE
 *
 * VERDICT is ok, wrong (an output differed from the oracle's), error (a
 * CUDA error, a fault in a kernel), or todo (the function is still the
 * skeleton's stub). The harness, never the code under test, owns the
 * clock (grader/bench/timing.h):
 *
 *   - PERF_WARMUP + PERF_REPEATS runs, each on a FRESH input made from
 *     SEED and the run's number, uploaded before the clock starts, the L2
 *     cache flushed, the output buffers poisoned;
 *   - the call alone timed with device events, the clock stopped only
 *     once the whole device is idle (work on other streams counts);
 *   - every run's output checked against the oracle after its clock
 *     stopped, so code that replays an earlier answer, or that got faster
 *     by getting wrong, is caught on the run where it does;
 *   - MEDIAN_MS the median of the PERF_REPEATS timed runs; COPY_MS the
 *     median of as many device-to-device cudaMemcpy of the input's bytes
 *     (n 32-bit values read, n written): the least any of these functions
 *     must move, the roofline.
 *
 * Each lab with a performance test has grader/perf/NN-name.c: it defines
 * perf_task, the one function of the lab that is timed.
 */
#ifndef GRADER_PERF_H
#define GRADER_PERF_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "timing.h" /* a task's check: bench_same_ints, bench_same_words */

#define PERF_WARMUP 2
#define PERF_REPEATS 11

struct perf_task {
    const char *function;                 /* what is timed: "scan_exclusive_tiled" */
    void (*setup)(size_t n);              /* allocate everything, once */
    void (*fill)(uint64_t seed);          /* a fresh input on the device, and its answer */
    cudaError_t (*run)(void);             /* the call the clock times */
    int (*check)(char *why, size_t room); /* 1 if the output is the answer, else says why */
};

/* The task of the lab this program is linked with. */
extern const struct perf_task perf_task;

/* ---- Helpers for the tasks: each exits with a message on failure --------- */

void *perf_host_alloc(size_t bytes);
void *perf_device_alloc(size_t bytes);   /* poisoned, like a fresh GPU buffer */
void perf_upload(void *d_to, const void *from, size_t bytes);
void perf_poison(void *d_buffer, size_t bytes);

#endif
