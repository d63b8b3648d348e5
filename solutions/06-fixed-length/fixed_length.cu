/*
 * Lab 06: fixed-length bit packing, built on scan.
 *
 * Goal:   store small numbers in few bits. The values are cut into frames
 *         of frame_length values (chosen at run time; the last frame may be
 *         shorter), and every value of a frame is stored with the frame's
 *         width: the bits of its largest value. Frame 1 below needs 3 bits
 *         a value instead of 32. Where each frame starts in the bit stream
 *         is an exclusive scan of the frames' sizes in bits:
 *
 *             values      [ 0  2  1 |  5  5  7 | 10  1 13 ]   frame_length 3
 *             bits each   [ 0  2  1 |  3  3  3 |  4  1  4 ]   32 - clz(value)
 *             widths      [ 2       |  3       |  4       ]   frame maximum
 *             frame bits  [ 6       |  9       | 12       ]   width * 3
 *             offsets     [ 0       |  6       | 15       ]   exclusive scan
 *             words       [ 0x068d7b58 ]                      27 bits, 1 word
 *
 *         The stream, bit 0 first, each value lowest bit first:
 *
 *             00|01|10 || 101|101|111 || 0101|1000|1011
 *             0  2  1     5   5   7      10   1    13
 *
 *         Part A computes widths and offsets, part B packs the values into
 *         32-bit words with atomicOr, part C decodes them and chains the
 *         whole encoder. common/pack.h defines the layout exactly.
 * Rules:  CUDA C; no Thrust, CUB or other libraries. The scan is
 *         scan_exclusive_tiled of common/scan.h: the grader links its own
 *         copy, so your lab 03 need not be finished. Shifting a 32-bit
 *         value by 32 is undefined in C and CUDA: width 32 must not need it.
 * Build:  make grade LAB=06                          grade this file
 *         make run LAB=06 N=9 FILL=width4 FRAME=3    print every step
 *
// BEGIN GUIDED
 * Each function below has a stub marked TODO(student). Replace the stub
 * with your code and delete its TODO_STUDENT() call.
// END GUIDED
// BEGIN OPEN
//@  * The five functions below are yours (common/pack.h gives each one's
//@  * contract), and every kernel and device function they need: the design
//@  * is yours. Replace each stub with your code and delete its
//@  * TODO_STUDENT() call.
// END OPEN
 */
#include "cuda_check.h"
#include "pack.h"
#include "scan.h"
#include "todo.h"

// BEGIN GUIDED
#define THREADS_PER_BLOCK 256
#define PACK_TILE 1024                /* values a block of pack_kernel packs */
#define PACK_TILE_WORDS (PACK_TILE + 1) /* the words 1024 values of up to 32 bits can touch */

/* Threads for a block that handles one frame: the smallest power of two
 * that covers the frame, at most THREADS_PER_BLOCK (frames of 1 value get
 * blocks of 1 thread, frames of 4096 values blocks of 256). */
static inline unsigned threads_for_frame(size_t frame_length)
{
    unsigned threads = 1;
    while (threads < THREADS_PER_BLOCK && threads < frame_length)
        threads *= 2;
    return threads;
}

// END GUIDED
/* ---- Part A: widths and offsets ----------------------------------------- */

// BEGIN GUIDED
/*
 * bits_needed: how many bits `value` needs, 0 for 0.
 *
 *     0 -> 0,  1 -> 1,  2 -> 2,  5 -> 3,  13 -> 4,  0xFFFFFFFF -> 32
 *
 * __clz(x) counts the zero bits above the highest one bit (32 for 0).
 */
__device__ uint32_t bits_needed(uint32_t value)
{
    // BEGIN SOLUTION
    return 32 - __clz((int)value);
    // END SOLUTION
    //@ // TODO(student): 32 minus the leading zero bits of value (__clz).
    //@ (void)value;
    //@ return 0;
}

/*
 * widths_kernel: one block per frame (blockIdx.x is the frame). The frame
 * may hold more values than the block has threads: each thread takes every
 * blockDim.x-th value of the frame, keeps the largest bits_needed it sees,
 * and the block combines its threads' answers (atomicMax on a __shared__
 * variable, or a tree reduction).
 *
 *     frame 1 of [0 2 1 | 5 5 7 | 10 1 13], 4 threads:
 *         threads 0 1 2 see 5 5 7 -> 3 3 3, thread 3 sees none -> 0;
 *         the block's maximum 3 goes to d_widths[1]
 */
