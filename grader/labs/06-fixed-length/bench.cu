/*
 * bench.cu: how fast are lab 06's encoder and decoder, and the
 * one-pass ones? (make bench BENCH=pack; real GPU only)
 *
 * Every figure is printed beside two yardsticks measured in the same run:
 * a device-to-device cudaMemcpy of the n input values (read 4n bytes,
 * write 4n) and CUB's DeviceScan::ExclusiveSum of n ints. CUB has no bit
 * packing; a scan of the same count is the nearest library primitive, and
 * an encoder is at heart a reduction, a scan and a scatter. "GB/s" counts
 * the least a version must read and write: the values once, the words,
 * the widths and offsets; "of copy" is the time the copy would take to
 * move those bytes over the version's time.
 *
 * The ladders, one change a step:
 *   1  pack_encode: lab 06 as taught: widths, offsets (the grader's scan,
 *      grader/labs/03-efficient-scan/provided.cu: CUB, with a cudaMalloc per call), the word
 *      count read back, the words cleared, then each value ORed in with
 *      atomicOr
 *   2  pack_encode_by_frames (common/fast.h): widths, a tile scan and
 *      look-back of the frames' words, and the words, in one kernel; each
 *      word built whole by one lane (frames of a multiple of 32 values),
 *      a warp a frame at a time
 *   3  pack_encode_single_pass: the block's whole tile loaded into shared
 *      memory at once (frame lengths that divide 1024)
 *   1  pack_decode: lab 06's, a thread a value
 *   2  pack_decode_by_frames: a warp a frame, each value shuffled out of
 *      the words the lanes loaded
 *   3  pack_decode_single_pass: all the words of a warp's 1024 values
 *      loaded into shared memory at once, 4 values a lane stored as int4
 *
 * Versions 2 and 3 are the source tree's (solutions/06-fixed-length/fast/):
 * a student's copy times 1 beside the copy and CUB.
 *
 * The values are uniform 10-bit numbers in frames of 128 (so the stream
 * is about 10/32 of the input).
 *
 *   bench_pack              2^24 and 2^26 values
 *   bench_pack N...         other sizes (at most 2^26)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_scan.cuh>

extern "C" {
#include "fast.h"
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
    uint32_t *d_word_count;  /* the one-pass encoder's count */
    void *d_temp;            /* CUB's or the one-pass encoder's storage */
    size_t temp_bytes;
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

#ifdef SCANLAB_FAST_REFERENCES
static cudaError_t run_encode_single_pass(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_encode_single_pass(run->d_values, run->n, BENCH_FRAME, run->d_widths, run->d_offsets,
                                   run->d_words, run->d_word_count, run->d_temp, run->temp_bytes);
}

static cudaError_t run_encode_by_frames(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_encode_by_frames(run->d_values, run->n, BENCH_FRAME, run->d_widths, run->d_offsets, run->d_words,
                                 run->d_word_count, run->d_temp, run->temp_bytes);
}

static cudaError_t run_decode_by_frames(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_decode_by_frames(run->d_widths, run->d_offsets, run->d_words, run->n, BENCH_FRAME, run->d_decoded);
}

static cudaError_t run_decode_single_pass(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return pack_decode_single_pass(run->d_widths, run->d_offsets, run->d_words, run->n, BENCH_FRAME,
                                   run->d_decoded);
}
#endif

static cudaError_t run_cub(void *context)
{
    struct pack_run *run = (struct pack_run *)context;
    return cub::DeviceScan::ExclusiveSum(run->d_temp, run->temp_bytes, (const int *)run->d_values,
                                         (int *)run->d_decoded, (int)run->n);
}

/* One row of the table (timing.h): `bytes` read and written. */
static void print_row(const char *name, float ms, size_t n, double bytes, float copy_ms)
{
    bench_row("pack", name, n, bytes, ms, copy_ms, 0);
}

/* What a version is, and what it is checked against after timing. */
struct version {
    const char *name;
    timed_fn run;
    int decoder;
    int device_count; /* an encoder that leaves its word count in d_word_count */
};

static const struct version versions[] = {
    {"1 pack_encode (06)", run_encode, 0, 0},
#ifdef SCANLAB_FAST_REFERENCES
    {"2 pack_encode_by_frames", run_encode_by_frames, 0, 1},
    {"3 pack_encode_single_pass", run_encode_single_pass, 0, 1},
#endif
    {"1 pack_decode (06)", run_decode, 1, 0},
#ifdef SCANLAB_FAST_REFERENCES
    {"2 pack_decode_by_frames", run_decode_by_frames, 1, 0},
    {"3 pack_decode_single_pass", run_decode_single_pass, 1, 0},
#endif
};

/* The oracle's encoding of the values, to check encoders against and to
 * hand decoders. */
struct encoding {
    const uint32_t *values;
    uint32_t *widths, *offsets, *words;
    size_t frames, count;
};

/* One row: time it (skipped while a TODO_STUDENT() stub remains), check
 * it, print it. A decoder reads the oracle's encoding, never an encoder's. */
