/*
 * fast.h: the fast references of labs 04-06, built from lab 07's pieces.
 *
 * The labs teach each algorithm the plain way: a map, a scan, a scatter,
 * each its own kernel, with the counts read back to the host in between.
 * That moves every element several times, and a GPU's time goes on moving
 * memory. The fast references do the same work the way CUB does: one
 * kernel, one tile per block, the tile scanned in registers (lab 07's
 * tile_scan_exclusive), the sum of all earlier tiles from their status
 * words (lab 07's decoupled_prefix), each element read once and each
 * result written once. No host round trip, no allocation: the caller
 * passes temporary storage, as CUB's callers do, and results a later
 * kernel needs (a count) stay on the device.
 *
 * They live beside the teaching versions, in solutions/NN-name/fast/, and
 * never replace them: make bench times both, numbered as a ladder, beside
 * cudaMemcpy and CUB. They are not a student's task (a student's copy
 * does not have them) and the grader never links them into a lab's tests.
 *
 * Device pointers (d_ prefix); each function returns cudaSuccess, the
 * first CUDA error it met, or cudaErrorInvalidValue for a NULL pointer
 * with n > 0, too little temporary storage, or n > FAST_MAX_N; it returns
 * once its work is queued (nothing waits for the GPU).
 */
#ifndef SCANLAB_FAST_H
#define SCANLAB_FAST_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "compact.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counts and positions are int: at most 2^31 - 1 elements a call. */
#define FAST_MAX_N ((size_t)0x7fffffff)

/* ---- Lab 04: compaction in one pass (solutions/04-compaction/fast/) -------
 *
 * compact_if's result: the kept elements of d_in[0..n) in order in d_out
 * (room for n ints, not overlapping d_in), their count in *d_kept (a
 * device int, as CUB's DeviceSelect writes it).
 *     in [5 -2 8 7 0 4], KEEP_GREATER_THAN 4  ->  out [5 8 7], *d_kept 3
 *
 * The versions of the ladder (make bench BENCH=compact), each one change:
 *   compact_if_single_pass_direct   one pass: flags, tile scan, look-back,
 *                                   each kept element stored from its
 *                                   thread straight to d_out
 *   compact_if_single_pass          the same, the tile's kept elements
 *                                   gathered in shared memory first, then
 *                                   stored by consecutive threads        */
size_t compact_single_pass_temp_bytes(size_t n);
cudaError_t compact_if_single_pass_direct(const int *d_in, int *d_out, size_t n,
                                          enum compact_predicate predicate, int operand,
                                          int *d_kept, void *d_temp, size_t temp_bytes);
cudaError_t compact_if_single_pass(const int *d_in, int *d_out, size_t n,
                                   enum compact_predicate predicate, int operand, int *d_kept,
                                   void *d_temp, size_t temp_bytes);

#ifdef __cplusplus
}
#endif

#endif
