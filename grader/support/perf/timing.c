/*
 * timing.c: see timing.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "timing.h"

void bench_check(cudaError_t err, const char *what)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "bench: %s failed: %s (%s)\n", what, cudaGetErrorName(err), cudaGetErrorString(err));
        exit(1);
    }
}

int bench_same_bytes(const void *d_got, const void *expected, size_t bytes)
{
    void *back = malloc(bytes > 0 ? bytes : 1);
    bench_check(back == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    bench_check(cudaMemcpy(back, d_got, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    int same = memcmp(back, expected, bytes) == 0;
    free(back);
    return same;
}

/* Copy d_got back into a scratch buffer that grows as needed, one per
 * thread (the perf harness checks its outputs on several at once). */
static const uint32_t *download(const void *d_got, size_t count)
{
    static _Thread_local uint32_t *scratch;
    static _Thread_local size_t room;
    if (count > room) {
        free(scratch);
        scratch = malloc(count * sizeof(uint32_t));
        if (scratch == NULL) {
            fprintf(stderr, "bench: out of host memory (%zu values)\n", count);
            exit(1);
        }
        room = count;
    }
    bench_check(cudaMemcpy(scratch, d_got, count * sizeof(uint32_t), cudaMemcpyDeviceToHost), "copy back");
    return scratch;
}

/* memcmp first: the outputs are right in almost every run, and a perf
 * program compares 2 GB of them; memcmp does it several times faster
 * than this loop. */
static size_t first_difference(const uint32_t *got, const uint32_t *expected, size_t count)
{
    if (memcmp(got, expected, count * sizeof *got) == 0)
        return count;
    size_t i = 0;
    while (i < count && got[i] == expected[i])
        i++;
    return i;
}

int bench_same_ints(const char *what, const int *d_got, const int *expected, size_t count,
                    char *why, size_t room)
{
    const int *got = (const int *)download(d_got, count);
    size_t i = first_difference((const uint32_t *)got, (const uint32_t *)expected, count);
    if (i < count)
        snprintf(why, room, "%s[%zu] expected %d got %d", what, i, expected[i], got[i]);
    return i == count;
}

int bench_same_words(const char *what, const uint32_t *d_got, const uint32_t *expected, size_t count,
                     char *why, size_t room)
{
    const uint32_t *got = download(d_got, count);
    size_t i = first_difference(got, expected, count);
    if (i < count)
        snprintf(why, room, "%s[%zu] expected 0x%08x got 0x%08x", what, i, expected[i], got[i]);
    return i == count;
}

int bench_right_ints(const char *version, const char *what, const int *d_got, const int *expected, size_t count)
{
    char why[256];
    if (bench_same_ints(what, d_got, expected, count, why, sizeof why))
        return 1;
    printf("  %-38s WRONG after timing: %s\n", version, why);
    return 0;
}

int bench_right_words(const char *version, const char *what, const uint32_t *d_got, const uint32_t *expected,
                      size_t count)
{
    char why[256];
    if (bench_same_words(what, d_got, expected, count, why, sizeof why))
        return 1;
    printf("  %-38s WRONG after timing: %s\n", version, why);
    return 0;
}

/* The device, its driver's CUDA version, and the table's input, for
 * every CSV line. */
static char device_name[256];
static int driver_version;
static const char *table_input = "";

/* text for one CSV field: commas become semicolons, so that no field
 * needs quotes ("scan_exclusive_cpu (01; host; best)"). */
static const char *csv_field(const char *text, char *field, size_t room)
{
    snprintf(field, room, "%s", text);
    for (char *c = field; *c; c++)
        if (*c == ',' || *c == '"')
            *c = ';';
    return field;
}

/* The time cudaMemcpy takes to move `bytes` (at the rate it moved the
 * 8n bytes of n ints read and written in copy_ms) over `ms`. */
static double of_copy(size_t n, double bytes, float ms, float copy_ms)
{
    return bytes / (8.0 * (double)n) * copy_ms / ms;
}

FILE *bench_csv_open(const char *variable, const char *header, char day[16])
{
    const char *path = getenv(variable);
    if (path == NULL || path[0] == '\0')
        return NULL;
    FILE *csv = fopen(path, "a");
    if (csv == NULL) {
        fprintf(stderr, "bench: cannot append to %s=%s\n", variable, path);
        exit(1);
    }
    if (ftell(csv) == 0)
        fprintf(csv, "%s\n", header);
    time_t now = time(NULL);
    strftime(day, 16, "%Y-%m-%d", gmtime(&now));
    return csv;
}

/* Appends one line to BENCH_CSV, with the header when the file is new. */
static void csv_line(const char *bench, const char *version, size_t n, double bytes, float ms,
                     float copy_ms, float cub_ms)
{
    char day[16];
    FILE *csv = bench_csv_open("BENCH_CSV", "date,gpu,cuda_driver,bench,input,version,n,bytes,ms,gb_per_s,of_copy,of_cub",
                               day);
    if (csv == NULL)
        return;
    char input[128], name[128];
    fprintf(csv, "%s,%s,%d.%d,%s,%s,%s,%zu,%.0f,%.4f,%.1f,%.3f,", day, device_name, driver_version / 1000,
            driver_version % 1000 / 10, bench, csv_field(table_input, input, sizeof input),
            csv_field(version, name, sizeof name), n, bytes, ms, bytes / 1e9 / (ms / 1e3),
            of_copy(n, bytes, ms, copy_ms));
    if (cub_ms > 0)
        fprintf(csv, "%.3f", cub_ms / ms);
    fputc('\n', csv);
    fclose(csv);
}

