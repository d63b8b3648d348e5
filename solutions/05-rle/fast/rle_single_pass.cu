/*
 * rle_single_pass.cu: lab 05's run-length encoder in one pass, the fast
 * reference (common/fast.h). Not a student's task: lab 05 teaches PARLE
 * (mask, scan, starts, runs) and the segmented encoder in rle.cu beside it.
 *
 * PARLE stores a mask, its scan and the run starts, and reads each back:
 * about 8 memory operations an element, and the run count goes to the
 * host. Here one kernel reads each element once and writes each run once,
 * (n + 2 * runs) * 4 bytes, the least an encoder can move. Per tile of
 * SP_TILE elements, one block marks the tails (the last element of each
 * run), scans the marks (lab 07's tile_scan_exclusive) and learns from the
 * earlier tiles two numbers: how many runs ended before the tile, and
 * where the last of them ended (where the tile's first run started):
 *
 *     in      [1 2 3 6 | 6 6 5 5]    two tiles of 4
 *     tails   [1 1 1 0 | 0 1 0 1]    in[i] != in[i+1], or i = n - 1
 *     ranks   [0 1 2 3 | 0 0 1 1]    exclusive scan of the tails
 *     ends    [1 2 3]    [6 8]       i + 1 at each tail, at its rank
 *     tile    3 runs, last end 3     2 runs, last end 8
 *     prefix  (0, 0)                 (3 runs, last end 3)
 *     symbols [1 2 3 | 6 5]          in[end - 1]
 *     counts  [1 1 1 | 3 2]          end - the end before it (6 - 3: the
 *                                    run of 6s began in the tile before)
 *
 * The tails are marked and ranked as the one-pass compaction marks kept
 * elements (note_marks), with one difference: deciding whether an element
 * ends a run takes its neighbour, so the tile is staged in shared memory
 * first. The pair (runs, last end) is looked back for as lab 07 looks
 * back for a sum, with a different rule to combine tiles: the runs add
 * up, and the last end is the later tile's when it has one, else the
 * earlier tile's. Those pieces, which lab 08's fast cascade reuses, are
 * in rle_pieces.cuh, with the compaction's note_marks and lab 07's pieces.
 */
#include "rle_pieces.cuh"
#include "fast.h"

/* ---- The encoder (the layout of its shared memory: rle_pieces.cuh) ---------- */

/* stage_tile: the tile at `first` and the 4 elements after it into
 * tile_in, zeros past n, read as int4 (lab 07's load_vectors). */
__device__ void stage_tile(const int *d_in, size_t n, size_t first, int *tile_in)
{
    int4 values[VECTORS];
    load_vectors(d_in, n, first, values);
    for (int r = 0; r < VECTORS; r++)
        *(int4 *)(tile_in + (vector_first(first, r) - first)) = values[r];
    if (threadIdx.x < 4)
        tile_in[SP_TILE + threadIdx.x] = first + SP_TILE + threadIdx.x < n ? d_in[first + SP_TILE + threadIdx.x] : 0;
}

/* rle_encode_kernel: one tile per block, staged from d_in, then encoded. */
__global__ void __launch_bounds__(SP_THREADS, RLE_MIN_BLOCKS)
rle_encode_kernel(const int *d_in, size_t n, int *d_symbols, int *d_counts, int *d_runs,
                  tile_status *d_status, unsigned *d_next_tile)
{
    extern __shared__ int4 staging[];
    int *tile_in = (int *)staging;
    size_t tile = take_tile_number(d_next_tile);
    stage_tile(d_in, n, tile * SP_TILE, tile_in);
    __syncthreads();
    encode_staged_tile(tile_in, (unsigned short *)(tile_in + TILE_IN_INTS), tile, gridDim.x, n, d_symbols, d_counts,
                       d_runs, d_status);
}

/* The same storage as lab 07's scan: a tile counter, a word per tile. */
size_t rle_encode_single_pass_temp_bytes(size_t n)
{
    return COUNTER_BYTES + (n + SP_TILE - 1) / SP_TILE * sizeof(tile_status);
}

cudaError_t rle_encode_single_pass(const int *d_in, size_t n, int *d_symbols, int *d_counts, int *d_runs,
                                   void *d_temp, size_t temp_bytes)
{
    if (d_runs == NULL || n > FAST_MAX_N)
        return cudaErrorInvalidValue;
    if (n == 0)
        return cudaMemsetAsync(d_runs, 0, sizeof(int), 0);
    if (d_in == NULL || d_symbols == NULL || d_counts == NULL || d_temp == NULL ||
        temp_bytes < rle_encode_single_pass_temp_bytes(n))
        return cudaErrorInvalidValue;
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(d_temp, 0, rle_encode_single_pass_temp_bytes(n), 0));
    RETURN_IF_CUDA_ERROR(cudaFuncSetAttribute(rle_encode_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                              (int)STAGING_BYTES));
    rle_encode_kernel<<<blocks_for(n, SP_TILE), SP_THREADS, STAGING_BYTES>>>(
        d_in, n, d_symbols, d_counts, d_runs, storage_words(d_temp), storage_counter(d_temp));
    return cudaGetLastError();
}

