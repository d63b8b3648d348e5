/*
 * Lab 07: the single-pass scan (decoupled look-back; Merrill and Garland,
 * 2016), the way CUB's DeviceScan does it.
 *
 * Goal:   an exclusive scan that reads each element once and writes it
 *         once, as fast as copying the array. Each block scans one tile of
 *         SP_TILE = 8192 elements in registers, then needs only one number
 *         from the rest of the GPU: the sum of all tiles before its own.
 *         It gets it from the tiles' status words (single_pass.h):
 *
 *             tile        0          1          2          3
 *             sums        5          2          7          1
 *             status   [INCL 5]   [AGG 2]    [INCL 14]  [AGG 1]
 *
 *         As soon as its tile is scanned, a block publishes AGGREGATE (its
 *         own sum), looks back over its predecessors' words, adding
 *         AGGREGATE values until it meets an INCLUSIVE one, then publishes
 *         INCLUSIVE (everything up to and including itself). Nobody waits
 *         for a whole chain: tile 3 above stops at tile 2 (14).
 *
 *         You build it in steps, each graded on its own:
 *           A  warp_scan_inclusive     32 lanes, __shfl_up_sync
 *           B  block_scan_exclusive    256 threads, from warp scans
 *           C  load_vectors, store_vectors, tile_scan_exclusive
 *                                       32 elements a thread, int4 loads
 *           D  read_status, publish_status, lookback_prefix
 *           E  take_tile_number, decoupled_prefix, single_pass_kernel,
 *              scan_exclusive_single_pass
 *
 *         Tile numbers come from an atomic counter, not from blockIdx.x:
 *         a GPU does not start blocks in index order, and a block that
 *         waits for a tile whose block has not started (and cannot start:
 *         the GPU is full of waiting blocks) waits forever. Taken in the
 *         order blocks start, every tile a block waits for is already
 *         being worked on.
 * Rules:  CUDA C; no Thrust, CUB or other scan libraries.
 * Build:  make grade LAB=07        grade this file
 *         make run LAB=07 N=5000   print each step for one array
 *         make bench BENCH=single_pass   beside cudaMemcpy and CUB (GPU)
 *
 * Each function below with a stub marked TODO(student) is yours. The
 * kernels without one are given: they run your functions for the tests.
 */
#include <stdint.h>

#include "cuda_check.h"
#include "single_pass.h"
#include "todo.h"

#define FULL_MASK 0xffffffffu
#define WARPS (SP_THREADS / SP_WARP)
#define VECTORS (SP_ITEMS / 4) /* int4 loads per thread */

/* ---- A: the warp scan ------------------------------------------------------ */

/*
 * warp_scan_inclusive: the inclusive scan of `value` across the 32 lanes
 * of the calling warp, in registers. Each step a lane adds the value
 * `offset` lanes below it (Hillis-Steele, as in lab 02, with shuffles for
 * the shared array):
 *
 *     lane        0  1  2  3  4  5  6  7 ...
 *     value       3  1  7  0  4  1  6  3
 *     offset 1    3  4  8  7  4  5  7  9
 *     offset 2    3  4 11 11 12 12 11 14
 *     offset 4    3  4 11 11 15 16 22 25 ...
 *
 * Every lane of the warp must call it (the shuffles name all 32).
 */
__device__ int warp_scan_inclusive(int value)
{
    // TODO(student): 5 steps of __shfl_up_sync; lanes below `offset` keep their value.
    return value;
}

/* warps_kernel (given): one element per thread, each warp scans its 32.
 * Threads past n take part with 0: a shuffle needs every lane. */
__global__ void warps_kernel(const int *d_in, int *d_out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    int scanned = warp_scan_inclusive(i < n ? d_in[i] : 0);
    if (i < n)
        d_out[i] = scanned;
}

/*
 * scan_warps_inclusive: launch warps_kernel, SP_THREADS threads a block.
 *
 * Example: 33 ones -> [1 2 ... 32 1]
 */
