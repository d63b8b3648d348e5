/*
 * bench_rle.cu: how fast are the run-length encoders and decoders of
 * lab 05? (make bench-rle; real GPU only)
 *
 * Every figure is printed beside two yardsticks measured in the same run
 * on the same input: a device-to-device cudaMemcpy of the n input ints,
 * and CUB's DeviceRunLengthEncode::Encode, the library encoder. "of copy"
 * is the copy's time over the version's time: 1.00 would be an encoder as
 * fast as copying its input. GB/s counts the copy's bytes (n ints read and
 * n written) for every row, so the rows compare directly.
 *
 * The input is runny (runs of 1 to 24, see grader/support/rle_checks.h).
 * The lab's scans come from grader/provided/scan.cu (CUB), so the figures
 * are those of lab 05's own kernels around a library-speed scan.
 *
 *   bench_rle                 2^24 and 2^26 elements
 *   bench_rle 1000000 ...     other sizes
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_run_length_encode.cuh>

extern "C" {
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
    size_t got_runs;           /* what the encoder under test said */
    int *d_cub_runs;
    void *d_cub_temp;
    size_t cub_temp_bytes;
};

static cudaError_t run_copy(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return cudaMemcpyAsync(run->d_out, run->d_in, run->n * sizeof(int), cudaMemcpyDeviceToDevice, 0);
}

static cudaError_t run_cub(void *context)
{
    struct rle_run *run = (struct rle_run *)context;
    return cub::DeviceRunLengthEncode::Encode(run->d_cub_temp, run->cub_temp_bytes, run->d_in, run->d_symbols,
                                              run->d_counts, run->d_cub_runs, (int)run->n);
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

/* One row of the table (timing.h): the copy's bytes, n ints each way. */
static void print_row(const char *name, float ms, size_t n, float copy_ms)
{
    bench_row("rle", name, n, 2.0 * (double)n * sizeof(int), ms, copy_ms, 0);
}

/* 1 if device array d[0..count) equals expected, else prints the first mismatch. */
static int same_ints(const char *name, const char *what, const int *d, const int *expected, size_t count)
{
    char why[256];
    if (bench_same_ints(what, d, expected, count, why, sizeof why))
        return 1;
    printf("  %-38s WRONG after timing: %s\n", name, why);
    return 0;
}

/* An encoder's output after timing: the count, symbols and counts. */
static int encoding_is_right(const char *name, const struct rle_run *run, size_t runs,
                             const int *symbols, const int *counts)
{
    if (runs != run->runs) {
        printf("  %-38s WRONG after timing: %zu runs, expected %zu\n", name, runs, run->runs);
        return 0;
    }
    return same_ints(name, "symbols", run->d_symbols, symbols, runs) &&
           same_ints(name, "counts", run->d_counts, counts, runs);
}

struct lab_version {
    const char *name;
    timed_fn run;
    int decoder;
};

static const struct lab_version lab_versions[] = {
    {"rle_encode (PARLE)", run_parle, 0},
    {"rle_encode_segmented (256, rows)", run_segmented, 0},
    {"rle_decode_search", run_decode_search, 1},
    {"rle_decode_scan", run_decode_scan, 1},
};

static void bench_size(size_t n, int repeats)
{
    int *input = (int *)malloc(n * sizeof(int)), *symbols = (int *)malloc(n * sizeof(int));
    int *counts = (int *)malloc(n * sizeof(int));
    if (!input || !symbols || !counts) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    rle_fill(input, n, RLE_RUNNY, 0x41e5 + n);

    struct rle_run run;
    memset(&run, 0, sizeof run);
    run.n = n;
    run.runs = oracle_rle_encode(input, n, symbols, counts);
    bench_check(cudaMalloc((void **)&run.d_in, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_symbols, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_counts, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_out, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_cub_runs, sizeof(int)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_in, input, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    bench_check(run_cub(&run), "CUB size");
    bench_check(cudaMalloc(&run.d_cub_temp, run.cub_temp_bytes), "cudaMalloc");

    printf("\nn = %zu int32 (%.0f MiB), runny: %zu runs (mean length %.1f), median of %d runs\n", n,
           n * 4.0 / (1 << 20), run.runs, (double)n / (double)run.runs, repeats);
    bench_table_header("runny, mean run 16.7", 0);
    float copy_ms = median_time_ms(run_copy, &run, 2, repeats);
    print_row("cudaMemcpy device to device", copy_ms, n, copy_ms);
    float cub_ms = median_time_ms(run_cub, &run, 2, repeats);
    int cub_runs = 0;
    bench_check(cudaMemcpy(&cub_runs, run.d_cub_runs, sizeof(int), cudaMemcpyDeviceToHost), "copy back");
    if (encoding_is_right("CUB DeviceRunLengthEncode::Encode", &run, (size_t)cub_runs, symbols, counts))
        print_row("CUB DeviceRunLengthEncode::Encode", cub_ms, n, copy_ms);

    for (size_t v = 0; v < sizeof lab_versions / sizeof lab_versions[0]; v++) {
        const struct lab_version *version = &lab_versions[v];
        /* A decoder reads the oracle's encoding, never an encoder's. */
        if (version->decoder) {
            bench_check(cudaMemcpy(run.d_symbols, symbols, run.runs * sizeof(int), cudaMemcpyHostToDevice), "upload");
            bench_check(cudaMemcpy(run.d_counts, counts, run.runs * sizeof(int), cudaMemcpyHostToDevice), "upload");
        }
        scanlab_todo_clear();
        version->run(&run);
        if (scanlab_todo_function() != NULL) {
            printf("  %-38s not implemented yet\n", version->name);
            cudaGetLastError();
            continue;
        }
        float ms = median_time_ms(version->run, &run, 2, repeats);
        int right = version->decoder ? same_ints(version->name, "out", run.d_out, input, n)
                                     : encoding_is_right(version->name, &run, run.got_runs, symbols, counts);
        if (right)
            print_row(version->name, ms, n, copy_ms);
    }
    cudaFree((void *)run.d_in);
    cudaFree(run.d_symbols);
    cudaFree(run.d_counts);
    cudaFree(run.d_out);
    cudaFree(run.d_cub_runs);
    cudaFree(run.d_cub_temp);
    free(input);
    free(symbols);
    free(counts);
}

int main(int argc, char **argv)
{
    if (!bench_start("lab 05, run-length encoding"))
        return 0;
    const size_t defaults[] = {(size_t)1 << 24, (size_t)1 << 26};
    size_t sizes[32];
    size_t count = bench_sizes(argc, argv, defaults, sizeof defaults / sizeof defaults[0], sizes, 32);
    for (size_t i = 0; i < count; i++) {
        bench_size(sizes[i], BENCH_REPEATS);
    }
    return 0;
}
