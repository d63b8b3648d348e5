/*
 * Lab 03: the work-efficient parallel scan (Blelloch, 1990).
 *
 * Goal:   an exclusive scan in O(n) additions, like the serial loop, but in
 *         2 log2(n) parallel steps. Picture the array as the leaves of a
 *         balanced binary tree.
 *
 *         Up-sweep (reduce): each level adds the left child into the right
 *         child, so every right child ends up holding its subtree's sum.
 *
 *             in          [3  1  7  0  4  1  6  3]
 *             stride 1    [3  4  7  7  4  5  6  9]
 *             stride 2    [3  4  7 11  4  5  6 14]
 *             stride 4    [3  4  7 11  4  5  6 25]   root = total
 *
 *         Down-sweep: clear the root; then at each level a node gives its
 *         value to its left child, and the left child's old value plus its
 *         own to the right child.
 *
 *             clear root  [3  4  7 11  4  5  6  0]
 *             stride 4    [3  4  7  0  4  5  6 11]
 *             stride 2    [3  0  7  4  4 11  6 16]
 *             stride 1    [0  3  4 11 11 15 16 22]   = exclusive scan
 *
 *         Part A runs one launch per level over global memory; part B runs
 *         a whole tile per block in shared memory and combines the tiles.
 * Rules:  CUDA C; no Thrust, CUB or other scan libraries.
 * Build:  make grade LAB=03        grade this file
// BEGIN GUIDED
 *         make run LAB=03 N=16     print every level for one array
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
// END GUIDED
// BEGIN OPEN
//@  *         make run LAB=03 N=16     print both scans of one array
//@  *
//@  * The two functions below are yours, and the kernels and functions they
//@  * need: add them to this file. Replace each stub with your code and
//@  * delete its TODO_STUDENT() call.
// END OPEN
 */
#include "cuda_check.h"
#include "scan.h"
#include "todo.h"

// BEGIN GUIDED
#define THREADS_PER_BLOCK 256
#define TILE_THREADS (SCAN_TILE / 2) /* each thread loads two elements */

// END GUIDED
/* ---- Part A: one level per launch, in global memory --------------------- */

// BEGIN GUIDED
/*
 * upsweep_kernel: thread j combines the j-th pair at this level.
 * Its right child is k = (j + 1) * 2 * stride - 1, its left child k - stride.
 *     stride 2, size 8:  j = 0 -> k = 3,  j = 1 -> k = 7
 */
__global__ void upsweep_kernel(int *d_tree, size_t size, size_t stride)
{
    // BEGIN SOLUTION
    size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t k = (j + 1) * 2 * stride - 1;
    if (k < size)
        d_tree[k] += d_tree[k - stride];
    // END SOLUTION
    //@ // TODO(student): find k for this thread; skip it if k >= size.
    //@ (void)d_tree; (void)size; (void)stride;
}

/*
 * scan_upsweep_level: one up-sweep level, size / (2 * stride) threads.
 *
 * Example (stride 1): [3 1 7 0 4 1 6 3] -> [3 4 7 7 4 5 6 9]
 */
