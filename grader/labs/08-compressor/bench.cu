/*
 * bench.cu: how fast does lab 08's cascade compress and
 * decompress data that is already on the GPU? (make bench BENCH=cascade;
 * real GPU only)
 *
 * A file is cut into scanzip's default chunks (2^24 elements; the first
 * file also into its largest, 2^26) and every chunk is encoded (the
 * frame length and delta chosen, as scanzip -m cascade does) or decoded
 * (every field checked) in turn; a row times the whole file. The ladder:
 *   1  cascade_encode, cascade_decode: lab 08 as taught, labs 05 and 06
 *      called as libraries, sizes read back to the host between steps
 *   2  cascade_encode_single_pass, cascade_decode_single_pass (common/
 *      fast.h): the elements read once as bytes, five launches a chunk,
 *      no wait for the host: the chunks are queued one after another,
 *      and the sizes and verdicts read once, after the row's clock
 *   3  cascade_encode_batch, cascade_decode_batch (common/fast.h): version
 *      2's steps, each one launch for all the chunks of the file
 *      (blockIdx.y is the chunk), so that the chunks' waits on look-backs
 *      and atomics overlap (nvCOMP's batched API works so)
 * Versions 2 and 3 are the source tree's (solutions/08-compressor/fast/);
 * their payloads must be lab 08's byte for byte, and their decoders must
 * accept every chunk and give the file back: version 2's is timed on lab
 * 08's payloads, version 3's on its own (checked to be the same bytes).
 * Beside them, in the same run: a device-to-device cudaMemcpy of the
 * file, and CUB's DeviceRunLengthEncode::Encode of the file's elements
 * widened to ints, the library's part of the work (its time is the "of
 * CUB" yardstick of the encoder). GB/s counts what a row must move: the
 * file one way, the payloads the other. After the table, the ratio and
 * the rates in GB/s of uncompressed data, the figure compressors are
 * quoted in.
 * Where `make nvcomp` fetched NVIDIA's nvCOMP, its Cascaded, Bitcomp and
 * ANS on each file too (bench_nvcomp.cu), and then a last table per file
 * with every codec side by side: ratio, compress and decompress GB/s of
 * uncompressed data, round trip.
 *
 *   bench_cascade                          make data's files, when there
 *   bench_cascade FILE[:W] ...             other files; W = 1, 2 or 4 bytes
 *   BENCH_CSV=rows.csv CODECS_CSV=side-by-side.csv bench_cascade ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cub/device/device_run_length_encode.cuh>

extern "C" {
#include "cascade.h"
#include "fast.h"
#include "timing.h"
#include "todo.h"
}

#include "bench_nvcomp.h"

struct cascade_run {
    size_t chunk;             /* elements a chunk: scanzip's --chunk */
    size_t bytes, n;          /* the file's bytes and its elements */
    unsigned w;
    const uint8_t *d_file;
    uint8_t *d_copy;          /* cudaMemcpy's destination, the decoders' output */
    uint8_t *d_payloads;      /* one payload per chunk, at payload_at[c] */
    size_t chunks, *payload_at, *payload_bytes;
    bool *delta;
    int *d_values, *d_symbols, *d_counts, *d_runs; /* CUB's */
    void *d_temp;
    size_t temp_bytes;
    uint8_t *d_fast_payloads;  /* version 2's, at payload_at[c] too */
    uint32_t *d_fast_results;  /* per chunk: payload bytes, delta used, verdict */
    void *d_fast_temp;
    size_t fast_temp_bytes;
    size_t payload_stride;     /* payload_at[c + 1] - payload_at[c]: version 3's */
    void *d_batch_temp;        /* version 3's storage, for all the chunks */
    size_t batch_temp_bytes;
};

static size_t chunk_elements(const struct cascade_run *run, size_t c)
{
    size_t first = c * run->chunk;
    return run->n - first < run->chunk ? run->n - first : run->chunk;
}

/* One chunk's work in a version: chunk c of run's file. */
typedef cudaError_t (*chunk_fn)(struct cascade_run *run, size_t c);

/* A row's timed work (a timed_fn's body): every chunk in turn, stopping
 * at the first error. */
static cudaError_t each_chunk(void *context, chunk_fn one)
{
    struct cascade_run *run = (struct cascade_run *)context;
    for (size_t c = 0; c < run->chunks; c++) {
        cudaError_t err = one(run, c);
        if (err != cudaSuccess)
            return err;
    }
    return cudaSuccess;
}