__global__ void widths_kernel(const uint32_t *d_values, size_t n, size_t frame_length,
                              uint32_t *d_widths)
{
    // BEGIN SOLUTION
    __shared__ uint32_t width;
    size_t first = (size_t)blockIdx.x * frame_length;
    size_t end = n - first < frame_length ? n : first + frame_length;
    if (threadIdx.x == 0)
        width = 0;
    __syncthreads();
    uint32_t mine = 0;
    for (size_t i = first + threadIdx.x; i < end; i += blockDim.x) {
        uint32_t bits = bits_needed(d_values[i]);
        mine = bits > mine ? bits : mine;
    }
    atomicMax(&width, mine);
    __syncthreads();
    if (threadIdx.x == 0)
        d_widths[blockIdx.x] = width;
    // END SOLUTION
    //@ // TODO(student): the largest bits_needed of this block's frame.
    //@ (void)d_values; (void)n; (void)frame_length; (void)d_widths;
}

// END GUIDED
/*
 * pack_frame_widths: the width of every frame.
 *
 * Example (frame_length 3): [0 2 1 5 5 7 10 1 13] -> [2 3 4]
 *          (frame_length 4): [0 0 0 0 7 1] -> [0 3]   (zeros: width 0)
 */
cudaError_t pack_frame_widths(const uint32_t *d_values, size_t n, size_t frame_length,
                              uint32_t *d_widths)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_values, d_widths);
    // BEGIN GUIDED
    unsigned frames = (unsigned)pack_frame_count(n, frame_length);
    unsigned threads = threads_for_frame(frame_length);
    // BEGIN SOLUTION
    widths_kernel<<<frames, threads>>>(d_values, n, frame_length, d_widths);
    return cudaGetLastError();
    // END SOLUTION
    //@ // TODO(student): launch widths_kernel: one block of `threads` threads
    //@ // for each of the `frames` frames.
    //@ (void)frames; (void)threads;
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): the largest width of each frame's values.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}

// BEGIN GUIDED
/*
 * frame_bits_kernel: one thread per frame, d_bits[f] = the frame's size in
 * bits: its width times its number of values (the last frame may be short).
 *
 *     widths [2 3 4], n = 8, frame_length 3  ->  [6 9 8]  (last frame: 2 values)
 */
__global__ void frame_bits_kernel(const uint32_t *d_widths, size_t n, size_t frame_length,
                                  size_t frames, uint32_t *d_bits)
{
    // BEGIN SOLUTION
    size_t f = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (f < frames) {
        size_t first = f * frame_length;
        size_t count = n - first < frame_length ? n - first : frame_length;
        d_bits[f] = d_widths[f] * (uint32_t)count;
    }
    // END SOLUTION
    //@ // TODO(student): one thread per frame; skip f >= frames.
    //@ (void)d_widths; (void)n; (void)frame_length; (void)frames; (void)d_bits;
}

// END GUIDED
/*
// BEGIN GUIDED
 * pack_frame_offsets: where each frame starts, in bits: frame_bits_kernel
 * into d_offsets, then scan_exclusive_tiled in place. The scan works on
 * int; uint32_t and int have the same size, so cast the pointers: every
 * offset is below 2^31 (common/pack.h).
// END GUIDED
// BEGIN OPEN
//@  * pack_frame_offsets: where each frame starts, in bits: the exclusive
//@  * scan of the frames' sizes (width times values). Every offset is below
//@  * 2^31 (common/pack.h).
// END OPEN
 *
 * Example: widths [2 3 4], n = 9, frame_length 3 -> bits [6 9 12]
 *          -> offsets [0 6 15]
 */
cudaError_t pack_frame_offsets(const uint32_t *d_widths, size_t n, size_t frame_length,
                               uint32_t *d_offsets)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_widths, d_offsets);
    // BEGIN SOLUTION
    size_t frames = pack_frame_count(n, frame_length);
    frame_bits_kernel<<<blocks_for(frames, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(
        d_widths, n, frame_length, frames, d_offsets);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    return scan_exclusive_tiled((const int *)d_offsets, (int *)d_offsets, frames);
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): frame_bits_kernel (one thread per frame) into
    //@ // d_offsets, then scan_exclusive_tiled of them in place.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): the frames' bit offsets.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}

/* ---- Part B: packing ----------------------------------------------------- */

// BEGIN GUIDED
/*
 * or_bits: OR `value` (which fits in `width` bits, 1..32) into the stream
 * d_words at bit `bit`, lowest bit first. It fills word bit / 32 from bit
 * bit % 32 up; what does not fit goes to the low bits of the next word.
 *
 *     bit 15, value 10 (1010), width 4: word 0, shift 15: bits 15..18
 *     bit 30, value 13 (1101), width 4: word 0 gets 01 in bits 30..31,
 *         word 1 gets 11 in bits 0..1 (13 >> 2 = 3)
 *
 * Other threads write other bits of the same words at the same time:
 * use atomicOr. A shift by 32 is undefined: value << shift is safe (shift
 * is 0..31), and value >> (32 - shift) is safe only when shift >= 1, which
 * holds whenever the value straddles (shift + width > 32). Width 32 at
 * shift 0 fills one word exactly and does not straddle.
 */