cudaError_t scan_upsweep_level(int *d_tree, size_t size, size_t stride)
{
    RETURN_IF_EMPTY_OR_NULL(size < 2 || stride == 0 || stride >= size, d_tree);
    // BEGIN SOLUTION
    size_t pairs = size / (2 * stride);
    upsweep_kernel<<<blocks_for(pairs, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_tree, size, stride);
    return cudaGetLastError();
    // END SOLUTION
    //@ // TODO(student): one thread per pair at this level.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

/*
 * downsweep_kernel: thread j swaps and adds the j-th pair at this level.
 *     left = d_tree[k - stride]; d_tree[k - stride] = d_tree[k]; d_tree[k] += left;
 */
__global__ void downsweep_kernel(int *d_tree, size_t size, size_t stride)
{
    // BEGIN SOLUTION
    size_t j = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    size_t k = (j + 1) * 2 * stride - 1;
    if (k < size) {
        int left = d_tree[k - stride];
        d_tree[k - stride] = d_tree[k];
        d_tree[k] += left;
    }
    // END SOLUTION
    //@ // TODO(student): the same k as the up-sweep; swap and add.
    //@ (void)d_tree; (void)size; (void)stride;
}

/*
 * scan_downsweep_level: one down-sweep level, size / (2 * stride) threads.
 *
 * Example (stride 4): [3 4 7 11 4 5 6 0] -> [3 4 7 0 4 5 6 11]
 */
cudaError_t scan_downsweep_level(int *d_tree, size_t size, size_t stride)
{
    RETURN_IF_EMPTY_OR_NULL(size < 2 || stride == 0 || stride >= size, d_tree);
    // BEGIN SOLUTION
    size_t pairs = size / (2 * stride);
    downsweep_kernel<<<blocks_for(pairs, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_tree, size, stride);
    return cudaGetLastError();
    // END SOLUTION
    //@ // TODO(student): one thread per pair at this level.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

/* The smallest power of two >= n (n >= 1). */
static size_t next_power_of_two(size_t n)
{
    size_t size = 1;
    while (size < n)
        size *= 2;
    return size;
}

/* The sweeps themselves, on a tree that already holds the padded input. */
static cudaError_t blelloch_sweeps(int *d_tree, size_t size)
{
    // BEGIN SOLUTION
    for (size_t stride = 1; stride < size; stride *= 2)
        RETURN_IF_CUDA_ERROR(scan_upsweep_level(d_tree, size, stride));
    RETURN_IF_CUDA_ERROR(cudaMemset(d_tree + size - 1, 0, sizeof(int)));
    for (size_t stride = size / 2; stride >= 1; stride /= 2)
        RETURN_IF_CUDA_ERROR(scan_downsweep_level(d_tree, size, stride));
    return cudaSuccess;
    // END SOLUTION
    //@ // TODO(student): up-sweep with stride 1, 2, ... size/2; set the root
    //@ // d_tree[size - 1] to 0 (cudaMemset); down-sweep with stride size/2 ... 1.
    //@ (void)d_tree; (void)size;
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

// END GUIDED
/*
 * scan_exclusive_blelloch: the exclusive scan of any n, one launch a level.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [0 3 4 11 11 15 16 22]
 *
 * The tree needs a power-of-two size, so the input is copied into a
 * temporary tree padded with zeros: [5 1 2] becomes [5 1 2 0]. Zeros
 * change no sum, and the first n results are the scan of the input.
 */
cudaError_t scan_exclusive_blelloch(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // BEGIN GUIDED
    size_t size = next_power_of_two(n);
    int *d_tree;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_tree, size * sizeof(int)));
    cudaError_t err = cudaMemcpy(d_tree, d_in, n * sizeof(int), cudaMemcpyDeviceToDevice);
    if (err == cudaSuccess)
        err = cudaMemset(d_tree + n, 0, (size - n) * sizeof(int));
    if (err == cudaSuccess)
        err = blelloch_sweeps(d_tree, size);
    if (err == cudaSuccess)
        err = cudaMemcpy(d_out, d_tree, n * sizeof(int), cudaMemcpyDeviceToDevice);
    cudaError_t free_err = cudaFree(d_tree);
    return err != cudaSuccess ? err : free_err;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): the up-sweep and down-sweep over the padded tree.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}

/* ---- Part B: tiles in shared memory ------------------------------------- */

// BEGIN GUIDED
/*
 * scan_tiles_kernel: block b scans tile b, elements [b*SCAN_TILE, (b+1)*SCAN_TILE),
 * with both sweeps in shared memory, and writes the tile's total to
 * d_tile_sums[b] (when d_tile_sums is not NULL). TILE_THREADS threads:
 * thread t loads elements t and t + TILE_THREADS, so neighbouring threads
 * read neighbouring addresses (coalesced). Elements past n count as 0.
 *
 *     tile [3 1 7 0 | 4 1 6 3] (SCAN_TILE 4) -> [0 3 4 11 | 0 4 5 11], sums [11 14]
 */
