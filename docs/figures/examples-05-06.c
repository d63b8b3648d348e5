/*
 * examples-05-06.c: the worked examples of the lab 05 and 06 chapters,
 * computed by the reference solutions (see examples.c for how
 * docs/figure-data.sh links and runs it).
 *
 *   examples-05-06 rle|rle-search|rle-scan|rle-segmented|pack
 *
 * rle:           PARLE on [1 2 3 6 6 6 5 5]: rle_mask, scan_inclusive_naive,
 *                rle_starts, rle_runs, then rle_decode_search back.
 * rle-search:    the search decoder's run starts (scan_exclusive_tiled of
 *                the counts), then rle_decode_search.
 * rle-scan:      the flag decoder one kernel at a time: starts, flags
 *                (flag_starts_kernel), their inclusive scan, gather_kernel;
 *                checked against rle_decode_scan.
 * rle-segmented: the coarse-grained encoder with segments of 4, one kernel
 *                at a time: segment_kernel's pieces, the scan of the new
 *                runs, stitch_kernel; checked against rle_encode_segmented.
 * pack:          [0 2 1 5 5 7 10 1 13], frame 3: the bits of each value
 *                (pack_frame_widths with frames of 1), pack_frame_widths,
 *                the frames' bits (frame_bits_kernel), pack_frame_offsets,
 *                pack_values (words in hex), where each value starts and
 *                its bits as read back from the word, pack_decode back.
 *
 * The single kernels are launched by docs/figures/kernels-05-06.cu.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "pack.h"
#include "rle.h"
#include "scan.h"

#define EXAMPLES_PROGRAM "examples-05-06"
#include "examples.h"

/* docs/figures/kernels-05-06.cu: one launch of a reference kernel each. */
cudaError_t example_flag_starts(const int *d_starts, size_t runs, int *d_flags);
cudaError_t example_gather(const int *d_symbols, const int *d_run_ends, int *d_out, size_t n);
cudaError_t example_segment(const int *d_in, size_t n, size_t segment, size_t segments,
                            int *d_piece_symbols, int *d_piece_counts,
                            int *d_piece_runs, int *d_new_runs);
cudaError_t example_stitch(const int *d_in, size_t segment, size_t segments,
                           const int *d_piece_symbols, const int *d_piece_counts,
                           const int *d_piece_runs, const int *d_offsets,
                           int *d_symbols, int *d_counts);
cudaError_t example_frame_bits(const uint32_t *d_widths, size_t n, size_t frame_length,
                               size_t frames, uint32_t *d_bits);

static const int rle_example[8] = {1, 2, 3, 6, 6, 6, 5, 5};

/* Print n 32-bit values from the device, as ints or in hex. */
static void device_row(const char *label, const void *d, size_t n, int hex)
{
    uint32_t host[64];
    if (n > 64)
        exit(1);
    download(host, d, n * sizeof(uint32_t));
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i++)
        printf(hex ? " 0x%08x" : " %d", hex ? host[i] : (uint32_t)(int32_t)host[i]);
    printf(" ]\n");
}

static void rle(void)
{
    const int *in = rle_example;
    const size_t n = 8;
    int *d_in = device_zeros(n * sizeof(int)), *d_mask = device_zeros(n * sizeof(int));
    int *d_scanned = device_zeros(n * sizeof(int)), *d_starts = device_zeros((n + 1) * sizeof(int));
    int *d_symbols = device_zeros(n * sizeof(int)), *d_counts = device_zeros(n * sizeof(int));
    int *d_out = device_zeros(n * sizeof(int));
    must("cudaMemcpy", cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice));
    device_row("in", d_in, n, 0);
    must("rle_mask", rle_mask(d_in, d_mask, n));
    device_row("mask", d_mask, n, 0);
    must("scan_inclusive_naive", scan_inclusive_naive(d_mask, d_scanned, n));
    device_row("scanned", d_scanned, n, 0);
    int runs_int;
    must("cudaMemcpy", cudaMemcpy(&runs_int, d_scanned + n - 1, sizeof(int), cudaMemcpyDeviceToHost));
    size_t runs = (size_t)runs_int;
    must("rle_starts", rle_starts(d_mask, d_scanned, d_starts, n));
    device_row("starts", d_starts, runs + 1, 0);
    must("rle_runs", rle_runs(d_in, d_starts, d_symbols, d_counts, runs));
    device_row("symbols", d_symbols, runs, 0);
    device_row("counts", d_counts, runs, 0);
    must("rle_decode_search", rle_decode_search(d_symbols, d_counts, runs, d_out, n));
    device_row("decoded", d_out, n, 0);
}