/* ---- The decoder ------------------------------------------------------------------
 *
 * rle_decode_search scans the counts (a pass over the runs) and then
 * searches them from every output element; rle_decode_scan writes and
 * scans n flags. Here one kernel reads each run once and writes each
 * output element once, (2 * runs + n) * 4 bytes: per tile of DECODE_TILE
 * runs, a block scans its counts into the runs' starts in the tile (lab
 * 07's block scan, 4 runs a thread), learns where its output begins (lab
 * 07's decoupled_prefix: the sum of all counts before it), and writes its
 * part of the output, each thread 4 consecutive elements a step as an
 * int4, finding their runs by binary search over the starts in shared
 * memory:
 *
 *     symbols [1 2 3 6 | 5]  counts [1 1 1 3 | 2]     two tiles of 4 runs
 *     starts  [0 1 2 3] 6    [0] 2                   tile totals 6 and 2
 *     prefix  0              6
 *     out     [1 2 3 6 6 6 | 5 5]
 *
 * A tile is 1024 runs, not lab 07's 8192: the work of a block is the
 * output of its runs, and with runs of 16 a tile of 8192 runs left a grid
 * of 2^26 elements 490 blocks, each writing 137000 elements through a
 * search per 4; the decoder reached 0.36 of copy (H100). With 1024 runs,
 * 8 blocks fit an SM and the searches of many overlap: 0.65 of copy.
 * It stays below the copy because it issues too many instructions for the
 * bytes it moves (ncu: the SM 75% busy, DRAM 45%): a search of 10 steps
 * per 4 elements. Filling a window in shared memory with one search per
 * 16 elements cost more in barriers than it saved (0.53).                 */
#define DECODE_TILE (SP_THREADS * 4)

/* write_output: elements [first, first + 4) of the tile's output (those
 * below `total` and n), their runs found from `run` on. Stored as one
 * int4 when all 4 are written and aligned. */
__device__ void write_output(int *d_out, size_t n, size_t out_first, int first, int total, const int *starts,
                             const int *symbols, int runs, int run)
{
    int values[4];
    for (int j = 0; j < 4; j++) {
        while (run + 1 < runs && starts[run + 1] <= first + j)
            run++;
        values[j] = symbols[run];
    }
    size_t i = out_first + first;
    if (first + 4 <= total && i + 4 <= n && (uintptr_t)(d_out + i) % 16 == 0) {
        *(int4 *)(d_out + i) = make_int4(values[0], values[1], values[2], values[3]);
    } else {
        for (int j = 0; j < 4 && first + j < total && i + j < n; j++)
            d_out[i + j] = values[j];
    }
}

__global__ void __launch_bounds__(SP_THREADS)
rle_decode_kernel(const int *d_symbols, const int *d_counts, size_t runs, int *d_out, size_t n,
                  tile_status *d_status, unsigned *d_next_tile)
{
    __shared__ int4 symbols4[DECODE_TILE / 4], starts4[DECODE_TILE / 4];
    int *symbols = (int *)symbols4, *starts = (int *)starts4;
    size_t tile = take_tile_number(d_next_tile);
    size_t first_run = tile * DECODE_TILE;
    int tile_runs = (int)(runs - first_run < DECODE_TILE ? runs - first_run : DECODE_TILE);
    int4 counts = load_runs(d_counts, runs, first_run + 4 * threadIdx.x);
    symbols4[threadIdx.x] = load_runs(d_symbols, runs, first_run + 4 * threadIdx.x);
    int total;
    int before = block_scan_exclusive(counts.x + counts.y + counts.z + counts.w, &total);
    starts4[threadIdx.x] = make_int4(before, before + counts.x, before + counts.x + counts.y,
                                     before + counts.x + counts.y + counts.z);
    /* decoupled_prefix ends with a barrier: symbols and starts are complete. */
    size_t out_first = (size_t)decoupled_prefix(d_status, tile, total);
    /* Elements before the first 16-byte boundary, one a thread; then 4 a
     * thread a step, from the boundary on, so that each int4 is aligned. */
    int head = (int)((16 - (uintptr_t)(d_out + out_first) % 16) % 16 / sizeof(int));
    if (head > total)
        head = total;
    if ((int)threadIdx.x < head && out_first + threadIdx.x < n)
        d_out[out_first + threadIdx.x] = symbols[find_run(starts, tile_runs, threadIdx.x)];
    for (int first = head + 4 * threadIdx.x; first < total; first += 4 * SP_THREADS)
        write_output(d_out, n, out_first, first, total, starts, symbols, tile_runs,
                     find_run(starts, tile_runs, first));
}

/* A tile counter and a status word per tile of DECODE_TILE runs. */
size_t rle_decode_single_pass_temp_bytes(size_t runs)
{
    return COUNTER_BYTES + (runs + DECODE_TILE - 1) / DECODE_TILE * sizeof(tile_status);
}

cudaError_t rle_decode_single_pass(const int *d_symbols, const int *d_counts, size_t runs, int *d_out, size_t n,
                                   void *d_temp, size_t temp_bytes)
{
    if (runs == 0 && n == 0)
        return cudaSuccess;
    size_t needed = rle_decode_single_pass_temp_bytes(runs);
    if (runs == 0 || runs > FAST_MAX_N || n > FAST_MAX_N || d_symbols == NULL || d_counts == NULL ||
        d_out == NULL || d_temp == NULL || temp_bytes < needed)
        return cudaErrorInvalidValue;
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(d_temp, 0, needed, 0));
    rle_decode_kernel<<<blocks_for(runs, DECODE_TILE), SP_THREADS>>>(
        d_symbols, d_counts, runs, d_out, n, storage_words(d_temp), storage_counter(d_temp));
    return cudaGetLastError();
}
