/*
 * bench.cu: how fast are the run-length encoders and decoders of
 * lab 05, and the one-pass encoder? (make bench BENCH=rle; real GPU only)
 *
 * Every figure is printed beside two yardsticks measured in the same run
 * on the same input: a device-to-device cudaMemcpy of the n input ints,
 * and CUB's DeviceRunLengthEncode::Encode, the library encoder. GB/s
 * counts what an encoder or decoder must move: n ints one way, the runs'
 * symbols and counts the other, (n + 2 * runs) * 4 bytes. "of copy" is
 * the time the copy would take to move those bytes over the row's time;
 * "of CUB" CUB's time over the encoder's (above 1.00: faster than CUB).
 *
 * The encoder ladder, one change a step:
 *   1  rle_encode: PARLE as lab 05 teaches it: mask, scan, starts, runs,
 *      each a kernel, the run count read back to the host. Its scans are
 *      the grader's (grader/labs/03-efficient-scan/provided.cu: CUB).
 *   2  rle_encode_segmented: lab 05's coarse-grained encoder (a thread a
 *      segment of 256, then the stitch)
 *   3  rle_encode_single_pass (common/fast.h): tails marked, scanned and
 *      looked back for in one kernel; runs stored through shared memory
 * and the decoder ladder:
 *   1  rle_decode_search: lab 05's scan of the counts, then a binary
 *      search of them from every output element
 *   2  rle_decode_scan: lab 05's flags at the run starts and their scan
 *   3  rle_decode_single_pass (common/fast.h): per tile of runs, the
 *      counts scanned and looked back for in one kernel, each output
 *      element written once, 4 at a time
 *
 * The versions 3 are the source tree's (solutions/05-rle/fast/): a
 * student's copy times 1 and 2 beside CUB.
 *
 * Two inputs: runny (runs of 1 to 24, see grader/labs/05-rle/rle_checks.h)
 * and singles (every run of length 1: as many runs as elements, the
 * encoder's worst case).
 *
 *   bench_rle                 2^24 and 2^26 elements
 *   bench_rle 1000000 ...     other sizes
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_run_length_encode.cuh>

extern "C" {
#include "fast.h"
#include "oracle_rle.h"
#include "rle.h"
#include "rle_checks.h"
#include "timing.h"
#include "todo.h"
}

/* What one timed run needs. */
struct rle_run {
    size_t n;
    const int *d_in;
    int *d_symbols, *d_counts; /* encoder output, decoder input */
    int *d_out;                /* decoder output */
    size_t runs;               /* the oracle's run count */
    size_t got_runs;           /* what a lab encoder said */
    int *d_runs;               /* what CUB and the one-pass encoder say */
    void *d_temp;              /* CUB's or the one-pass encoder's storage */
    size_t temp_bytes;
};

static cudaError_t run_cub(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return cub::DeviceRunLengthEncode::Encode(run->d_temp, run->temp_bytes, run->d_in, run->d_symbols,
                                              run->d_counts, run->d_runs, (int)run->n);
}

static cudaError_t run_parle(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_encode(run->d_in, run->n, run->d_symbols, run->d_counts, &run->got_runs);
}

static cudaError_t run_segmented(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_encode_segmented(run->d_in, run->n, RLE_SEGMENT_DEFAULT, run->d_symbols, run->d_counts,
                                &run->got_runs);
}

static cudaError_t run_decode_search(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_decode_search(run->d_symbols, run->d_counts, run->runs, run->d_out, run->n);
}

static cudaError_t run_decode_scan(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_decode_scan(run->d_symbols, run->d_counts, run->runs, run->d_out, run->n);
}

#ifdef SCANLAB_FAST_REFERENCES
static cudaError_t run_single_pass(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_encode_single_pass(run->d_in, run->n, run->d_symbols, run->d_counts, run->d_runs, run->d_temp,
                                  run->temp_bytes);
}

static cudaError_t run_decode_single_pass(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return rle_decode_single_pass(run->d_symbols, run->d_counts, run->runs, run->d_out, run->n, run->d_temp,
                                  run->temp_bytes);
}
#endif

/* One row of the table (timing.h): n ints and the runs' 2 ints each. */
static void print_row(const char *name, float ms, const struct rle_run *run, float copy_ms, float cub_ms)
{
    bench_row("rle", name, run->n, (double)(run->n + 2 * run->runs) * sizeof(int), ms, copy_ms, cub_ms);
}

/* An encoder's output after timing: the count, symbols and counts. */
static int encoding_is_right(const char *name, const struct rle_run *run, size_t runs,
                             const int *symbols, const int *counts)
{
    if (runs != run->runs) {
        printf("  %-38s WRONG after timing: %zu runs, expected %zu\n", name, runs, run->runs);
        return 0;
    }
    return bench_right_ints(name, "symbols", run->d_symbols, symbols, runs) &&
           bench_right_ints(name, "counts", run->d_counts, counts, runs);
}

/* How a version reports its run count. */
enum version_kind { LAB_ENCODER, DEVICE_ENCODER, DECODER };

struct version {
    const char *name;
    timed_fn run;
    enum version_kind kind;
};