__device__ void or_bits(uint32_t *d_words, size_t bit, uint32_t value, uint32_t width)
{
    // BEGIN SOLUTION
    size_t word = bit / 32;
    uint32_t shift = (uint32_t)(bit % 32);
    atomicOr(&d_words[word], value << shift);
    if (shift + width > 32) /* straddles, so shift >= 1 */
        atomicOr(&d_words[word + 1], value >> (32 - shift));
    // END SOLUTION
    //@ // TODO(student): atomicOr the low part into word bit / 32 and, if
    //@ // shift + width > 32, the high part into the next word.
    //@ (void)d_words; (void)bit; (void)value; (void)width;
}

/*
 * pack_kernel: one block per tile of PACK_TILE consecutive values. The
 * tile's bits are consecutive in the stream and span at most
 * PACK_TILE_WORDS words, starting at word first_word (the word of the
 * tile's first value). The block ORs its values into a zeroed __shared__
 * copy of those words (fast atomics), then ORs each non-zero word into
 * d_words[first_word + k] (atomicOr again: a neighbouring tile may share
 * the first and last word). Value i of frame f = i / frame_length starts at
 *
 *     bit = d_offsets[f] + (i - f * frame_length) * d_widths[f]
 *
 * A value of 0 adds no bits and need not be written.
 */
__global__ void pack_kernel(const uint32_t *d_values, size_t n, size_t frame_length,
                            const uint32_t *d_widths, const uint32_t *d_offsets,
                            uint32_t *d_words)
{
    // BEGIN SOLUTION
    __shared__ uint32_t tile_words[PACK_TILE_WORDS];
    size_t first = (size_t)blockIdx.x * PACK_TILE;
    size_t first_frame = first / frame_length;
    size_t first_bit = d_offsets[first_frame] + (first - first_frame * frame_length) * d_widths[first_frame];
    size_t first_word = first_bit / 32;
    for (unsigned k = threadIdx.x; k < PACK_TILE_WORDS; k += blockDim.x)
        tile_words[k] = 0;
    __syncthreads();
    for (unsigned k = threadIdx.x; k < PACK_TILE; k += blockDim.x) {
        size_t i = first + k;
        if (i >= n)
            break;
        uint32_t value = d_values[i];
        if (value != 0) {
            size_t f = i / frame_length;
            uint32_t width = d_widths[f];
            size_t bit = d_offsets[f] + (i - f * frame_length) * width;
            or_bits(tile_words, bit - 32 * first_word, value, width);
        }
    }
    __syncthreads();
    for (unsigned k = threadIdx.x; k < PACK_TILE_WORDS; k += blockDim.x)
        if (tile_words[k] != 0)
            atomicOr(&d_words[first_word + k], tile_words[k]);
    // END SOLUTION
    //@ // TODO(student): zero the shared words, barrier, or_bits every
    //@ // non-zero value of the tile into them, barrier, OR them into d_words.
    //@ (void)d_values; (void)n; (void)frame_length; (void)d_widths; (void)d_offsets;
    //@ (void)d_words;
}

// END GUIDED
/*
 * pack_values: OR every value into d_words, whose words must be zero.
 *
 * Example: [0 2 1 5 5 7 10 1 13], widths [2 3 4], offsets [0 6 15]
 *          -> [0x068d7b58]
 */
cudaError_t pack_values(const uint32_t *d_values, size_t n, size_t frame_length,
                        const uint32_t *d_widths, const uint32_t *d_offsets,
                        uint32_t *d_words)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_values, d_widths, d_offsets, d_words);
    // BEGIN SOLUTION
    pack_kernel<<<blocks_for(n, PACK_TILE), THREADS_PER_BLOCK>>>(d_values, n, frame_length,
                                                                  d_widths, d_offsets, d_words);
    return cudaGetLastError();
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): launch pack_kernel, one block per PACK_TILE values.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): every value ORed into d_words at its bit.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}

/* ---- Part C: the whole encoder, and the decoder ------------------------- */

/*
 * pack_encode: widths, offsets, the word count, zeroed words, packing.
 * The count is the last offset plus the last frame's bits, rounded up to
 * words; the host needs it (to zero the words and to return it), so copy
 * the last width and offset back.
 *
 *     widths [2 3 4], offsets [0 6 15], last frame 3 values:
 *     total bits = 15 + 4 * 3 = 27  ->  *words = 1
 *
 * Compute the total in size_t: it can be 2^31 bits, more than an int holds.
 */
