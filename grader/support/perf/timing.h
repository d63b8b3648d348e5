/*
 * timing.h: how ScanLab times GPU code (make bench). The harness, never
 * the code under test, owns the clock:
 *
 *   - device events around each run, so launch overhead counts but host
 *     scheduling noise does not;
 *   - warm-up runs first (module loading, first-touch allocation);
 *   - the L2 cache flushed before every run, so a 40 MB input is not
 *     served from a 50 MB cache and reported as a miracle;
 *   - the median of many runs, robust to the odd slow one;
 *   - the output validated again after timing, so a kernel that got
 *     faster by getting wrong is caught.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <cuda_runtime_api.h>

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

/* Every figure is the median of this many timed runs. */
#define BENCH_REPEATS 15

/* The start of every benchmark's main: without a GPU it says so and
 * returns 0 (timings from the emulator would mean nothing); otherwise it
 * prints "ScanLab bench of TITLE on DEVICE" and returns 1. */
int bench_start(const char *title);

/* The table of one size: its header, then a row per version: its time,
 * GB/s of the `bytes` it must read and write, "of copy" and, when cub_ms
 * > 0, "of CUB" (CUB's time over the version's). copy_ms is the time of a
 * device-to-device cudaMemcpy of the n input elements (4 bytes each: 8n
 * bytes read and written); "of copy" is the time that copy would take to
 * move the version's bytes, over the version's time: the fraction of the
 * copy's bandwidth the version reaches. Each row is also a line of the CSV
 * file make bench names (BENCH_CSV=path), under the header
 *     date,gpu,cuda_driver,bench,input,version,n,bytes,ms,gb_per_s,of_copy,of_cub
 * where `bench` is the benchmark's name (scan, rle, ...), `input` what
 * bench_table_header was told the input is ("50% kept"; the text must
 * live until the table's last row), and of_cub is empty without a CUB
 * figure. */
void bench_table_header(const char *input, int with_cub);

/* The CSV file the environment variable `variable` names (BENCH_CSV),
 * opened to append, `header` written first when the file is empty, and
 * today's date (UTC, 2026-11-27) in day; NULL when the variable is unset
 * or empty. Exits with a line when the file cannot be opened. */
FILE *bench_csv_open(const char *variable, const char *header, char day[16]);
void bench_row(const char *bench, const char *version, size_t n, double bytes, float ms,
               float copy_ms, float cub_ms);

/* The main of a benchmark over sizes: bench_start(title), then
 * bench_one(n) for each size of the command line (bench_scan 1000000
 * 16777216), else each of the defaults. Returns main's status: 0, or 2
 * when a size is not a whole number or bench_one refuses it (returns 0,
 * having said why). */
int bench_main(int argc, char **argv, const char *title, const size_t *defaults, size_t default_count,
               int (*bench_one)(size_t n));

/* Something to time: run(context) queues GPU work and returns its error. */
typedef cudaError_t (*timed_fn)(void *context);

/* The median time of `repeats` runs, in milliseconds, each after `warmup`
 * untimed runs and an L2 flush. Exits with a message on a CUDA error. */
float median_time_ms(timed_fn run, void *context, int warmup, int repeats);

/* One run on its own: flush L2, time run(context) with device events into
 * *ms. Returns run's error, else the first error met while it ran (a fault
 * in a kernel shows here), for callers that report rather than exit:
 * a lab's perf.c times code that may be broken. */
cudaError_t timed_run_ms(timed_fn run, void *context, float *ms);

/* The yardstick of every table (bench_row's copy_ms) and of the perf
 * tests: median_time_ms of a device-to-device cudaMemcpy of `bytes` from
 * d_src to d_dst. */
float copy_time_ms(void *d_dst, const void *d_src, size_t bytes, int warmup, int repeats);

/* The median of count times (sorts them). */
float median_of(float *times, int count);

/* Exit with the CUDA error's name and `what` if err is not cudaSuccess. */
void bench_check(cudaError_t err, const char *what);

/* 1 if the device bytes d_got[0..bytes) are expected[0..bytes): a
 * decoder's output after timing, checked against the file. */
int bench_same_bytes(const void *d_got, const void *expected, size_t bytes);

/* The check after timing: 1 if device array d_got[0..count) equals
 * expected[0..count); else writes "what[i] expected X got Y" into why and
 * returns 0. Words are 32-bit values, shown in hex. */
int bench_same_ints(const char *what, const int *d_got, const int *expected, size_t count,
                    char *why, size_t room);
int bench_same_words(const char *what, const uint32_t *d_got, const uint32_t *expected, size_t count,
                     char *why, size_t room);

/* The same checks for a row of a benchmark's table: 1 if right, else
 * prints the line the version gets instead of its row, and returns 0:
 *     "  scan_exclusive_tiled (03)   WRONG after timing: out[3] expected 5 got 6" */
int bench_right_ints(const char *version, const char *what, const int *d_got, const int *expected, size_t count);
int bench_right_words(const char *version, const char *what, const uint32_t *d_got, const uint32_t *expected,
                      size_t count);

#endif
