/*
 * bench_nvcomp.cu: NVIDIA's nvCOMP in bench_cascade, beside scanzip's
 * cascade on the same files in the same run (bench_nvcomp.h says what
 * it gives bench.cu). Built with nvCOMP's C API only where `make nvcomp`
 * fetched it (SCANLAB_NVCOMP); otherwise it says so in one line.
 *
 * nvCOMP's batched low-level API, as its examples use it: the file on
 * the GPU is cut into chunks of 64 KiB (the size cascaded.h advises for
 * its decoders' speed), and one call compresses every chunk, each into a slot of its own, the sizes
 * left on the GPU; one call decompresses them all. A codec's rows:
 *
 *   Cascaded default       nvcompBatchedCascadedCompressDefaultOpts as
 *                          they are: 32-bit words, level 3
 *   Cascaded u8 level 7    its best ratio: the elements' own type, and
 *                          level 7, the highest that considers more stages
 *   Bitcomp u8             the elements' own type, lossless, default algorithm
 *   ANS                    its defaults (bytes: ANS knows no other integers)
 *
 * Each decoder is told what its encoder used (the mode and type), as
 * scanzip's decoder is told the element width: nvCOMP documents that
 * this lets it launch only the kernels the data needs.
 *
 * Counted as bench.cu counts scanzip: the ratio is the file's bytes over
 * the chunks' compressed bytes (no container around them, as scanzip's
 * payloads have none here); GB/s in the rows is the file one way and the
 * compressed bytes the other; in codecs_table, GB/s of the file. A typed
 * codec needs whole elements, so the file lies in a buffer of whole
 * chunks, zeros after it, and its last chunk is rounded up to an element
 * (at most 3 bytes more to compress); the check after timing compares
 * the file's own bytes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "bench_nvcomp.h"

extern "C" {
#include "timing.h"
}

/* The table's rows also as CSV, appended to the file CODECS_CSV names
 * (docs/data/nvcomp-cascade-h100.csv is one), under the header
 *     date,gpu,file,codec,bytes,compressed_bytes,ratio,compress_gb_s,decompress_gb_s,round_trip */
static void codecs_csv(const char *name, const struct codec_figures *figures, int count)
{
    char day[16];
    FILE *csv = bench_csv_open("CODECS_CSV",
                               "date,gpu,file,codec,bytes,compressed_bytes,ratio,compress_gb_s,decompress_gb_s,round_trip",
                               day);
    if (csv == NULL)
        return;
    struct cudaDeviceProp properties;
    bench_check(cudaGetDeviceProperties(&properties, 0), "cudaGetDeviceProperties");
    for (int i = 0; i < count; i++) {
        const struct codec_figures *f = &figures[i];
        char codec[sizeof f->codec]; /* "scanzip 1 (lab 08); chunks of 2^24": a field holds no comma */
        snprintf(codec, sizeof codec, "%s", f->codec);
        for (char *comma = strchr(codec, ','); comma != NULL; comma = strchr(comma, ','))
            *comma = ';';
        fprintf(csv, "%s,%s,%s,%s,%zu,%zu,%.2f,%.1f,%.1f,%s\n", day, properties.name, name, codec, f->bytes,
                f->packed, (double)f->bytes / f->packed, f->bytes / (f->compress_ms * 1e6),
                f->bytes / (f->decompress_ms * 1e6), f->exact ? "exact" : "WRONG");
    }
    fclose(csv);
}

/* ratio 26.64x, compress 158.8, decompress 234.9 GB/s, exact */
void codecs_table(const char *name, const struct codec_figures *figures, int count)
{
    printf("\n  %s: each codec in the same run, GB/s of uncompressed data\n", name);
    printf("  %-44s %9s %9s %11s  %s\n", "codec", "ratio", "compress", "decompress", "round trip");
    for (int i = 0; i < count; i++) {
        const struct codec_figures *f = &figures[i];
        printf("  %-44s %8.2fx %9.1f %11.1f  %s\n", f->codec, (double)f->bytes / f->packed,
               f->bytes / (f->compress_ms * 1e6), f->bytes / (f->decompress_ms * 1e6), f->exact ? "exact" : "WRONG");
    }
    codecs_csv(name, figures, count);
}

