/*
 * bench.cu: how fast are lab 04's compactions, and how far is the
 * one-pass compaction from them? (make bench BENCH=compact; real GPU only)
 *
 * Every figure is printed beside two yardsticks measured in the same run
 * on the same input: a device-to-device cudaMemcpy of the n input ints
 * (read n ints, write n ints), and CUB's DeviceSelect::If with the same
 * predicate, the library compaction, which must find the same kept count.
 * GB/s counts the least a compaction must move: n ints read and the kept
 * ints written, (n + kept) * 4 bytes, for every compaction row, the lab's
 * and CUB's alike. The copy row counts the copy's own 2n ints, so it shows
 * the bandwidth the GPU actually reaches. "of copy" is the time the copy
 * would take to move a row's bytes over the row's time (1.00: as fast as
 * memory allows); "of CUB" is CUB's time over the version's (above 1.00:
 * faster than CUB).
 *
 * The ladder, one change a step (the numbers are the rows'):
 *   1  compact_if: lab 04 as taught: flags, scan, scatter, each a kernel,
 *      the count read back to the host. The scan is the grader's
 *      (grader/labs/03-efficient-scan/provided.cu: CUB, with a cudaMalloc per call).
 *   2  one pass (common/fast.h): flags, tile scan and look-back (lab 07's
 *      pieces) in one kernel, each kept element stored by its own thread
 *   3  the same, the kept elements gathered in shared memory and stored
 *      by consecutive threads
 *   4  the flags kept as bits, not int4s: 64 registers a thread,
 *      4 blocks an SM instead of 3 (the fast reference)
 *
 * Versions 2 to 4 are the source tree's (solutions/04-compaction/fast/):
 * a student's copy times 1 beside CUB.
 *
 * Three densities, about 10%, 50% and 90% of the elements kept. Each
 * density has two inputs with the same kept elements in the same places:
 * one whose dropped elements are 0 (KEEP_NONZERO) and one whose dropped
 * elements are at most 50 (KEEP_GREATER_THAN 50).
 *
 *   bench_compact              2^24 and 2^26 elements
 *   bench_compact N...         other sizes
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_select.cuh>

extern "C" {
#include "compact.h"
#include "fast.h"
#include "oracle.h"
#include "random.h"
#include "timing.h"
#include "todo.h"
}

#define BENCH_OPERAND 50

/* CUB's predicates, the same as KEEP_NONZERO and KEEP_GREATER_THAN 50. */
struct is_nonzero {
    __device__ bool operator()(const int &value) const { return value != 0; }
};

struct is_greater_than {
    int operand;
    __device__ bool operator()(const int &value) const { return value > operand; }
};

/* What one timed run needs. */
struct compact_run {
    size_t n;
    const int *d_zeros;   /* dropped elements are 0 */
    const int *d_small;   /* dropped elements are <= BENCH_OPERAND */
    int *d_out;
    enum compact_predicate predicate; /* KEEP_NONZERO reads d_zeros, KEEP_GREATER_THAN d_small */
    size_t got_kept;      /* what the lab's compaction said */
    int *d_kept;          /* what CUB's and the one-pass compactions say */
    void *d_temp;         /* CUB's or the one-pass compaction's storage */
    size_t temp_bytes;
    int repeats;          /* timed runs, of which the median */
};

/* The input the predicate reads. */
static const int *input_of(const struct compact_run *run)
{
    return run->predicate == KEEP_NONZERO ? run->d_zeros : run->d_small;
}

static cudaError_t run_cub(void *context)
{
    struct compact_run *run = (struct compact_run *)context;
    if (run->predicate == KEEP_NONZERO)
        return cub::DeviceSelect::If(run->d_temp, run->temp_bytes, run->d_zeros, run->d_out, run->d_kept,
                                     (int)run->n, is_nonzero());
    return cub::DeviceSelect::If(run->d_temp, run->temp_bytes, run->d_small, run->d_out, run->d_kept,
                                 (int)run->n, is_greater_than{BENCH_OPERAND});
}

static cudaError_t run_lab(void *context)
{
    struct compact_run *run = (struct compact_run *)context;
    return compact_if(input_of(run), run->d_out, run->n, run->predicate, BENCH_OPERAND, &run->got_kept);
}