static const struct version versions[] = {
    {"CUB DeviceRunLengthEncode::Encode", run_cub, DEVICE_ENCODER},
    {"1 rle_encode (PARLE)", run_parle, LAB_ENCODER},
    {"2 rle_encode_segmented (256, rows)", run_segmented, LAB_ENCODER},
#ifdef SCANLAB_FAST_REFERENCES
    {"3 rle_encode_single_pass", run_single_pass, DEVICE_ENCODER},
#endif
    {"1 rle_decode_search", run_decode_search, DECODER},
    {"2 rle_decode_scan", run_decode_scan, DECODER},
#ifdef SCANLAB_FAST_REFERENCES
    {"3 rle_decode_single_pass", run_decode_single_pass, DECODER},
#endif
};

/* One row: time it (skipped while a TODO_STUDENT() stub remains), check
 * its output, print; returns its time. A decoder reads the oracle's
 * encoding, never an encoder's. */
static float bench_version(const struct version *version, struct rle_run *run, const int *input,
                           const int *symbols, const int *counts, float copy_ms, float cub_ms)
{
    if (version->kind == DECODER) {
        bench_check(cudaMemcpy(run->d_symbols, symbols, run->runs * sizeof(int), cudaMemcpyHostToDevice), "upload");
        bench_check(cudaMemcpy(run->d_counts, counts, run->runs * sizeof(int), cudaMemcpyHostToDevice), "upload");
    }
    scanlab_todo_clear();
    version->run(run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", version->name);
        cudaGetLastError();
        return 0;
    }
    float ms = median_time_ms(version->run, run, 2, BENCH_REPEATS);
    int right;
    if (version->kind == DECODER) {
        right = bench_right_ints(version->name, "out", run->d_out, input, run->n);
    } else {
        int device_runs = 0;
        if (version->kind == DEVICE_ENCODER)
            bench_check(cudaMemcpy(&device_runs, run->d_runs, sizeof(int), cudaMemcpyDeviceToHost), "copy back");
        size_t runs = version->kind == DEVICE_ENCODER ? (size_t)device_runs : run->got_runs;
        right = encoding_is_right(version->name, run, runs, symbols, counts);
    }
    if (right)
        print_row(version->name, ms, run, copy_ms, version->kind == DECODER ? 0 : cub_ms);
    return ms;
}

static void bench_size(size_t n, enum rle_data data)
{
    int *input = (int *)malloc(n * sizeof(int)), *symbols = (int *)malloc(n * sizeof(int));
    int *counts = (int *)malloc(n * sizeof(int));
    if (!input || !symbols || !counts) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    rle_fill(input, n, data, 0x41e5 + n);

    struct rle_run run;
    memset(&run, 0, sizeof run);
    run.n = n;
    run.runs = oracle_rle_encode(input, n, symbols, counts);
    bench_check(cudaMalloc((void **)&run.d_in, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_symbols, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_counts, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_out, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_runs, sizeof(int)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_in, input, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    bench_check(run_cub(&run), "CUB size");
#ifdef SCANLAB_FAST_REFERENCES
    /* One storage for all: CUB's, the one-pass encoder's, the decoder's. */
    if (run.temp_bytes < rle_encode_single_pass_temp_bytes(n))
        run.temp_bytes = rle_encode_single_pass_temp_bytes(n);
    if (run.temp_bytes < rle_decode_single_pass_temp_bytes(run.runs))
        run.temp_bytes = rle_decode_single_pass_temp_bytes(run.runs);
#endif
    bench_check(cudaMalloc(&run.d_temp, run.temp_bytes), "cudaMalloc");

    const char *name = rle_data_cases[data].name;
    char input_name[64]; /* lives as long as the table's rows */
    snprintf(input_name, sizeof input_name, "%s, mean run %.1f", name, (double)n / (double)run.runs);
    printf("\nn = %zu int32 (%.0f MiB), %s: %zu runs (mean length %.1f), median of %d runs\n", n,
           n * 4.0 / (1 << 20), name, run.runs, (double)n / (double)run.runs, BENCH_REPEATS);
    bench_table_header(input_name, 1);
    float copy_ms = copy_time_ms(run.d_out, run.d_in, n * sizeof(int), 2, BENCH_REPEATS);
    bench_row("rle", "cudaMemcpy device to device", n, 8.0 * (double)n, copy_ms, copy_ms, 0);
    float cub_ms = 0;
    for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++) {
        float ms = bench_version(&versions[v], &run, input, symbols, counts, copy_ms, cub_ms);
        if (versions[v].run == run_cub)
            cub_ms = ms;
    }
    cudaFree((void *)run.d_in);
    cudaFree(run.d_symbols);
    cudaFree(run.d_counts);
    cudaFree(run.d_out);
    cudaFree(run.d_runs);
    cudaFree(run.d_temp);
    free(input);
    free(symbols);
    free(counts);
}

/* One size, two inputs: runny data, and no runs at all. */
static int bench_inputs(size_t n)
{
    bench_size(n, RLE_RUNNY);
    bench_size(n, RLE_SINGLES);
    return 1;
}

int main(int argc, char **argv)
{
    const size_t defaults[] = {(size_t)1 << 24, (size_t)1 << 26};
    return bench_main(argc, argv, "lab 05, run-length encoding", defaults, sizeof defaults / sizeof defaults[0],
                      bench_inputs);
}