#ifndef SCANLAB_NVCOMP

int nvcomp_bench_start(void)
{
    printf("nvCOMP: not fetched (make nvcomp)\n");
    return 0;
}

void nvcomp_bench_file(const char *, const uint8_t *, size_t, unsigned, struct codec_figures *, int *) {}

#else

#include <nvcomp.h>
#include <nvcomp/ans.h>
#include <nvcomp/bitcomp.h>
#include <nvcomp/cascaded.h>

#define NVCOMP_CHUNK_BYTES ((size_t)64 << 10)
/* cudaMalloc's alignment, and the compressed slots' */
#define NVCOMP_ALIGN ((size_t)256)

int nvcomp_bench_start(void)
{
    nvcompProperties_t properties;
    if (nvcompGetProperties(&properties) != nvcompSuccess) {
        printf("nvCOMP: fetched, but nvcompGetProperties failed\n");
        return 0;
    }
    printf("nvCOMP %u.%u.%u (NVIDIA's proprietary library, fetched by make nvcomp)\n",
           NVCOMP_MAJOR_FROM_SEMVER(properties.version), NVCOMP_MINOR_FROM_SEMVER(properties.version),
           NVCOMP_PATCH_FROM_SEMVER(properties.version));
    return 1;
}

static void nvcomp_check(nvcompStatus_t status, const char *codec, const char *what)
{
    if (status != nvcompSuccess) {
        fprintf(stderr, "bench: nvCOMP %s: %s failed: %s\n", codec, what, nvcompGetStatusString(status));
        exit(1);
    }
}

/* One codec's options and its entry points. Cascaded, Bitcomp and ANS
 * share one shape of API, each with its own option types C and D. */
template <typename C, typename D> struct nvcomp_codec {
    const char *name;  /* the rows': "Cascaded u8 level 7" */
    nvcompType_t type; /* the elements it compresses: sizes the last chunk */
    C compress_opts;
    D decompress_opts;
    nvcompStatus_t (*compress_alignments)(C, nvcompAlignmentRequirements_t *);
    nvcompStatus_t (*decompress_alignments)(D, nvcompAlignmentRequirements_t *);
    nvcompStatus_t (*max_output)(size_t, C, size_t *);
    nvcompStatus_t (*compress_temp)(size_t, size_t, C, size_t *, size_t, cudaStream_t);
    nvcompStatus_t (*decompress_temp)(size_t, size_t, D, size_t *, size_t, cudaStream_t);
    nvcompStatus_t (*compress)(const void *const *, const size_t *, size_t, size_t, void *, size_t, void *const *,
                               size_t *, C, nvcompStatus_t *, cudaStream_t);
    nvcompStatus_t (*decompress)(const void *const *, const size_t *, const size_t *, size_t *, size_t, void *const,
                                 size_t, void *const *, D, nvcompStatus_t *, cudaStream_t);
};

/* One file on the GPU, cut into nvCOMP's chunks, and one codec's
 * buffers (each array of sizes and pointers has a slot per chunk). */
struct nvcomp_run {
    size_t bytes, chunks;
    uint8_t *d_in, *d_out;    /* the file (padded with zeros), the decoder's output */
    uint8_t *d_packed;        /* chunk c compressed at c * slot */
    size_t slot;
    void **d_in_at, **d_out_at, **d_packed_at;
    size_t *d_in_bytes, *d_packed_bytes, *d_out_bytes;
    nvcompStatus_t *d_statuses;
    void *d_compress_temp, *d_decompress_temp;
    size_t compress_temp_bytes, decompress_temp_bytes;
};

template <typename C, typename D> struct codec_run {
    const nvcomp_codec<C, D> *codec;
    struct nvcomp_run *run;
};

template <typename C, typename D> static cudaError_t compress_file(void *context)
{
    const codec_run<C, D> *it = (const codec_run<C, D> *)context;
    struct nvcomp_run *run = it->run;
    nvcomp_check(it->codec->compress((const void *const *)run->d_in_at, run->d_in_bytes, NVCOMP_CHUNK_BYTES,
                                     run->chunks, run->d_compress_temp, run->compress_temp_bytes,
                                     run->d_packed_at, run->d_packed_bytes, it->codec->compress_opts,
                                     run->d_statuses, 0),
                 it->codec->name, "CompressAsync");
    return cudaSuccess;
}