static void bench_version(const struct version *version, struct pack_run *run, const struct encoding *e,
                          double bytes, float copy_ms)
{
    if (version->decoder) {
        bench_check(cudaMemcpy(run->d_widths, e->widths, e->frames * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
        bench_check(cudaMemcpy(run->d_offsets, e->offsets, e->frames * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
        bench_check(cudaMemcpy(run->d_words, e->words, e->count * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    }
    scanlab_todo_clear();
    version->run(run);
    if (scanlab_todo_function() != NULL) {
        printf("  %-38s not implemented yet\n", version->name);
        cudaGetLastError();
        return;
    }
    float ms = median_time_ms(version->run, run, 2, BENCH_REPEATS);
    if (version->decoder) {
        if (bench_right_words(version->name, "values", run->d_decoded, e->values, run->n))
            print_row(version->name, ms, run->n, bytes, copy_ms);
        return;
    }
    size_t count = run->words;
    if (version->device_count) {
        uint32_t device_count = 0;
        bench_check(cudaMemcpy(&device_count, run->d_word_count, sizeof device_count, cudaMemcpyDeviceToHost),
                    "copy back");
        count = device_count;
    }
    if (count != e->count)
        printf("  %-38s WRONG after timing: %zu words, expected %zu\n", version->name, count, e->count);
    else if (bench_right_words(version->name, "widths", run->d_widths, e->widths, e->frames) &&
             bench_right_words(version->name, "offsets", run->d_offsets, e->offsets, e->frames) &&
             bench_right_words(version->name, "words", run->d_words, e->words, e->count))
        print_row(version->name, ms, run->n, bytes, copy_ms);
}

static void bench_size(size_t n)
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
    struct encoding e = {values, widths, offsets, words, frames, 0};
    e.count = oracle_pack_encode(values, n, BENCH_FRAME, widths, offsets, words);

    struct pack_run run;
    memset(&run, 0, sizeof run);
    run.n = n;
    bench_check(cudaMalloc((void **)&run.d_values, n * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_widths, frames * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_offsets, frames * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_words, pack_max_words(n) * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_decoded, n * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run.d_word_count, sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMemcpy((void *)run.d_values, values, n * sizeof(uint32_t), cudaMemcpyHostToDevice), "upload");
    bench_check(cub::DeviceScan::ExclusiveSum(NULL, run.temp_bytes, (const int *)run.d_values,
                                              (int *)run.d_decoded, (int)n), "CUB size");
#ifdef SCANLAB_FAST_REFERENCES
    if (run.temp_bytes < pack_single_pass_temp_bytes(n, BENCH_FRAME))
        run.temp_bytes = pack_single_pass_temp_bytes(n, BENCH_FRAME);
#endif
    bench_check(cudaMalloc(&run.d_temp, run.temp_bytes), "cudaMalloc");

    /* Encoders and decoders move the same bytes: the values one way, the
     * stream and the widths and offsets the other. */
    double value_bytes = 4.0 * n, stream_bytes = 4.0 * e.count, frame_bytes = 8.0 * frames;
    double bytes = value_bytes + stream_bytes + frame_bytes;
    printf("\nn = %zu uint32 of %d bits in frames of %d (%.0f MiB in, %.0f MiB packed), median of %d runs\n",
           n, BENCH_WIDTH, BENCH_FRAME, value_bytes / (1 << 20), stream_bytes / (1 << 20), BENCH_REPEATS);
    bench_table_header("10-bit values, frames of 128", 0);
    float copy_ms = copy_time_ms(run.d_decoded, run.d_values, n * sizeof(uint32_t), 2, BENCH_REPEATS);
    print_row("cudaMemcpy device to device", copy_ms, n, 2 * value_bytes, copy_ms);
    float cub_ms = median_time_ms(run_cub, &run, 2, BENCH_REPEATS);
    print_row("CUB DeviceScan::ExclusiveSum", cub_ms, n, 2 * value_bytes, copy_ms);
    for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++)
        bench_version(&versions[v], &run, &e, bytes, copy_ms);

    cudaFree((void *)run.d_values);
    cudaFree(run.d_widths);
    cudaFree(run.d_offsets);
    cudaFree(run.d_words);
    cudaFree(run.d_decoded);
    cudaFree(run.d_word_count);
    cudaFree(run.d_temp);
    free(values);
    free(words);
    free(widths);
    free(offsets);
}

/* The sizes pack_encode takes: 1 to PACK_MAX_N. */
static int bench_packable(size_t n)
{
    if (n == 0 || n > PACK_MAX_N) {
        fprintf(stderr, "bench_pack: n must be 1 to 2^26, not %zu\n", n);
        return 0;
    }
    bench_size(n);
    return 1;
}

int main(int argc, char **argv)
{
    const size_t defaults[] = {(size_t)1 << 24, (size_t)1 << 26};
    return bench_main(argc, argv, "lab 06, fixed-length packing", defaults, sizeof defaults / sizeof defaults[0],
                      bench_packable);
}
