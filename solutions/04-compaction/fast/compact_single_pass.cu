/*
 * compact_single_pass.cu: lab 04's compaction in one pass, the fast
 * reference (common/fast.h). Not a student's task: lab 04 teaches the
 * three-step version (flags, scan, scatter) in compaction.cu beside it.
 *
 * Lab 04's compact_if runs four kernels and a copy to the host: flags
 * (read n, write n), the scan of the flags (read n, write n, and more),
 * the scatter (read 3n, write kept), then the count read back. Here one
 * kernel reads each element once and writes each kept one once, the
 * least a compaction can move: (n + kept) * 4 bytes. Per tile of SP_TILE
 * elements, one block:
 *
 *     in      [5 -2 8 7 | 0 4 9 1]     two tiles of 4, KEEP_GREATER_THAN 4
 *     flags   [1  0 1 1 | 0 0 1 0]     in registers, never stored
 *     ranks   [0  1 1 2 | 0 0 0 1]     tile_scan_exclusive (lab 07, C)
 *     kept    3           1            the tiles' totals
 *     prefix  0           3            decoupled_prefix (lab 07, E)
 *     out     [5 8 7 9]                out[prefix + rank] = in
 *
 * The ladder (make bench BENCH=compact), one change a version:
 *   1  compact_if, lab 04 as taught (compaction.cu)
 *   2  compact_if_single_pass_direct: the one pass above, each kept
 *      element stored by its own thread
 *   3  compact_if_single_pass_staged: the kept elements gathered in shared
 *      memory, then stored by consecutive threads
 *   4  compact_if_single_pass: the flags kept as bits (note_marks), so
 *      that 4 blocks fit an SM where 3 did
 *
 * Built from lab 07's pieces (tile_scan_exclusive, decoupled_prefix ...)
 * through compact_pieces.cuh, which holds the piece the one-pass RLE
 * reuses (note_marks) and includes lab 07's.
 */
#include "compact_pieces.cuh"
#include "fast.h"

/* keeps: compact.h's predicates, as lab 04's keeps() (not linked here). */
template <enum compact_predicate predicate>
__device__ int keeps(int value, int operand)
{
    if (predicate == KEEP_NONZERO)
        return value != 0;
    if (predicate == KEEP_GREATER_THAN)
        return value > operand;
    return value % 2 == 0;
}

/* kept_at: 1 if the element `value` at index i is kept (and i < n). */
template <enum compact_predicate predicate>
__device__ int kept_at(int value, size_t i, size_t n, int operand)
{
    return i < n && keeps<predicate>(value, operand);
}

/* flag_vectors: kept_at for each element of the thread's vectors, laid
 * out as the vectors are (vector_first). */
template <enum compact_predicate predicate>
__device__ void flag_vectors(const int4 values[VECTORS], size_t n, size_t tile_first, int operand,
                             int4 flags[VECTORS])
{
    for (int r = 0; r < VECTORS; r++) {
        size_t i = vector_first(tile_first, r);
        flags[r] = make_int4(kept_at<predicate>(values[r].x, i, n, operand),
                             kept_at<predicate>(values[r].y, i + 1, n, operand),
                             kept_at<predicate>(values[r].z, i + 2, n, operand),
                             kept_at<predicate>(values[r].w, i + 3, n, operand));
    }
}

/* scatter_kept: each kept element of the thread to d_out[its rank], the
 * flags computed again from the values (cheaper than 32 registers to
 * keep them). d_out is the global output (ladder version 2) or the tile's
 * staging array in shared memory (version 3). */
template <enum compact_predicate predicate>
__device__ void scatter_kept(const int4 values[VECTORS], const int4 ranks[VECTORS], size_t n,
                             size_t tile_first, int operand, int *d_out)
{
    for (int r = 0; r < VECTORS; r++) {
        size_t i = vector_first(tile_first, r);
        if (kept_at<predicate>(values[r].x, i, n, operand)) d_out[ranks[r].x] = values[r].x;
        if (kept_at<predicate>(values[r].y, i + 1, n, operand)) d_out[ranks[r].y] = values[r].y;
        if (kept_at<predicate>(values[r].z, i + 2, n, operand)) d_out[ranks[r].z] = values[r].z;
        if (kept_at<predicate>(values[r].w, i + 3, n, operand)) d_out[ranks[r].w] = values[r].w;
    }
}

