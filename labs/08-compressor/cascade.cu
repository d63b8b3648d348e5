/*
 * Lab 08: the compressor. scanzip's cascade method on the GPU, from the
 * run-length encoder of lab 05 and the bit packing of lab 06.
 *
 * Goal:   write and read the payload of scanzip's method 4 (common/cascade.h
 *         and scanzip/codec.h say its bytes), exactly as the CPU
 *         codec does, so that `scanzip --gpu` writes the same files:
 *
 *             raw (w = 1)  07 07 07 09
 *             values       [7 7 7 9]          Part A: bytes -> ints
 *             symbols      [7 9]              rle_encode (lab 05)
 *             counts - 1   [2 0]              a count is at least 1
 *             deltas       [14 4]             Part B, when they pack smaller
 *             frame        128                Part C: the smallest payload
 *             payload      02000000 80000000 04 97000000 02 02000000   Part D
 *
 *         The decoder takes the payload apart again, and refuses every
 *         payload scanzip's CPU decoder refuses: a file can be corrupt, and
 *         a GPU must not read or write past a buffer because a field lies.
 * Rules:  CUDA C; no Thrust, CUB or other libraries. rle_encode,
 *         rle_decode_search, pack_encode, pack_decode, pack_frame_offsets
 *         and scan_exclusive_tiled come from their headers: the grader
 *         links its own versions of them.
 * Build:  make grade LAB=08                    grade this file
 *         make run LAB=08 N=16 FILL=runs       print every step
 *         make scanzip-gpu TREE=labs           scanzip with your labs 05, 06, 08
 *
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
 */
#include <string.h>

#include "cascade.h"
#include "cuda_check.h"
#include "rle.h"
#include "scan.h"
#include "todo.h"

#define THREADS_PER_BLOCK 256
#define MAX_BLOCKS 4096 /* grid-stride loops: enough blocks to fill any GPU */

/* Blocks for a grid-stride loop over n items. */
static inline unsigned grid_for(size_t n)
{
    unsigned blocks = blocks_for(n, THREADS_PER_BLOCK);
    return blocks < MAX_BLOCKS ? blocks : MAX_BLOCKS;
}

/* All ones in the low `bits` bits (8 -> 0xff, 32 -> 0xffffffff): the
 * modulus 2^(8w) of the delta step, as a mask. */
