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
 * earlier tile's. The one-pass compaction (and through it lab 07's
 * reference) is included whole: a kernel can only call device code of its
 * own translation unit without relocatable device code, which costs speed.
 */
#include "../../04-compaction/fast/compact_single_pass.cu"

/* ---- Status words of (runs, last end) pairs -------------------------------
 * One 64-bit word per tile, written at once (as lab 07's): the flag
 * (TILE_INVALID, TILE_AGGREGATE, TILE_INCLUSIVE) in bits 62-63, the runs
 * in bits 31-61, the last end in bits 0-30 (0: no run ended). n is at
 * most FAST_MAX_N = 2^31 - 1, so both fit in 31 bits.                      */
struct run_prefix {
    int runs;     /* runs that ended in the tiles covered */
    int last_end; /* index + 1 of the last of those runs' last element, or 0 */
};

__device__ tile_status pack_runs(unsigned flag, struct run_prefix value)
{
    return (tile_status)flag << 62 | (tile_status)value.runs << 31 | (tile_status)value.last_end;
}

__device__ unsigned runs_flag(tile_status word) { return (unsigned)(word >> 62); }

__device__ struct run_prefix unpack_runs(tile_status word)
{
    struct run_prefix value = {(int)(word >> 31 & 0x7fffffff), (int)(word & 0x7fffffff)};
    return value;
}

/* The pair of `earlier` tiles followed by `later` ones. */
__device__ struct run_prefix combine_runs(struct run_prefix earlier, struct run_prefix later)
{
    struct run_prefix both = {earlier.runs + later.runs, later.last_end ? later.last_end : earlier.last_end};
    return both;
}

/*
 * lookback_runs: lab 07's lookback_prefix for pairs: one warp, 32
 * predecessors a step, wait while any is invalid, combine back to the
 * nearest INCLUSIVE. The combined pair of lanes 0..k (lane 0 the nearest
 * tile) has the runs of them all and the last end of the nearest lane
 * that has one.
 */
__device__ struct run_prefix lookback_runs(const tile_status *d_status, size_t tile)
{
    int lane = threadIdx.x % SP_WARP;
    struct run_prefix later = {0, 0}; /* the tiles between here and `newest` */
    long long newest = (long long)tile - 1;
    if (gridDim.x >= MANY_TILES)
        __nanosleep(FIRST_LOOK_NS);
    for (;;) {
        long long mine = newest - lane;
        struct run_prefix nothing = {0, 0};
        tile_status word = mine >= 0 ? read_status(d_status, (size_t)mine) : pack_runs(TILE_INCLUSIVE, nothing);
        while (__any_sync(FULL_MASK, runs_flag(word) == TILE_INVALID)) {
            __nanosleep(RETRY_NS);
            if (mine >= 0)
                word = read_status(d_status, (size_t)mine);
        }
        unsigned inclusive = __ballot_sync(FULL_MASK, runs_flag(word) == TILE_INCLUSIVE);
        int last = inclusive ? __ffs((int)inclusive) - 1 : SP_WARP - 1;
        struct run_prefix value = unpack_runs(word);
        unsigned has_end = __ballot_sync(FULL_MASK, lane <= last && value.last_end != 0);
        struct run_prefix these = {warp_sum(lane <= last ? value.runs : 0),
                                   has_end ? __shfl_sync(FULL_MASK, value.last_end, __ffs((int)has_end) - 1) : 0};
        later = combine_runs(these, later);
        if (inclusive)
            return later;
        newest -= SP_WARP;
    }
}

/* runs_prefix: lab 07's decoupled_prefix for pairs: publish the tile's
 * own pair, look back, publish the inclusive pair; every thread gets the
 * pair of all the tiles before this one. */
__device__ struct run_prefix runs_prefix(tile_status *d_status, size_t tile, struct run_prefix own)
{
    __shared__ struct run_prefix before;
    if (threadIdx.x < SP_WARP) {
        struct run_prefix prefix = {0, 0};
        if (tile == 0) {
            if (threadIdx.x == 0)
                *(volatile tile_status *)(d_status + tile) = pack_runs(TILE_INCLUSIVE, own);
        } else {
            if (threadIdx.x == 0)
                *(volatile tile_status *)(d_status + tile) = pack_runs(TILE_AGGREGATE, own);
            prefix = lookback_runs(d_status, tile);
            if (threadIdx.x == 0)
                *(volatile tile_status *)(d_status + tile) = pack_runs(TILE_INCLUSIVE, combine_runs(prefix, own));
        }
        if (threadIdx.x == 0)
            before = prefix;
    }
    __syncthreads();
    return before;
}

/* ---- The kernel -------------------------------------------------------------- */

