/*
 * Lab 05: parallel run-length encoding, built on scan.
 *
 * Goal:   encode an array as runs (a symbol and how many times it repeats)
 *         and decode it again, on the GPU. A serial encoder walks the array
 *         with a counter; in parallel, no thread knows which run its element
 *         belongs to, or where that run goes in the output, until a scan
 *         has counted the runs that start before it:
 *
 *             in       [1  2  3  6  6  6  5  5]
 *             mask     [1  1  1  1  0  0  1  0]   1 where a run starts
 *             scanned  [1  2  3  4  4  4  5  5]   inclusive scan: runs = 5
 *             starts   [0  1  2  3  6  8]         run starts, then n
 *             symbols  [1  2  3  6  5]            in[starts[r]]
 *             counts   [1  1  1  3  2]            starts[r+1] - starts[r]
 *
 *         Part A is this fine-grained encoder (PARLE), one thread per
 *         element; part B the two decoders, one by binary search and one
 *         by a scan of run-start flags; part C a coarse-grained encoder,
 *         one thread per segment of the input, whose pieces are stitched
 *         together. The two encoders must agree exactly.
 * Rules:  CUDA C; no Thrust, CUB or other libraries. The scans are those
 *         of common/scan.h (scan_inclusive_naive, scan_exclusive_tiled):
 *         the grader links its own copies, so labs 02 and 03 need not be
 *         finished.
 * Build:  make grade LAB=05                     grade this file
 *         make run LAB=05 N=16 FILL=sparse      print every step for one input
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
 */
#include <limits.h>

#include "cuda_check.h"
#include "rle.h"
#include "scan.h"
#include "todo.h"

#define THREADS_PER_BLOCK 256

/* ---- Part A: the fine-grained encoder (PARLE) --------------------------- */

/*
 * mask_kernel: one thread per element; 1 where a run starts.
 *
 *     in [1 2 3 6 6 6 5 5]:  i = 0 -> 1 (always),  i = 4 -> 0 (6 == 6),
 *                            i = 6 -> 1 (5 != 6)
 */
__global__ void mask_kernel(const int *d_in, int *d_mask, size_t n)
{
    // TODO(student): one thread per element; skip i >= n; element 0
    // always starts a run (and has no left neighbour to read).
    (void)d_in; (void)d_mask; (void)n;
}

/*
 * rle_mask: the backward mask.
 *
 * Example: [1 2 3 6 6 6 5 5] -> [1 1 1 1 0 0 1 0]
 */
cudaError_t rle_mask(const int *d_in, int *d_mask, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_mask);
    // TODO(student): launch mask_kernel with one thread per element.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * starts_kernel: one thread per element. A run start is a kept element
 * of a compaction (lab 04) whose value is its index i and whose place is
 * scanned[i] - 1; the last thread also writes the sentinel n after the
 * last run.
 *
 *     mask [1 1 1 1 0 0 1 0], scanned [1 2 3 4 4 4 5 5]:
 *     i = 6 -> starts[4] = 6;   i = 7 -> starts[5] = 8 (the sentinel)
 */
__global__ void starts_kernel(const int *d_mask, const int *d_scanned, int *d_starts, size_t n)
{
    // TODO(student): one thread per element; a run start writes its
    // index; thread n - 1 also writes the sentinel at starts[runs].
    (void)d_mask; (void)d_scanned; (void)d_starts; (void)n;
}

/*
 * rle_starts: the run starts and the sentinel, in d_starts[0..runs].
 *
 * Example: mask [1 1 1 1 0 0 1 0], scanned [1 2 3 4 4 4 5 5]
 *          -> starts [0 1 2 3 6 8]
 */
cudaError_t rle_starts(const int *d_mask, const int *d_scanned, int *d_starts, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_mask, d_scanned, d_starts);
    // TODO(student): launch starts_kernel with one thread per element.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * runs_kernel: one thread per run, its symbol and its count.
 *
 *     starts [0 1 2 3 6 8]:  r = 3 -> symbol in[3] = 6, count 6 - 3 = 3
 */
__global__ void runs_kernel(const int *d_in, const int *d_starts, int *d_symbols, int *d_counts,
                            size_t runs)
{
    // TODO(student): one thread per run; skip r >= runs.
    (void)d_in; (void)d_starts; (void)d_symbols; (void)d_counts; (void)runs;
}