__host__ __device__ inline uint32_t low_mask(unsigned bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

static bool valid_element_bytes(unsigned element_bytes)
{
    return element_bytes == 1 || element_bytes == 2 || element_bytes == 4;
}

/* ---- Part A: elements in, elements out ---------------------------------- */

/*
 * widen_kernel: d_values[i] = element i, its w bytes lowest first.
 *
 *     w = 2, raw [34 12 ff 00]  ->  [0x1234 0x00ff]
 */
__global__ void widen_kernel(const uint8_t *d_raw, size_t n, unsigned element_bytes, int *d_values)
{
    // TODO(student): a grid-stride loop over i; OR the bytes of element i,
    // byte b shifted left by 8 * b.
    (void)d_raw; (void)n; (void)element_bytes; (void)d_values;
}

/* The reverse of widen_kernel: the low 8w bits of d_values[i], lowest byte first. */
__global__ void narrow_kernel(const int *d_values, size_t n, unsigned element_bytes, uint8_t *d_raw)
{
    // TODO(student): a grid-stride loop; byte b of element i is value >> (8 * b).
    (void)d_values; (void)n; (void)element_bytes; (void)d_raw;
}

/* Parts A and B share their checks: NULL, w, n. */
static cudaError_t check_arguments(const void *d_in, const void *d_out, size_t n, unsigned element_bytes)
{
    if (!valid_element_bytes(element_bytes) || n > CASCADE_MAX_N)
        return cudaErrorInvalidValue;
    if (n > 0 && (d_in == NULL || d_out == NULL))
        return cudaErrorInvalidValue;
    return cudaSuccess;
}

cudaError_t cascade_widen(const uint8_t *d_raw, size_t n, unsigned element_bytes, int *d_values)
{
    RETURN_IF_CUDA_ERROR(check_arguments(d_raw, d_values, n, element_bytes));
    if (n == 0)
        return cudaSuccess;
    widen_kernel<<<grid_for(n), THREADS_PER_BLOCK>>>(d_raw, n, element_bytes, d_values);
    return cudaGetLastError();
}

cudaError_t cascade_narrow(const int *d_values, size_t n, unsigned element_bytes, uint8_t *d_raw)
{
    RETURN_IF_CUDA_ERROR(check_arguments(d_values, d_raw, n, element_bytes));
    if (n == 0)
        return cudaSuccess;
    narrow_kernel<<<grid_for(n), THREADS_PER_BLOCK>>>(d_values, n, element_bytes, d_raw);
    return cudaGetLastError();
}

/* ---- Part B: the delta step ---------------------------------------------- */

/*
 * zigzag: a difference modulo 2^bits, as a number that is small when the
 * difference is small either way. Negative means bit bits-1 is set.
 *
 *     bits 8:  0 -> 0,  1 -> 2,  0xff (-1) -> 1,  0xf8 (-8) -> 15,  0x80 (-128) -> 255
 */
__host__ __device__ inline uint32_t zigzag(uint32_t difference, unsigned bits)
{
    // TODO(student): shift left by one within `bits` bits; for a negative
    // difference, flip all `bits` bits of that.
    (void)difference; (void)bits;
    return 0;
}

/*
 * unzigzag: the reverse, 0 -> 0, 2 -> 1, 1 -> 0xff..., 15 -> -8 (mod 2^bits).
 */
__host__ __device__ inline uint32_t unzigzag(uint32_t z, unsigned bits)
{
    // TODO(student): shift right by one; an odd z was negative: flip the bits.
    (void)z; (void)bits;
    return 0;
}

/*
 * delta_kernel: d_zigzag[r] = zigzag of d_symbols[r] - d_symbols[r-1]
 * (d_symbols[-1] = 0), taken modulo 2^bits.
 *
 *     bits 8, symbols [7 9 8 8 0 255]  ->  [14 4 1 0 15 1]
 */
__global__ void delta_kernel(const int *d_symbols, size_t runs, unsigned bits, uint32_t *d_zigzag)
{
    // TODO(student): a grid-stride loop over r; subtract as uint32_t (it wraps,
    // int would overflow), keep the low `bits` bits, zigzag.
    (void)d_symbols; (void)runs; (void)bits; (void)d_zigzag;
}

cudaError_t cascade_delta(const int *d_symbols, size_t runs, unsigned element_bytes,
                          uint32_t *d_zigzag)
{
    RETURN_IF_CUDA_ERROR(check_arguments(d_symbols, d_zigzag, runs, element_bytes));
    if (runs == 0)
        return cudaSuccess;
    delta_kernel<<<grid_for(runs), THREADS_PER_BLOCK>>>(d_symbols, runs, 8 * element_bytes, d_zigzag);
    return cudaGetLastError();
}

/*
 * unzigzag_kernel: d_differences[r] = unzigzag(d_zigzag[r]), as int bits.
 * finish_undelta_kernel: d_symbols[r] = (exclusive[r] + difference[r]) mod
 * 2^bits, the inclusive sum from the exclusive one.
 *
 *     bits 8, zigzag [14 4 1 0]  ->  differences [7 2 0xff 0]
 *     exclusive [0 7 9 0x108]  ->  [7 9 0x108 & 0xff = 8, 8]
 */
__global__ void unzigzag_kernel(const uint32_t *d_zigzag, size_t runs, unsigned bits, int *d_differences)
{
    // TODO(student): a grid-stride loop over r.
    (void)d_zigzag; (void)runs; (void)bits; (void)d_differences;
}

__global__ void finish_undelta_kernel(const int *d_differences, const int *d_exclusive, size_t runs,
                                      unsigned bits, int *d_symbols)
{
    // TODO(student): add as uint32_t, keep the low `bits` bits.
    (void)d_differences; (void)d_exclusive; (void)runs; (void)bits; (void)d_symbols;
}

/*
 * cascade_undelta: unzigzag into d_symbols, their exclusive scan
 * (scan_exclusive_tiled) into a temporary array, then the inclusive sums
 * modulo 2^(8w) back into d_symbols. The scan adds ints: the sums wrap
 * past 2^31, and only their low 8w bits, which wrapping keeps, count.
 */
cudaError_t cascade_undelta(const uint32_t *d_zigzag, size_t runs, unsigned element_bytes,
                            int *d_symbols)
{
    RETURN_IF_CUDA_ERROR(check_arguments(d_zigzag, d_symbols, runs, element_bytes));
    if (runs == 0)
        return cudaSuccess;
    // TODO(student): a temporary array of runs ints (cudaMalloc, and free it
    // on every path); unzigzag_kernel into d_symbols; scan_exclusive_tiled
    // into the temporary; finish_undelta_kernel back into d_symbols. Both
    // kernels work modulo 2^bits, bits = 8 * element_bytes; grid_for(runs) blocks.
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/* ---- Part C: choosing the frame length ------------------------------------ */

/* The candidates 8 16 32 64 128 256 (format.h); a block takes 256 values
 * at a time, one candidate frame of the longest kind. */
#define CANDIDATE_TILE (SCANZIP_FIRST_FRAME_CANDIDATE << (SCANZIP_FRAME_CANDIDATES - 1))
#define WARPS_PER_TILE (CANDIDATE_TILE / 32)

__device__ inline unsigned bits_of(uint32_t value)
{
    return 32 - __clz((int)value);
}

/* The values of the frame of `length` that starts at i: the last is short. */
__device__ inline size_t frame_values(size_t length, size_t count, size_t i)
{
    return count - i < length ? count - i : length;
}

/*
 * candidate_bits_kernel: d_bits[k] += the packed bits of the stream with
 * frames of 8 << k. A frame's width is the bits of the OR of its values,
 * and a frame of 16 is two frames of 8: the ORs of frames of 8, 16 and 32
 * come from __shfl_xor_sync within a warp (lanes 1, 2, 4 apart make 8;
 * then 8 apart, then 16), those of 64, 128 and 256 from the warps' ORs in
 * shared memory. The first thread of each frame adds width * its values
 * (the last frame may be short); the block then adds its sums to d_bits.
 *
 *     values [0 0 0 0 0 0 0 0  5 0 0 0 0 0 0 0], count 16
 *     frames of 8: ORs 0, 5 -> 0 * 8 + 3 * 8 = 24 bits;  of 16: OR 5 -> 48 bits
 */
__global__ void candidate_bits_kernel(const uint32_t *d_values, size_t count, unsigned long long *d_bits)
{
    // TODO(student): for each tile of 256 values: OR across lanes with
    // __shfl_xor_sync (1, 2, 4 apart: frames of 8; 8 apart: 16; 16 apart: 32),
    // the warps' ORs through shared memory for 64, 128, 256; the first
    // thread of each frame adds bits_of(OR) * (values in the frame) to its
    // sum for that length. Then add the sums to d_bits (atomicAdd), once
    // per block and length.
    (void)d_values; (void)count; (void)d_bits;
}

cudaError_t cascade_frame_bytes(const uint32_t *d_values, size_t count,
                                uint64_t bytes[SCANZIP_FRAME_CANDIDATES])
{
    if (bytes == NULL || count > CASCADE_MAX_N || (count > 0 && d_values == NULL))
        return cudaErrorInvalidValue;
    unsigned long long bits[SCANZIP_FRAME_CANDIDATES] = {0};
    if (count > 0) {
        unsigned long long *d_bits = NULL;
        RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&d_bits, sizeof bits));
        cudaError_t err = cudaMemset(d_bits, 0, sizeof bits);
        if (err == cudaSuccess) {
            // TODO(student): launch candidate_bits_kernel, blocks of
            // CANDIDATE_TILE threads, at most MAX_BLOCKS of them.
            TODO_STUDENT();
            err = cudaErrorNotYetImplemented;
        }
        if (err == cudaSuccess)
            err = cudaMemcpy(bits, d_bits, sizeof bits, cudaMemcpyDeviceToHost);
        cudaFree(d_bits);
        RETURN_IF_CUDA_ERROR(err);
    }
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
        bytes[k] = pack_frame_count(count, SCANZIP_FIRST_FRAME_CANDIDATE << k) + 4 * ((bits[k] + 31) / 32);
    return cudaSuccess;
}

