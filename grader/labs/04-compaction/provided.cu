/*
 * grader/labs/04-compaction/provided.cu: the grader's own implementation of common/compact.h
 * (lab 04), linked into the test programs and drivers of the labs that
 * build on compaction (lab 05; their lab.mk's USES_) in place of
 * the student's lab 04.
 *
 * Contract: every function declared in compact.h, with the behaviour it
 * describes (device pointers, cudaSuccess or the first CUDA error,
 * cudaErrorInvalidValue for a NULL pointer with n > 0, a NULL `kept` or an
 * unknown predicate; n == 0 touches nothing and sets *kept to 0; only
 * d_out[0..kept) is written). As with lab 03's provided.cu, it is correct and
 * deliberately no answer to lab 04:
 *
 *   - On a GPU the whole compactions call CUB (cub::DeviceSelect::If with
 *     a predicate functor), which the labs themselves may not use.
 *   - Under the CPU emulator (common/emu/), where CUB does not compile,
 *     and for the two single steps on both backends, one CUDA thread runs
 *     the serial loop of the grader's oracle: right, and slow on purpose.
 *     A later lab should call the whole compactions; the steps are here so
 *     that every name links.
 */
#include "compact.h"
#include "cuda_check.h"

/* As in lab 03's provided.cu: either macro means "no real GPU, no CUB". */
#if defined(SCANLAB_EMU) || defined(SCANLAB_EMULATOR)
#define PROVIDED_USE_CUB 0
#else
#define PROVIDED_USE_CUB 1
#include <cub/cub.cuh>
#endif

__device__ static int provided_keeps(int value, enum compact_predicate predicate, int operand)
{
    switch (predicate) {
    case KEEP_NONZERO: return value != 0;
    case KEEP_GREATER_THAN: return value > operand;
    case KEEP_EVEN: return value % 2 == 0;
    }
    return 0;
}

static int provided_predicate_ok(enum compact_predicate predicate)
{
    return (unsigned)predicate <= (unsigned)KEEP_EVEN;
}

/* ---- Serial kernels: one thread does everything -------------------------- */

__global__ void provided_serial_flags_kernel(const int *d_in, int *d_flags, size_t n,
                                             enum compact_predicate predicate, int operand)
{
    for (size_t i = 0; i < n; i++)
        d_flags[i] = provided_keeps(d_in[i], predicate, operand);
}

__global__ void provided_serial_scatter_kernel(const int *d_in, const int *d_flags,
                                               const int *d_positions, int *d_out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (d_flags[i])
            d_out[d_positions[i]] = d_in[i];
}

/* The whole compaction in one thread; the count goes to *d_kept. */
__global__ void provided_serial_compact_kernel(const int *d_in, int *d_out, size_t n,
                                               enum compact_predicate predicate, int operand,
                                               unsigned long long *d_kept)
{
    unsigned long long kept = 0;
    for (size_t i = 0; i < n; i++)
        if (provided_keeps(d_in[i], predicate, operand))
            d_out[kept++] = d_in[i];
    *d_kept = kept;
}

/* ---- The steps (serial on both backends) -------------------------------- */

cudaError_t compact_flags(const int *d_in, int *d_flags, size_t n,
                          enum compact_predicate predicate, int operand)
{
    if (!provided_predicate_ok(predicate))
        return cudaErrorInvalidValue;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_flags);
    provided_serial_flags_kernel<<<1, 1>>>(d_in, d_flags, n, predicate, operand);
    return cudaGetLastError();
}

cudaError_t compact_scatter(const int *d_in, const int *d_flags, const int *d_positions,
                            int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_flags, d_positions, d_out);
    provided_serial_scatter_kernel<<<1, 1>>>(d_in, d_flags, d_positions, d_out, n);
    return cudaGetLastError();
}

/* ---- Whole compactions -------------------------------------------------- */

#if PROVIDED_USE_CUB
/* CUB's predicate: a functor called on each element. */
struct provided_keep_functor {
    enum compact_predicate predicate;
    int operand;
    __device__ bool operator()(const int &value) const
    {
        return provided_keeps(value, predicate, operand) != 0;
    }
};
#endif

cudaError_t compact_if(const int *d_in, int *d_out, size_t n,
                       enum compact_predicate predicate, int operand, size_t *kept)
{
    if (kept == NULL || !provided_predicate_ok(predicate))
        return cudaErrorInvalidValue;
    *kept = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_out);
    /* The count lives on the device first, then comes back. */
    unsigned long long *d_kept;
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_kept, sizeof *d_kept));
    cudaError_t err;
#if PROVIDED_USE_CUB
    /* CUB's usual two calls: the first sizes the temporary storage. */
    provided_keep_functor keep = {predicate, operand};
    void *d_temp = NULL;
    size_t temp_bytes = 0;
    err = cub::DeviceSelect::If(d_temp, temp_bytes, d_in, d_out, d_kept, n, keep);
    if (err == cudaSuccess)
        err = cudaMalloc(&d_temp, temp_bytes);
    if (err == cudaSuccess) {
        err = cub::DeviceSelect::If(d_temp, temp_bytes, d_in, d_out, d_kept, n, keep);
        if (err == cudaSuccess)
            err = cudaGetLastError();
        cudaError_t free_err = cudaFree(d_temp);
        if (err == cudaSuccess)
            err = free_err;
    }
#else
    provided_serial_compact_kernel<<<1, 1>>>(d_in, d_out, n, predicate, operand, d_kept);
    err = cudaGetLastError();
#endif
    unsigned long long host_kept = 0;
    if (err == cudaSuccess)
        err = cudaMemcpy(&host_kept, d_kept, sizeof host_kept, cudaMemcpyDeviceToHost);
    if (err == cudaSuccess)
        *kept = (size_t)host_kept;
    cudaError_t free_err = cudaFree(d_kept);
    return err != cudaSuccess ? err : free_err;
}

cudaError_t compact_nonzero(const int *d_in, int *d_out, size_t n, size_t *kept)
{
    return compact_if(d_in, d_out, n, KEEP_NONZERO, 0, kept);
}
