/*
 * bench_nvcomp.h: NVIDIA's nvCOMP beside scanzip's cascade in
 * bench_cascade (bench.cu), and the table that puts every codec of a
 * file side by side. nvCOMP is there only where `make nvcomp` fetched it
 * (build/nvcomp: the Makefile then builds bench_nvcomp.cu with
 * SCANLAB_NVCOMP); without it these say so in one line and time nothing.
 */
#ifndef BENCH_NVCOMP_H
#define BENCH_NVCOMP_H

#include <stddef.h>
#include <stdint.h>

/* One codec on one file, as compressors are quoted: the ratio, and the
 * rates in GB/s of uncompressed data (the file's bytes over the time). */
struct codec_figures {
    char codec[64];      /* "scanzip 2 (single pass), chunks of 2^24" */
    size_t bytes;        /* the file's */
    size_t packed;       /* what it compressed to */
    float compress_ms, decompress_ms;
    int exact;           /* the decompressed output is the file, byte for byte */
};

/* The most rows codecs_table takes for one file: scanzip's (three
 * versions, two chunk sizes) and nvCOMP's (NVCOMP_CODECS). */
#define NVCOMP_CODECS 4
#define CODECS_MAX (3 * 2 + NVCOMP_CODECS)

/* A line for the bench's start: nvCOMP's version and where it was
 * found, or "nvCOMP: not fetched (make nvcomp)". Returns 1 if it is
 * there. */
int nvcomp_bench_start(void);

/* nvCOMP's Cascaded (its defaults, and its best-ratio options for
 * elements of w bytes), Bitcomp and ANS on `file` (`bytes`, copied to the
 * GPU first, outside the clock): a table of its rows (make bench's CSV
 * too), and one codec_figures per codec appended to figures[*count].
 * Does nothing without nvCOMP. */
void nvcomp_bench_file(const char *name, const uint8_t *file, size_t bytes, unsigned w,
                       struct codec_figures *figures, int *count);

/* The codecs of one file side by side: ratio, compress and decompress
 * GB/s of uncompressed data, and whether the round trip was exact; also
 * appended as CSV to the file CODECS_CSV names, if it names one. */
void codecs_table(const char *name, const struct codec_figures *figures, int count);

#endif