/* ---- Part D: the payload ---------------------------------------------------- */

/*
 * The temporary arrays of an encode or a decode, an allocation each: n is
 * the most runs, frames and words any stream can have. Each is kept from
 * call to call and grown when a larger n comes: a compressor calls once
 * per chunk, and a cudaMalloc and cudaFree of 7n ints (448 MB for a chunk
 * of 2^24) cost more than the chunk's kernels. They are freed when the
 * program exits. So the functions of Part D run one call at a time (a GPU
 * engine calls them so: engine.h). An allocation each, not one cut in
 * seven: a write past the end of one array is then a write past its
 * allocation, which the grader's guard zones and the bounds checkers see,
 * not a quiet write into the next array.
 */
struct scratch {
    int *values, *symbols, *counts;              /* n each */
    uint32_t *deltas, *widths, *offsets, *words; /* n each */
    unsigned long long *total;                   /* decode: the counts' sum */
    unsigned *invalid;                           /* decode: a field out of range */
};

static struct scratch kept;
static size_t kept_n;

static void scratch_free(void)
{
    void *arrays[] = {kept.values, kept.symbols, kept.counts, kept.deltas, kept.widths,
                      kept.offsets, kept.words, kept.total, kept.invalid};
    for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
        cudaFree(arrays[k]);
    memset(&kept, 0, sizeof kept);
    kept_n = 0;
}