/*
 * compact_kernel: one tile per block (take_tile_number). Load the tile as
 * int4, flag it, scan the flags into ranks, get the tile's prefix (the
 * kept count of all tiles before it) and store the kept elements at
 * prefix + rank. The last tile writes the total count.
 *
 * staged = 0 (ladder version 2): each thread stores its own kept
 * elements. A warp's stores then land wherever its lanes' ranks are: at
 * 50% kept, one store instruction of 32 lanes touches about 32 ints
 * spread over 512 bytes, a few partly written 32-byte sectors each.
 * staged = 1 (version 3): the kept elements go to shared memory first, at
 * their rank, then the block stores ranks 0, 1, 2, ... from consecutive
 * threads: every sector written whole, once.
 */
/* Blocks an SM must hold: asking for 3 keeps the kernel within 85
 * registers a thread (94 unasked, 2 blocks an SM); with more tiles loading
 * at once, version 3 went from 0.80 to 0.96 of CUB's time at 10% kept,
 * 2^26, on an H100. Asking for 4 (64 registers) spills to local memory and
 * loses again: version 4 frees the registers instead. */
#define COMPACT_MIN_BLOCKS 3
template <enum compact_predicate predicate, int staged>
__global__ void __launch_bounds__(SP_THREADS, COMPACT_MIN_BLOCKS) compact_kernel(const int *d_in, int *d_out, size_t n, int operand, int *d_kept,
                               tile_status *d_status, unsigned *d_next_tile)
{
    __shared__ int staging[staged ? SP_TILE : 1];
    size_t tile = take_tile_number(d_next_tile);
    int4 values[VECTORS], ranks[VECTORS];
    load_vectors(d_in, n, tile * SP_TILE, values);
    flag_vectors<predicate>(values, n, tile * SP_TILE, operand, ranks); /* flags, scanned in place */
    int tile_kept;
    tile_scan_exclusive(ranks, &tile_kept);
    int prefix = decoupled_prefix(d_status, tile, tile_kept);
    if (staged) {
        scatter_kept<predicate>(values, ranks, n, tile * SP_TILE, operand, staging);
        __syncthreads();
        for (int k = threadIdx.x; k < tile_kept; k += SP_THREADS)
            d_out[prefix + k] = staging[k];
    } else {
        add_to_vectors(ranks, prefix);
        scatter_kept<predicate>(values, ranks, n, tile * SP_TILE, operand, d_out);
    }
    if (tile == gridDim.x - 1 && threadIdx.x == 0)
        *d_kept = prefix + tile_kept;
}

/* kept_marks: bits 0-3 set for the kept elements of the vector at i. */
template <enum compact_predicate predicate>
__device__ unsigned kept_marks(int4 vector, size_t i, size_t n, int operand)
{
    return kept_at<predicate>(vector.x, i, n, operand) | kept_at<predicate>(vector.y, i + 1, n, operand) << 1 |
           kept_at<predicate>(vector.z, i + 2, n, operand) << 2 | kept_at<predicate>(vector.w, i + 3, n, operand) << 3;
}

/* Blocks an SM must hold in version 4: 4, in 64 registers a thread. */
#define MARKS_MIN_BLOCKS 4

/*
 * compact_marks_kernel (ladder version 4, the fast reference): version 3
 * with the flags as bits (note_marks): 64 registers a thread where
 * version 3 needs 85, so 4 blocks an SM load at once instead of 3. That
 * took the one-pass compaction from 0.97 to 1.09x of CUB at 10% kept
 * (H100, 2^26).
 */
template <enum compact_predicate predicate>
__global__ void __launch_bounds__(SP_THREADS, MARKS_MIN_BLOCKS)
compact_marks_kernel(const int *d_in, int *d_out, size_t n, int operand, int *d_kept, tile_status *d_status,
                     unsigned *d_next_tile)
{
    __shared__ int staging[SP_TILE];
    size_t tile = take_tile_number(d_next_tile);
    int4 values[VECTORS];
    load_vectors(d_in, n, tile * SP_TILE, values);
    unsigned marks = 0;
    int4 ranks[VECTORS];
    for (int r = 0; r < VECTORS; r++)
        note_marks(kept_marks<predicate>(values[r], vector_first(tile * SP_TILE, r), n, operand), r, &marks, ranks);
    int tile_kept;
    tile_scan_exclusive(ranks, &tile_kept);
    for (int r = 0; r < VECTORS; r++) {
        const int vector[4] = {values[r].x, values[r].y, values[r].z, values[r].w};
        for (int k = 0, rank = ranks[r].x; k < 4; k++)
            if (marks >> (4 * r + k) & 1)
                staging[rank++] = vector[k];
    }
    /* decoupled_prefix ends with a barrier: staging is complete after it. */
    int prefix = decoupled_prefix(d_status, tile, tile_kept);
    for (int k = threadIdx.x; k < tile_kept; k += SP_THREADS)
        d_out[prefix + k] = staging[k];
    if (tile == gridDim.x - 1 && threadIdx.x == 0)
        *d_kept = prefix + tile_kept;
}