/*
 * rle_runs: symbols and counts from the run starts.
 *
 * Example: in [1 2 3 6 6 6 5 5], starts [0 1 2 3 6 8], runs 5
 *          -> symbols [1 2 3 6 5], counts [1 1 1 3 2]
 */
cudaError_t rle_runs(const int *d_in, const int *d_starts, int *d_symbols, int *d_counts,
                     size_t runs)
{
    RETURN_IF_EMPTY_OR_NULL(runs == 0, d_in, d_starts, d_symbols, d_counts);
    // TODO(student): launch runs_kernel with one thread per run.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * encode_steps: mask, inclusive scan, starts, the run count, runs; in
 * scratch arrays d_mask and d_scanned (n ints each) and d_starts (n + 1
 * ints), n >= 1.
 *
 *     in [1 2 3 6 6 6 5 5] -> mask [1 1 1 1 0 0 1 0]
 *     -> scanned [1 2 3 4 4 4 5 5]: runs = scanned[7] = 5
 *     -> starts [0 1 2 3 6 8] -> symbols [1 2 3 6 5], counts [1 1 1 3 2]
 */
static cudaError_t encode_steps(const int *d_in, size_t n, int *d_symbols, int *d_counts,
                                int *d_mask, int *d_scanned, int *d_starts, size_t *runs)
{
    // TODO(student): rle_mask into d_mask; scan_inclusive_naive of it
    // into d_scanned; rle_starts into d_starts; copy the last scanned
    // value back (cudaMemcpy) into *runs; then rle_runs.
    (void)d_in; (void)n; (void)d_symbols; (void)d_counts;
    (void)d_mask; (void)d_scanned; (void)d_starts; (void)runs;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * rle_encode: the whole fine-grained encoder.
 *
 * Example: [1 2 3 6 6 6 5 5] -> symbols [1 2 3 6 5], counts [1 1 1 3 2], runs 5
 *
 * One allocation holds the three scratch arrays (3n + 1 ints).
 */
cudaError_t rle_encode(const int *d_in, size_t n, int *d_symbols, int *d_counts, size_t *runs)
{
    if (runs == NULL)
        return cudaErrorInvalidValue;
    *runs = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_symbols, d_counts);
    if (n >= INT_MAX)
        return cudaErrorInvalidValue;
    int *d_scratch;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_scratch, (3 * n + 1) * sizeof(int)));
    cudaError_t err = encode_steps(d_in, n, d_symbols, d_counts,
                                   d_scratch, d_scratch + n, d_scratch + 2 * n, runs);
    cudaError_t free_err = cudaFree(d_scratch);
    return err != cudaSuccess ? err : free_err;
}

/* ---- Part B: the decoders ---------------------------------------------- */

/*
 * find_run: the run that output element i belongs to, the last r with
 * d_starts[r] <= i, by binary search over d_starts[0..runs) (increasing,
 * d_starts[0] = 0).
 *
 *     starts [0 1 2 3 6]:  i = 5 -> 3,  i = 6 -> 4,  i = 0 -> 0
 */
__device__ size_t find_run(const int *d_starts, size_t runs, size_t i)
{
    // TODO(student): keep [low, high) around the answer and halve it.
    (void)d_starts; (void)runs; (void)i;
    return 0;
}

/* decode_search_kernel: one thread per output element, its run's symbol. */
__global__ void decode_search_kernel(const int *d_symbols, const int *d_starts, size_t runs,
                                     int *d_out, size_t n)
{
    // TODO(student): one thread per output element; skip i >= n.
    (void)d_symbols; (void)d_starts; (void)runs; (void)d_out; (void)n;
}

/*
 * rle_decode_search: the exclusive scan of the counts (scan_exclusive_tiled)
 * gives the run starts, in a scratch array of `runs` ints; then
 * decode_search_kernel.
 *
 * Example: symbols [1 2 3 6 5], counts [1 1 1 3 2] -> starts [0 1 2 3 6]
 *          -> out [1 2 3 6 6 6 5 5]
 */
