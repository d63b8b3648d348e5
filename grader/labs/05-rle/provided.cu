/*
 * grader/labs/05-rle/provided.cu: the grader's own implementation of common/rle.h (lab 05),
 * linked into the test programs and drivers of the labs that build on
 * run-length encoding (lab 08; their lab.mk's USES_) in place of
 * the student's lab 05.
 *
 * Contract: every function declared in rle.h, with the behaviour it
 * describes (device pointers, cudaSuccess or the first CUDA error,
 * cudaErrorInvalidValue for a NULL pointer with n > 0 or runs > 0, a NULL
 * `runs`, a segment of 0, n >= INT_MAX (counts and starts are int), and a
 * decoder given runs == 0 with n > 0, n == 0 with runs > 0 or more runs
 * than elements; n == 0 touches nothing and sets *runs to 0; only
 * d_symbols[0..runs), d_counts[0..runs), d_starts[0..runs] and
 * d_out[0..n) are written; d_in is never written). As with
 * lab 03's provided.cu, it is correct and deliberately no answer to lab 05:
 *
 *   - On a GPU the encoders call CUB (cub::DeviceRunLengthEncode::Encode),
 *     and the decoders cub::DeviceScan::ExclusiveSum of the counts, the
 *     runs' starts, then Thrust's vectorized upper_bound of every output
 *     index among them and a gather of the symbols: library calls, not
 *     the binary search or the scan of flags that the lab asks its
 *     students to write. Temporary storage is kept between calls
 *     (kept.h). The segmented encoder
 *     checks its segment and calls the same encoder: its output is
 *     rle_encode's by definition.
 *   - Under the CPU emulator (common/emu/), where CUB does not compile,
 *     and for the three single steps on both backends, one CUDA thread
 *     runs the serial loop of the grader's oracle (grader/support/
 *     oracle_rle.c): right, and slow on purpose. A later lab should call
 *     the whole encoders and decoders; the steps are here so that every
 *     name links.
 */
#include <limits.h>

#include "cuda_check.h"
#include "kept.h"
#include "rle.h"

/* PROVIDED_USE_CUB: kept.h's; Thrust only where CUB is. */
#if PROVIDED_USE_CUB
#include <thrust/binary_search.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/system/system_error.h>
#include <thrust/transform.h>
#endif

/* ---- Serial kernels: one thread does everything -------------------------- */

static __global__ void provided_serial_mask_kernel(const int *d_in, int *d_mask, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d_mask[i] = i == 0 || d_in[i] != d_in[i - 1];
}

/* rle.h's rule, word for word: a start where the mask says so, at the
 * place the scan gives it, then the sentinel n after the last run. */
static __global__ void provided_serial_starts_kernel(const int *d_mask, const int *d_scanned,
                                                     int *d_starts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (d_mask[i])
            d_starts[d_scanned[i] - 1] = (int)i;
    d_starts[d_scanned[n - 1]] = (int)n;
}

static __global__ void provided_serial_runs_kernel(const int *d_in, const int *d_starts,
                                                   int *d_symbols, int *d_counts, size_t runs)
{
    for (size_t r = 0; r < runs; r++) {
        d_symbols[r] = d_in[d_starts[r]];
        d_counts[r] = d_starts[r + 1] - d_starts[r];
    }
}

#if !PROVIDED_USE_CUB
/* The whole encoder in one thread; the run count goes to *d_runs. */
static __global__ void provided_serial_encode_kernel(const int *d_in, size_t n, int *d_symbols,
                                                     int *d_counts, int *d_runs)
{
    size_t runs = 0;
    size_t i = 0;
    while (i < n) {
        size_t length = 1;
        while (i + length < n && d_in[i + length] == d_in[i])
            length++;
        d_symbols[runs] = d_in[i];
        d_counts[runs] = (int)length;
        runs++;
        i += length;
    }
    *d_runs = (int)runs;
}

/* The whole decoder in one thread; never writes past d_out[n - 1], even
 * if the counts add up to more than n. */
static __global__ void provided_serial_decode_kernel(const int *d_symbols, const int *d_counts,
                                                     size_t runs, int *d_out, size_t n)
{
    size_t i = 0;
    for (size_t r = 0; r < runs; r++)
        for (int k = 0; k < d_counts[r] && i < n; k++)
            d_out[i++] = d_symbols[r];
}
#endif

/* ---- The single steps (serial on both backends) ------------------------- */

cudaError_t rle_mask(const int *d_in, int *d_mask, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_mask);
    provided_serial_mask_kernel<<<1, 1>>>(d_in, d_mask, n);
    return cudaGetLastError();
}

cudaError_t rle_starts(const int *d_mask, const int *d_scanned, int *d_starts, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_mask, d_scanned, d_starts);
    provided_serial_starts_kernel<<<1, 1>>>(d_mask, d_scanned, d_starts, n);
    return cudaGetLastError();
}

cudaError_t rle_runs(const int *d_in, const int *d_starts, int *d_symbols, int *d_counts,
                     size_t runs)
{
    RETURN_IF_EMPTY_OR_NULL(runs == 0, d_in, d_starts, d_symbols, d_counts);
    provided_serial_runs_kernel<<<1, 1>>>(d_in, d_starts, d_symbols, d_counts, runs);
    return cudaGetLastError();
}