static cudaError_t scratch_for(size_t n, struct scratch *s)
{
    if (n > kept_n) {
        static bool registered;
        if (!registered)
            registered = atexit(scratch_free) == 0;
        scratch_free();
        void **arrays[] = {(void **)&kept.values, (void **)&kept.symbols, (void **)&kept.counts,
                           (void **)&kept.deltas, (void **)&kept.widths, (void **)&kept.offsets,
                           (void **)&kept.words};
        for (size_t k = 0; k < sizeof arrays / sizeof arrays[0]; k++)
            RETURN_IF_CUDA_ERROR(cudaMalloc(arrays[k], n * sizeof(int)));
        RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&kept.total, sizeof *kept.total));
        RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&kept.invalid, sizeof *kept.invalid));
        kept_n = n; /* only once all of them exist: a failure leaves kept_n 0, freed next time */
    }
    *s = kept;
    return cudaSuccess;
}

/* counts - 1 in place, as uint32_t: [3 1] -> [2 0] */
__global__ void counts_minus_one_kernel(int *d_counts, size_t runs)
{
    for (size_t r = (size_t)blockIdx.x * blockDim.x + threadIdx.x; r < runs;
         r += (size_t)gridDim.x * blockDim.x)
        d_counts[r] -= 1;
}

/*
 * write_stream_kernel: one packed stream into the payload at d_out: a byte
 * per frame (its width), then the words, lowest byte first. d_out has any
 * alignment (it follows the width bytes), so words go out a byte at a time.
 *
 *     widths [4], words [0x00000097]  ->  04 97 00 00 00
 */
__global__ void write_stream_kernel(const uint32_t *d_widths, size_t frames, const uint32_t *d_words,
                                    size_t words, uint8_t *d_out)
{
    // TODO(student): a grid-stride loop over frames + words items: item i
    // < frames is a width byte; the others are words, 4 bytes each.
    (void)d_widths; (void)frames; (void)d_words; (void)words; (void)d_out;
}

/* Pack values[0..count) and write the stream at d_out; returns its bytes in *bytes. */
static cudaError_t write_stream(const uint32_t *d_values, size_t count, uint32_t frame_length,
                                const struct scratch *s, uint8_t *d_out, size_t *bytes)
{
    size_t frames = pack_frame_count(count, frame_length), words = 0;
    RETURN_IF_CUDA_ERROR(pack_encode(d_values, count, frame_length, s->widths, s->offsets, s->words, &words));
    write_stream_kernel<<<grid_for(frames + words), THREADS_PER_BLOCK>>>(s->widths, frames, s->words,
                                                                          words, d_out);
    *bytes = frames + 4 * words;
    return cudaGetLastError();
}

/* One packed stream's bytes with any frame length: widths and offsets,
 * then the last frame's end, read back. */
static cudaError_t stream_bytes(const uint32_t *d_values, size_t count, uint32_t frame_length,
                                const struct scratch *s, uint64_t *bytes)
{
    size_t frames = pack_frame_count(count, frame_length);
    uint32_t last[2];
    RETURN_IF_CUDA_ERROR(pack_frame_widths(d_values, count, frame_length, s->widths));
    RETURN_IF_CUDA_ERROR(pack_frame_offsets(s->widths, count, frame_length, s->offsets));
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&last[0], s->offsets + frames - 1, 4, cudaMemcpyDeviceToHost));
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&last[1], s->widths + frames - 1, 4, cudaMemcpyDeviceToHost));
    uint64_t bits = last[0] + (uint64_t)last[1] * (count - (frames - 1) * frame_length);
    *bytes = frames + 4 * ((bits + 31) / 32);
    return cudaSuccess;
}

