/*
 * grader/labs/06-fixed-length/provided.cu: the grader's own implementation of common/pack.h
 * (lab 06), linked into the test programs and drivers of the labs that
 * build on bit packing (lab 08; their lab.mk's USES_) in place of
 * the student's lab 06.
 *
 * Contract: every function declared in pack.h, with the behaviour and the
 * bit layout it describes (device pointers, cudaSuccess or the first CUDA
 * error, cudaErrorInvalidValue for a NULL pointer with n > 0, a NULL
 * `words`, frame_length 0 or n > PACK_MAX_N, whatever n is; n == 0 touches
 * nothing and sets *words to 0; pack_values ORs into words the caller
 * zeroed, pack_encode zeroes d_words[0..words) itself; only d_widths and
 * d_offsets[0..frames) and d_words[0..words) are written). As with
 * lab 03's provided.cu, it is correct and deliberately no answer to lab 06:
 *
 *   - The widths take one thread per frame, which reads the whole frame
 *     serially; the packing one thread per frame, which ORs its values in
 *     one after the other with atomicOr (two frames can share a word);
 *     the decoder one thread per value. None of it is the lab's
 *     block-per-frame reduction or tiled packing, and all of it compiles
 *     on both backends.
 *   - The offsets' exclusive scan calls CUB (cub::DeviceScan::ExclusiveSum)
 *     on a GPU, which the labs themselves may not use, and pack_encode
 *     finds the stream's length as a sum of every frame's bits
 *     (cub::DeviceReduce::Sum), not as the lab does; temporary storage
 *     and the frames' bits are kept between calls (kept.h). Under the CPU
 *     emulator (common/emu/), where CUB does not compile, one CUDA thread
 *     runs the serial loops: right, and slow on purpose.
 */
#include "cuda_check.h"
#include "kept.h"
#include "pack.h"

/* Threads per block, and the most blocks a launch asks for: the kernels
 * stride over the grid, so 2^16 blocks of 256 cover PACK_MAX_N = 2^26
 * values or frames with 4 each. */
enum { PROVIDED_THREADS = 256 };
static const size_t provided_max_blocks = (size_t)1 << 16;

static unsigned provided_blocks(size_t items)
{
    size_t blocks = (items + PROVIDED_THREADS - 1) / PROVIDED_THREADS;
    return (unsigned)(blocks < provided_max_blocks ? blocks : provided_max_blocks);
}

/* Bits `value` needs: 0 for 0, 32 for 0xFFFFFFFF. */
__device__ static uint32_t provided_bits(uint32_t value)
{
    return value == 0 ? 0 : (uint32_t)(32 - __clz((int)value));
}

/* The low `width` bits (0..32) set; no shift by 32. */
__device__ static uint32_t provided_low_bits(uint32_t width)
{
    return width >= 32 ? 0xFFFFFFFFu : (1u << width) - 1u;
}

/* Values in frame f: frame_length, or fewer in the last frame. */
__device__ static size_t provided_frame_values(size_t f, size_t n, size_t frame_length)
{
    size_t first = f * frame_length;
    return n - first < frame_length ? n - first : frame_length;
}

/* ---- Kernels: a thread per frame or per value, over a strided grid ------ */

static __global__ void provided_widths_kernel(const uint32_t *d_values, size_t n,
                                              size_t frame_length, size_t frames,
                                              uint32_t *d_widths)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t f = (size_t)blockIdx.x * blockDim.x + threadIdx.x; f < frames; f += stride) {
        size_t first = f * frame_length, count = provided_frame_values(f, n, frame_length);
        uint32_t width = 0;
        for (size_t j = 0; j < count; j++) {
            uint32_t bits = provided_bits(d_values[first + j]);
            width = bits > width ? bits : width;
        }
        d_widths[f] = width;
    }
}

/* d_bits[f] = the frame's size in bits: width * values (at most 2^31). */
static __global__ void provided_frame_bits_kernel(const uint32_t *d_widths, size_t n,
                                                  size_t frame_length, size_t frames,
                                                  uint32_t *d_bits)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t f = (size_t)blockIdx.x * blockDim.x + threadIdx.x; f < frames; f += stride)
        d_bits[f] = (uint32_t)((size_t)d_widths[f] * provided_frame_values(f, n, frame_length));
}