#ifdef SCANLAB_FAST_REFERENCES
static cudaError_t run_direct(void *context)
{
    struct compact_run *run = (struct compact_run *)context;
    return compact_if_single_pass_direct(input_of(run), run->d_out, run->n, run->predicate, BENCH_OPERAND,
                                         run->d_kept, run->d_temp, run->temp_bytes);
}

static cudaError_t run_staged(void *context)
{
    struct compact_run *run = (struct compact_run *)context;
    return compact_if_single_pass_staged(input_of(run), run->d_out, run->n, run->predicate, BENCH_OPERAND,
                                         run->d_kept, run->d_temp, run->temp_bytes);
}

static cudaError_t run_tile(void *context)
{
    struct compact_run *run = (struct compact_run *)context;
    return compact_if_single_pass(input_of(run), run->d_out, run->n, run->predicate, BENCH_OPERAND,
                                  run->d_kept, run->d_temp, run->temp_bytes);
}
#endif

/* One row of the table (timing.h): `ints` read and written in all. */
static void print_row(const char *name, float ms, size_t n, size_t ints, float copy_ms, float cub_ms)
{
    bench_row("compact", name, n, (double)ints * sizeof(int), ms, copy_ms, cub_ms);
}

/* 1 if the count is the oracle's and d_out[0..kept) holds its elements,
 * else prints the first difference. */
static int output_is_right(const char *name, const struct compact_run *run, size_t kept,
                           const int *expected, size_t expected_kept)
{
    if (kept == expected_kept)
        return bench_right_ints(name, "out", run->d_out, expected, kept);
    printf("  %-38s WRONG after timing: kept %zu, expected %zu\n", name, kept, expected_kept);
    return 0;
}

/* The count a CUB or one-pass run left in d_kept. */
static size_t device_kept(const struct compact_run *run)
{
    int kept = 0;
    bench_check(cudaMemcpy(&kept, run->d_kept, sizeof(int), cudaMemcpyDeviceToHost), "copy back");
    return (size_t)kept;
}

/* One row: time it (the lab's is skipped while a TODO_STUDENT() stub
 * remains), check its count and output, print; returns its time. */
static float bench_version(const char *name, timed_fn run_fn, struct compact_run *run, const int *expected,
                           size_t expected_kept, float copy_ms, float cub_ms)
{
    scanlab_todo_clear();
    run_fn(run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", name);
        cudaGetLastError();
        return 0;
    }
    float ms = median_time_ms(run_fn, run, 2, run->repeats);
    size_t kept = run_fn == run_lab ? run->got_kept : device_kept(run);
    if (output_is_right(name, run, kept, expected, expected_kept))
        print_row(name, ms, run->n, run->n + expected_kept, copy_ms, cub_ms);
    return ms;
}

/* CUB and the ladder for one predicate. */
static void bench_predicate(struct compact_run *run, enum compact_predicate predicate, const char *what,
                            const int *expected, size_t kept, float copy_ms)
{
    char names[5][64];
    run->predicate = predicate;
    snprintf(names[0], sizeof names[0], "CUB DeviceSelect::If (%s)", what);
    float cub_ms = bench_version(names[0], run_cub, run, expected, kept, copy_ms, 0);
    snprintf(names[1], sizeof names[1], "1 compact_if (%s)", what);
    bench_version(names[1], run_lab, run, expected, kept, copy_ms, cub_ms);
#ifdef SCANLAB_FAST_REFERENCES
    snprintf(names[2], sizeof names[2], "2 one pass, direct stores (%s)", what);
    bench_version(names[2], run_direct, run, expected, kept, copy_ms, cub_ms);
    snprintf(names[3], sizeof names[3], "3 one pass, staged stores (%s)", what);
    bench_version(names[3], run_staged, run, expected, kept, copy_ms, cub_ms);
    snprintf(names[4], sizeof names[4], "4 one pass, flags as bits (%s)", what);
    bench_version(names[4], run_tile, run, expected, kept, copy_ms, cub_ms);
#endif
}

