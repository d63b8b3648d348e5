/*
 * rle_pieces.cuh: the pieces of the one-pass run-length encoder and
 * decoder (rle_single_pass.cu) that lab 08's fast cascade reuses
 * (solutions/08-compressor/fast/): the look-back for (runs, last end)
 * pairs, the encoding of a tile staged in shared memory, and the decoder's
 * loads and search of runs. With them come the one-pass compaction's
 * note_marks (compact_pieces.cuh) and lab 07's pieces.
 *
 * Device code, for a fast reference to include, as compact_pieces.cuh
 * says.
 */
#ifndef SCANLAB_RLE_PIECES_CUH
#define SCANLAB_RLE_PIECES_CUH

#include "../../04-compaction/fast/compact_pieces.cuh"

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

/* ---- A tile staged in shared memory ---------------------------------------- */

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
 * block's dynamic shared memory, as above). Mark the tile's tails and
 * rank them (note_marks); each run that ends in the tile gets its last
 * element's index, at its rank. The last of them is the tile's last end,
 * for its status word. Once the look-back has given the runs before the
 * tile and where the last of them ended, consecutive threads store the
 * runs: symbol tile_in[tail], count end - the end before it. The last
 * of the `tiles` tiles writes the run count. (Lab 08's fast encoder stages its tiles
 * from bytes and shares the rest.)
 */
__device__ void encode_staged_tile(const int *tile_in, unsigned short *tails, size_t tile, size_t tiles, size_t n,
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
    if (tile == tiles - 1 && threadIdx.x == 0)
        *d_runs = before.runs + tile_runs;
}

/* ---- Runs, for the decoders --------------------------------------------------- */

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
 * runs of count 0 share a start with the next and are passed over), for
 * starts of any integer type. */
template <typename Start>
__device__ int find_run(const Start *starts, int runs, int p)
{
    int low = 0, high = runs - 1;
    while (low < high) {
        int middle = (low + high + 1) / 2;
        if ((int)starts[middle] <= p)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

#endif
