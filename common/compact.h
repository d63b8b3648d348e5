/*
 * compact.h: the C interface of lab 04, stream compaction.
 *
 * Compaction keeps the elements that pass a test, in their order, and
 * packs them to the front of the output:
 *
 *     in     [1 0 2 0 0 3]
 *     flags  [1 0 1 0 0 1]    1 where the element is kept
 *     scan   [0 1 1 2 2 2]    exclusive scan of the flags: where each kept
 *                             element goes
 *     out    [1 2 3]          out[scan[i]] = in[i] wherever flags[i] is 1
 *     kept   3                = scan[n-1] + flags[n-1]
 *
 * Every function takes device pointers (d_ prefix) and returns cudaSuccess,
 * or the first CUDA error it met, or cudaErrorInvalidValue for a NULL
 * pointer with n > 0 or an unknown predicate. With n == 0 nothing is read
 * or written, and the pointers may be NULL.
 *
 * The steps of the guided edition return once their work is queued, as
 * the scans of common/scan.h do. The whole compactions
 * (compact_if, compact_nonzero) return the kept count through a host
 * pointer, so they have waited for the GPU when they return.
 *
 * The scan between the steps is scan_exclusive_tiled of lab 03 (scan.h);
 * the grader links its own implementation of it, so a bug in lab 03 never
 * costs points in lab 04.
 */
#ifndef SCANLAB_COMPACT_H
#define SCANLAB_COMPACT_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Which elements a compaction keeps; `operand` is the number some of them
 * compare with (the others ignore it). */
enum compact_predicate {
    KEEP_NONZERO,      /* value != 0                                        */
    KEEP_GREATER_THAN, /* value > operand                                   */
    KEEP_EVEN,         /* value % 2 == 0 (negative even numbers too)        */
};

#ifndef SCANLAB_GUIDANCE_OPEN
/* ---- The steps, for testing and printing them one at a time ------------
 * (the guided edition's; the open edition leaves the steps to the student) */

/* Map: d_flags[i] = 1 if d_in[i] is kept, else 0.
 *     in [1 0 2 0 0 3], KEEP_NONZERO  ->  flags [1 0 1 0 0 1]             */
cudaError_t compact_flags(const int *d_in, int *d_flags, size_t n,
                          enum compact_predicate predicate, int operand);

/* Scatter: d_out[d_positions[i]] = d_in[i] for every i with d_flags[i] == 1;
 * d_positions is the exclusive scan of d_flags. Only the kept elements'
 * places d_out[0..kept) are written.
 *     in [1 0 2 0 0 3], flags [1 0 1 0 0 1], positions [0 1 1 2 2 2]
 *     ->  out [1 2 3]                                                      */
cudaError_t compact_scatter(const int *d_in, const int *d_flags, const int *d_positions,
                            int *d_out, size_t n);

#endif /* SCANLAB_GUIDANCE_OPEN */

/* ---- Whole compactions ------------------------------------------------- */

/* Copy the elements of d_in[0..n) that `predicate` keeps to d_out, in
 * order, and set *kept (a host pointer, never NULL) to how many there are.
 * d_out has room for n ints and must not overlap d_in; only d_out[0..*kept)
 * is written.
 *     in [5 -2 8 7 0 4], KEEP_GREATER_THAN 4  ->  out [5 8 7], kept 3      */
cudaError_t compact_if(const int *d_in, int *d_out, size_t n,
                       enum compact_predicate predicate, int operand, size_t *kept);

/* compact_if with KEEP_NONZERO: remove the zeros.
 *     in [1 0 2 0 0 3]  ->  out [1 2 3], kept 3                            */
cudaError_t compact_nonzero(const int *d_in, int *d_out, size_t n, size_t *kept);

#ifdef __cplusplus
}
#endif

#endif