template <typename C, typename D> static cudaError_t decompress_file(void *context)
{
    const codec_run<C, D> *it = (const codec_run<C, D> *)context;
    struct nvcomp_run *run = it->run;
    nvcomp_check(it->codec->decompress((const void *const *)run->d_packed_at, run->d_packed_bytes,
                                       run->d_in_bytes, run->d_out_bytes, run->chunks, run->d_decompress_temp,
                                       run->decompress_temp_bytes, run->d_out_at, it->codec->decompress_opts,
                                       run->d_statuses, 0),
                 it->codec->name, "DecompressAsync");
    return cudaSuccess;
}

static size_t type_bytes(nvcompType_t type)
{
    switch (type) {
    case NVCOMP_TYPE_SHORT:
    case NVCOMP_TYPE_USHORT:
        return 2;
    case NVCOMP_TYPE_INT:
    case NVCOMP_TYPE_UINT:
        return 4;
    default:
        return 1;
    }
}

/* A device array of `count` pointers, base + c * step. */
static void **device_pointers(uint8_t *base, size_t step, size_t count)
{
    void **at = (void **)malloc(count * sizeof(void *)), **d_at;
    bench_check(at == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    for (size_t c = 0; c < count; c++)
        at[c] = base + c * step;
    bench_check(cudaMalloc((void **)&d_at, count * sizeof(void *)), "cudaMalloc");
    bench_check(cudaMemcpy(d_at, at, count * sizeof(void *), cudaMemcpyHostToDevice), "cudaMemcpy");
    free(at);
    return d_at;
}

/* Chunk c's bytes under a codec of elements of `element` bytes: 64 KiB,
 * the last what is left, rounded up to a whole element (into the zeros). */
static void set_chunk_bytes(struct nvcomp_run *run, size_t element)
{
    size_t *sizes = (size_t *)malloc(run->chunks * sizeof(size_t));
    bench_check(sizes == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    for (size_t c = 0; c < run->chunks; c++) {
        size_t left = run->bytes - c * NVCOMP_CHUNK_BYTES;
        size_t chunk = left < NVCOMP_CHUNK_BYTES ? left : NVCOMP_CHUNK_BYTES;
        sizes[c] = (chunk + element - 1) / element * element;
    }
    bench_check(cudaMemcpy(run->d_in_bytes, sizes, run->chunks * sizeof(size_t), cudaMemcpyHostToDevice),
                "cudaMemcpy");
    free(sizes);
}

/* Every chunk's status is nvcompSuccess, and (sizes != NULL) the
 * decoder gave back each chunk's size; else says which chunk did not. */
static int chunks_ok(const struct nvcomp_run *run, const char *codec, const char *what, int sizes)
{
    nvcompStatus_t *statuses = (nvcompStatus_t *)malloc(run->chunks * sizeof(nvcompStatus_t));
    size_t *in = (size_t *)malloc(run->chunks * sizeof(size_t)), *out = (size_t *)malloc(run->chunks * sizeof(size_t));
    bench_check(statuses == NULL || in == NULL || out == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    bench_check(cudaMemcpy(statuses, run->d_statuses, run->chunks * sizeof(nvcompStatus_t), cudaMemcpyDeviceToHost),
                "cudaMemcpy");
    bench_check(cudaMemcpy(in, run->d_in_bytes, run->chunks * sizeof(size_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    bench_check(cudaMemcpy(out, run->d_out_bytes, run->chunks * sizeof(size_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    int ok = 1;
    for (size_t c = 0; c < run->chunks && ok; c++) {
        if (statuses[c] != nvcompSuccess)
            printf("  nvCOMP %s: %s of chunk %zu: %s\n", codec, what, c, nvcompGetStatusString(statuses[c]));
        else if (sizes && out[c] != in[c])
            printf("  nvCOMP %s: %s of chunk %zu gave %zu bytes, not %zu\n", codec, what, c, out[c], in[c]);
        else
            continue;
        ok = 0;
    }
    free(statuses);
    free(in);
    free(out);
    return ok;
}

static size_t packed_bytes(const struct nvcomp_run *run)
{
    size_t *sizes = (size_t *)malloc(run->chunks * sizeof(size_t)), total = 0;
    bench_check(sizes == NULL ? cudaErrorMemoryAllocation : cudaSuccess, "malloc");
    bench_check(cudaMemcpy(sizes, run->d_packed_bytes, run->chunks * sizeof(size_t), cudaMemcpyDeviceToHost),
                "cudaMemcpy");
    for (size_t c = 0; c < run->chunks; c++)
        total += sizes[c];
    free(sizes);
    return total;
}

/* 0 if the codec asks for more alignment than the bench's buffers have
 * (cudaMalloc's 256 bytes; chunks of 64 KiB; slots of a multiple of 256). */
template <typename C, typename D> static int aligned_enough(const nvcomp_codec<C, D> &codec)
{
    nvcompAlignmentRequirements_t compress, decompress;
    nvcomp_check(codec.compress_alignments(codec.compress_opts, &compress), codec.name, "CompressGetRequiredAlignments");
    nvcomp_check(codec.decompress_alignments(codec.decompress_opts, &decompress), codec.name,
                 "DecompressGetRequiredAlignments");
    size_t most = compress.input;
    const size_t others[] = {compress.output, compress.temp, decompress.input, decompress.output, decompress.temp};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++)
        most = others[i] > most ? others[i] : most;
    if (most <= NVCOMP_ALIGN)
        return 1;
    printf("  nvCOMP %s: wants buffers aligned to %zu bytes; the bench's are aligned to %zu\n", codec.name, most,
           NVCOMP_ALIGN);
    return 0;
}

/* One codec on the file in run: its buffers, its two rows, the checks,
 * its figures into *figures (a chunk nvCOMP refused, or a byte of the
 * output that is not the file's, makes them "WRONG"). Returns 0, having
 * said why, if the codec wants buffers aligned more than the bench's. */
template <typename C, typename D>
static int bench_codec(const nvcomp_codec<C, D> &codec, struct nvcomp_run *run, const uint8_t *file, float copy_ms,
                       struct codec_figures *figures)
{
    if (!aligned_enough(codec))
        return 0;
    size_t max_packed;
    nvcomp_check(codec.max_output(NVCOMP_CHUNK_BYTES, codec.compress_opts, &max_packed), codec.name,
                 "CompressGetMaxOutputChunkSize");
    run->slot = (max_packed + NVCOMP_ALIGN - 1) / NVCOMP_ALIGN * NVCOMP_ALIGN;
    nvcomp_check(codec.compress_temp(run->chunks, NVCOMP_CHUNK_BYTES, codec.compress_opts, &run->compress_temp_bytes,
                                     run->chunks * NVCOMP_CHUNK_BYTES, 0),
                 codec.name, "CompressGetTempSize");
    nvcomp_check(codec.decompress_temp(run->chunks, NVCOMP_CHUNK_BYTES, codec.decompress_opts,
                                       &run->decompress_temp_bytes, run->chunks * NVCOMP_CHUNK_BYTES, 0),
                 codec.name, "DecompressGetTempSize");
    bench_check(cudaMalloc((void **)&run->d_packed, run->chunks * run->slot), "cudaMalloc");
    bench_check(cudaMalloc(&run->d_compress_temp, run->compress_temp_bytes + 1), "cudaMalloc");
    bench_check(cudaMalloc(&run->d_decompress_temp, run->decompress_temp_bytes + 1), "cudaMalloc");
    run->d_packed_at = device_pointers(run->d_packed, run->slot, run->chunks);
    set_chunk_bytes(run, type_bytes(codec.type));
    bench_check(cudaMemset(run->d_out, 0xa5, run->bytes), "cudaMemset"); /* no byte right by chance */

    codec_run<C, D> it = {&codec, run};
    float compress_ms = median_time_ms(compress_file<C, D>, &it, 2, BENCH_REPEATS);
    int ok = chunks_ok(run, codec.name, "compression", 0);
    size_t packed = packed_bytes(run);
    float decompress_ms = median_time_ms(decompress_file<C, D>, &it, 2, BENCH_REPEATS);
    ok = ok && chunks_ok(run, codec.name, "decompression", 1);

    char row[64];
    size_t words = run->bytes / 4;
    snprintf(row, sizeof row, "nvCOMP %s compress", codec.name);
    bench_row("cascade", row, words, (double)run->bytes + packed, compress_ms, copy_ms, 0);
    snprintf(row, sizeof row, "nvCOMP %s decompress", codec.name);
    bench_row("cascade", row, words, (double)run->bytes + packed, decompress_ms, copy_ms, 0);
    snprintf(figures->codec, sizeof figures->codec, "nvCOMP %s, chunks of 64 KiB", codec.name);
    figures->bytes = run->bytes;
    figures->packed = packed;
    figures->compress_ms = compress_ms;
    figures->decompress_ms = decompress_ms;
    figures->exact = ok && bench_same_bytes(run->d_out, file, run->bytes);

    cudaFree(run->d_packed);
    cudaFree(run->d_compress_temp);
    cudaFree(run->d_decompress_temp);
    cudaFree(run->d_packed_at);
    return 1;
}

/* The integer type of elements of w bytes. */
static nvcompType_t element_type(unsigned w)
{
    return w == 4 ? NVCOMP_TYPE_UINT : w == 2 ? NVCOMP_TYPE_USHORT : NVCOMP_TYPE_UCHAR;
}

static void alloc_nvcomp_run(struct nvcomp_run *run, const uint8_t *file, size_t bytes)
{
    memset(run, 0, sizeof *run);
    run->bytes = bytes;
    run->chunks = (bytes + NVCOMP_CHUNK_BYTES - 1) / NVCOMP_CHUNK_BYTES;
    size_t padded = run->chunks * NVCOMP_CHUNK_BYTES;
    bench_check(cudaMalloc((void **)&run->d_in, padded), "cudaMalloc");
    bench_check(cudaMemset(run->d_in, 0, padded), "cudaMemset");
    bench_check(cudaMemcpy(run->d_in, file, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    bench_check(cudaMalloc((void **)&run->d_out, padded), "cudaMalloc");
    run->d_in_at = device_pointers(run->d_in, NVCOMP_CHUNK_BYTES, run->chunks);
    run->d_out_at = device_pointers(run->d_out, NVCOMP_CHUNK_BYTES, run->chunks);
    bench_check(cudaMalloc((void **)&run->d_in_bytes, run->chunks * sizeof(size_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_packed_bytes, run->chunks * sizeof(size_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_out_bytes, run->chunks * sizeof(size_t)), "cudaMalloc");
    bench_check(cudaMalloc((void **)&run->d_statuses, run->chunks * sizeof(nvcompStatus_t)), "cudaMalloc");
}

static void free_nvcomp_run(struct nvcomp_run *run)
{
    cudaFree(run->d_in);
    cudaFree(run->d_out);
    cudaFree(run->d_in_at);
    cudaFree(run->d_out_at);
    cudaFree(run->d_in_bytes);
    cudaFree(run->d_packed_bytes);
    cudaFree(run->d_out_bytes);
    cudaFree(run->d_statuses);
}

typedef nvcomp_codec<nvcompBatchedCascadedCompressOpts_t, nvcompBatchedCascadedDecompressOpts_t> cascaded_codec;

/* Cascaded with these compression options; its decoder told the mode
 * and type they use. */
static cascaded_codec cascaded(const char *name, nvcompBatchedCascadedCompressOpts_t options)
{
    nvcompBatchedCascadedDecompressOpts_t decompress = nvcompBatchedCascadedDecompressDefaultOpts;
    decompress.common_opts = options.common_opts;
    return {name,
            options.common_opts.data_type,
            options,
            decompress,
            nvcompBatchedCascadedCompressGetRequiredAlignments,
            nvcompBatchedCascadedDecompressGetRequiredAlignments,
            nvcompBatchedCascadedCompressGetMaxOutputChunkSize,
            nvcompBatchedCascadedCompressGetTempSize,
            nvcompBatchedCascadedDecompressGetTempSize,
            nvcompBatchedCascadedCompressAsync,
            nvcompBatchedCascadedDecompressAsync};
}

void nvcomp_bench_file(const char *name, const uint8_t *file, size_t bytes, unsigned w,
                       struct codec_figures *figures, int *count)
{
    struct nvcomp_run run;
    alloc_nvcomp_run(&run, file, bytes);
    char input[160];
    snprintf(input, sizeof input, "%.100s, %zu MiB, %u-bit, nvCOMP, chunks of 64 KiB", name, bytes >> 20, 8 * w);
    printf("  nvCOMP on %s: chunks of 64 KiB, one batched call compresses them all, one decompresses\n", name);
    bench_table_header(input, 0);
    float copy_ms = copy_time_ms(run.d_out, run.d_in, bytes, 2, BENCH_REPEATS);
    bench_row("cascade", "cudaMemcpy", bytes / 4, 2.0 * bytes, copy_ms, copy_ms, 0);

    /* "Cascaded u8 level 7": its best ratio (cascaded.h: the highest
     * useful level), on the elements' own type */
    char best_name[32];
    snprintf(best_name, sizeof best_name, "Cascaded u%u level 7", 8 * w);
    nvcompBatchedCascadedCompressOpts_t best = nvcompBatchedCascadedCompressDefaultOpts;
    best.common_opts.data_type = element_type(w);
    best.compression_level = 7;
    char bitcomp_name[32];
    snprintf(bitcomp_name, sizeof bitcomp_name, "Bitcomp u%u", 8 * w);
    nvcompBatchedBitcompCompressOpts_t bitcomp_opts = nvcompBatchedBitcompCompressDefaultOpts;
    bitcomp_opts.data_type = element_type(w);
    nvcompBatchedANSDecompressOpts_t ans_decompress = nvcompBatchedANSDecompressDefaultOpts;
    ans_decompress.data_type = nvcompBatchedANSCompressDefaultOpts.data_type;

    if (bench_codec(cascaded("Cascaded default", nvcompBatchedCascadedCompressDefaultOpts), &run, file, copy_ms,
                    &figures[*count]))
        (*count)++;
    if (bench_codec(cascaded(best_name, best), &run, file, copy_ms, &figures[*count]))
        (*count)++;
    nvcomp_codec<nvcompBatchedBitcompCompressOpts_t, nvcompBatchedBitcompDecompressOpts_t> bitcomp = {
        bitcomp_name,
        bitcomp_opts.data_type,
        bitcomp_opts,
        nvcompBatchedBitcompDecompressDefaultOpts,
        nvcompBatchedBitcompCompressGetRequiredAlignments,
        nvcompBatchedBitcompDecompressGetRequiredAlignments,
        nvcompBatchedBitcompCompressGetMaxOutputChunkSize,
        nvcompBatchedBitcompCompressGetTempSize,
        nvcompBatchedBitcompDecompressGetTempSize,
        nvcompBatchedBitcompCompressAsync,
        nvcompBatchedBitcompDecompressAsync};
    if (bench_codec(bitcomp, &run, file, copy_ms, &figures[*count]))
        (*count)++;
    nvcomp_codec<nvcompBatchedANSCompressOpts_t, nvcompBatchedANSDecompressOpts_t> ans = {
        "ANS",
        nvcompBatchedANSCompressDefaultOpts.data_type,
        nvcompBatchedANSCompressDefaultOpts,
        ans_decompress,
        nvcompBatchedANSCompressGetRequiredAlignments,
        nvcompBatchedANSDecompressGetRequiredAlignments,
        nvcompBatchedANSCompressGetMaxOutputChunkSize,
        nvcompBatchedANSCompressGetTempSize,
        nvcompBatchedANSDecompressGetTempSize,
        nvcompBatchedANSCompressAsync,
        nvcompBatchedANSDecompressAsync};
    if (bench_codec(ans, &run, file, copy_ms, &figures[*count]))
        (*count)++;
    free_nvcomp_run(&run);
}

#endif
