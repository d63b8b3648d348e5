/*
 * scan.h: the C interface of labs 01-03, the scan track.
 *
 * Scan (prefix sum) of [3 1 7 0 4 1 6 3]:
 *     exclusive  [0 3 4 11 11 15 16 22]   out[i] = in[0] + ... + in[i-1]
 *     inclusive  [3 4 11 11 15 16 22 25]  out[i] = in[0] + ... + in[i]
 *
 * Lab 01 runs on the CPU and takes host pointers. Labs 02 and 03 take
 * device pointers (d_ prefix): the caller has already copied the input to
 * the GPU and reads the output back itself. GPU functions return
 * cudaSuccess, or the first CUDA error they met (a failed cudaMalloc, a bad
 * launch), or cudaErrorInvalidValue for a NULL pointer with n > 0. They
 * return once the work is queued: the caller synchronizes.
 *
 * Later labs call these functions through this header; the grader links a
 * reference implementation of them, so a bug here never costs points there.
 */
#ifndef SCANLAB_SCAN_H
#define SCANLAB_SCAN_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The shape every device scan shares, for code that takes any of them. */
typedef cudaError_t (*device_scan_fn)(const int *d_in, int *d_out, size_t n);

/* ---- Lab 01: CPU scan and the serial compaction baselines ---------------- */

/* Every array of lab 01 holds exactly n ints: none at all when n = 0,
 * where nothing is read or written. */

/* in == out is allowed (scan in place). */
void scan_exclusive_cpu(const int *in, int *out, size_t n);
void scan_inclusive_cpu(const int *in, int *out, size_t n);

/* Copy the non-zero elements of in[0..n) to out, in order; return how many.
 * Only out[0..kept) is written: the rest of out stays as it was.
 *     in [1 0 2 0 0 3]  ->  out [1 2 3 . . .], returns 3                   */
size_t compact_cpu(const int *in, int *out, size_t n);

/* The same result, computed the way a GPU will: flags, exclusive scan of the
 * flags, scatter. scratch holds n ints for the flags and their scan. */
size_t compact_cpu_with_scan(const int *in, int *out, int *scratch, size_t n);

/* ---- Lab 02: naive (Hillis-Steele) inclusive scan ------------------------ */

#ifndef SCANLAB_GUIDANCE_OPEN
/* One step over global memory with distance `offset` (the guided
 * edition's step; the open edition leaves the steps to the student):
 *     d_out[i] = d_in[i - offset] + d_in[i]   if i >= offset
 *     d_out[i] = d_in[i]                      otherwise                     */
cudaError_t scan_naive_step(const int *d_in, int *d_out, size_t n, size_t offset);
#endif /* SCANLAB_GUIDANCE_OPEN */

/* Any n: steps with offset 1, 2, 4, ... ping-ponging between two buffers. */
cudaError_t scan_inclusive_naive(const int *d_in, int *d_out, size_t n);

/* The whole scan inside one block's shared memory: n <= SCAN_NAIVE_BLOCK_MAX,
 * larger n returns cudaErrorInvalidValue. */
#define SCAN_NAIVE_BLOCK_MAX 1024
cudaError_t scan_inclusive_naive_block(const int *d_in, int *d_out, size_t n);

/* ---- Lab 03: work-efficient (Blelloch) exclusive scan -------------------- */

#ifndef SCANLAB_GUIDANCE_OPEN
/* The guided edition's steps: the two sweeps over a tree of `size` elements, size a power of two, in
 * place in global memory. One call does one level; `stride` is the distance
 * between the two children it combines (1, 2, 4, ... size/2).
 *     up-sweep   d_tree[k] += d_tree[k - stride]      k = 2*stride-1, 4*stride-1, ...
 *     down-sweep left = d_tree[k - stride]; d_tree[k - stride] = d_tree[k];
 *                d_tree[k] += left                                         */
cudaError_t scan_upsweep_level(int *d_tree, size_t size, size_t stride);
cudaError_t scan_downsweep_level(int *d_tree, size_t size, size_t stride);
#endif /* SCANLAB_GUIDANCE_OPEN */

/* Any n, over global memory: pads to a power of two, up-sweep, clears the
 * root, down-sweep. */
cudaError_t scan_exclusive_blelloch(const int *d_in, int *d_out, size_t n);

/* Any n up to at least 2^28, in shared memory: each block scans a tile of
 * SCAN_TILE elements, the tile totals are scanned the same way (recursively),
 * and each tile adds its offset. in == out is allowed. */
#define SCAN_TILE 1024
cudaError_t scan_exclusive_tiled(const int *d_in, int *d_out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