void bench_table_header(const char *input, int with_cub)
{
    table_input = input;
    printf("  %-38s %9s %8s %8s%s\n", "version", "time ms", "GB/s", "of copy", with_cub ? "   of CUB" : "");
}

void bench_row(const char *bench, const char *version, size_t n, double bytes, float ms,
               float copy_ms, float cub_ms)
{
    printf("  %-38s %9.3f %8.0f %8.2f", version, ms, bytes / 1e9 / (ms / 1e3), of_copy(n, bytes, ms, copy_ms));
    if (cub_ms > 0)
        printf(" %8.2f", cub_ms / ms);
    putchar('\n');
    csv_line(bench, version, n, bytes, ms, copy_ms, cub_ms);
}

int bench_start(const char *title)
{
    int device_count = 0;
    if (cudaGetDeviceCount(&device_count) != cudaSuccess || device_count == 0) {
        printf("make bench (%s) needs an NVIDIA GPU: timings from the emulator would mean nothing.\n", title);
        return 0;
    }
    struct cudaDeviceProp properties;
    bench_check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
    printf("ScanLab bench of %s on %s (%d SMs, %.0f GiB)\n", title, properties.name,
           properties.multiProcessorCount, properties.totalGlobalMem / (double)(1 << 30));
    csv_field(properties.name, device_name, sizeof device_name);
    bench_check(cudaDriverGetVersion(&driver_version), "cudaDriverGetVersion");
    return 1;
}

int bench_main(int argc, char **argv, const char *title, const size_t *defaults, size_t default_count,
               int (*bench_one)(size_t n))
{
    if (!bench_start(title))
        return 0;
    for (int i = 1; i < argc; i++) {
        char *end;
        size_t n = (size_t)strtoull(argv[i], &end, 0);
        if (*end != '\0' || argv[i][0] == '-' || argv[i][0] == '\0') {
            fprintf(stderr, "bench: a size must be a whole number, not '%s'\n", argv[i]);
            return 2;
        }
        if (!bench_one(n))
            return 2;
    }
    for (size_t i = 0; argc <= 1 && i < default_count; i++)
        if (!bench_one(defaults[i]))
            return 2;
    return 0;
}

struct copy_run {
    void *d_dst;
    const void *d_src;
    size_t bytes;
};

static cudaError_t run_copy(void *context)
{
    struct copy_run *copy = (struct copy_run *)context;
    return cudaMemcpyAsync(copy->d_dst, copy->d_src, copy->bytes, cudaMemcpyDeviceToDevice, 0);
}

float copy_time_ms(void *d_dst, const void *d_src, size_t bytes, int warmup, int repeats)
{
    struct copy_run copy = {d_dst, d_src, bytes};
    return median_time_ms(run_copy, &copy, warmup, repeats);
}

/* Overwrite a buffer larger than the L2 cache, evicting the inputs. */
static void flush_l2(void)
{
    static void *d_flush;
    static size_t flush_bytes;
    if (d_flush == NULL) {
        int device;
        struct cudaDeviceProp properties;
        bench_check(cudaGetDevice(&device), "cudaGetDevice");
        bench_check(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
        int l2_bytes = properties.l2CacheSize;
        flush_bytes = 2 * (size_t)(l2_bytes > 0 ? l2_bytes : 64 << 20);
        bench_check(cudaMalloc(&d_flush, flush_bytes), "cudaMalloc of the flush buffer");
    }
    bench_check(cudaMemsetAsync(d_flush, 0, flush_bytes, 0), "L2 flush");
}

static int compare_floats(const void *a, const void *b)
{
    float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

cudaError_t timed_run_ms(timed_fn run, void *context, float *ms)
{
    static cudaEvent_t start, stop;
    if (start == NULL) {
        bench_check(cudaEventCreate(&start), "cudaEventCreate");
        bench_check(cudaEventCreate(&stop), "cudaEventCreate");
    }
    flush_l2();
    bench_check(cudaEventRecord(start, 0), "cudaEventRecord");
    cudaError_t err = run(context);
    if (err != cudaSuccess)
        return err;
    cudaEventRecord(stop, 0);
    err = cudaEventSynchronize(stop);
    if (err == cudaSuccess)
        err = cudaGetLastError();
    if (err == cudaSuccess)
        err = cudaEventElapsedTime(ms, start, stop);
    return err;
}

float median_of(float *times, int count)
{
    qsort(times, (size_t)count, sizeof(float), compare_floats);
    return times[count / 2];
}

float median_time_ms(timed_fn run, void *context, int warmup, int repeats)
{
    for (int i = 0; i < warmup; i++)
        bench_check(run(context), "warm-up run");
    float *times = malloc((size_t)repeats * sizeof(float));
    for (int i = 0; i < repeats; i++)
        bench_check(timed_run_ms(run, context, &times[i]), "timed run");
    float median = median_of(times, repeats);
    free(times);
    return median;
}
