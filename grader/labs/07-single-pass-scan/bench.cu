/*
 * bench.cu: how close does lab 07's single-pass scan come to
 * copying the array, and to CUB? (make bench BENCH=single_pass)
 *
 * Beside two yardsticks measured in the same run on the same bytes: a
 * device-to-device cudaMemcpy (n ints read, n written: the least a scan
 * must move) and CUB's DeviceScan::ExclusiveSum, whose temporary storage,
 * like the lab's, is allocated before the clock starts. "of copy" is the
 * copy's time over the version's; "of CUB" CUB's time over the version's
 * (above 1.00: faster than CUB). Lab 03's tiled scan is the step before;
 * lab 07's tiles scanned alone, without the look-back, show what the
 * look-back costs.
 *
 *   make bench BENCH=single_pass                   the labs in labs/ (yours)
 *   make bench BENCH=single_pass TREE=solutions    the reference
 */
#include <stdio.h>
#include <stdlib.h>

#include <cub/device/device_scan.cuh>

extern "C" {
#include "oracle.h"
#include "random.h"
#include "scan.h"
#include "single_pass.h"
#include "timing.h"
#include "todo.h"
}

/* What one timed run needs. */
struct scan_run {
    const int *d_in;
    int *d_out;
    size_t n;
    void *d_temp; /* CUB's or the lab's temporary storage */
    size_t temp_bytes;
};

static cudaError_t run_cub(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return cub::DeviceScan::ExclusiveSum(run->d_temp, run->temp_bytes, run->d_in, run->d_out, (int)run->n);
}

static cudaError_t run_tiled(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return scan_exclusive_tiled(run->d_in, run->d_out, run->n);
}

/* Lab 07's tiles alone, each scanned on its own (no look-back): what the
 * single pass would cost if the tiles never had to talk. A step of the
 * guided edition: the open one has no scan_tiles_exclusive. */
#ifndef SCANLAB_GUIDANCE_OPEN
static cudaError_t run_tiles_alone(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return scan_tiles_exclusive(run->d_in, run->d_out, run->n, (int *)run->d_temp);
}
#endif

static cudaError_t run_single_pass(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return scan_exclusive_single_pass(run->d_in, run->d_out, run->n, run->d_temp, run->temp_bytes);
}

/* One row of the table (timing.h): n ints read and n written. */
static void print_row(const char *name, float ms, size_t n, float copy_ms, float cub_ms)
{
    bench_row("single_pass", name, n, 2.0 * (double)n * sizeof(int), ms, copy_ms, cub_ms);
}

/* Times `fn` and prints its row, or why not: unwritten, or wrong. */
static void bench_version(const char *name, timed_fn fn, struct scan_run *run, const int *expected,
                          float copy_ms, float cub_ms)
{
    scanlab_todo_clear();
    cudaError_t err = fn(run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", name);
        return;
    }
    if (err != cudaSuccess || (err = cudaDeviceSynchronize()) != cudaSuccess) {
        printf("  %-38s failed: %s\n", name, cudaGetErrorName(err));
        cudaGetLastError();
        return;
    }
    float ms = median_time_ms(fn, run, 2, BENCH_REPEATS);
    if (bench_right_ints(name, "out", run->d_out, expected, run->n))
        print_row(name, ms, run->n, copy_ms, cub_ms);
}

static int bench_size(size_t n)
{
    int *input = (int *)malloc(n * sizeof(int)), *expected = (int *)malloc(n * sizeof(int));
    if (!input || !expected) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    random_fill(input, n, 0x51e9 + n, 0, 3); /* small values: no overflow at 2^28 */
    oracle_scan_exclusive(input, expected, n);
    int *per_tile = (int *)malloc(n * sizeof(int)); /* each tile's scan on its own */
    if (!per_tile) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    for (size_t first = 0; first < n; first += SP_TILE)
        oracle_scan_exclusive(input + first, per_tile + first, n - first < SP_TILE ? n - first : SP_TILE);

    struct scan_run run = {NULL, NULL, n, NULL, 0};
    bench_check(cudaMalloc((void **)&run.d_in, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_out, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_in, input, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    size_t cub_bytes = 0;
    bench_check(cub::DeviceScan::ExclusiveSum(NULL, cub_bytes, run.d_in, run.d_out, (int)n), "CUB size");
    scanlab_todo_clear();
    size_t lab_bytes = scan_single_pass_temp_bytes(n), tile_total_bytes = (n + SP_TILE - 1) / SP_TILE * sizeof(int);
    lab_bytes = lab_bytes > tile_total_bytes ? lab_bytes : tile_total_bytes;
    run.temp_bytes = cub_bytes > lab_bytes ? cub_bytes : lab_bytes;
    bench_check(cudaMalloc(&run.d_temp, run.temp_bytes), "cudaMalloc");

    printf("\nn = %zu int32 (%.0f MiB in, the same out), median of %d runs\n", n, n * 4.0 / (1 << 20),
           BENCH_REPEATS);
    bench_table_header("random 0..3", 1);
    float copy_ms = copy_time_ms(run.d_out, run.d_in, n * sizeof(int), 2, BENCH_REPEATS);
    float cub_ms = median_time_ms(run_cub, &run, 2, BENCH_REPEATS);
    print_row("cudaMemcpy device to device", copy_ms, n, copy_ms, cub_ms);
    char why[256];
    if (bench_same_ints("out", run.d_out, expected, n, why, sizeof why))
        print_row("CUB DeviceScan::ExclusiveSum", cub_ms, n, copy_ms, cub_ms);
    else
        printf("  %-38s WRONG: %s\n", "CUB DeviceScan::ExclusiveSum", why);
    bench_version("scan_exclusive_tiled (03)", run_tiled, &run, expected, copy_ms, cub_ms);
#ifndef SCANLAB_GUIDANCE_OPEN
    bench_version("scan_tiles_exclusive (07, no look-back)", run_tiles_alone, &run, per_tile, copy_ms, cub_ms);
#endif
    bench_version("scan_exclusive_single_pass (07)", run_single_pass, &run, expected, copy_ms, cub_ms);
    cudaFree((void *)run.d_in);
    cudaFree(run.d_out);
    cudaFree(run.d_temp);
    free(input);
    free(expected);
    free(per_tile);
    return 1;
}

int main(int argc, char **argv)
{
    const size_t defaults[] = {(size_t)1 << 20, (size_t)1 << 24, (size_t)1 << 28};
    return bench_main(argc, argv, "lab 07, single-pass scan", defaults, sizeof defaults / sizeof defaults[0],
                      bench_size);
}