cudaError_t scan_warps_inclusive(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // TODO(student): blocks_for(n, SP_THREADS) blocks of SP_THREADS threads.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- B: the block scan ----------------------------------------------------- */

/*
 * block_scan_exclusive: the exclusive scan of `value` across the
 * SP_THREADS threads of the block; the block's total in *block_total.
 * Each warp scans its own values; the last lane of each writes its warp's
 * total to shared memory; warp 0 scans those 8 totals; each thread adds
 * its warp's offset. Two warps of 4 lanes, to see it small:
 *
 *     values          [3 1 7 0 | 4 1 6 3]
 *     warp scans      [3 4 11 11 | 4 5 11 14]   warp totals [11 14]
 *     warp offsets    [0 11]                    block total 25
 *     exclusive       [0 3 4 11 | 11 15 16 22]  (inclusive - value + offset)
 *
 * Every thread of the block must call it, once per kernel (its shared
 * memory is reused by the next call without a barrier).
 */
__device__ int block_scan_exclusive(int value, int *block_total)
{
    // TODO(student): warp scans, warp totals in __shared__, warp 0 scans them, barriers between.
    *block_total = 0;
    return value;
}

/* blocks_kernel (given): one element per thread, each block scans its own. */
__global__ void blocks_kernel(const int *d_in, int *d_out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    int total;
    int scanned = block_scan_exclusive(i < n ? d_in[i] : 0, &total);
    if (i < n)
        d_out[i] = scanned;
}

/*
 * scan_blocks_exclusive: launch blocks_kernel, SP_THREADS threads a block.
 *
 * Example: 257 ones -> [0 1 ... 255 0]
 */
cudaError_t scan_blocks_exclusive(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // TODO(student): one block per SP_THREADS elements.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- C: a tile, 32 elements a thread, loaded as int4 ------------------------- */

/*
 * Where a thread's elements are. A warp owns 1024 consecutive elements of
 * the tile (warp w: tile elements w*1024 .. w*1024+1023) and reads them in
 * VECTORS = 8 rounds of 128: in round r, lane l holds the int4 of
 * elements r*128 + 4l .. r*128 + 4l + 3 of its warp's part. So each load
 * instruction of a warp reads 512 contiguous bytes (coalesced: 4 full
 * 128-byte lines), one 16-byte load per lane instead of four 4-byte ones:
 *
 *     warp 0, round 0:  lane 0 [0 1 2 3]  lane 1 [4 5 6 7] ... lane 31 [124..127]
 *     warp 0, round 1:  lane 0 [128..131] ...
 *
 * vector_first: the index in the array of the first element of this
 * thread's vector r in the tile that starts at `tile_first`.
 */
__device__ size_t vector_first(size_t tile_first, int r)
{
    int lane = threadIdx.x % SP_WARP, warp = threadIdx.x / SP_WARP;
    return tile_first + (size_t)warp * (SP_TILE / WARPS) + (size_t)r * (4 * SP_WARP) + 4 * (size_t)lane;
}

/*
 * load_vectors: this thread's VECTORS int4 of the tile at `tile_first`,
 * zeros past n. A whole vector of a 16-byte aligned array is one int4
 * load; the rest (the array's tail, or d_in + 1, which is not aligned)
 * is read one int at a time.
 */
__device__ void load_vectors(const int *d_in, size_t n, size_t tile_first, int4 vectors[VECTORS])
{
    // TODO(student): for each round r, one int4 load when it fits and d_in is aligned, else int by int.
    (void)d_in; (void)n; (void)tile_first;
    for (int r = 0; r < VECTORS; r++)
        vectors[r] = make_int4(0, 0, 0, 0);
}

/* store_vectors: the same elements to d_out; nothing at or past n. */
__device__ void store_vectors(int *d_out, size_t n, size_t tile_first, const int4 vectors[VECTORS])
{
    // TODO(student): as load_vectors, the other way.
    (void)d_out; (void)n; (void)tile_first; (void)vectors;
}

/* add_to_vectors: value added to each of the thread's elements. */
__device__ void add_to_vectors(int4 vectors[VECTORS], int value)
{
    for (int r = 0; r < VECTORS; r++) {
        vectors[r].x += value;
        vectors[r].y += value;
        vectors[r].z += value;
        vectors[r].w += value;
    }
}

/*
 * tile_scan_exclusive: the exclusive scan of the block's tile, in place in
 * each thread's vectors (arranged as vector_first says); the tile's total
 * in *tile_total. Round by round, each lane sums its int4, the warp scans
 * those sums, and each lane writes its 4 exclusive values; the warp
 * carries its running total to the next round. Then the warps' totals are
 * scanned across the block (block_scan_exclusive with each warp's total
 * in its last lane, 0 elsewhere) and each thread adds its warp's offset.
 *
 *     round 0, lanes 0 and 1:  [1 2 3 4] [5 6 7 8]  sums 10 26
 *     warp scan of the sums:   10 36 ...  lane 1's offset 36 - 26 = 10
 *     exclusive values:        [0 1 3 6] [10 15 21 28]
 */
__device__ void tile_scan_exclusive(int4 vectors[VECTORS], int *tile_total)
{
    // TODO(student): per round: sum, warp scan, write 4 values, carry; then the warps' offsets.
    (void)vectors;
    *tile_total = 0;
}

/* tiles_kernel (given): each block scans one tile on its own. */
__global__ void tiles_kernel(const int *d_in, int *d_out, size_t n, int *d_tile_totals)
{
    size_t tile_first = (size_t)blockIdx.x * SP_TILE;
    int4 vectors[VECTORS];
    load_vectors(d_in, n, tile_first, vectors);
    int total;
    tile_scan_exclusive(vectors, &total);
    store_vectors(d_out, n, tile_first, vectors);
    if (threadIdx.x == 0)
        d_tile_totals[blockIdx.x] = total;
}

/*
 * scan_tiles_exclusive: launch tiles_kernel, one block per tile.
 *
 * Example: 8193 ones -> [0 1 ... 8191 0], tile totals [8192 1]
 */
cudaError_t scan_tiles_exclusive(const int *d_in, int *d_out, size_t n, int *d_tile_totals)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out, d_tile_totals);
    // TODO(student): blocks_for(n, SP_TILE) blocks of SP_THREADS threads.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- D: status words and the look-back -------------------------------------- */

/*
 * read_status, publish_status: one tile's status word, read or written as
 * one 64-bit access through a volatile pointer. Volatile makes the
 * compiler read memory on every call (a plain load in a wait loop may be
 * read once and kept in a register: the loop never sees the store and
 * spins forever) and store at once. One 64-bit word is written whole, so
 * a reader never sees a new flag beside an old value; with the flag and
 * the value in two words, the writer would need __threadfence() between
 * its two stores and the reader one between its two loads.
 */
__device__ tile_status read_status(const tile_status *d_status, size_t tile)
{
    // TODO(student): one volatile 64-bit load.
    (void)d_status; (void)tile;
    return TILE_STATUS(TILE_INCLUSIVE, 0);
}

__device__ void publish_status(tile_status *d_status, size_t tile, unsigned flag, int value)
{
    // TODO(student): one volatile 64-bit store of TILE_STATUS(flag, value).
    (void)d_status; (void)tile; (void)flag; (void)value;
}

/*
 * How long the look-back sleeps (__nanosleep, in ns). When a tile is ready
 * to look back, its nearest predecessors are usually still loading, and
 * reading their status words at once only adds traffic on the few L2
 * lines they must write to. Waiting about one L2 write latency first, and
 * a little less between reads, took the scan from 0.73 to 0.83 of copy at
 * 2^28 on an H100 (CUB's tuning for that GPU waits 1245 and 648 ns). A
 * grid of fewer than MANY_TILES tiles runs all at once: no first wait. A
 * block knows the grid's size from gridDim.x, the number of blocks of its
 * launch: every kernel that looks back (lookback_kernel, single_pass_kernel,
 * the fast references') launches one block per tile, so gridDim.x is the
 * number of tiles.
 */
#define FIRST_LOOK_NS 1250
#define RETRY_NS 650
#define MANY_TILES 500

/* warp_sum: the sum of `value` over the warp, in every lane. */
__device__ int warp_sum(int value)
{
    for (int offset = SP_WARP / 2; offset > 0; offset /= 2)
        value += __shfl_xor_sync(FULL_MASK, value, offset);
    return value;
}

/*
 * lookback_prefix: the exclusive prefix of `tile` (> 0), computed by one
 * whole warp, returned in every lane. In a grid of MANY_TILES tiles or
 * more (gridDim.x, one block per tile) it first waits FIRST_LOOK_NS. The
 * warp reads 32 predecessors at once, lane k the word of tile - 1 - k;
 * while any is TILE_INVALID it waits RETRY_NS (__nanosleep) and reads
 * again. Then the nearest TILE_INCLUSIVE lane ends the look-back: the
 * prefix is the sum of the values of lanes 0 up to it. With none, all 32
 * were aggregates: add them, and look at the 32 tiles before those.
 *
 *     tiles 0..4   [INCL 5] [AGG 2] [INCL 14] [AGG 1] [AGG 4], tile = 5
 *     lane 0 reads tile 4 (AGG 4), lane 1 tile 3 (AGG 1), lane 2 tile 2
 *     (INCL 14): the nearest INCLUSIVE is lane 2, prefix 4 + 1 + 14 = 19
 */
__device__ int lookback_prefix(const tile_status *d_status, size_t tile)
{
    // TODO(student): read 32 words, wait while any is invalid, add back to the nearest inclusive.
    (void)d_status; (void)tile;
    return 0;
}

/* lookback_kernel (given): one warp per tile, each looking back alone. */
__global__ void lookback_kernel(const tile_status *d_status, int *d_prefixes)
{
    size_t tile = blockIdx.x;
    int prefix = tile == 0 ? 0 : lookback_prefix(d_status, tile);
    if (threadIdx.x == 0)
        d_prefixes[tile] = prefix;
}

/*
 * scan_lookback_prefixes: launch lookback_kernel, `tiles` blocks of one warp.
 *
 * Example: [INCL 5] [AGG 2] [INCL 14] [AGG 1]  ->  [0 5 7 14]
 */
cudaError_t scan_lookback_prefixes(const tile_status *d_status, size_t tiles, int *d_prefixes)
{
    RETURN_IF_EMPTY_OR_NULL(tiles == 0, d_status, d_prefixes);
    // TODO(student): `tiles` blocks of SP_WARP threads.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- E: the whole scan in one pass ------------------------------------------- */

/*
 * The temporary storage: the tile counter, then one status word per tile.
 *     [counter | pad to 256 bytes][word 0][word 1] ... [word tiles-1]
 * All zero before a launch: counter 0, every word TILE_INVALID.
 */
#define COUNTER_BYTES 256

/* The storage's two parts: the tile counter, and the status words. */
inline unsigned *storage_counter(void *d_temp)
{
    return (unsigned *)d_temp;
}

inline tile_status *storage_words(void *d_temp)
{
    return (tile_status *)((char *)d_temp + COUNTER_BYTES);
}

/*
 * take_tile_number: the block's tile number, the next one from the counter
 * *d_next_tile: thread 0 takes it (atomicAdd), every thread gets it. Blocks
 * take numbers in the order they start, so every tile a block looks back
 * to belongs to a block that has already started. Every thread of the
 * block must call it, once per kernel.
 */
__device__ size_t take_tile_number(unsigned *d_next_tile)
{
    // TODO(student): thread 0 takes atomicAdd(d_next_tile, 1u) into __shared__; a barrier; return it.
    (void)d_next_tile;
    return 0;
}

/*
 * decoupled_prefix: the exclusive prefix of `tile` (the sum of all tiles
 * before it), whose own sum is `aggregate`, returned to every thread.
 * Warp 0 publishes the tile's AGGREGATE (tile 0: its INCLUSIVE, there is
 * nothing before it), looks back, and publishes INCLUSIVE = prefix +
 * aggregate. Publishing the aggregate first, before looking back, is what
 * lets later tiles go on without waiting for this one's look-back.
 *
 *     tile 2, aggregate 7:  publish [AGG 7]; look back: tile 1 [AGG 2],
 *     tile 0 [INCL 5]: prefix 7; publish [INCL 14]; return 7
 *
 * Every thread of the block must call it, once per kernel.
 */
__device__ int decoupled_prefix(tile_status *d_status, size_t tile, int aggregate)
{
    // TODO(student): warp 0 publishes, looks back, publishes; share the prefix through __shared__.
    (void)d_status; (void)tile; (void)aggregate;
    return 0;
}

/*
 * single_pass_kernel: one tile per block, its number from *d_next_tile.
 * Load, scan the tile, get its prefix, add it, store.
 *
 * __launch_bounds__(SP_THREADS, 4): at most SP_THREADS threads a block,
 * and registers for 4 blocks on each SM. Left to itself nvcc 13 gives
 * this kernel 66 registers a thread; an SM's 65536 registers then hold 3
 * blocks of 256 threads (66 x 256 x 4 > 65536), and while warp 0 looks
 * back the block's other 7 warps wait at its barrier with nothing to
 * load. Capped at 64 (no spills), a fourth block per SM loads meanwhile:
 * on an H200 the scan went from 0.74 to 0.77 of copy's speed at 2^28 and
 * from 0.66 to 0.68 at 2^24 (make bench BENCH=single_pass; a cap of 5
 * blocks, 48 registers, spills and fell to 0.66).
 */
__global__ void __launch_bounds__(SP_THREADS, 4)
single_pass_kernel(const int *d_in, int *d_out, size_t n, tile_status *d_status, unsigned *d_next_tile)
{
    // TODO(student): tile number, load, tile scan, prefix, add, store.
    (void)d_in; (void)d_out; (void)n; (void)d_status; (void)d_next_tile;
}

/* scan_single_pass_temp_bytes: the counter and one word per tile. */
size_t scan_single_pass_temp_bytes(size_t n)
{
    // TODO(student): COUNTER_BYTES and one tile_status per tile.
    (void)n;
    TODO_STUDENT();
    return 0;
}

/*
 * scan_exclusive_single_pass: clear the temporary storage (counter 0,
 * every word TILE_INVALID), then one launch of single_pass_kernel with a
 * block per tile. Both are queued on the default stream, in order, and
 * nothing is allocated: the caller's d_temp serves call after call, as
 * CUB's temporary storage does.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [0 3 4 11 11 15 16 22]
 */
cudaError_t scan_exclusive_single_pass(const int *d_in, int *d_out, size_t n,
                                       void *d_temp, size_t temp_bytes)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out, d_temp);
    // TODO(student): check temp_bytes, zero the storage (cudaMemsetAsync), launch.
    (void)temp_bytes;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}