/* A stream's bytes with each frame length considered: the candidates
 * 8 16 ... 256, or just the one given. */
struct frame_sizes {
    unsigned count;
    uint32_t frame[SCANZIP_FRAME_CANDIDATES];
    uint64_t bytes[SCANZIP_FRAME_CANDIDATES];
};

static cudaError_t measure_stream(const uint32_t *d_values, size_t count, uint32_t frame_length,
                                  const struct scratch *s, struct frame_sizes *sizes)
{
    if (frame_length != SCANZIP_FRAME_CHOOSE) {
        sizes->count = 1;
        sizes->frame[0] = frame_length;
        return stream_bytes(d_values, count, frame_length, s, &sizes->bytes[0]);
    }
    sizes->count = SCANZIP_FRAME_CANDIDATES;
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
        sizes->frame[k] = SCANZIP_FIRST_FRAME_CANDIDATE << k;
    return cascade_frame_bytes(d_values, count, sizes->bytes);
}

/* The smallest payload of a symbol stream beside the counts (the two
 * share the frame length), and its frame length: strictly smaller wins,
 * so a tie goes to the shorter frame. */
static void best_frame(const struct frame_sizes *symbols, const struct frame_sizes *counts, uint64_t *bytes,
                       uint32_t *chosen)
{
    for (unsigned k = 0; k < symbols->count; k++) {
        uint64_t total = 8 + symbols->bytes[k] + counts->bytes[k];
        if (k == 0 || total < *bytes) {
            *bytes = total;
            *chosen = symbols->frame[k];
        }
    }
}

/*
 * encode_with: the encoder's steps once the scratch exists.
 *
 *     raw [7 7 7 9] -> values -> rle_encode -> symbols [7 9], counts [3 1]
 *     -> counts - 1 [2 0]; deltas [14 4] when asked for
 *     -> each stream measured (measure_stream: the counts once, the
 *        symbols plain and as deltas), the best frame of each (best_frame)
 *     -> header (runs, frame), symbol stream, count stream (write_stream)
 */