__global__ void scan_tiles_kernel(const int *d_in, int *d_out, int *d_tile_sums, size_t n)
{
    // BEGIN SOLUTION
    __shared__ int tile[SCAN_TILE];
    size_t base = (size_t)blockIdx.x * SCAN_TILE;
    int t = threadIdx.x;
    for (int half = 0; half < 2; half++) {
        size_t i = base + t + half * TILE_THREADS;
        tile[t + half * TILE_THREADS] = i < n ? d_in[i] : 0;
    }
    for (int stride = 1; stride < SCAN_TILE; stride *= 2) {
        __syncthreads(); // the level below is complete
        int k = (t + 1) * 2 * stride - 1;
        if (k < SCAN_TILE)
            tile[k] += tile[k - stride];
    }
    __syncthreads();
    if (t == 0) {
        if (d_tile_sums != NULL)
            d_tile_sums[blockIdx.x] = tile[SCAN_TILE - 1];
        tile[SCAN_TILE - 1] = 0;
    }
    for (int stride = SCAN_TILE / 2; stride >= 1; stride /= 2) {
        __syncthreads(); // the level above is complete
        int k = (t + 1) * 2 * stride - 1;
        if (k < SCAN_TILE) {
            int left = tile[k - stride];
            tile[k - stride] = tile[k];
            tile[k] += left;
        }
    }
    __syncthreads();
    for (int half = 0; half < 2; half++) {
        size_t i = base + t + half * TILE_THREADS;
        if (i < n)
            d_out[i] = tile[t + half * TILE_THREADS];
    }
    // END SOLUTION
    //@ // TODO(student): load two elements per thread, up-sweep, save and clear
    //@ // the root, down-sweep, store. A barrier before every level.
    //@ (void)d_in; (void)d_out; (void)d_tile_sums; (void)n;
}

/*
 * add_tile_offsets_kernel: d_data[i] += d_tile_offsets[tile of i].
 * After it, every tile continues where the previous one ended.
 *
 *     [0 3 4 11 | 0 4 5 11], offsets [0 11] -> [0 3 4 11 | 11 15 16 22]
 */
__global__ void add_tile_offsets_kernel(int *d_data, const int *d_tile_offsets, size_t n)
{
    // BEGIN SOLUTION
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_data[i] += d_tile_offsets[i / SCAN_TILE];
    // END SOLUTION
    //@ // TODO(student): one thread per element.
    //@ (void)d_data; (void)d_tile_offsets; (void)n;
}

/* How many ints of scratch the tile sums of every level need, together. */
static size_t tiled_scratch_size(size_t n)
{
    size_t total = 0;
    for (size_t tiles = blocks_for(n, SCAN_TILE); tiles > 1; tiles = blocks_for(tiles, SCAN_TILE))
        total += tiles;
    return total;
}

/*
 * scan_tiled_level: scan n elements with d_scratch holding room for the tile
 * sums of this level and all levels below it.
 *
 *     n = 3000, SCAN_TILE 1024: 3 tiles -> scan the 3 tile sums (1 tile)
 *     -> add each tile's offset to its 1024 elements
 */
static cudaError_t scan_tiled_level(const int *d_in, int *d_out, size_t n, int *d_scratch)
{
    // BEGIN SOLUTION
    unsigned tiles = blocks_for(n, SCAN_TILE);
    if (tiles == 1) {
        scan_tiles_kernel<<<1, TILE_THREADS>>>(d_in, d_out, NULL, n);
        return cudaGetLastError();
    }
    int *d_tile_sums = d_scratch;
    scan_tiles_kernel<<<tiles, TILE_THREADS>>>(d_in, d_out, d_tile_sums, n);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    RETURN_IF_CUDA_ERROR(scan_tiled_level(d_tile_sums, d_tile_sums, tiles, d_scratch + tiles));
    add_tile_offsets_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_out, d_tile_sums, n);
    return cudaGetLastError();
    // END SOLUTION
    //@ // TODO(student): scan the tiles (saving their sums in d_scratch); if
    //@ // there was more than one tile, scan the sums with this same function
    //@ // (scratch after them) and add them back.
    //@ (void)d_in; (void)d_out; (void)n; (void)d_scratch;
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
}

// END GUIDED
/*
 * scan_exclusive_tiled: the exclusive scan of any n in shared-memory tiles.
 *
 * Example: [3 1 7 0 4 1 6 3] -> [0 3 4 11 11 15 16 22]
 *
 * One allocation holds the tile sums of every level, so the scan costs a
 * single cudaMalloc however deep the recursion goes (three levels at 2^28).
 */
cudaError_t scan_exclusive_tiled(const int *d_in, int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    // BEGIN GUIDED
    size_t scratch_size = tiled_scratch_size(n);
    int *d_scratch = NULL;
    if (scratch_size > 0)
        RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_scratch, scratch_size * sizeof(int)));
    cudaError_t err = scan_tiled_level(d_in, d_out, n, d_scratch);
    cudaError_t free_err = cudaFree(d_scratch);
    return err != cudaSuccess ? err : free_err;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): scan SCAN_TILE elements a block in shared memory, then
    //@ // combine the tiles, for any n.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}