static cudaError_t cub_chunk(struct cascade_run *run, size_t c)
{
    return cub::DeviceRunLengthEncode::Encode(run->d_temp, run->temp_bytes, run->d_values + c * run->chunk,
                                              run->d_symbols, run->d_counts, run->d_runs,
                                              (int)chunk_elements(run, c));
}
static cudaError_t run_cub(void *context) { return each_chunk(context, cub_chunk); }

static cudaError_t encode_chunk(struct cascade_run *run, size_t c)
{
    return cascade_encode(run->d_file + c * run->chunk * run->w, chunk_elements(run, c), run->w,
                          SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA, run->d_payloads + run->payload_at[c],
                          &run->payload_bytes[c], &run->delta[c]);
}
static cudaError_t run_encode(void *context) { return each_chunk(context, encode_chunk); }

static cudaError_t decode_chunk(struct cascade_run *run, size_t c)
{
    return cascade_decode(run->d_payloads + run->payload_at[c], run->payload_bytes[c], run->w, run->delta[c],
                          run->d_copy + c * run->chunk * run->w, chunk_elements(run, c));
}
static cudaError_t run_decode(void *context) { return each_chunk(context, decode_chunk); }

#ifdef SCANLAB_FAST_REFERENCES
/* Each chunk's payload bytes and delta used into d_fast_results[3c],
 * [3c + 1]; the decoder's verdict into [3c + 2]. */
static cudaError_t encode_single_pass_chunk(struct cascade_run *run, size_t c)
{
    uint32_t *result = run->d_fast_results + 3 * c;
    return cascade_encode_single_pass(run->d_file + c * run->chunk * run->w, chunk_elements(run, c), run->w,
                                      SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA,
                                      run->d_fast_payloads + run->payload_at[c], &result[0], &result[1],
                                      run->d_fast_temp, run->fast_temp_bytes);
}
static cudaError_t run_encode_single_pass(void *context) { return each_chunk(context, encode_single_pass_chunk); }

static cudaError_t decode_single_pass_chunk(struct cascade_run *run, size_t c)
{
    return cascade_decode_single_pass(run->d_payloads + run->payload_at[c], run->payload_bytes[c], run->w,
                                      run->delta[c], run->d_copy + c * run->chunk * run->w, chunk_elements(run, c),
                                      run->d_fast_results + 3 * c + 2, run->d_fast_temp, run->fast_temp_bytes);
}
static cudaError_t run_decode_single_pass(void *context) { return each_chunk(context, decode_single_pass_chunk); }

/* Version 3: the whole file a call, into version 2's payloads and results. */
static cudaError_t run_encode_batch(void *context)
{
    struct cascade_run *run = (struct cascade_run *)context;
    return cascade_encode_batch(run->d_file, run->n, run->chunk, run->w, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA,
                                run->d_fast_payloads, run->payload_stride, run->d_fast_results, run->d_batch_temp,
                                run->batch_temp_bytes);
}
static cudaError_t run_decode_batch(void *context)
{
    struct cascade_run *run = (struct cascade_run *)context;
    return cascade_decode_batch(run->d_fast_payloads, run->payload_stride, run->d_fast_results, run->w, run->d_copy,
                                run->n, run->chunk, run->d_batch_temp, run->batch_temp_bytes);
}

/* A fast version's payloads are lab 08's, byte for byte, with the same
 * flags, and its decoder accepted every chunk; else why says where they
 * differ. */