static cudaError_t encode_with(const struct scratch *s, const uint8_t *d_raw, size_t n,
                               unsigned element_bytes, uint32_t frame_length, enum cascade_delta delta,
                               uint8_t *d_payload, size_t *payload_bytes, bool *delta_used)
{
    // TODO(student): the steps above, each through its function:
    // cascade_widen into s->values; rle_encode into s->symbols and s->counts;
    // counts_minus_one_kernel; measure_stream of the counts; for delta !=
    // CASCADE_DELTA, measure_stream and best_frame of the plain symbols; for
    // delta != CASCADE_PLAIN, cascade_delta into s->deltas, measure_stream
    // and best_frame of those; pick (a tie: no delta); then the 8-byte
    // header (cudaMemcpy), write_stream of the symbols and of the counts.
    (void)s; (void)d_raw; (void)n; (void)element_bytes; (void)frame_length;
    (void)delta; (void)d_payload; (void)payload_bytes; (void)delta_used;
    (void)measure_stream; (void)best_frame; (void)write_stream;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

cudaError_t cascade_encode(const uint8_t *d_raw, size_t n, unsigned element_bytes,
                           uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payload,
                           size_t *payload_bytes, bool *delta_used)
{
    if (d_raw == NULL || d_payload == NULL || payload_bytes == NULL || delta_used == NULL ||
        !valid_element_bytes(element_bytes) || n == 0 || n > CASCADE_MAX_N ||
        frame_length > SCANZIP_MAX_FRAME_LENGTH || (unsigned)delta > CASCADE_CHOOSE_DELTA)
        return cudaErrorInvalidValue;
    struct scratch s;
    RETURN_IF_CUDA_ERROR(scratch_for(n, &s));
    return encode_with(&s, d_raw, n, element_bytes, frame_length, delta, d_payload, payload_bytes, delta_used);
}

/*
 * stream_widths_kernel: a stream's width bytes into d_widths, and a 1 into
 * *d_invalid for a width above max_width.
 */
__global__ void stream_widths_kernel(const uint8_t *d_bytes, size_t frames, unsigned max_width,
                                     uint32_t *d_widths, unsigned *d_invalid)
{
    // TODO(student): a grid-stride loop; flag a width above max_width.
    (void)d_bytes; (void)frames; (void)max_width; (void)d_widths; (void)d_invalid;
}

/* The reverse of write_stream_kernel's words: bytes at any alignment into u32. */
__global__ void read_words_kernel(const uint8_t *d_bytes, size_t words, uint32_t *d_words)
{
    // TODO(student): a grid-stride loop; byte b of word i is bits 8b..8b+7.
    (void)d_bytes; (void)words; (void)d_words;
}

/*
 * counts_kernel: counts - 1 from the payload back to counts, added into
 * *d_total; a count above n (which the sum would hide by wrapping) sets
 * *d_invalid. In place: [2 0] -> [3 1], total 4. Every thread of a warp
 * reaches the shuffles (the loop's bound does not depend on the lane's
 * work), so the whole warp takes part, as __shfl_down_sync's full mask
 * requires: blockDim.x is a multiple of 32.
 */
__global__ void counts_kernel(uint32_t *d_counts, size_t runs, size_t n, unsigned long long *d_total,
                              unsigned *d_invalid)
{
    // TODO(student): a grid-stride loop; add in 64 bits (2^26 counts of up to
    // 2^32 overflow 32); the warp's sums added with __shfl_down_sync, then
    // one atomicAdd per warp (a million atomics on one address take a
    // millisecond: they queue).
    (void)d_counts; (void)runs; (void)n; (void)d_total; (void)d_invalid;
}

/*
 * read_stream: take one packed stream of `count` values apart at
 * payload[*at ..), checking each field before using it, into the scratch's
 * widths and offsets (the next stream's read writes over them) and
 * `words` (a separate array per stream), and move *at past it. Invalid:
 * it runs past payload_bytes, a width above max_width, or unused high
 * bits set in its last word.
 */
static cudaError_t read_stream(const uint8_t *d_payload, size_t payload_bytes, size_t *at, size_t count,
                               uint32_t frame_length, unsigned max_width, const struct scratch *s,
                               uint32_t *d_words)
{
    // TODO(student): the frames' width bytes must fit; stream_widths_kernel
    // (read s->invalid back); pack_frame_offsets; the last frame's offset and
    // width give the stream's bits, hence its words, which must fit too;
    // read_words_kernel into d_words; the bits of the last word above the
    // stream's end must be 0. Move *at past the widths and the words.
    (void)d_payload; (void)payload_bytes; (void)at; (void)count; (void)frame_length;
    (void)max_width; (void)s; (void)d_words;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

/*
 * decode_with: the decoder's steps once the scratch exists, in this
 * order. The two streams share s->widths and s->offsets, which each
 * read_stream fills: unpack the symbols before the counts' read_stream
 * writes over them. The symbol words go to s->values and the count words
 * to s->deltas (both free then); pack_decode writes the symbols to
 * s->symbols and the counts to s->counts.
 *
 *     header: runs 1..n, frame length 1..2^20
 *     read_stream of the symbols (widths <= 8w), then pack_decode of them
 *     read_stream of the counts (widths <= 32); the payload ends exactly
 *     there; then pack_decode of them
 *     counts_kernel: counts add up to exactly n
 *     cascade_undelta when the flag says so (from a copy in s->deltas)
 *     rle_decode_search into s->values, cascade_narrow into d_raw
 */
static cudaError_t decode_with(const struct scratch *s, const uint8_t *d_payload, size_t payload_bytes,
                               unsigned element_bytes, bool delta, uint8_t *d_raw, size_t n)
{
    // TODO(student): the steps above. Check every field before you use it:
    // a length that runs past payload_bytes, a runs of 0 or above n, a frame
    // length outside 1..SCANZIP_MAX_FRAME_LENGTH, counts that add up to
    // anything but n all return CASCADE_INVALID_PAYLOAD.
    (void)s; (void)d_payload; (void)payload_bytes; (void)element_bytes; (void)delta;
    (void)d_raw; (void)n; (void)read_stream;
    TODO_STUDENT();
    return cudaErrorNotYetImplemented;
}

cudaError_t cascade_decode(const uint8_t *d_payload, size_t payload_bytes, unsigned element_bytes,
                           bool delta, uint8_t *d_raw, size_t n)
{
    if (d_payload == NULL || d_raw == NULL || !valid_element_bytes(element_bytes) || n == 0 ||
        n > CASCADE_MAX_N)
        return cudaErrorInvalidValue;
    struct scratch s;
    RETURN_IF_CUDA_ERROR(scratch_for(n, &s));
    return decode_with(&s, d_payload, payload_bytes, element_bytes, delta, d_raw, n);
}
