/*
 * examples-05-06.c: the worked examples of the lab 05 and 06 chapters,
 * computed by the reference solutions (see examples.c for how the docs
 * build links and runs it).
 *
 *   examples-05-06 rle|pack
 *
 * rle:  PARLE on [1 2 3 6 6 6 5 5]: rle_mask, scan_inclusive_naive,
 *       rle_starts, rle_runs, then rle_decode_search back.
 * pack: [0 2 1 5 5 7 10 1 13], frame 3: pack_frame_widths,
 *       pack_frame_offsets, pack_values (words in hex), pack_decode back.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "pack.h"
#include "rle.h"
#include "scan.h"

static void must(const char *what, cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "examples-05-06: %s failed: %s\n", what, cudaGetErrorName(err));
        exit(1);
    }
}

static void *device_zeros(size_t bytes)
{
    void *d = NULL;
    must("cudaMalloc", cudaMalloc(&d, bytes));
    must("cudaMemset", cudaMemset(d, 0, bytes));
    return d;
}

/* Print n 32-bit values from the device, as ints or in hex. */
static void device_row(const char *label, const void *d, size_t n, int hex)
{
    uint32_t host[64];
    if (n > 64)
        exit(1);
    must("cudaDeviceSynchronize", cudaDeviceSynchronize());
    must("cudaMemcpy", cudaMemcpy(host, d, n * sizeof(uint32_t), cudaMemcpyDeviceToHost));
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i++)
        printf(hex ? " 0x%08x" : " %d", hex ? host[i] : (uint32_t)(int32_t)host[i]);
    printf(" ]\n");
}

static void rle(void)
{
    static const int in[8] = {1, 2, 3, 6, 6, 6, 5, 5};
    const size_t n = 8;
    int *d_in = device_zeros(n * sizeof(int)), *d_mask = device_zeros(n * sizeof(int));
    int *d_scanned = device_zeros(n * sizeof(int)), *d_starts = device_zeros((n + 1) * sizeof(int));
    int *d_symbols = device_zeros(n * sizeof(int)), *d_counts = device_zeros(n * sizeof(int));
    int *d_out = device_zeros(n * sizeof(int));
    must("cudaMemcpy", cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
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

static void pack(void)
{
    static const uint32_t values[9] = {0, 2, 1, 5, 5, 7, 10, 1, 13};
    const size_t n = 9, frame = 3, frames = pack_frame_count(n, frame);
    uint32_t *d_values = device_zeros(sizeof values), *d_widths = device_zeros(frames * 4);
    uint32_t *d_offsets = device_zeros(frames * 4), *d_words = device_zeros(pack_max_words(n) * 4);
    uint32_t *d_back = device_zeros(sizeof values);
    must("cudaMemcpy", cudaMemcpy(d_values, values, sizeof values, cudaMemcpyHostToDevice));
    device_row("values", d_values, n, 0);
    must("pack_frame_widths", pack_frame_widths(d_values, n, frame, d_widths));
    device_row("widths", d_widths, frames, 0);
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
    must("pack_decode", pack_decode(d_widths, d_offsets, d_words, n, frame, d_back));
    device_row("decoded", d_back, n, 0);
}

int main(int argc, char **argv)
{
    const char *figure = argc > 1 ? argv[1] : "";
    if (strcmp(figure, "rle") == 0)
        rle();
    else if (strcmp(figure, "pack") == 0)
        pack();
    else {
        fprintf(stderr, "usage: examples-05-06 rle|pack\n");
        return 2;
    }
    return 0;
}