/* Fail the build unless two device arrays of n ints are equal. */
static void same_on_device(const char *what, const int *d_a, const int *d_b, size_t n)
{
    int a[64], b[64];
    if (n > 64)
        exit(1);
    download(a, d_a, n * sizeof(int));
    download(b, d_b, n * sizeof(int));
    if (memcmp(a, b, n * sizeof(int)) != 0) {
        fprintf(stderr, EXAMPLES_PROGRAM ": %s differs\n", what);
        exit(1);
    }
}

/* The example's encoding by rle_encode, on the device; returns the runs. */
static size_t encoded_example(int **d_in, int **d_symbols, int **d_counts)
{
    const size_t n = 8;
    size_t runs = 0;
    *d_in = device_zeros(n * sizeof(int));
    *d_symbols = device_zeros(n * sizeof(int));
    *d_counts = device_zeros(n * sizeof(int));
    must("cudaMemcpy", cudaMemcpy(*d_in, rle_example, sizeof rle_example, cudaMemcpyHostToDevice));
    must("rle_encode", rle_encode(*d_in, n, *d_symbols, *d_counts, &runs));
    return runs;
}

static void rle_search(void)
{
    const size_t n = 8;
    int *d_in, *d_symbols, *d_counts;
    size_t runs = encoded_example(&d_in, &d_symbols, &d_counts);
    int *d_starts = device_zeros(runs * sizeof(int)), *d_out = device_zeros(n * sizeof(int));
    device_row("symbols", d_symbols, runs, 0);
    device_row("counts", d_counts, runs, 0);
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_counts, d_starts, runs));
    device_row("starts (scan of counts)", d_starts, runs, 0);
    must("rle_decode_search", rle_decode_search(d_symbols, d_counts, runs, d_out, n));
    device_row("decoded", d_out, n, 0);
}

static void rle_scan(void)
{
    const size_t n = 8;
    int *d_in, *d_symbols, *d_counts;
    size_t runs = encoded_example(&d_in, &d_symbols, &d_counts);
    int *d_starts = device_zeros(runs * sizeof(int)), *d_flags = device_zeros(n * sizeof(int));
    int *d_run_ends = device_zeros(n * sizeof(int)), *d_out = device_zeros(n * sizeof(int));
    int *d_whole = device_zeros(n * sizeof(int));
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_counts, d_starts, runs));
    device_row("starts (scan of counts)", d_starts, runs, 0);
    must("flag_starts_kernel", example_flag_starts(d_starts, runs, d_flags));
    device_row("flags", d_flags, n, 0);
    must("scan_inclusive_naive", scan_inclusive_naive(d_flags, d_run_ends, n));
    device_row("flags scanned", d_run_ends, n, 0);
    must("gather_kernel", example_gather(d_symbols, d_run_ends, d_out, n));
    device_row("decoded", d_out, n, 0);
    must("rle_decode_scan", rle_decode_scan(d_symbols, d_counts, runs, d_whole, n));
    same_on_device("rle_decode_scan against its kernels one by one", d_out, d_whole, n);
}

/* A piece array of the coarse-grained encoder: segment s's pieces are at
 * s * segment; the slots past its piece_runs[s] are never written ("..."). */
static void pieces_row(const char *label, const int *d_pieces, const int *piece_runs,
                       size_t n, size_t segment)
{
    int host[64];
    if (n > 64)
        exit(1);
    download(host, d_pieces, n * sizeof(int));
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i++) {
        if ((int)(i % segment) < piece_runs[i / segment])
            printf(" %d", host[i]);
        else
            printf(" ...");
    }
    printf(" ]\n");
}

