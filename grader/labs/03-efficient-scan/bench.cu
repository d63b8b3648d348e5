/*
 * bench.cu: how fast are the scans of labs 01-03? (make bench)
 *
 * Every figure is printed beside two yardsticks measured in the same run
 * on the same bytes: a device-to-device cudaMemcpy (read n ints, write n
 * ints: the least any scan must move) and CUB's DeviceScan, the library
 * scan. "of copy" is the copy's time over the version's time: 1.00 would
 * be a scan as fast as copying its input.
 *
 *   make bench                  the labs in labs/ (yours)
 *   make bench TREE=solutions   the reference solutions
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cub/device/device_scan.cuh>

extern "C" {
#include "oracle.h"
#include "random.h"
#include "scan.h"
#include "timing.h"
#include "todo.h"
}

/* What one timed run needs. */
struct scan_run {
    device_scan_fn scan;   /* a lab function, or NULL for the yardsticks */
    const int *d_in;
    int *d_out;
    size_t n;
    void *d_cub_temp;
    size_t cub_temp_bytes;
};

static cudaError_t run_lab_scan(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return run->scan(run->d_in, run->d_out, run->n);
}

static cudaError_t run_cub(void *context)
{
    struct scan_run *run = (struct scan_run *)context;
    return cub::DeviceScan::ExclusiveSum(run->d_cub_temp, run->cub_temp_bytes, run->d_in, run->d_out,
                                         (int)run->n);
}

/* One row of the table (timing.h): n ints read and n written. */
static void print_row(const char *name, float ms, size_t n, float copy_ms)
{
    bench_row("scan", name, n, 2.0 * (double)n * sizeof(int), ms, copy_ms, 0);
}

struct lab_scan {
    const char *name;
    device_scan_fn scan;
    int inclusive;
};

static const struct lab_scan lab_scans[] = {
    {"scan_inclusive_naive (02)", scan_inclusive_naive, 1},
    {"scan_exclusive_blelloch (03)", scan_exclusive_blelloch, 0},
    {"scan_exclusive_tiled (03)", scan_exclusive_tiled, 0},
};

/* Lab 01's serial scan on the host clock, for scale. */
static void bench_cpu_scan(const int *input, int *out, size_t n, float copy_ms)
{
    const int runs = 3;
    double best = 1e30;
    for (int i = 0; i < runs; i++) {
        struct timespec start, stop;
        scanlab_todo_clear();
        clock_gettime(CLOCK_MONOTONIC, &start);
        scan_exclusive_cpu(input, out, n);
        clock_gettime(CLOCK_MONOTONIC, &stop);
        if (scanlab_todo_function() != NULL) {
            printf("  %-38s not implemented yet\n", "scan_exclusive_cpu (01, host)");
            return;
        }
        double ms = (stop.tv_sec - start.tv_sec) * 1e3 + (stop.tv_nsec - start.tv_nsec) / 1e6;
        best = ms < best ? ms : best;
    }
    print_row("scan_exclusive_cpu (01, host, best)", (float)best, n, copy_ms);
}

static int bench_size(size_t n)
{
    const int repeats = BENCH_REPEATS;
    int *input = (int *)malloc(n * sizeof(int)), *exclusive = (int *)malloc(n * sizeof(int));
    int *inclusive = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
    if (!input || !exclusive || !inclusive || !got) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    random_fill(input, n, 0xbe9c4 + n, 0, 3); /* small values: no overflow at 2^28 */
    oracle_scan_exclusive(input, exclusive, n);
    oracle_scan_inclusive(input, inclusive, n);

    struct scan_run run = {NULL, NULL, NULL, n, NULL, 0};
    bench_check(cudaMalloc((void **)&run.d_in, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_out, n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_in, input, n * sizeof(int), cudaMemcpyHostToDevice), "upload");
    bench_check(cub::DeviceScan::ExclusiveSum(NULL, run.cub_temp_bytes, run.d_in, run.d_out, (int)n), "CUB size");
    bench_check(cudaMalloc(&run.d_cub_temp, run.cub_temp_bytes), "cudaMalloc");

    printf("\nn = %zu int32 (%.0f MiB in, the same out), median of %d runs\n", n, n * 4.0 / (1 << 20), repeats);
    bench_table_header("random 0..3", 0);
    float copy_ms = copy_time_ms(run.d_out, run.d_in, n * sizeof(int), 2, BENCH_REPEATS);
    print_row("cudaMemcpy device to device", copy_ms, n, copy_ms);
    float cub_ms = median_time_ms(run_cub, &run, 2, repeats);
    if (bench_right_ints("CUB DeviceScan::ExclusiveSum", "out", run.d_out, exclusive, n))
        print_row("CUB DeviceScan::ExclusiveSum", cub_ms, n, copy_ms);

    for (size_t v = 0; v < sizeof lab_scans / sizeof lab_scans[0]; v++) {
        run.scan = lab_scans[v].scan;
        scanlab_todo_clear();
        run.scan(run.d_in, run.d_out, n);
        if (scanlab_todo_function() != NULL) {
            printf("  %-38s not implemented yet\n", lab_scans[v].name);
            continue;
        }
        float ms = median_time_ms(run_lab_scan, &run, 2, repeats);
        if (bench_right_ints(lab_scans[v].name, "out", run.d_out, lab_scans[v].inclusive ? inclusive : exclusive, n))
            print_row(lab_scans[v].name, ms, n, copy_ms);
    }
    bench_cpu_scan(input, got, n, copy_ms);
    cudaFree((void *)run.d_in);
    cudaFree(run.d_out);
    cudaFree(run.d_cub_temp);
    free(input);
    free(exclusive);
    free(inclusive);
    free(got);
    return 1;
}

int main(int argc, char **argv)
{
    const size_t defaults[] = {(size_t)1 << 20, (size_t)1 << 24, (size_t)1 << 28};
    return bench_main(argc, argv, "labs 01-03, scan", defaults, sizeof defaults / sizeof defaults[0], bench_size);
}