cudaError_t rle_decode_search(const int *d_symbols, const int *d_counts, size_t runs,
                              int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(runs == 0 && n == 0, d_symbols, d_counts, d_out);
    if (runs == 0 || runs > n || n >= INT_MAX)
        return cudaErrorInvalidValue;
    int *d_starts;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_starts, runs * sizeof(int)));
    cudaError_t err = cudaSuccess;
    // TODO(student): scan_exclusive_tiled of d_counts into d_starts; then
    // launch decode_search_kernel with one thread per output element.
    // Keep the first error in err: d_starts is freed below either way.
    TODO_STUDENT();
    err = cudaErrorNotYetImplemented;
    cudaError_t free_err = cudaFree(d_starts);
    return err != cudaSuccess ? err : free_err;
}

/*
 * flag_starts_kernel: one thread per run, a 1 where the run starts in a
 * zeroed array of n flags.
 *
 *     starts [0 1 2 3 6] -> flags [1 1 1 1 0 0 1 0]
 */
__global__ void flag_starts_kernel(const int *d_starts, size_t runs, int *d_flags)
{
    // TODO(student): one thread per run; skip r >= runs.
    (void)d_starts; (void)runs; (void)d_flags;
}

/*
 * gather_kernel: one thread per output element; d_run_ends is the
 * inclusive scan of the flags, so element i belongs to run d_run_ends[i] - 1.
 *
 *     run_ends [1 2 3 4 4 4 5 5]:  i = 5 -> symbols[3]
 */
__global__ void gather_kernel(const int *d_symbols, const int *d_run_ends, int *d_out, size_t n)
{
    // TODO(student): one thread per output element; skip i >= n.
    (void)d_symbols; (void)d_run_ends; (void)d_out; (void)n;
}

/*
 * decode_scan_steps: starts (exclusive scan of the counts), flags zeroed
 * and set at each start, their inclusive scan, the gather; in scratch
 * arrays d_starts (runs ints), d_flags and d_run_ends (n ints each).
 *
 *     counts [1 1 1 3 2] -> starts [0 1 2 3 6] -> flags [1 1 1 1 0 0 1 0]
 *     -> run_ends [1 2 3 4 4 4 5 5] -> out [1 2 3 6 6 6 5 5]
 */
static cudaError_t decode_scan_steps(const int *d_symbols, const int *d_counts, size_t runs,
                                     int *d_out, size_t n,
                                     int *d_starts, int *d_flags, int *d_run_ends)
{
    // TODO(student): scan_exclusive_tiled of d_counts into d_starts;
    // cudaMemset d_flags to zero; flag_starts_kernel (one thread per run);
    // scan_inclusive_naive of d_flags into d_run_ends; gather_kernel.
    (void)d_symbols; (void)d_counts; (void)runs; (void)d_out; (void)n;
    (void)d_starts; (void)d_flags; (void)d_run_ends;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * rle_decode_scan: the decoder without a search.
 *
 * Example: symbols [1 2 3 6 5], counts [1 1 1 3 2] -> out [1 2 3 6 6 6 5 5]
 */
cudaError_t rle_decode_scan(const int *d_symbols, const int *d_counts, size_t runs,
                            int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(runs == 0 && n == 0, d_symbols, d_counts, d_out);
    if (runs == 0 || runs > n || n >= INT_MAX)
        return cudaErrorInvalidValue;
    int *d_scratch;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_scratch, (runs + 2 * n) * sizeof(int)));
    cudaError_t err = decode_scan_steps(d_symbols, d_counts, runs, d_out, n,
                                        d_scratch, d_scratch + runs, d_scratch + runs + n);
    cudaError_t free_err = cudaFree(d_scratch);
    return err != cudaSuccess ? err : free_err;
}

/* ---- Part C: the coarse-grained encoder -------------------------------- */

/*
 * segment_kernel: thread s encodes in[s*segment .. min(n, (s+1)*segment))
 * with the serial loop, into the pieces at offset s*segment (a segment
 * has at most `segment` runs, so the pieces never overlap), and says how
 * many runs it found and how many of them are new: the first one is not
 * new when it continues the previous segment's last run.
 *
 *     in [1 2 3 6 | 6 6 5 5], segment 4:
 *     s = 0 -> pieces [1 2 3 6] [1 1 1 1], piece_runs 4, new_runs 4
 *     s = 1 -> pieces [6 5] [2 2],         piece_runs 2, new_runs 1
 *
 * Each thread reads its own stretch of memory: neighbouring threads read
 * addresses `segment` ints apart, so a warp's loads are not coalesced.
 */