#if !PROVIDED_USE_CUB
/* A serial exclusive scan, in == out allowed. */
static __global__ void provided_serial_exclusive_kernel(const uint32_t *d_in, uint32_t *d_out,
                                                        size_t count)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t value = d_in[i];
        d_out[i] = sum;
        sum += value;
    }
}
#endif

/* One thread per frame ORs its values in, one after the other: value j at
 * bit b = offset + j * width, the low part into word b / 32 and, when it
 * straddles, the high part into the next word. Neighbouring frames can
 * share a word, hence atomicOr. */
static __global__ void provided_pack_kernel(const uint32_t *d_values, size_t n,
                                            size_t frame_length, size_t frames,
                                            const uint32_t *d_widths, const uint32_t *d_offsets,
                                            uint32_t *d_words)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t f = (size_t)blockIdx.x * blockDim.x + threadIdx.x; f < frames; f += stride) {
        uint32_t width = d_widths[f];
        if (width == 0)
            continue;
        uint32_t mask = provided_low_bits(width);
        size_t first = f * frame_length, count = provided_frame_values(f, n, frame_length);
        size_t bit = d_offsets[f];
        for (size_t j = 0; j < count; j++, bit += width) {
            uint32_t value = d_values[first + j] & mask;
            uint32_t shift = (uint32_t)(bit % 32);
            atomicOr(&d_words[bit / 32], value << shift);
            if (shift + width > 32) /* so shift > 0: no shift by 32 */
                atomicOr(&d_words[bit / 32 + 1], value >> (32 - shift));
        }
    }
}

/* One thread per value: its bits from the word it starts in and, when it
 * straddles, the next one (never read otherwise). */
static __global__ void provided_decode_kernel(const uint32_t *d_widths, const uint32_t *d_offsets,
                                              const uint32_t *d_words, size_t n,
                                              size_t frame_length, uint32_t *d_values)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        size_t f = i / frame_length, j = i % frame_length;
        uint32_t width = d_widths[f];
        uint32_t value = 0;
        if (width != 0) {
            size_t bit = (size_t)d_offsets[f] + j * width;
            uint32_t shift = (uint32_t)(bit % 32);
            uint64_t window = d_words[bit / 32];
            if (shift + width > 32)
                window |= (uint64_t)d_words[bit / 32 + 1] << 32;
            value = (uint32_t)(window >> shift) & provided_low_bits(width);
        }
        d_values[i] = value;
    }
}

/* ---- The steps ---------------------------------------------------------- */

cudaError_t pack_frame_widths(const uint32_t *d_values, size_t n, size_t frame_length,
                              uint32_t *d_widths)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_values, d_widths);
    size_t frames = pack_frame_count(n, frame_length);
    provided_widths_kernel<<<provided_blocks(frames), PROVIDED_THREADS>>>(d_values, n, frame_length,
                                                                          frames, d_widths);
    return cudaGetLastError();
}

cudaError_t pack_frame_offsets(const uint32_t *d_widths, size_t n, size_t frame_length,
                               uint32_t *d_offsets)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_widths, d_offsets);
    size_t frames = pack_frame_count(n, frame_length);
    /* The frames' sizes in bits, then their exclusive scan into d_offsets. */
    static struct provided_kept bits_kept, temp_kept;
    uint32_t *d_bits;
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&bits_kept, frames * sizeof *d_bits, (void **)&d_bits));
    provided_frame_bits_kernel<<<provided_blocks(frames), PROVIDED_THREADS>>>(d_widths, n, frame_length,
                                                                              frames, d_bits);
    cudaError_t err = cudaGetLastError();
#if PROVIDED_USE_CUB
    if (err == cudaSuccess)
        err = provided_exclusive_sum(&temp_kept, d_bits, d_offsets, frames);
#else
    (void)temp_kept;
    if (err == cudaSuccess) {
        provided_serial_exclusive_kernel<<<1, 1>>>(d_bits, d_offsets, frames);
        err = cudaGetLastError();
    }
