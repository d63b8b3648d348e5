/*
 * pack.h: the C interface of lab 06, fixed-length bit packing.
 *
 * The values (uint32) are cut into frames of `frame_length` consecutive
 * values; the last frame may be shorter. Every value of a frame is stored
 * with the same number of bits, the frame's width: the bits of its largest
 * value (0 needs 0 bits, 1 needs 1, 5 needs 3, 0xFFFFFFFF needs 32). A
 * frame of zeros has width 0 and stores nothing.
 *
 *     values       [ 0  2  1 |  5  5  7 | 10  1 13 ]   frame_length 3
 *     widths       [ 2         3          4        ]   bits of 2, of 7, of 13
 *     frame bits   [ 6         9          12       ]   width * values in the frame
 *     offsets      [ 0         6          15       ]   exclusive scan of the frame bits
 *     words        [ 0x068d7b58 ]                     27 bits: 1 word
 *
 * The bit layout, exactly (the grader's oracle writes the same bits):
 *
 *   - Bit b of the packed stream is bit (b % 32) of d_words[b / 32]; bit 0
 *     of a word is its least significant bit (LSB-first).
 *   - Frame f starts at bit d_offsets[f]; its value j (global index
 *     f * frame_length + j) occupies bits d_offsets[f] + j * w up to
 *     d_offsets[f] + (j + 1) * w - 1, w = d_widths[f], its lowest bit first.
 *     A value may straddle two words.
 *   - The stream holds total_bits = d_offsets[last] + d_widths[last] *
 *     (values in the last frame) bits in words = ceil(total_bits / 32)
 *     words; the unused high bits of the last word are 0.
 *
 * The example's 27 bits, bit 0 first (| between values, || between frames):
 *
 *     bit  0                                                  26
 *          00|01|10 || 101|101|111 || 0101|1000|1011
 *          0     2     5   5   7      10   1    13   (each value LSB-first)
 *
 *     word 0 = 0000 0110 1000 1101 0111 1011 0101 1000 (bit 31 first) = 0x068d7b58
 *
 * Sizes: n <= PACK_MAX_N = 2^26 values, so the stream has at most 2^31
 * bits, and every frame offset (an exclusive scan never counts the last
 * frame) is below 2^31: the offsets are the int scan of common/scan.h,
 * stored as uint32_t. frame_length >= 1; it may exceed n (one frame).
 *
 * Every function takes device pointers (d_ prefix) and returns cudaSuccess,
 * or the first CUDA error it met, or cudaErrorInvalidValue for a NULL
 * pointer with n > 0, frame_length 0 or n > PACK_MAX_N. With n == 0
 * nothing is read or written, and the pointers may be NULL. The steps return
 * once their work is queued. pack_encode reads the word count back to the
 * host (so it waits for the widths and offsets), then returns once the
 * packing is queued, like the steps.
 *
 * The scan inside pack_frame_offsets is scan_exclusive_tiled of lab 03
 * (scan.h); the grader links its own, so a bug in lab 03 never costs
 * points in lab 06.
 */
#ifndef SCANLAB_PACK_H
#define SCANLAB_PACK_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The most values one call packs: 2^26, at most 2^31 bits. */
#define PACK_MAX_N ((size_t)1 << 26)

/* How many frames n values make: ceil(n / frame_length). */
static inline size_t pack_frame_count(size_t n, size_t frame_length)
{
    return frame_length == 0 ? 0 : n / frame_length + (n % frame_length != 0);
}

/* The guard clauses the functions below open with (pack_encode, whose
 * `words` comes first, has its own): frame_length 0 or n > PACK_MAX_N is
 * cudaErrorInvalidValue whatever n is, then RETURN_IF_EMPTY_OR_NULL
 * (cuda_check.h) for n == 0 and the pointers:
 *
 *     PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_values, d_widths);
 */
#define PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, ...)             \
    do {                                                                      \
        if ((frame_length) == 0 || (n) > PACK_MAX_N)                          \
            return cudaErrorInvalidValue;                                     \
        RETURN_IF_EMPTY_OR_NULL((n) == 0, __VA_ARGS__);                       \
    } while (0)

/* Room d_words needs for any n values: n words (every width 32). */
static inline size_t pack_max_words(size_t n)
{
    return n;
}

/* ---- The steps, for testing and printing them one at a time ------------ */

/* Widths: d_widths[f] = bits of the largest value of frame f (0..32).
 *     [0 2 1 5 5 7 10 1 13], frame_length 3  ->  [2 3 4]                 */
cudaError_t pack_frame_widths(const uint32_t *d_values, size_t n, size_t frame_length,
                              uint32_t *d_widths);

/* Offsets: d_offsets[f] = bit where frame f starts, the exclusive scan of
 * d_widths[f] * (values in frame f). d_widths is not changed.
 *     widths [2 3 4], n = 9, frame_length 3  ->  [0 6 15]                 */
cudaError_t pack_frame_offsets(const uint32_t *d_widths, size_t n, size_t frame_length,
                               uint32_t *d_offsets);

/* Packing: OR the bits of every value into d_words at the place the
 * layout above gives it. d_words[0..words) must be all zero on entry;
 * nothing past them is touched.
 *     [0 2 1 5 5 7 10 1 13], widths [2 3 4], offsets [0 6 15]
 *     ->  words [0x068d7b58]                                               */
cudaError_t pack_values(const uint32_t *d_values, size_t n, size_t frame_length,
                        const uint32_t *d_widths, const uint32_t *d_offsets,
                        uint32_t *d_words);

/* ---- Whole encoder and decoder ------------------------------------------ */

/* Encode d_values[0..n): d_widths and d_offsets get one entry per frame
 * (pack_frame_count(n, frame_length)), d_words (room for pack_max_words(n)
 * words) the packed stream, and *words (a host pointer, never NULL) its
 * length in words. Only d_words[0..*words) is written.
 *     [0 2 1 5 5 7 10 1 13], frame_length 3  ->  widths [2 3 4],
 *     offsets [0 6 15], words [0x068d7b58], *words = 1                     */
cudaError_t pack_encode(const uint32_t *d_values, size_t n, size_t frame_length,
                        uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                        size_t *words);

/* Decode n values from the encoded form back into d_values.
 *     widths [2 3 4], offsets [0 6 15], words [0x068d7b58], n = 9,
 *     frame_length 3  ->  [0 2 1 5 5 7 10 1 13]                           */
cudaError_t pack_decode(const uint32_t *d_widths, const uint32_t *d_offsets,
                        const uint32_t *d_words, size_t n, size_t frame_length,
                        uint32_t *d_values);

#ifdef __cplusplus
}
#endif

#endif