static int fast_payloads_same(const struct cascade_run *run, size_t room, char *why, size_t why_room)
{
    uint8_t *taught = (uint8_t *)malloc(room), *fast = (uint8_t *)malloc(room);
    uint32_t *results = (uint32_t *)malloc(3 * run->chunks * sizeof(uint32_t));
    bench_check(taught == NULL || fast == NULL || results == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    bench_check(cudaMemcpy(taught, run->d_payloads, room, cudaMemcpyDeviceToHost), "cudaMemcpy");
    bench_check(cudaMemcpy(fast, run->d_fast_payloads, room, cudaMemcpyDeviceToHost), "cudaMemcpy");
    bench_check(cudaMemcpy(results, run->d_fast_results, 3 * run->chunks * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                "cudaMemcpy");
    int same = 1;
    for (size_t c = 0; c < run->chunks && same; c++) {
        const uint32_t *result = results + 3 * c;
        if (result[0] != run->payload_bytes[c] || result[1] != (uint32_t)run->delta[c])
            snprintf(why, why_room, "chunk %zu: %u bytes, delta %u; lab 08's: %zu bytes, delta %d", c, result[0],
                     result[1], run->payload_bytes[c], (int)run->delta[c]);
        else if (memcmp(fast + run->payload_at[c], taught + run->payload_at[c], run->payload_bytes[c]) != 0)
            snprintf(why, why_room, "chunk %zu: the payloads differ", c);
        else if (result[2] != 1)
            snprintf(why, why_room, "chunk %zu: the decoder refused the payload", c);
        else
            continue;
        same = 0;
    }
    free(taught);
    free(fast);
    free(results);
    return same;
}
#endif

/* Everything bench_file allocated (cudaFree and free take NULL). */
static void free_run(struct cascade_run *run)
{
    cudaFree((void *)run->d_file);
    cudaFree(run->d_copy);
    cudaFree(run->d_payloads);
    cudaFree(run->d_values);
    cudaFree(run->d_symbols);
    cudaFree(run->d_counts);
    cudaFree(run->d_runs);
    cudaFree(run->d_temp);
    cudaFree(run->d_fast_payloads);
    cudaFree(run->d_fast_results);
    cudaFree(run->d_fast_temp);
    cudaFree(run->d_batch_temp);
    free(run->payload_at);
    free(run->payload_bytes);
    free(run->delta);
}

static uint8_t *read_file(const char *path, size_t *bytes)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *data = (uint8_t *)malloc(size > 0 ? (size_t)size : 1);
    if (data == NULL || fread(data, 1, (size_t)size, f) != (size_t)size) {
        fclose(f);
        free(data);
        return NULL;
    }
    fclose(f);
    *bytes = (size_t)size;
    return data;
}

/* A version's line of the side-by-side table (codecs_table). */
static void scanzip_figures(struct codec_figures *figures, const char *version, const struct cascade_run *run,
                            size_t payload, float encode_ms, float decode_ms, int exact)
{
    snprintf(figures->codec, sizeof figures->codec, "scanzip %s, chunks of 2^%d", version,
             __builtin_ctzll(run->chunk));
    figures->bytes = run->bytes;
    figures->packed = payload;
    figures->compress_ms = encode_ms;
    figures->decompress_ms = decode_ms;
    figures->exact = exact;
}

/* Sets up run for one file in chunks of `chunk` elements: its device
 * copy and every buffer the versions use. Returns the payloads' room. */
static size_t alloc_run(struct cascade_run *run, const uint8_t *file, size_t bytes, unsigned w, size_t chunk)
{
    memset(run, 0, sizeof *run);
    run->w = w;
    run->chunk = chunk;
    run->n = bytes / w;
    run->bytes = run->n * w; /* a tail of less than an element is not timed */
    run->chunks = (run->n + run->chunk - 1) / run->chunk;
    run->payload_at = (size_t *)calloc(run->chunks, sizeof(size_t));
    run->payload_bytes = (size_t *)calloc(run->chunks, sizeof(size_t));
    run->delta = (bool *)calloc(run->chunks, sizeof(bool));
    size_t room = 0;
    for (size_t c = 0; c < run->chunks; c++) {
        run->payload_at[c] = room;
        room += (cascade_max_payload_bytes(chunk_elements(run, c)) + 255) / 256 * 256;
    }
    uint8_t *d_file;
    bench_check(cudaMalloc((void **)&d_file, run->bytes), "cudaMalloc");
    bench_check(cudaMemcpy(d_file, file, run->bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    run->d_file = d_file;
    bench_check(cudaMalloc((void **)&run->d_copy, run->bytes), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_payloads, room), "cudaMalloc");
    bench_check(cudaMemset(run->d_payloads, 0, room), "cudaMemset");
    bench_check(cudaMalloc((void **)&run->d_values, run->n * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_symbols, run->chunk * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_counts, run->chunk * sizeof(int)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_runs, sizeof(int)), "cudaMalloc");
#ifdef SCANLAB_FAST_REFERENCES
    run->fast_temp_bytes = cascade_single_pass_temp_bytes(run->chunk);
    bench_check(cudaMalloc((void **)&run->d_fast_payloads, room), "cudaMalloc");
    bench_check(cudaMemset(run->d_fast_payloads, 0, room), "cudaMemset");
    bench_check(cudaMalloc((void **)&run->d_fast_results, 3 * run->chunks * sizeof(uint32_t)), "cudaMalloc");
    bench_check(cudaMalloc(&run->d_fast_temp, run->fast_temp_bytes), "cudaMalloc");
    run->payload_stride = (cascade_max_payload_bytes(chunk) + 255) / 256 * 256;
    run->batch_temp_bytes = cascade_batch_temp_bytes(run->chunk, run->chunks);
    bench_check(cudaMalloc(&run->d_batch_temp, run->batch_temp_bytes), "cudaMalloc");
#endif
    return room;
}

/* The table's yardsticks: cudaMemcpy of the file and CUB's run-length
 * encoder on its widened elements (cascade_widen is lab 08's, and part of
 * its work). Prints their rows; returns CUB's time, copy's in *copy_ms. */
static float bench_yardsticks(struct cascade_run *run, float *copy_ms)
{
    *copy_ms = copy_time_ms(run->d_copy, run->d_file, run->bytes, 2, BENCH_REPEATS);
    for (size_t c = 0; c < run->chunks; c++)
        bench_check(cascade_widen(run->d_file + c * run->chunk * run->w, chunk_elements(run, c), run->w,
                                  run->d_values + c * run->chunk), "cascade_widen");
    bench_check(cub::DeviceRunLengthEncode::Encode(NULL, run->temp_bytes, run->d_values, run->d_symbols,
                                                   run->d_counts, run->d_runs, (int)chunk_elements(run, 0)),
                "CUB temp size");
    bench_check(cudaMalloc(&run->d_temp, run->temp_bytes), "cudaMalloc");
    float cub_ms = median_time_ms(run_cub, run, 2, BENCH_REPEATS);
    /* bench_row's copy is of 4-byte elements: give it the file as words. */
    size_t words = run->bytes / 4;
    bench_row("cascade", "cudaMemcpy", words, 2.0 * run->bytes, *copy_ms, *copy_ms, 0);
    bench_row("cascade", "CUB RunLengthEncode (of ints)", words, (double)run->n * 4 + 0.0, cub_ms, *copy_ms, 0);
    return cub_ms;
}

#ifdef SCANLAB_FAST_REFERENCES
/* A fast version: its number, rows, name in the side-by-side table, and timed work. */
struct fast_version {
    const char *number, *encode_row, *decode_row, *figures_name;
    timed_fn encode, decode;
};
static const struct fast_version fast_versions[] = {
    {"2", "2 cascade_encode_single_pass", "2 cascade_decode_single_pass", "2 (single pass)", run_encode_single_pass,
     run_decode_single_pass},
    {"3", "3 cascade_encode_batch", "3 cascade_decode_batch", "3 (batch)", run_encode_batch, run_decode_batch},
};
static_assert(CODECS_MAX >= 2 * (1 + sizeof fast_versions / sizeof fast_versions[0]) + NVCOMP_CODECS,
              "codecs_table's rows: lab 08's and each fast version's, at two chunk sizes, and nvCOMP's");

/* A fast version: its rows, and whether its payloads are lab 08's byte
 * for byte and decode to the file; its figures into *figures. */
static void bench_fast(struct cascade_run *run, const struct fast_version *v, const char *name, const uint8_t *file,
                       size_t room, size_t payload, float copy_ms, float cub_ms, struct codec_figures *figures)
{
    size_t words = run->bytes / 4;
    bench_check(cudaMemset(run->d_copy, 0, run->bytes), "cudaMemset");
    bench_check(cudaMemset(run->d_fast_payloads, 0, room), "cudaMemset");
    bench_check(cudaMemset(run->d_fast_results, 0, 3 * run->chunks * sizeof(uint32_t)), "cudaMemset");
    float encode_ms = median_time_ms(v->encode, run, 1, BENCH_REPEATS);
    float decode_ms = median_time_ms(v->decode, run, 1, BENCH_REPEATS);
    bench_row("cascade", v->encode_row, words, (double)run->bytes + payload, encode_ms, copy_ms, cub_ms);
    bench_row("cascade", v->decode_row, words, (double)run->bytes + payload, decode_ms, copy_ms, 0);
    char why[160] = "";
    int same = fast_payloads_same(run, room, why, sizeof why);
    int round_trip = bench_same_bytes(run->d_copy, file, run->bytes);
    printf("  %s: uncompressed GB/s: %s compress %.1f, decompress %.1f; %s%s%s\n", name, v->number,
           run->bytes / (encode_ms * 1e6), run->bytes / (decode_ms * 1e6),
           same ? "payloads identical to lab 08's" : "PAYLOADS DIFFER: ", why,
           round_trip ? "; round trip exact" : "; ROUND TRIP WRONG");
    scanzip_figures(figures, v->figures_name, run, payload, encode_ms, decode_ms, same && round_trip);
}
#endif

/* Appends its versions' figures to figures[*count]. */
static void bench_file(const char *name, const uint8_t *file, size_t bytes, unsigned w, size_t chunk,
                       struct codec_figures *figures, int *count)
{
    struct cascade_run run;
    size_t room = alloc_run(&run, file, bytes, w, chunk);
    char input[160];
    snprintf(input, sizeof input, "%.100s, %zu MiB, %u-bit, chunks of 2^%d", name, run.bytes >> 20, 8 * w,
             __builtin_ctzll(chunk));
    bench_table_header(input, 1);
    float copy_ms, cub_ms = bench_yardsticks(&run, &copy_ms);

    cudaError_t err = run_encode(&run);
    bench_check(cudaDeviceSynchronize(), "cascade_encode");
    if (scanlab_todo_function() != NULL || err != cudaSuccess) {
        printf("  %-38s %s\n", "cascade_encode",
               scanlab_todo_function() != NULL ? "not implemented" : cudaGetErrorName(err));
        free_run(&run);
        return;
    }
    size_t payload = 0, words = run.bytes / 4;
    for (size_t c = 0; c < run.chunks; c++)
        payload += run.payload_bytes[c];
    float encode_ms = median_time_ms(run_encode, &run, 1, BENCH_REPEATS);
    float decode_ms = median_time_ms(run_decode, &run, 1, BENCH_REPEATS);
    bench_row("cascade", "1 cascade_encode (lab 08)", words, (double)run.bytes + payload, encode_ms, copy_ms, cub_ms);
    bench_row("cascade", "1 cascade_decode (lab 08)", words, (double)run.bytes + payload, decode_ms, copy_ms, 0);
    int round_trip = bench_same_bytes(run.d_copy, file, run.bytes);
    printf("  %s: ratio %.2fx (%zu chunks); uncompressed GB/s: 1 compress %.1f, decompress %.1f, cudaMemcpy %.1f%s\n",
           name, (double)run.bytes / payload, run.chunks, run.bytes / (encode_ms * 1e6),
           run.bytes / (decode_ms * 1e6), run.bytes / (copy_ms * 1e6),
           round_trip ? "; round trip exact" : "; ROUND TRIP WRONG");
    scanzip_figures(&figures[(*count)++], "1 (lab 08)", &run, payload, encode_ms, decode_ms, round_trip);
#ifdef SCANLAB_FAST_REFERENCES
    for (size_t v = 0; v < sizeof fast_versions / sizeof fast_versions[0]; v++)
        bench_fast(&run, &fast_versions[v], name, file, room, payload, copy_ms, cub_ms, &figures[(*count)++]);
#else
    (void)room;
#endif
    free_run(&run);
}

int main(int argc, char **argv)
{
    if (!bench_start("lab 08, the cascade compressor"))
        return 0;
    int with_nvcomp = nvcomp_bench_start();
    static const char *const defaults[] = {"build/data/brodmann-512.raw", "build/data/ch2bet.nii",
                                           "build/data/ch2.nii", "build/data/sawtooth.raw:2"};
    const char *const *files = argc > 1 ? (const char *const *)argv + 1 : defaults;
    int count = argc > 1 ? argc - 1 : (int)(sizeof defaults / sizeof defaults[0]);
    for (int i = 0; i < count; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s", files[i]);
        unsigned w = 1;
        char *colon = strrchr(path, ':');
        if (colon != NULL) {
            w = (unsigned)atoi(colon + 1);
            *colon = '\0';
        }
        size_t bytes = 0;
        uint8_t *file = read_file(path, &bytes);
        if (file == NULL || (w != 1 && w != 2 && w != 4) || bytes < w) {
            printf("\n  %s: %s (make data fetches the real files)\n", files[i],
                   file == NULL ? "cannot read it" : "W must be 1, 2 or 4, and the file at least one element");
            free(file);
            continue;
        }
        const char *name = strrchr(path, '/') != NULL ? strrchr(path, '/') + 1 : path;
        struct codec_figures figures[CODECS_MAX];
        int count = 0;
        bench_file(name, file, bytes, w, SCANZIP_DEFAULT_CHUNK_ELEMENTS, figures, &count);
        if (i == 0) /* the largest chunks scanzip takes (--chunk 67108864): fewer launches a byte */
            bench_file(name, file, bytes, w, SCANZIP_MAX_CHUNK_ELEMENTS, figures, &count);
        if (with_nvcomp) {
            nvcomp_bench_file(name, file, bytes - bytes % w, w, figures, &count);
            codecs_table(name, figures, count);
        }
        free(file);
    }
    return 0;
}
