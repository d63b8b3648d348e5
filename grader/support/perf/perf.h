/*
 * perf.h: the performance test of one lab. grader/grade.sh runs it, and
 * gives the rubric's perf:: points from what it prints.
 *
 *   perf N SEED      (built per lab: build/cuda-none/labs/03-efficient-scan/perf)
 *
 * The program holds two versions of the timed function: the student's,
 * and the reference's, linked in beside it with every global symbol
 * renamed reference_NAME (the Makefile's $(BUILD)/reference/NN-name.o).
 * Both run in one process, on the same inputs, in turn: a moment when the
 * GPU is slower (clocks, another process, where the allocator put the
 * buffers) then costs both alike, and the ratio of the two stays steady
 * where two separate programs differed by 1.3x. A student's copy has no
 * solutions/, so no reference: it then times the student's alone.
 *
 * It prints one line, tab-separated, and exits 0 whatever it found (and,
 * on stderr, one more: the seconds its setup, timed runs, checks and
 * waits for the GPU took):
 *
 *   perf  VERDICT  FUNCTION  N  MEDIAN_MS  COPY_MS  REFERENCE_MS  RATIO  MESSAGE  BYTES
 *
 * VERDICT is ok, wrong (an output differed from the oracle's), error (a
 * CUDA error, a fault in a kernel), or todo (the function is still the
 * skeleton's stub). REFERENCE_MS and RATIO are "-" without a reference.
 * BYTES is what one run must move (the task's bytes_moved, else 8 N).
 * The harness, never the code under test, owns the clock
 * (grader/support/perf/timing.h):
 *
 *   - PERF_ROUNDS rounds, the first PERF_WARMUP not counted, each on a
 *     FRESH input made from SEED and the round's number; in each round
 *     both versions run on that input, one after the other, the student's
 *     first in even rounds and second in odd ones, each writing output
 *     buffers of its own for that round (poisoned when allocated), so no
 *     run can pass by replaying an earlier answer;
 *   - every input is made (in parallel across rounds) and uploaded before
 *     the first clock starts, and the timed runs follow each other; with
 *     SCANLAB_GPU_LOCK=path (grade.sh on a GPU) they hold that lock file
 *     exclusively, so no other grade's work shares the GPU while a clock
 *     runs (perf.c, grade.sh);
 *   - each run alone timed with device events, the L2 cache flushed
 *     first, the clock stopped only once the whole device is idle (work on
 *     other streams counts);
 *   - every output of every round checked against the oracle afterwards;
 *   - MEDIAN_MS and REFERENCE_MS the medians of the timed rounds; RATIO
 *     the median over pairs of rounds (2k, 2k + 1: one in each order) of
 *     the geometric mean of their two ratios student / reference (the two
 *     runs of a round are next to each other in time). Per round, a
 *     version that allocates (cudaMalloc inside the timed call) can run
 *     faster first than second, or the other way: the rounds' ratios then
 *     fall into two clusters, and a median of them jumps between the
 *     clusters from grade to grade (lab 05's rle_encode measured against
 *     itself gave 0.82x to 1.11x in ten grades). A pair cancels the order
 *     out. COPY_MS the median of as
 *     many device-to-device cudaMemcpy of the input's bytes (n 32-bit
 *     values read, n written): the least any of these functions must
 *     move, the roofline.
 *
 * Each lab with a performance test has grader/labs/NN-name/perf.c: it defines
 * perf_task, the one function of the lab that is timed, with PERF_ROUNDS
 * inputs and 2 x PERF_ROUNDS sets of outputs.
 */
#ifndef GRADER_PERF_H
#define GRADER_PERF_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "timing.h" /* a task's check: bench_same_ints, bench_same_words */

#define PERF_WARMUP 2
#define PERF_ROUNDS 16 /* PERF_WARMUP of them not counted: 14 timed, 7 pairs */

/* Whose version of the function a run calls. */
enum perf_side { PERF_STUDENT, PERF_REFERENCE };
#define PERF_SIDES 2

struct perf_task {
    const char *function;                        /* what is timed: "scan_exclusive_tiled" */
    void (*setup)(size_t n);                     /* allocate everything, for every round and side */
    void (*make_input)(int round, uint64_t seed); /* host memory only: the round's input and answer */
    void (*upload)(int round);                   /* the round's input to the device */
    cudaError_t (*run)(int round, enum perf_side side); /* the call the clock times */
    int (*check)(int round, enum perf_side side, char *why, size_t room); /* 1 if right, else says why */
    int (*has_reference)(void);                  /* was the reference linked in? */
    /* The least bytes one run must read and write, for the scoreboard's
     * GB/s and share of a copy; NULL: 8 n (n ints in, n ints out). */
    double (*bytes_moved)(void);
};

/* The task of the lab this program is linked with. */
extern const struct perf_task perf_task;

/* PERF_VERSIONS(compact_nonzero), in a task file: declares
 * reference_compact_nonzero, the reference's function renamed (weak: NULL
 * when the program was linked without it), and defines
 *     version_of(side)   the function a side calls
 *     has_reference()    whether the reference is there                    */
#define PERF_VERSIONS(function)                                                           \
    extern __typeof__(function) reference_##function __attribute__((weak));               \
    static __typeof__(function) *version_of(enum perf_side side)                          \
    {                                                                                     \
        return side == PERF_REFERENCE ? reference_##function : function;                  \
    }                                                                                     \
    static int has_reference(void) { return reference_##function != NULL; }

/* ---- Helpers for the tasks: each exits with a message on failure --------- */

void *perf_host_alloc(size_t bytes);
void *perf_device_alloc(size_t bytes);   /* poisoned, like a fresh GPU buffer */
void perf_upload(void *d_to, const void *from, size_t bytes);

/* The first half of a check whose function returns a count (*kept, *runs,
 * *words) and arrays of that many: 1 if got is expected, else writes
 * "WHAT = GOT, expected EXPECTED" into why ("*runs = 3, expected 4")
 * and returns 0. The arrays are compared only once the count is right. */
int perf_same_count(const char *what, size_t got, size_t expected, char *why, size_t room);

#endif