/* Two inputs with the same kept elements: about `percent` of them, values
 * in (BENCH_OPERAND, 10^6]; dropped ones are 0 in zeros[] and in
 * [-10^6, BENCH_OPERAND] in small[]. */
static void fill_inputs(int *zeros, int *small, size_t n, int percent, uint64_t seed)
{
    uint64_t state = seed;
    for (size_t i = 0; i < n; i++) {
        if (random_in_range(&state, 0, 99) < percent) {
            zeros[i] = small[i] = random_in_range(&state, BENCH_OPERAND + 1, 1000000);
        } else {
            zeros[i] = 0;
            small[i] = random_in_range(&state, -1000000, BENCH_OPERAND);
        }
    }
}

static void bench_size(size_t n, int percent, int repeats)
{
    int *zeros = (int *)malloc(n * sizeof(int)), *small = (int *)malloc(n * sizeof(int));
    int *expected = (int *)malloc(n * sizeof(int));
    if (!zeros || !small || !expected) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    fill_inputs(zeros, small, n, percent, 0xc0a1ec7 + n + (uint64_t)percent);

    struct compact_run run;
    memset(&run, 0, sizeof run);
    run.n = n;
    run.repeats = repeats;
    bench_check(cudaMalloc((void **)&run.d_zeros, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_small, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_out, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_kept, sizeof(int)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_zeros, zeros, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    bench_check(cudaMemcpy((void *)run.d_small, small, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    size_t nonzero_bytes = 0, greater_bytes = 0;
    bench_check(cub::DeviceSelect::If(NULL, nonzero_bytes, run.d_zeros, run.d_out, run.d_kept, (int)n,
                                      is_nonzero()), "CUB size");
    bench_check(cub::DeviceSelect::If(NULL, greater_bytes, run.d_small, run.d_out, run.d_kept, (int)n,
                                      is_greater_than{BENCH_OPERAND}), "CUB size");
    run.temp_bytes = nonzero_bytes > greater_bytes ? nonzero_bytes : greater_bytes;
#ifdef SCANLAB_FAST_REFERENCES
    if (run.temp_bytes < compact_single_pass_temp_bytes(n))
        run.temp_bytes = compact_single_pass_temp_bytes(n);
#endif
    bench_check(cudaMalloc(&run.d_temp, run.temp_bytes), "cudaMalloc");

    size_t kept = oracle_compact_nonzero(zeros, expected, n);
    printf("\nn = %zu int32 (%.0f MiB), %d%% kept: %zu kept (%.1f%%), median of %d runs\n", n,
           n * 4.0 / (1 << 20), percent, kept, 100.0 * (double)kept / (double)n, repeats);
    char input[32]; /* lives as long as the table's rows */
    snprintf(input, sizeof input, "%d%% kept", percent);
    bench_table_header(input, 1);
    float copy_ms = copy_time_ms(run.d_out, run.d_zeros, n * sizeof(int), 2, BENCH_REPEATS);
    print_row("cudaMemcpy device to device", copy_ms, n, 2 * n, copy_ms, 0);
    bench_predicate(&run, KEEP_NONZERO, "!= 0", expected, kept, copy_ms);
    size_t kept_greater = oracle_compact_if(small, expected, n, KEEP_GREATER_THAN, BENCH_OPERAND);
    bench_predicate(&run, KEEP_GREATER_THAN, "> 50", expected, kept_greater, copy_ms);

    cudaFree((void *)run.d_zeros);
    cudaFree((void *)run.d_small);
    cudaFree(run.d_out);
    cudaFree(run.d_kept);
    cudaFree(run.d_temp);
    free(zeros);
    free(small);
    free(expected);
}

/* One size, three densities: 10%, 50% and 90% of the elements kept. */
static int bench_densities(size_t n)
{
    const int percents[] = {10, 50, 90};
    for (size_t p = 0; p < sizeof percents / sizeof percents[0]; p++)
        bench_size(n, percents[p], BENCH_REPEATS);
    return 1;
}

int main(int argc, char **argv)
{
    const size_t defaults[] = {(size_t)1 << 24, (size_t)1 << 26};
    return bench_main(argc, argv, "lab 04, stream compaction", defaults, sizeof defaults / sizeof defaults[0],
                      bench_densities);
}