static void rle_segmented(void)
{
    const size_t n = 8, segment = 4, segments = 2;
    int *d_in = device_zeros(n * sizeof(int));
    int *d_piece_symbols = device_zeros(n * sizeof(int)), *d_piece_counts = device_zeros(n * sizeof(int));
    int *d_piece_runs = device_zeros(segments * sizeof(int)), *d_new_runs = device_zeros(segments * sizeof(int));
    int *d_offsets = device_zeros(segments * sizeof(int));
    int *d_symbols = device_zeros(n * sizeof(int)), *d_counts = device_zeros(n * sizeof(int));
    int *d_whole_symbols = device_zeros(n * sizeof(int)), *d_whole_counts = device_zeros(n * sizeof(int));
    must("cudaMemcpy", cudaMemcpy(d_in, rle_example, sizeof rle_example, cudaMemcpyHostToDevice));
    device_row("in", d_in, n, 0);
    must("segment_kernel", example_segment(d_in, n, segment, segments, d_piece_symbols, d_piece_counts,
                                           d_piece_runs, d_new_runs));
    int piece_runs[2], new_runs[2], offsets[2];
    download(piece_runs, d_piece_runs, sizeof piece_runs);
    pieces_row("piece symbols", d_piece_symbols, piece_runs, n, segment);
    pieces_row("piece counts", d_piece_counts, piece_runs, n, segment);
    device_row("piece runs", d_piece_runs, segments, 0);
    device_row("new runs", d_new_runs, segments, 0);
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_new_runs, d_offsets, segments));
    device_row("offsets (scan)", d_offsets, segments, 0);
    download(new_runs, d_new_runs, sizeof new_runs);
    download(offsets, d_offsets, sizeof offsets);
    size_t runs = (size_t)(offsets[segments - 1] + new_runs[segments - 1]);
    must("stitch_kernel", example_stitch(d_in, segment, segments, d_piece_symbols, d_piece_counts,
                                         d_piece_runs, d_offsets, d_symbols, d_counts));
    device_row("symbols", d_symbols, runs, 0);
    device_row("counts", d_counts, runs, 0);
    size_t whole_runs = 0;
    must("rle_encode_segmented", rle_encode_segmented(d_in, n, segment, d_whole_symbols, d_whole_counts, &whole_runs));
    if (whole_runs != runs)
        exit(1);
    same_on_device("rle_encode_segmented's symbols", d_symbols, d_whole_symbols, runs);
    same_on_device("rle_encode_segmented's counts", d_counts, d_whole_counts, runs);
}

static void pack(void)
{
    static const uint32_t values[9] = {0, 2, 1, 5, 5, 7, 10, 1, 13};
    const size_t n = 9, frame = 3, frames = pack_frame_count(n, frame);
    uint32_t *d_values = device_zeros(sizeof values), *d_widths = device_zeros(frames * 4);
    uint32_t *d_offsets = device_zeros(frames * 4), *d_words = device_zeros(pack_max_words(n) * 4);
    uint32_t *d_back = device_zeros(sizeof values);
    must("cudaMemcpy", cudaMemcpy(d_values, values, sizeof values, cudaMemcpyHostToDevice));
    uint32_t *d_each = device_zeros(sizeof values), *d_bits = device_zeros(frames * 4);
    device_row("values", d_values, n, 0);
    /* Frames of one value: each width is the bits of that value. */
    must("pack_frame_widths", pack_frame_widths(d_values, n, 1, d_each));
    device_row("bits each", d_each, n, 0);
    must("pack_frame_widths", pack_frame_widths(d_values, n, frame, d_widths));
    device_row("widths", d_widths, frames, 0);
    must("frame_bits_kernel", example_frame_bits(d_widths, n, frame, frames, d_bits));
    device_row("frame bits", d_bits, frames, 0);
    must("pack_frame_offsets", pack_frame_offsets(d_widths, n, frame, d_offsets));
    device_row("offsets", d_offsets, frames, 0);
    must("pack_values", pack_values(d_values, n, frame, d_widths, d_offsets, d_words));
    /* The stream's length in words, from the last frame's end. */
    uint32_t widths[8], offsets[8];
    must("cudaMemcpy", cudaMemcpy(widths, d_widths, frames * 4, cudaMemcpyDeviceToHost));
    must("cudaMemcpy", cudaMemcpy(offsets, d_offsets, frames * 4, cudaMemcpyDeviceToHost));
    size_t last_values = n - (frames - 1) * frame;
    size_t bits = offsets[frames - 1] + widths[frames - 1] * last_values;
    device_row("words", d_words, (bits + 31) / 32, 1);
    /* Each value's first bit (decode_kernel's arithmetic) and its bits as
     * they sit in the packed word, lowest first: the word read back. */
    uint32_t word[8];
    download(word, d_words, ((bits + 31) / 32) * 4);
    printf("%-24s [", "start bit");
    for (size_t i = 0; i < n; i++)
        printf(" %u", offsets[i / frame] + (uint32_t)(i % frame) * widths[i / frame]);
    printf(" ]\n%-24s [", "its bits, lowest first");
    for (size_t i = 0; i < n; i++) {
        uint32_t start = offsets[i / frame] + (uint32_t)(i % frame) * widths[i / frame];
        printf(" ");
        for (uint32_t b = start; b < start + widths[i / frame]; b++)
            printf("%u", (word[b / 32] >> (b % 32)) & 1u);
        if (widths[i / frame] == 0)
            printf("-");
    }
    printf(" ]\n");
    must("pack_decode", pack_decode(d_widths, d_offsets, d_words, n, frame, d_back));
    device_row("decoded", d_back, n, 0);
}

int main(int argc, char **argv)
{
    static const struct example examples[] = {
        {"rle", rle}, {"rle-search", rle_search}, {"rle-scan", rle_scan}, {"rle-segmented", rle_segmented},
        {"pack", pack},
    };
    return run_example(examples, sizeof examples / sizeof examples[0], argc, argv);
}