#endif
    return err;
}

cudaError_t pack_values(const uint32_t *d_values, size_t n, size_t frame_length,
                        const uint32_t *d_widths, const uint32_t *d_offsets,
                        uint32_t *d_words)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_values, d_widths, d_offsets, d_words);
    size_t frames = pack_frame_count(n, frame_length);
    provided_pack_kernel<<<provided_blocks(frames), PROVIDED_THREADS>>>(d_values, n, frame_length, frames,
                                                                        d_widths, d_offsets, d_words);
    return cudaGetLastError();
}

/* ---- The whole encoder and the decoder ---------------------------------- */

#if !PROVIDED_USE_CUB
static __global__ void provided_serial_sum_kernel(const uint32_t *d_in, size_t count, uint32_t *d_sum)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < count; i++)
        sum += d_in[i];
    *d_sum = sum;
}
#endif

/* The stream's length in bits: the sum of every frame's bits, a reduction
 * (CUB's DeviceReduce::Sum; a serial loop under the emulator). At most
 * 2^31 (pack.h), so 32 bits hold it. */
static cudaError_t provided_total_bits(const uint32_t *d_widths, size_t n, size_t frame_length, size_t frames,
                                       uint32_t *total_bits)
{
    static struct provided_kept bits_kept, sum_kept, temp_kept;
    uint32_t *d_bits, *d_sum;
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&bits_kept, frames * sizeof *d_bits, (void **)&d_bits));
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&sum_kept, sizeof *d_sum, (void **)&d_sum));
    provided_frame_bits_kernel<<<provided_blocks(frames), PROVIDED_THREADS>>>(d_widths, n, frame_length,
                                                                              frames, d_bits);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
#if PROVIDED_USE_CUB
    void *d_temp = NULL;
    size_t temp_bytes = 0;
    RETURN_IF_CUDA_ERROR(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_bits, d_sum, (int)frames));
    RETURN_IF_CUDA_ERROR(provided_kept_at_least(&temp_kept, temp_bytes, &d_temp));
    RETURN_IF_CUDA_ERROR(cub::DeviceReduce::Sum(d_temp, temp_bytes, d_bits, d_sum, (int)frames));
#else
    (void)temp_kept;
    provided_serial_sum_kernel<<<1, 1>>>(d_bits, frames, d_sum);
#endif
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    return cudaMemcpy(total_bits, d_sum, sizeof *total_bits, cudaMemcpyDeviceToHost);
}

cudaError_t pack_encode(const uint32_t *d_values, size_t n, size_t frame_length,
                        uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                        size_t *words)
{
    if (words == NULL || frame_length == 0 || n > PACK_MAX_N)
        return cudaErrorInvalidValue;
    *words = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_values, d_widths, d_offsets, d_words);
    size_t frames = pack_frame_count(n, frame_length);
    RETURN_IF_CUDA_ERROR(pack_frame_widths(d_values, n, frame_length, d_widths));
    RETURN_IF_CUDA_ERROR(pack_frame_offsets(d_widths, n, frame_length, d_offsets));
    uint32_t total_bits = 0;
    RETURN_IF_CUDA_ERROR(provided_total_bits(d_widths, n, frame_length, frames, &total_bits));
    size_t count = ((size_t)total_bits + 31) / 32;
    if (count > 0)
        RETURN_IF_CUDA_ERROR(cudaMemset(d_words, 0, count * sizeof *d_words));
    RETURN_IF_CUDA_ERROR(pack_values(d_values, n, frame_length, d_widths, d_offsets, d_words));
    *words = count;
    return cudaSuccess;
}

cudaError_t pack_decode(const uint32_t *d_widths, const uint32_t *d_offsets,
                        const uint32_t *d_words, size_t n, size_t frame_length,
                        uint32_t *d_values)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_widths, d_offsets, d_words, d_values);
    provided_decode_kernel<<<provided_blocks(n), PROVIDED_THREADS>>>(d_widths, d_offsets, d_words, n,
                                                                     frame_length, d_values);
    return cudaGetLastError();
}