/*
 * The dynamic shared memory of a block, 48 KiB, more than a kernel gets
 * without asking (cudaFuncSetAttribute):
 *     tile_in  the tile's SP_TILE elements and the 4 after it, so that a
 *              thread sees the neighbour of its last element
 *     tails    the index in the tile of each run's last element, at the
 *              run's rank (0..SP_TILE-1: 16 bits)
 * 4 blocks an SM fit (shared memory allows 4 of 48 KiB; the kernel needs
 * under 64 registers a thread). Staging the tile, with the marks as bits,
 * took the encoder from 0.79 to 1.28x of CUB on runny data (H100, 2^26):
 * with the values and int4 flags in registers, 104 registers a thread
 * allowed 2 blocks an SM.
 */
#define TILE_IN_INTS (SP_TILE + 4)
#define STAGING_BYTES (TILE_IN_INTS * sizeof(int) + SP_TILE * sizeof(unsigned short))
#define RLE_MIN_BLOCKS 4

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

/* tail_marks: bits 0-3 set for the elements of the 4 at tile_in[local..]
 * that end a run (i == n - 1, or in[i] != in[i + 1]); none past n. */
__device__ unsigned tail_marks(const int *tile_in, int local, size_t first, size_t n)
{
    size_t i = first + local;
    int4 v = *(const int4 *)(tile_in + local);
    int after = tile_in[local + 4];
    return (i < n && (i + 1 == n || v.x != v.y)) | (i + 1 < n && (i + 2 == n || v.y != v.z)) << 1 |
           (i + 2 < n && (i + 3 == n || v.z != v.w)) << 2 | (i + 3 < n && (i + 4 == n || v.w != after)) << 3;
}

/*
 * encode_staged_tile: the runs of a tile already staged in tile_in (the
 * block's dynamic shared memory, as below). Mark the tile's tails and
 * rank them (note_marks); each run that ends in the tile gets its last
 * element's index, at its rank. The last of them is the tile's last end,
 * for its status word. Once the look-back has given the runs before the
 * tile and where the last of them ended, consecutive threads store the
 * runs: symbol tile_in[tail], count end - the end before it. The last
 * tile writes the run count. (Lab 08's fast encoder stages its tiles
 * from bytes and shares the rest.)
 */
__device__ void encode_staged_tile(const int *tile_in, unsigned short *tails, size_t tile, size_t n,
                                   int *d_symbols, int *d_counts, int *d_runs, tile_status *d_status)
{
    size_t first = tile * SP_TILE;
    unsigned marks = 0;
    int4 ranks[VECTORS];
    for (int r = 0; r < VECTORS; r++)
        note_marks(tail_marks(tile_in, (int)(vector_first(first, r) - first), first, n), r, &marks, ranks);
    int tile_runs;
    tile_scan_exclusive(ranks, &tile_runs);
    for (int r = 0; r < VECTORS; r++) {
        int local = (int)(vector_first(first, r) - first);
        for (int k = 0, rank = ranks[r].x; k < 4; k++)
            if (marks >> (4 * r + k) & 1)
                tails[rank++] = (unsigned short)(local + k);
    }
    __syncthreads();
    struct run_prefix own = {tile_runs, tile_runs ? (int)first + tails[tile_runs - 1] + 1 : 0};
    struct run_prefix before = runs_prefix(d_status, tile, own);
    for (int k = threadIdx.x; k < tile_runs; k += SP_THREADS) {
        int end = (int)first + tails[k] + 1, start = k ? (int)first + tails[k - 1] + 1 : before.last_end;
        d_symbols[before.runs + k] = tile_in[tails[k]];
        d_counts[before.runs + k] = end - start;
    }
    if (tile == gridDim.x - 1 && threadIdx.x == 0)
        *d_runs = before.runs + tile_runs;
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
    encode_staged_tile(tile_in, (unsigned short *)(tile_in + TILE_IN_INTS), tile, n, d_symbols, d_counts, d_runs,
                       d_status);
}

size_t rle_encode_single_pass_temp_bytes(size_t n)
{
    return scan_single_pass_temp_bytes(n);
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

/* load_runs: the 4 ints of d_array at first..first+3 (zeros past count):
 * one int4 load when they are all there and aligned. */
__device__ int4 load_runs(const int *d_array, size_t count, size_t first)
{
    if (first + 4 <= count && (uintptr_t)(d_array + first) % 16 == 0)
        return *(const int4 *)(d_array + first);
    return make_int4(first < count ? d_array[first] : 0, first + 1 < count ? d_array[first + 1] : 0,
                     first + 2 < count ? d_array[first + 2] : 0, first + 3 < count ? d_array[first + 3] : 0);
}

/* find_run: the last run k < runs with starts[k] <= p (starts ascending;
 * runs of count 0 share a start with the next and are passed over). */
__device__ int find_run(const int *starts, int runs, int p)
{
    int low = 0, high = runs - 1;
    while (low < high) {
        int middle = (low + high + 1) / 2;
        if (starts[middle] <= p)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

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