/* ---- The whole encoders ------------------------------------------------- */

/* Both encoders: the checks, then CUB's encoder (or the serial one) with
 * the run count on the device first, then back on the host. */
static cudaError_t provided_encode(const int *d_in, size_t n, int *d_symbols, int *d_counts,
                                   size_t *runs)
{
    if (runs == NULL)
        return cudaErrorInvalidValue;
    *runs = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_in, d_symbols, d_counts);
    if (n >= INT_MAX)
        return cudaErrorInvalidValue;
    static struct provided_kept runs_kept, temp_kept;
    int *d_runs;
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&runs_kept, sizeof *d_runs, (void **)&d_runs));
    cudaError_t err;
#if PROVIDED_USE_CUB
    /* CUB's usual two calls: the first sizes the temporary storage. */
    void *d_temp = NULL;
    size_t temp_bytes = 0;
    err = cub::DeviceRunLengthEncode::Encode(d_temp, temp_bytes, d_in, d_symbols, d_counts,
                                             d_runs, (int)n);
    if (err == cudaSuccess)
        err = provided_kept_at_least(&temp_kept, temp_bytes, &d_temp);
    if (err == cudaSuccess)
        err = cub::DeviceRunLengthEncode::Encode(d_temp, temp_bytes, d_in, d_symbols, d_counts,
                                                 d_runs, (int)n);
    if (err == cudaSuccess)
        err = cudaGetLastError();
#else
    (void)temp_kept;
    provided_serial_encode_kernel<<<1, 1>>>(d_in, n, d_symbols, d_counts, d_runs);
    err = cudaGetLastError();
#endif
    int host_runs = 0;
    if (err == cudaSuccess)
        err = cudaMemcpy(&host_runs, d_runs, sizeof host_runs, cudaMemcpyDeviceToHost);
    if (err == cudaSuccess)
        *runs = (size_t)host_runs;
    return err;
}

cudaError_t rle_encode(const int *d_in, size_t n, int *d_symbols, int *d_counts, size_t *runs)
{
    return provided_encode(d_in, n, d_symbols, d_counts, runs);
}

cudaError_t rle_encode_segmented(const int *d_in, size_t n, size_t segment,
                                 int *d_symbols, int *d_counts, size_t *runs)
{
    if (runs == NULL || segment == 0)
        return cudaErrorInvalidValue;
    return provided_encode(d_in, n, d_symbols, d_counts, runs);
}

/* ---- The decoders ------------------------------------------------------- */

#if PROVIDED_USE_CUB
/* out[i] holds run + 1 of element i (thrust::upper_bound's answer); the
 * element is that run's symbol. */
struct provided_symbol_of {
    const int *symbols;
    __device__ int operator()(int run_plus_one) const
    {
        return symbols[run_plus_one - 1];
    }
};
#endif

/* Both decoders: the checks, then the exclusive scan of the counts (the
 * runs' starts) and one warp per run, or the serial decoder. */
static cudaError_t provided_decode(const int *d_symbols, const int *d_counts, size_t runs,
                                   int *d_out, size_t n)
{
    RETURN_IF_EMPTY_OR_NULL(runs == 0 && n == 0, d_symbols, d_counts, d_out);
    if (runs == 0 || runs > n || n >= INT_MAX)
        return cudaErrorInvalidValue;
#if PROVIDED_USE_CUB
    static struct provided_kept starts_kept, temp_kept;
    int *d_starts;
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&starts_kept, runs * sizeof *d_starts, (void **)&d_starts));
    cudaError_t err = provided_exclusive_sum(&temp_kept, (const uint32_t *)d_counts, (uint32_t *)d_starts, runs);
    /* Every output index looked up among the starts at once (Thrust's
     * vectorized binary search: each element's run, whatever the runs'
     * lengths: one warp per run took milliseconds on a run of millions),
     * then each replaced by its run's symbol, in place. */
    if (err == cudaSuccess) {
        try {
            thrust::upper_bound(thrust::cuda::par, d_starts, d_starts + runs, thrust::counting_iterator<int>(0),
                                thrust::counting_iterator<int>((int)n), d_out);
            thrust::transform(thrust::cuda::par, d_out, d_out + n, d_out, provided_symbol_of{d_symbols});
            err = cudaGetLastError();
        } catch (const thrust::system_error &error) {
            err = (cudaError_t)error.code().value();
        }
    }
    return err;
#else
    provided_serial_decode_kernel<<<1, 1>>>(d_symbols, d_counts, runs, d_out, n);
    return cudaGetLastError();
#endif
}

cudaError_t rle_decode_search(const int *d_symbols, const int *d_counts, size_t runs,
                              int *d_out, size_t n)
{
    return provided_decode(d_symbols, d_counts, runs, d_out, n);
}

cudaError_t rle_decode_scan(const int *d_symbols, const int *d_counts, size_t runs,
                            int *d_out, size_t n)
{
    return provided_decode(d_symbols, d_counts, runs, d_out, n);
}
