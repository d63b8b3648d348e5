/*
 * single_pass.h: the C interface of lab 07, the single-pass scan.
 *
 * Lab 03's tiled scan reads the input twice and writes it twice (tiles,
 * then their totals, then the offsets added back): at least 4n memory
 * operations, where a copy needs 2n. A single-pass scan (Merrill and
 * Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
 * 2016; CUB's DeviceScan) reads each element once and writes it once: each
 * block scans its tile, learns the sum of everything before it from the
 * status words its predecessors publish, and writes its tile's result.
 * The whole scan is scan_exclusive_single_pass, with temporary storage of
 * scan_single_pass_temp_bytes(n); the guided edition builds it in steps,
 * each with its own function here (below).
 *
 * Device pointers (d_ prefix), int32 elements; each function returns
 * cudaSuccess or the first CUDA error it met, cudaErrorInvalidValue for a
 * NULL pointer with n > 0; it returns once the work is queued.
 */
#ifndef SCANLAB_SINGLE_PASS_H
#define SCANLAB_SINGLE_PASS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The reference's tile: the grader's sizes straddle its edges, and its
 * storage check asks for at least sizeof(tile_status) bytes a tile. */
#define SP_WARP 32                       /* threads of a warp */
#define SP_THREADS 256                   /* threads of a block: 8 warps */
#define SP_ITEMS 32                      /* elements each thread scans */
#define SP_TILE (SP_THREADS * SP_ITEMS)  /* 8192 elements a tile */
typedef unsigned long long tile_status;

#ifndef SCANLAB_GUIDANCE_OPEN
/* ---- The guided edition's steps ------------------------------------------
 *
 *   scan_warps_inclusive     a warp of 32 threads scans 32 elements with
 *                            shuffles, no shared memory
 *   scan_blocks_exclusive    a block of SP_THREADS scans SP_THREADS elements
 *                            from its warps' scans
 *   scan_tiles_exclusive     a block scans a tile of SP_TILE elements,
 *                            SP_ITEMS per thread, loaded as int4 (8 of them)
 *   scan_lookback_prefixes   the look-back alone, on prepared status words
 *
 * ---- Tile status words ---------------------------------------------------
 * One 64-bit word per tile: its flag in the high 32 bits and a value (an
 * int's bits) in the low 32, so that one store publishes both and a reader
 * never sees a flag with the value of another moment.
 *
 *   TILE_INVALID     nothing published yet: look-back must wait
 *   TILE_AGGREGATE   the value is the sum of this tile alone
 *   TILE_INCLUSIVE   the value is the sum of this tile and all before it
 *
 * Example: tile sums [5 2 7 1]; tiles 0 and 2 know their prefixes:
 *   [INCLUSIVE 5] [AGGREGATE 2] [INCLUSIVE 14] [AGGREGATE 1]
 *   tile 3's exclusive prefix: look back to tile 2, INCLUSIVE: 14.
 *   tile 2's: tile 1 AGGREGATE 2, then tile 0 INCLUSIVE 5: 2 + 5 = 7.    */
#define TILE_INVALID 0u
#define TILE_AGGREGATE 1u
#define TILE_INCLUSIVE 2u
#define TILE_STATUS(flag, value) \
    (((tile_status)(flag) << 32) | (tile_status)(unsigned)(value))
#define TILE_STATUS_FLAG(word) ((unsigned)((word) >> 32))
#define TILE_STATUS_VALUE(word) ((int)(unsigned)(word))

/* Each run of 32 elements (d_in[32k .. 32k+31]) scanned on its own,
 * inclusive: the scan a warp does with __shfl_up_sync.
 *     [1 1 1 ... 1 (32 ones) | 2 2 ...]  ->  [1 2 3 ... 32 | 2 4 ...]      */
cudaError_t scan_warps_inclusive(const int *d_in, int *d_out, size_t n);

/* Each run of SP_THREADS elements scanned on its own, exclusive: one
 * element per thread, the block's scan built from its warps' scans. */
cudaError_t scan_blocks_exclusive(const int *d_in, int *d_out, size_t n);

/* Each tile of SP_TILE elements scanned on its own, exclusive, and its
 * total in d_tile_totals[tile] (ceil(n / SP_TILE) of them). */
cudaError_t scan_tiles_exclusive(const int *d_in, int *d_out, size_t n, int *d_tile_totals);

/* For every tile t < tiles, its exclusive prefix (the sum of all tiles
 * before it) found by looking back over d_status, whose words are all
 * valid (TILE_AGGREGATE or TILE_INCLUSIVE) and consistent: tile 0's is 0. */
cudaError_t scan_lookback_prefixes(const tile_status *d_status, size_t tiles, int *d_prefixes);
#endif /* SCANLAB_GUIDANCE_OPEN */
/* ---- The whole scan ------------------------------------------------------ */

/* The bytes of temporary device storage scan_exclusive_single_pass needs
 * for n elements. CUB asks the same with a first call whose storage
 * pointer is NULL. */
size_t scan_single_pass_temp_bytes(size_t n);

/* The exclusive scan of d_in[0..n) into d_out in one pass; d_temp holds
 * at least scan_single_pass_temp_bytes(n) bytes (else
 * cudaErrorInvalidValue) and may be reused from call to call. in == out
 * is allowed. */
cudaError_t scan_exclusive_single_pass(const int *d_in, int *d_out, size_t n,
                                       void *d_temp, size_t temp_bytes);

#ifdef __cplusplus
}
#endif

#endif