__global__ void segment_kernel(const int *d_in, size_t n, size_t segment, size_t segments,
                               int *d_piece_symbols, int *d_piece_counts,
                               int *d_piece_runs, int *d_new_runs)
{
    // TODO(student): one thread per segment; the serial encoder over
    // its elements, writing pieces from offset s * segment.
    (void)d_in; (void)n; (void)segment; (void)segments;
    (void)d_piece_symbols; (void)d_piece_counts; (void)d_piece_runs; (void)d_new_runs;
}

/*
 * stitch_kernel: thread s copies its pieces to the output from run
 * d_offsets[s] (the exclusive scan of the new runs). When its first piece
 * continues the previous run, that piece's count is added to the output
 * run before, and its symbol is not written again. d_counts starts zeroed
 * and every count is added with atomicAdd, because a run that crosses
 * boundaries is added to by several segments at once.
 *
 *     offsets [0 4]:  s = 1, joined: piece 0 (count 2) adds to run 3,
 *     piece 1 -> run 4;  counts [1 1 1 1+2 2]
 */
__global__ void stitch_kernel(const int *d_in, size_t segment, size_t segments,
                              const int *d_piece_symbols, const int *d_piece_counts,
                              const int *d_piece_runs, const int *d_offsets,
                              int *d_symbols, int *d_counts)
{
    // TODO(student): one thread per segment; piece k goes to output run
    // offsets[s] + k, minus one when piece 0 continues the previous run.
    (void)d_in; (void)segment; (void)segments; (void)d_piece_symbols; (void)d_piece_counts;
    (void)d_piece_runs; (void)d_offsets; (void)d_symbols; (void)d_counts;
}

/*
 * segmented_steps: segment_kernel; scan_exclusive_tiled of the new runs;
 * the run count (last offset + last new runs, copied back); d_counts
 * zeroed for the runs; stitch_kernel. Scratch: pieces (n ints each), and
 * piece runs, new runs and offsets (`segments` ints each). n >= 1.
 */
static cudaError_t segmented_steps(const int *d_in, size_t n, size_t segment, size_t segments,
                                   int *d_symbols, int *d_counts, size_t *runs,
                                   int *d_piece_symbols, int *d_piece_counts,
                                   int *d_piece_runs, int *d_new_runs, int *d_offsets)
{
    // TODO(student): segment_kernel (one thread per segment);
    // scan_exclusive_tiled of d_new_runs into d_offsets; *runs = last
    // offset + last new runs (two cudaMemcpy); cudaMemset d_counts[0..*runs)
    // to zero; stitch_kernel.
    (void)d_in; (void)n; (void)segment; (void)segments; (void)d_symbols; (void)d_counts;
    (void)runs; (void)d_piece_symbols; (void)d_piece_counts; (void)d_piece_runs;
    (void)d_new_runs; (void)d_offsets;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * rle_encode_segmented: the coarse-grained encoder.
 *
 * Example (segment 4): [1 2 3 6 | 6 6 5 5]
 *          -> symbols [1 2 3 6 5], counts [1 1 1 3 2], runs 5
 *
 * One allocation holds every scratch array (2n + 3 * segments ints).
 */
cudaError_t rle_encode_segmented(const int *d_in, size_t n, size_t segment,
                                 int *d_symbols, int *d_counts, size_t *runs)
{
    if (runs == NULL || segment == 0)
        return cudaErrorInvalidValue;
    *runs = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_symbols, d_counts);
    if (n >= INT_MAX)
        return cudaErrorInvalidValue;
    size_t segments = n / segment + (n % segment != 0);
    int *d_scratch;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_scratch, (2 * n + 3 * segments) * sizeof(int)));
    int *d_piece_runs = d_scratch + 2 * n;
    cudaError_t err = segmented_steps(d_in, n, segment, segments, d_symbols, d_counts, runs,
                                      d_scratch, d_scratch + n, d_piece_runs,
                                      d_piece_runs + segments, d_piece_runs + 2 * segments);
    cudaError_t free_err = cudaFree(d_scratch);
    return err != cudaSuccess ? err : free_err;
}