/* The same storage as lab 07's scan: a tile counter, a word per tile. */
size_t compact_single_pass_temp_bytes(size_t n)
{
    return COUNTER_BYTES + (n + SP_TILE - 1) / SP_TILE * sizeof(tile_status);
}

/* The checks every version makes; cudaSuccess when the call may go on,
 * after setting *d_kept for n = 0 (the sign in *done). */
static cudaError_t check_arguments(const int *d_in, int *d_out, size_t n, enum compact_predicate predicate,
                                   int *d_kept, void *d_temp, size_t temp_bytes, int *done)
{
    *done = 1;
    if (d_kept == NULL || (unsigned)predicate > (unsigned)KEEP_EVEN || n > FAST_MAX_N)
        return cudaErrorInvalidValue;
    if (n == 0)
        return cudaMemsetAsync(d_kept, 0, sizeof(int), 0);
    if (d_in == NULL || d_out == NULL || d_temp == NULL || temp_bytes < compact_single_pass_temp_bytes(n))
        return cudaErrorInvalidValue;
    *done = 0;
    return cudaSuccess;
}

/* Versions 2 and 3: clear the storage, then one block per tile, the
 * kernel made for this predicate (a switch per element would cost as much
 * as the comparison). */
template <int staged>
static cudaError_t launch(const int *d_in, int *d_out, size_t n, enum compact_predicate predicate,
                          int operand, int *d_kept, void *d_temp, size_t temp_bytes)
{
    int done;
    cudaError_t err = check_arguments(d_in, d_out, n, predicate, d_kept, d_temp, temp_bytes, &done);
    if (done)
        return err;
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(d_temp, 0, compact_single_pass_temp_bytes(n), 0));
    unsigned tiles = blocks_for(n, SP_TILE), *d_next_tile = storage_counter(d_temp);
    tile_status *d_status = storage_words(d_temp);
    if (predicate == KEEP_NONZERO)
        compact_kernel<KEEP_NONZERO, staged><<<tiles, SP_THREADS>>>(d_in, d_out, n, operand, d_kept,
                                                                   d_status, d_next_tile);
    else if (predicate == KEEP_GREATER_THAN)
        compact_kernel<KEEP_GREATER_THAN, staged><<<tiles, SP_THREADS>>>(d_in, d_out, n, operand, d_kept,
                                                                        d_status, d_next_tile);
    else
        compact_kernel<KEEP_EVEN, staged><<<tiles, SP_THREADS>>>(d_in, d_out, n, operand, d_kept,
                                                                d_status, d_next_tile);
    return cudaGetLastError();
}

/* Version 4 for one predicate. */
template <enum compact_predicate predicate>
static cudaError_t launch_marks(const int *d_in, int *d_out, size_t n, int operand, int *d_kept, void *d_temp)
{
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(d_temp, 0, compact_single_pass_temp_bytes(n), 0));
    compact_marks_kernel<predicate><<<blocks_for(n, SP_TILE), SP_THREADS>>>(
        d_in, d_out, n, operand, d_kept, storage_words(d_temp), storage_counter(d_temp));
    return cudaGetLastError();
}

cudaError_t compact_if_single_pass_direct(const int *d_in, int *d_out, size_t n,
                                          enum compact_predicate predicate, int operand,
                                          int *d_kept, void *d_temp, size_t temp_bytes)
{
    return launch<0>(d_in, d_out, n, predicate, operand, d_kept, d_temp, temp_bytes);
}

cudaError_t compact_if_single_pass_staged(const int *d_in, int *d_out, size_t n,
                                          enum compact_predicate predicate, int operand,
                                          int *d_kept, void *d_temp, size_t temp_bytes)
{
    return launch<1>(d_in, d_out, n, predicate, operand, d_kept, d_temp, temp_bytes);
}

cudaError_t compact_if_single_pass(const int *d_in, int *d_out, size_t n,
                                   enum compact_predicate predicate, int operand, int *d_kept,
                                   void *d_temp, size_t temp_bytes)
{
    int done;
    cudaError_t err = check_arguments(d_in, d_out, n, predicate, d_kept, d_temp, temp_bytes, &done);
    if (done)
        return err;
    if (predicate == KEEP_NONZERO)
        return launch_marks<KEEP_NONZERO>(d_in, d_out, n, operand, d_kept, d_temp);
    if (predicate == KEEP_GREATER_THAN)
        return launch_marks<KEEP_GREATER_THAN>(d_in, d_out, n, operand, d_kept, d_temp);
    return launch_marks<KEEP_EVEN>(d_in, d_out, n, operand, d_kept, d_temp);
}