cudaError_t pack_encode(const uint32_t *d_values, size_t n, size_t frame_length,
                        uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                        size_t *words)
{
    if (words == NULL || frame_length == 0 || n > PACK_MAX_N)
        return cudaErrorInvalidValue;
    *words = 0;
    RETURN_IF_EMPTY_OR_NULL(n == 0, d_values, d_widths, d_offsets, d_words);
    // BEGIN SOLUTION
    size_t frames = pack_frame_count(n, frame_length);
    RETURN_IF_CUDA_ERROR(pack_frame_widths(d_values, n, frame_length, d_widths));
    RETURN_IF_CUDA_ERROR(pack_frame_offsets(d_widths, n, frame_length, d_offsets));
    uint32_t last_width, last_offset;
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&last_width, d_widths + frames - 1, sizeof last_width,
                                    cudaMemcpyDeviceToHost));
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&last_offset, d_offsets + frames - 1, sizeof last_offset,
                                    cudaMemcpyDeviceToHost));
    size_t last_count = n - (frames - 1) * frame_length;
    size_t total_bits = (size_t)last_offset + (size_t)last_width * last_count;
    size_t count = (total_bits + 31) / 32;
    RETURN_IF_CUDA_ERROR(cudaMemset(d_words, 0, count * sizeof(uint32_t)));
    RETURN_IF_CUDA_ERROR(pack_values(d_values, n, frame_length, d_widths, d_offsets, d_words));
    *words = count;
    return cudaSuccess;
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): pack_frame_widths, pack_frame_offsets, copy the last
    //@ // width and offset back, *words = ceil(total bits / 32), cudaMemset
    //@ // those words to 0, pack_values.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): the widths, the offsets, the words and their count.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}

// BEGIN GUIDED
/*
 * read_bits: the `width`-bit value (0..32 bits) at bit `bit` of the
 * stream, the inverse of or_bits.
 *
 *     bit 15, width 4: (word 0 >> 15) & 0xf = 10
 *     bit 30, width 4: (word 0 >> 30) | (word 1 << 2), then & 0xf
 *
 * Width 0 is the value 0: read nothing (a width-0 frame at the end starts
 * where the words end). Width 32 keeps every bit: (1u << 32) - 1 is
 * undefined, not 0xFFFFFFFF.
 */
__device__ uint32_t read_bits(const uint32_t *d_words, size_t bit, uint32_t width)
{
    // BEGIN SOLUTION
    if (width == 0)
        return 0;
    size_t word = bit / 32;
    uint32_t shift = (uint32_t)(bit % 32);
    uint32_t value = d_words[word] >> shift;
    if (shift + width > 32) /* straddles, so shift >= 1 */
        value |= d_words[word + 1] << (32 - shift);
    return width == 32 ? value : value & ((1u << width) - 1);
    // END SOLUTION
    //@ // TODO(student): the low part from word bit / 32, the high part from
    //@ // the next word if the value straddles, then keep `width` bits.
    //@ (void)d_words; (void)bit; (void)width;
    //@ return 0;
}

/*
 * decode_kernel: one thread per value. Value i is value i % frame_length
 * of frame i / frame_length; it starts at
 * d_offsets[f] + (i % frame_length) * d_widths[f].
 *
 *     i = 7, frame_length 3: frame 2, bit 15 + 1 * 4 = 19, width 4 -> 1
 */
__global__ void decode_kernel(const uint32_t *d_widths, const uint32_t *d_offsets,
                              const uint32_t *d_words, size_t n, size_t frame_length,
                              uint32_t *d_values)
{
    // BEGIN SOLUTION
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        size_t f = i / frame_length;
        uint32_t width = d_widths[f];
        d_values[i] = read_bits(d_words, d_offsets[f] + (i - f * frame_length) * width, width);
    }
    // END SOLUTION
    //@ // TODO(student): one thread per value; skip i >= n.
    //@ (void)d_widths; (void)d_offsets; (void)d_words; (void)n; (void)frame_length;
    //@ (void)d_values;
}

// END GUIDED
/*
 * pack_decode: every value back from the encoded form.
 *
 * Example: widths [2 3 4], offsets [0 6 15], words [0x068d7b58], n = 9,
 *          frame_length 3 -> [0 2 1 5 5 7 10 1 13]
 */
cudaError_t pack_decode(const uint32_t *d_widths, const uint32_t *d_offsets,
                        const uint32_t *d_words, size_t n, size_t frame_length,
                        uint32_t *d_values)
{
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_widths, d_offsets, d_words, d_values);
    // BEGIN SOLUTION
    decode_kernel<<<blocks_for(n, THREADS_PER_BLOCK), THREADS_PER_BLOCK>>>(d_widths, d_offsets, d_words,
                                                                          n, frame_length, d_values);
    return cudaGetLastError();
    // END SOLUTION
    // BEGIN GUIDED
    //@ // TODO(student): launch decode_kernel with one thread per value.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END GUIDED
    // BEGIN OPEN
    //@ // TODO(student): every value back from its frame's width and offset.
    //@ TODO_STUDENT();
    //@ return cudaErrorNotYetImplemented;
    // END OPEN
}
