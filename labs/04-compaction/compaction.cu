/*
 * Lab 04: stream compaction, built on scan.
 *
 * Goal:   keep the elements of an array that pass a test, in their order,
 *         packed to the front of the output, and say how many there are.
 *         A serial loop does it with a counter; in parallel, no thread knows
 *         where its element goes until it knows how many elements before it
 *         are kept, and that is exactly an exclusive scan. Three steps:
 *
 *             in      [1  0  2  0  0  3]
 *             flags   [1  0  1  0  0  1]   map: 1 where the element is kept
 *             scan    [0  1  1  2  2  2]   exclusive scan of the flags
 *             out     [1  2  3]            scatter: out[scan[i]] = in[i]
 *                                          wherever flags[i] is 1
 *             kept    3                    = scan[n-1] + flags[n-1]
 *
 *         Part A writes the two steps around the scan; part B chains them
 *         into whole compactions that remove zeros or keep what a predicate
 *         (common/compact.h) says.
 * Rules:  CUDA C; no Thrust, CUB or other libraries. The scan is
 *         scan_exclusive_tiled of common/scan.h: the grader links its own
 *         copy, so your lab 03 need not be finished. The output keeps the
 *         input's order, so a shared atomic counter will not do.
 * Build:  make grade LAB=04                   grade this file
 *         make run LAB=04 N=16 FILL=sparse    print flags, scan and output
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
 */
#include "compact.h"
#include "cuda_check.h"
#include "scan.h"
#include "todo.h"

#define THREADS_PER_BLOCK 256

/* ---- Part A: the steps around the scan ---------------------------------- */

/*
 * keeps: 1 if `predicate` keeps `value`, else 0.
 *
 *     KEEP_NONZERO:         7 -> 1,  0 -> 0
 *     KEEP_GREATER_THAN 4:  5 -> 1,  4 -> 0
 *     KEEP_EVEN:           -2 -> 1,  7 -> 0
 */
__device__ int keeps(int value, enum compact_predicate predicate, int operand)
{
    // TODO(student): a switch over the predicates of common/compact.h.
    (void)value; (void)predicate; (void)operand;
    return 0;
}

/* flags_kernel: one thread per element, d_flags[i] = keeps(d_in[i], ...). */
__global__ void flags_kernel(const int *d_in, int *d_flags, size_t n,
                             enum compact_predicate predicate, int operand)
{
    // TODO(student): one thread per element; skip i >= n.
    (void)d_in; (void)d_flags; (void)n; (void)predicate; (void)operand;
}

/*
 * compact_flags: the map step, a 1 for every element the predicate keeps.
 *
 * Example (KEEP_NONZERO): [1 0 2 0 0 3] -> [1 0 1 0 0 1]
 */
cudaError_t compact_flags(const int *d_in, int *d_flags, size_t n,
                          enum compact_predicate predicate, int operand)
{
    if ((unsigned)predicate > (unsigned)KEEP_EVEN)
        return cudaErrorInvalidValue;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_flags);
    // TODO(student): launch flags_kernel with one thread per element.
    (void)operand;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * scatter_kernel: one thread per element; a kept element goes to the place
 * the scan gave it, a dropped one goes nowhere.
 *
 *     i = 2: flags[2] = 1, positions[2] = 1  ->  out[1] = in[2]
 *     i = 3: flags[3] = 0                    ->  nothing written
 */
__global__ void scatter_kernel(const int *d_in, const int *d_flags, const int *d_positions,
                               int *d_out, size_t n)
{
    // TODO(student): one thread per element; only kept elements write.
    (void)d_in; (void)d_flags; (void)d_positions; (void)d_out; (void)n;
}

/*
 * compact_scatter: the scatter step. d_positions is the exclusive scan of
 * d_flags; only d_out[0..kept) is written.
 *
 * Example: in [1 0 2 0 0 3], flags [1 0 1 0 0 1], positions [0 1 1 2 2 2]
 *          -> out [1 2 3]
 */
cudaError_t compact_scatter(const int *d_in, const int *d_flags, const int *d_positions,
                            int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_flags, d_positions, d_out);
    // TODO(student): launch scatter_kernel with one thread per element.
    (void)d_in; (void)d_flags; (void)d_positions; (void)d_out;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- Part B: whole compactions ----------------------------------------- */

/*
 * compact_steps: flags, scan, scatter, and the kept count, in scratch
 * arrays d_flags and d_positions of n ints each (n >= 1).
 *
 *     in [1 0 2 0 0 3] -> flags [1 0 1 0 0 1] -> positions [0 1 1 2 2 2]
 *     -> out [1 2 3];  kept = positions[5] + flags[5] = 2 + 1 = 3
 *
 * The last flag counts: without it, an array whose last element is kept
 * comes out one short.
 */
static cudaError_t compact_steps(const int *d_in, int *d_out, size_t n,
                                 enum compact_predicate predicate, int operand,
                                 int *d_flags, int *d_positions, size_t *kept)
{
    // TODO(student): compact_flags into d_flags; scan_exclusive_tiled of
    // them into d_positions; compact_scatter; then copy the last position
    // and the last flag back (cudaMemcpy) and add them into *kept.
    (void)d_in; (void)d_out; (void)n; (void)predicate; (void)operand;
    (void)d_flags; (void)d_positions; (void)kept;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * compact_if: keep the elements `predicate` keeps; *kept says how many.
 *
 * Example (KEEP_GREATER_THAN 4): [5 -2 8 7 0 4] -> [5 8 7], kept 3
 *
 * One allocation holds both scratch arrays, so a compaction costs a single
 * cudaMalloc (and the scan one more). The flags come last: a thread that
 * reads d_flags[n] meets the end of the allocation, not d_positions[0]
 * (0, so "not kept"), which would hide an off-by-one bound.
 */
cudaError_t compact_if(const int *d_in, int *d_out, size_t n,
                       enum compact_predicate predicate, int operand, size_t *kept)
{
    if (kept == NULL || (unsigned)predicate > (unsigned)KEEP_EVEN)
        return cudaErrorInvalidValue;
    *kept = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    int *d_scratch;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_scratch, 2 * n * sizeof(int)));
    cudaError_t err = compact_steps(d_in, d_out, n, predicate, operand, d_scratch + n, d_scratch, kept);
    cudaError_t free_err = cudaFree(d_scratch);
    return err != cudaSuccess ? err : free_err;
}

/*
 * compact_nonzero: remove the zeros.
 *
 * Example: [1 0 2 0 0 3] -> [1 2 3], kept 3
 */
cudaError_t compact_nonzero(const int *d_in, int *d_out, size_t n, size_t *kept)
{
    // TODO(student): one call of compact_if.
    (void)d_in; (void)d_out; (void)n; (void)kept;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}
