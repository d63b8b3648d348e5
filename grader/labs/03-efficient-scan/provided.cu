/*
 * grader/labs/03-efficient-scan/provided.cu: the grader's own implementation of common/scan.h's GPU
 * functions (labs 02 and 03), linked into the test programs and drivers of
 * the labs that build on scan (lab 04 on; their lab.mk's USES_)
 * in place of the student's labs 02 and 03.
 *
 * Contract: every function declared in scan.h for labs 02 and 03, with the
 * behaviour scan.h describes (device pointers, cudaSuccess or the first
 * CUDA error, cudaErrorInvalidValue for a NULL pointer with n > 0,
 * scan_inclusive_naive_block refuses n > SCAN_NAIVE_BLOCK_MAX, in == out
 * allowed where scan.h allows it). It exists so that
 *
 *   - a bug in lab 03 never fails lab 04 (each lab is graded alone), and
 *   - a later lab links whichever scan it calls, so linking never fails.
 *
 * It is correct and deliberately no answer to labs 02 and 03:
 *
 *   - On a GPU the whole scans call CUB (cub::DeviceScan::ExclusiveSum and
 *     InclusiveSum), which the labs themselves may not use. Temporary
 *     storage is allocated per call: simple, and fast enough for grading.
 *   - Under the CPU emulator (common/emu/), where CUB does not compile,
 *     and for the single levels and steps on both backends, one CUDA thread
 *     runs the serial loop of the grader's oracle (grader/support/oracle.c):
 *     right, and slow on purpose. No later lab should call the single
 *     levels or steps; they are here only so that every name links.
 *
 * Lab 01's host functions are not here: they are C, nothing later calls
 * them, and the later labs' tests use the grader's oracle instead.
 */
#include "cuda_check.h"
#include "scan.h"

/* The emulator's cuda_runtime_api.h defines SCANLAB_EMU; the Makefile
 * passes SCANLAB_EMULATOR to C files of the emu backend. Either one means
 * "no real GPU, no CUB". */
#if defined(SCANLAB_EMU) || defined(SCANLAB_EMULATOR)
#define PROVIDED_USE_CUB 0
#else
#define PROVIDED_USE_CUB 1
#include <cub/cub.cuh>
#endif

/* ---- Serial kernels: one thread does everything -------------------------- */

enum provided_scan_kind { PROVIDED_EXCLUSIVE, PROVIDED_INCLUSIVE };

/* The sums below wrap at 2^32, as a GPU's int additions do and as the
 * labs' interfaces promise: in unsigned arithmetic, where wrapping is
 * defined, so that the memory check's UBSan (signed overflow) never stops
 * the grader's own code. [INT_MAX 1] -> [INT_MAX INT_MIN]. */
__device__ static int provided_add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }

/* A serial scan; in == out is allowed (each element is read before its
 * place is written). */
__global__ void provided_serial_scan_kernel(const int *d_in, int *d_out, size_t n,
                                            enum provided_scan_kind kind)
{
    int sum = 0;
    for (size_t i = 0; i < n; i++) {
        int value = d_in[i];
        if (kind == PROVIDED_INCLUSIVE)
            sum = provided_add(sum, value);
        d_out[i] = sum;
        if (kind == PROVIDED_EXCLUSIVE)
            sum = provided_add(sum, value);
    }
}

/* One Hillis-Steele step, from the top down so that in == out also works. */
__global__ void provided_serial_step_kernel(const int *d_in, int *d_out, size_t n, size_t offset)
{
    for (size_t i = n; i-- > 0;)
        d_out[i] = i >= offset ? provided_add(d_in[i - offset], d_in[i]) : d_in[i];
}

/* One up-sweep (down == 0) or down-sweep (down == 1) level of a tree. */
__global__ void provided_serial_level_kernel(int *d_tree, size_t size, size_t stride, int down)
{
    for (size_t right = 2 * stride - 1; right < size; right += 2 * stride) {
        int left = d_tree[right - stride];
        if (down)
            d_tree[right - stride] = d_tree[right];
        d_tree[right] = provided_add(d_tree[right], left);
    }
}

/* ---- The whole scans ---------------------------------------------------- */

static cudaError_t provided_scan(const int *d_in, int *d_out, size_t n, enum provided_scan_kind kind)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
#if PROVIDED_USE_CUB
    /* CUB's usual two calls: the first asks how much temporary storage the
     * scan needs, the second scans. */
    void *d_temp = NULL;
    size_t temp_bytes = 0;
    if (kind == PROVIDED_EXCLUSIVE)
        RETURN_IF_CUDA_ERROR(cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_in, d_out, n));
    else
        RETURN_IF_CUDA_ERROR(cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_in, d_out, n));
    RETURN_IF_CUDA_ERROR(cudaMalloc(&d_temp, temp_bytes));
    cudaError_t err = kind == PROVIDED_EXCLUSIVE
                          ? cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, d_in, d_out, n)
                          : cub::DeviceScan::InclusiveSum(d_temp, temp_bytes, d_in, d_out, n);
    if (err == cudaSuccess)
        err = cudaGetLastError();
    cudaError_t free_err = cudaFree(d_temp);
    return err != cudaSuccess ? err : free_err;
#else
    provided_serial_scan_kernel<<<1, 1>>>(d_in, d_out, n, kind);
    return cudaGetLastError();
#endif
}

cudaError_t scan_inclusive_naive(const int *d_in, int *d_out, size_t n)
{
    return provided_scan(d_in, d_out, n, PROVIDED_INCLUSIVE);
}

cudaError_t scan_inclusive_naive_block(const int *d_in, int *d_out, size_t n)
{
    if (n > SCAN_NAIVE_BLOCK_MAX)
        return cudaErrorInvalidValue;
    return provided_scan(d_in, d_out, n, PROVIDED_INCLUSIVE);
}

cudaError_t scan_exclusive_blelloch(const int *d_in, int *d_out, size_t n)
{
    return provided_scan(d_in, d_out, n, PROVIDED_EXCLUSIVE);
}

cudaError_t scan_exclusive_tiled(const int *d_in, int *d_out, size_t n)
{
    return provided_scan(d_in, d_out, n, PROVIDED_EXCLUSIVE);
}

/* ---- Single steps and levels (serial on both backends) ------------------ */

cudaError_t scan_naive_step(const int *d_in, int *d_out, size_t n, size_t offset)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    provided_serial_step_kernel<<<1, 1>>>(d_in, d_out, n, offset);
    return cudaGetLastError();
}

static cudaError_t provided_level(int *d_tree, size_t size, size_t stride, int down)
{
    RETURN_IF_EMPTY_OR_NULL(size < 2 || stride == 0 || stride >= size, d_tree);
    provided_serial_level_kernel<<<1, 1>>>(d_tree, size, stride, down);
    return cudaGetLastError();
}

cudaError_t scan_upsweep_level(int *d_tree, size_t size, size_t stride)
{
    return provided_level(d_tree, size, stride, 0);
}

cudaError_t scan_downsweep_level(int *d_tree, size_t size, size_t stride)
{
    return provided_level(d_tree, size, stride, 1);
}
