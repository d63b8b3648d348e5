/*
 * bench_pack.cu: how fast are lab 06's encoder and decoder?
 *
 * Every figure is printed beside two yardsticks measured in the same run:
 * a device-to-device cudaMemcpy of the n input values (read 4n bytes,
 * write 4n) and CUB's DeviceScan::ExclusiveSum of n ints. CUB has no bit
 * packing; a scan of the same count is the nearest library primitive, and
 * an encoder is at heart a reduction, a scan and a scatter. "GB/s" counts
 * the bytes a version reads and writes (values, words, widths and
 * offsets); "of copy" is the copy's time over the version's time.
 *
 * The values are uniform 10-bit numbers in frames of 128 (so the stream
 * is about 10/32 of the input). The scan inside pack_encode is the
 * grader's (grader/provided/scan.cu: CUB, with a cudaMalloc per call).
 *
 *   bench_pack              2^24 and 2^26 values
 *   bench_pack N...         other sizes (at most 2^26)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_scan.cuh>

extern "C" {
#include "oracle_pack.h"
#include "pack.h"
#include "timing.h"
#include "todo.h"
}

#define BENCH_WIDTH 10
#define BENCH_FRAME 128

/* What one timed run needs. */
struct pack_run {
    const uint32_t *d_values;
    uint32_t *d_widths, *d_offsets, *d_words, *d_decoded;
    size_t n, words;
    void *d_cub_temp;
    size_t cub_temp_bytes;
};

static cudaError_t run_encode(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_encode(run->d_values, run->n, BENCH_FRAME, run->d_widths, run->d_offsets, run->d_words,
                       &run->words);
}

static cudaError_t run_decode(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_decode(run->d_widths, run->d_offsets, run->d_words, run->n, BENCH_FRAME, run->d_decoded);
}

static cudaError_t run_copy(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return cudaMemcpyAsync(run->d_decoded, run->d_values, run->n * sizeof(uint32_t), cudaMemcpyDeviceToDevice, 0);
}

static cudaError_t run_cub(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return cub::DeviceScan::ExclusiveSum(run->d_cub_temp, run->cub_temp_bytes, (const int *)run->d_values,
                                         (int *)run->d_decoded, (int)run->n);
}

/* One row of the table (timing.h): `bytes` read and written. */
static void print_row(const char *name, float ms, size_t n, double bytes, float copy_ms)
{
    bench_row("pack", name, n, bytes, ms, copy_ms, 0);
}

/* 1 if d_got[0..count) equals expected, else prints the first mismatch. */
static int same(const char *name, const char *what, const uint32_t *expected, const uint32_t *d_got,
                size_t count)
{
    char why[256];
    if (bench_same_words(what, d_got, expected, count, why, sizeof why))
        return 1;
    printf("  %-38s WRONG after timing: %s\n", name, why);
    return 0;
}

static void bench_size(size_t n, int repeats)
{
    size_t frames = pack_frame_count(n, BENCH_FRAME);
    uint32_t *values = (uint32_t *)malloc(n * sizeof(uint32_t)), *words = (uint32_t *)malloc(n * sizeof(uint32_t));
    uint32_t *widths = (uint32_t *)malloc(frames * sizeof(uint32_t));
    uint32_t *offsets = (uint32_t *)malloc(frames * sizeof(uint32_t));
    if (!values || !words || !widths || !offsets) {
        fprintf(stderr, "bench: out of host memory for n = %zu\n", n);
        exit(1);
    }
    struct pack_fill fill = {PACK_WIDTH, BENCH_WIDTH};
    pack_fill_values(values, n, fill, 0xbe9c4 + n);
    size_t count = oracle_pack_encode(values, n, BENCH_FRAME, widths, offsets, words);

    struct pack_run run = {NULL, NULL, NULL, NULL, NULL, n, 0, NULL, 0};
    bench_check(cudaMalloc((void **)&run.d_values, n * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_widths, frames * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_offsets, frames * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_words, pack_max_words(n) * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_decoded, n * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_values, values, n * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    bench_check(cub::DeviceScan::ExclusiveSum(NULL, run.cub_temp_bytes, (const int *)run.d_values,
                                              (int *)run.d_decoded, (int)n), "CUB size");
    bench_check(cudaMalloc(&run.d_cub_temp, run.cub_temp_bytes), "cudaMalloc");

    double value_bytes = 4.0 * n, stream_bytes = 4.0 * count, frame_bytes = 8.0 * frames;
    printf("\nn = %zu uint32 of %d bits in frames of %d (%.0f MiB in, %.0f MiB packed), median of %d runs\n",
           n, BENCH_WIDTH, BENCH_FRAME, value_bytes / (1 << 20), stream_bytes / (1 << 20), repeats);
    bench_table_header("10-bit values, frames of 128", 0);
    float copy_ms = median_time_ms(run_copy, &run, 2, repeats);
    print_row("cudaMemcpy device to device", copy_ms, n, 2 * value_bytes, copy_ms);
    float cub_ms = median_time_ms(run_cub, &run, 2, repeats);
    print_row("CUB DeviceScan::ExclusiveSum", cub_ms, n, 2 * value_bytes, copy_ms);

    scanlab_todo_clear();
    run_encode(&run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", "pack_encode (06)");
    } else {
        /* Reads the values (twice: widths, then packing), writes the stream
         * and the widths and offsets. */
        float ms = median_time_ms(run_encode, &run, 2, repeats);
        if (run.words != count)
            printf("  %-38s WRONG after timing: %zu words, expected %zu\n", "pack_encode (06)", run.words, count);
        else if (same("pack_encode (06)", "widths", widths, run.d_widths, frames) &&
                 same("pack_encode (06)", "offsets", offsets, run.d_offsets, frames) &&
                 same("pack_encode (06)", "words", words, run.d_words, count))
            print_row("pack_encode (06)", ms, n, 2 * value_bytes + stream_bytes + frame_bytes, copy_ms);
    }

    /* The decoder reads the oracle's encoding, so it runs on its own. */
    bench_check(cudaMemcpy(run.d_widths, widths, frames * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    bench_check(cudaMemcpy(run.d_offsets, offsets, frames * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    bench_check(cudaMemcpy(run.d_words, words, count * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    scanlab_todo_clear();
    run_decode(&run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", "pack_decode (06)");
    } else {
        float ms = median_time_ms(run_decode, &run, 2, repeats);
        if (same("pack_decode (06)", "values", values, run.d_decoded, n))
            print_row("pack_decode (06)", ms, n, value_bytes + stream_bytes + frame_bytes, copy_ms);
    }

    cudaFree((void *)run.d_values);
    cudaFree(run.d_widths);
    cudaFree(run.d_offsets);
    cudaFree(run.d_words);
    cudaFree(run.d_decoded);
    cudaFree(run.d_cub_temp);
    free(values);
    free(words);
    free(widths);
    free(offsets);
}

int main(int argc, char **argv)
{
    if (!bench_start("lab 06, fixed-length packing"))
        return 0;
    const size_t defaults[] = {(size_t)1 << 24, (size_t)1 << 26};
    size_t sizes[32];
    size_t count = bench_sizes(argc, argv, defaults, sizeof defaults / sizeof defaults[0], sizes, 32);
    for (size_t i = 0; i < count; i++) {
        if (sizes[i] == 0 || sizes[i] > PACK_MAX_N) {
            fprintf(stderr, "bench_pack: n must be 1 to 2^26, not %zu\n", sizes[i]);
            return 2;
        }
        bench_size(sizes[i], BENCH_REPEATS);
    }
    return 0;
}
