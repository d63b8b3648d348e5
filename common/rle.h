/*
 * rle.h: the C interface of lab 05, parallel run-length encoding.
 *
 * Run-length encoding replaces each run of equal values by the value (its
 * symbol) and the length of the run (its count):
 *
 *     in       [1 2 3 6 6 6 5 5]
 *     symbols  [1 2 3 6 5]
 *     counts   [1 1 1 3 2]
 *     runs     5
 *
 * The fine-grained encoder (PARLE) finds the runs with one thread per
 * element and a scan:
 *
 *     mask     [1 1 1 1 0 0 1 0]   1 where a run starts: i == 0 or in[i] != in[i-1]
 *     scanned  [1 2 3 4 4 4 5 5]   inclusive scan of the mask; runs = scanned[n-1]
 *     starts   [0 1 2 3 6 8]       where each run starts, then n (the sentinel)
 *     counts   [1 1 1 3 2]         counts[r] = starts[r+1] - starts[r]
 *
 * The coarse-grained encoder gives each thread a segment of the input to
 * encode serially and stitches the pieces together. Both must produce
 * exactly the encoding above: a run that crosses a segment boundary is one
 * run. The decoders turn symbols and counts back into the input.
 *
 * Every function takes device pointers (d_ prefix) and returns cudaSuccess,
 * or the first CUDA error it met, or cudaErrorInvalidValue for a NULL
 * pointer with n > 0 (or runs > 0). With n == 0 nothing is read or written
 * and the pointers may be NULL. The steps return once their work is
 * queued; the whole encoders return the run count through a host pointer,
 * so they have waited for the GPU when they return.
 *
 * Symbols and counts are int: a count can exceed 65535 (a byte-oriented
 * format would have to split such runs; this one does not).
 *
 * The scans come from common/scan.h (labs 02 and 03); the grader links its
 * own implementation of them, so a bug there never costs points in lab 05.
 */
#ifndef SCANLAB_RLE_H
#define SCANLAB_RLE_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Part A: the fine-grained encoder (PARLE) ------------------------- */

#ifndef SCANLAB_GUIDANCE_OPEN
/* The guided edition's steps (the open edition leaves them to the student).
 *
 * The backward mask: d_mask[i] = 1 if i == 0 or d_in[i] != d_in[i-1], else 0.
 *     in [1 2 3 6 6 6 5 5]  ->  mask [1 1 1 1 0 0 1 0]                     */
cudaError_t rle_mask(const int *d_in, int *d_mask, size_t n);

/* The run starts, compacted, with the sentinel: for each i with
 * d_mask[i] == 1, d_starts[d_scanned[i] - 1] = i; and d_starts[runs] = n,
 * where runs = d_scanned[n-1]. d_scanned is the inclusive scan of d_mask.
 * d_starts has room for n + 1 ints; only d_starts[0..runs] is written.
 *     mask [1 1 1 1 0 0 1 0], scanned [1 2 3 4 4 4 5 5]
 *     ->  starts [0 1 2 3 6 8]                                             */
cudaError_t rle_starts(const int *d_mask, const int *d_scanned, int *d_starts, size_t n);

/* One thread per run: d_symbols[r] = d_in[d_starts[r]] and
 * d_counts[r] = d_starts[r+1] - d_starts[r], for r in [0, runs). d_starts
 * holds runs + 1 ints (the last is the sentinel n).
 *     in [1 2 3 6 6 6 5 5], starts [0 1 2 3 6 8], runs 5
 *     ->  symbols [1 2 3 6 5], counts [1 1 1 3 2]                          */
cudaError_t rle_runs(const int *d_in, const int *d_starts, int *d_symbols, int *d_counts,
                     size_t runs);
#endif /* SCANLAB_GUIDANCE_OPEN */

/* The whole fine-grained encoder: mask, scan, starts, runs. Encode
 * d_in[0..n) into d_symbols and d_counts (each with room for n ints, the
 * most runs n elements can have) and set *runs (a host pointer, never
 * NULL) to the number of runs. Only [0..*runs) of each is written; d_in is
 * never written.
 *     in [1 2 3 6 6 6 5 5]  ->  symbols [1 2 3 6 5], counts [1 1 1 3 2], runs 5 */
cudaError_t rle_encode(const int *d_in, size_t n, int *d_symbols, int *d_counts, size_t *runs);

/* ---- Part B: decoders -------------------------------------------------- */

/* Expand `runs` runs (every count >= 1) into d_out[0..n), where n is the
 * sum of the counts (the length the encoder was given; a format stores it
 * beside the runs). runs == 0 requires n == 0.
 *     symbols [1 2 3 6 5], counts [1 1 1 3 2], runs 5, n 8
 *     ->  out [1 2 3 6 6 6 5 5]
 *
 * rle_decode_search: the exclusive scan of the counts gives each run's
 * start, [0 1 2 3 6]; output element i binary-searches for the last run
 * that starts at or before i.
 * rle_decode_scan: a 1 at each run start in a zeroed array of n flags,
 * [1 1 1 1 0 0 1 0]; its inclusive scan minus one, [0 1 2 3 3 3 4 4], is
 * each element's run.                                                      */
cudaError_t rle_decode_search(const int *d_symbols, const int *d_counts, size_t runs,
                              int *d_out, size_t n);
cudaError_t rle_decode_scan(const int *d_symbols, const int *d_counts, size_t runs,
                            int *d_out, size_t n);

/* ---- Part C: the coarse-grained encoder -------------------------------- */

/* rle_encode's encoding, coarse-grained: each thread encodes `segment`
 * consecutive elements serially (segment >= 1, else cudaErrorInvalidValue),
 * and a second kernel stitches the pieces, merging runs that cross segment
 * boundaries. The output equals rle_encode's exactly.
 *     in [1 2 3 6 | 6 6 5 5], segment 4:  pieces [1 2 3 6] [1 1 1 1] and
 *     [6 5] [2 2]; 6 continues across the boundary  ->  counts [1 1 1 3 2]   */
#define RLE_SEGMENT_DEFAULT 256
cudaError_t rle_encode_segmented(const int *d_in, size_t n, size_t segment,
                                 int *d_symbols, int *d_counts, size_t *runs);

#ifdef __cplusplus
}
#endif

#endif
