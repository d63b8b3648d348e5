/*
 * cascade.h: the C interface of lab 08, scanzip's cascade method on the GPU.
 *
 * The capstone turns labs 05 and 06 into a real compressor: the payload
 * of scanzip's method 4 (scanzip/codec.h), written and read on the
 * GPU, byte for byte what the CPU codec writes. A chunk of n elements of
 * w = element_bytes bytes (1, 2 or 4, little-endian) becomes
 *
 *     u32 runs, u32 frame_length,
 *     the symbols packed (a u8 width per frame, then the u32 words),
 *     the counts minus one packed the same way, with the same frame length
 *
 * For the 8-bit chunk [7 7 7 9], frame_length 128 (codec.h's example):
 *
 *     values    [7 7 7 9]             cascade_widen: bytes -> ints
 *     symbols   [7 9]  counts [3 1]   rle_encode (lab 05)
 *     counts-1  [2 0]                 a count is never 0: store one less
 *     symbols in 4 bits, counts-1 in 2 bits: pack_encode (lab 06) twice
 *     payload   02000000 80000000 | 04 97000000 | 02 02000000
 *               runs 2   frame 128  width  7|9<<4  width 2|0<<2
 *
 * The delta flag (a volume's slowly changing labels, a sawtooth): the
 * symbols are first replaced by their differences, zigzagged so that small
 * steps down are small numbers too, all modulo 2^(8w):
 *
 *     symbols  [7 9 8 8]   differences [7 2 -1 0]   zigzag [14 4 1 0]
 *     zigzag(d) = 2d for d >= 0, -2d - 1 for d < 0   (0 1 -1 2 -2 -> 0 2 1 4 3)
 *
 * and the decoder undoes them with a scan: symbol[r] = the sum of the
 * differences 0..r, modulo 2^(8w).
 *
 * Every function takes device pointers (d_ prefix) and returns
 * cudaSuccess, the first CUDA error it met, or cudaErrorInvalidValue for
 * a NULL pointer with n > 0, an element_bytes other than 1, 2 or 4, or
 * n > CASCADE_MAX_N. n == 0 reads and writes nothing. Parts A and B return
 * once their work is queued; cascade_encode, cascade_frame_bytes and
 * cascade_decode read sizes back, so they have waited when they return.
 *
 * rle_encode, rle_decode_search (rle.h), pack_encode, pack_decode and the
 * frame offsets (pack.h), and the scans (scan.h) are the grader's own
 * versions when lab 08 is graded, never yours: a bug in lab 05 or 06
 * costs no points here. `make scanzip-gpu TREE=labs` builds the compressor
 * with your labs 05, 06 and 08 instead.
 */
#ifndef SCANLAB_CASCADE_H
#define SCANLAB_CASCADE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "pack.h"
#include "scanzip/format.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most elements one call takes: a scanzip chunk (2^26). */
#define CASCADE_MAX_N ((size_t)SCANZIP_MAX_CHUNK_ELEMENTS)

/* The most payload bytes n elements can need, whatever the data:
 * runs <= n, a width byte per frame of each stream, 32 bits a value. */
static inline size_t cascade_max_payload_bytes(size_t n)
{
    return 8 + 2 * n + 8 * n;
}

/* ---- Part A: elements in, elements out --------------------------------- */

/* d_values[i] = element i of d_raw (w little-endian bytes, unsigned);
 * a 32-bit element keeps its bits (0xFFFFFFFF becomes -1).
 *     w = 2, raw [34 12 ff 00]  ->  values [0x1234 0x00ff]                  */
cudaError_t cascade_widen(const uint8_t *d_raw, size_t n, unsigned element_bytes, int *d_values);

/* The reverse: the low 8w bits of d_values[i] as element i of d_raw.
 *     w = 2, values [0x1234 0x00ff]  ->  raw [34 12 ff 00]                  */
cudaError_t cascade_narrow(const int *d_values, size_t n, unsigned element_bytes, uint8_t *d_raw);

/* ---- Part B: the delta step --------------------------------------------- */

/* d_zigzag[r] = zigzag((d_symbols[r] - d_symbols[r-1]) mod 2^(8w)) in 8w
 * bits, with d_symbols[-1] = 0. A difference is negative when its top
 * bit (bit 8w-1) is set.
 *     w = 1, symbols [7 9 8 8 0 255]
 *            differences [7 2 -1 0 -8 255 = -1 mod 256]  ->  [14 4 1 0 15 1] */
cudaError_t cascade_delta(const int *d_symbols, size_t runs, unsigned element_bytes,
                          uint32_t *d_zigzag);

/* The reverse: unzigzag, then an inclusive scan (scan.h), kept to the low
 * 8w bits. d_symbols gets what cascade_delta was given (low 8w bits).
 *     w = 1, [14 4 1 0 15 1]  ->  differences [7 2 -1 0 -8 -1]
 *                             ->  sums [7 9 8 8 0 -1]  ->  [7 9 8 8 0 255]  */
cudaError_t cascade_undelta(const uint32_t *d_zigzag, size_t runs, unsigned element_bytes,
                            int *d_symbols);

/* ---- Part C: choosing the frame length ---------------------------------- */

/* The bytes one packed stream of d_values[0..count) takes with each
 * candidate frame length of format.h, 8 << k for k = 0..5: a width byte per
 * frame, then 4 bytes a word. bytes is a host array.
 *     [0 0 0 0 0 0 0 0  5 0 0 0 0 0 0 0]: frames of 8 have widths 0 and 3,
 *     2 + 4 * ceil(24 / 32) = 6 bytes; frames of 16: width 3, 1 + 4 * 2 = 9 */
cudaError_t cascade_frame_bytes(const uint32_t *d_values, size_t count,
                                uint64_t bytes[SCANZIP_FRAME_CANDIDATES]);

/* ---- Part D: the payload ------------------------------------------------- */

/* Whether to write the symbols as deltas: never, always, or whichever
 * payload is smaller (a tie goes to no delta), as scanzip -m cascade does. */
enum cascade_delta { CASCADE_PLAIN, CASCADE_DELTA, CASCADE_CHOOSE_DELTA };

/* Encode d_raw[0 .. n elements) into d_payload (room for
 * cascade_max_payload_bytes(n) bytes): *payload_bytes gets its length and
 * *delta_used whether the delta flag is set. frame_length is 1..2^20, or
 * SCANZIP_FRAME_CHOOSE (0): the candidate with the smallest payload, a tie
 * going to the shortest (format.h), chosen separately with and without
 * delta. n must be >= 1 (a chunk is never empty).                         */
cudaError_t cascade_encode(const uint8_t *d_raw, size_t n, unsigned element_bytes,
                           uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payload,
                           size_t *payload_bytes, bool *delta_used);

/* Decode a payload of payload_bytes bytes into d_raw[0 .. n elements),
 * n >= 1. A payload that is not a valid cascade encoding of exactly n
 * elements returns CASCADE_INVALID_PAYLOAD; whatever it says, the decoder
 * never reads past payload_bytes or writes past n elements. (d_raw may
 * then hold anything.) Valid means what scanzip's CPU
 * decoder accepts (codec.c: decode_cascade): runs 1..n, frame length
 * 1..2^20, every width at most 8w (symbols) or 32 (counts), the payload
 * exactly as long as its frames need, the unused high bits of each
 * stream's last word 0, and the counts adding up to n.                    */
#define CASCADE_INVALID_PAYLOAD cudaErrorInvalidValue
cudaError_t cascade_decode(const uint8_t *d_payload, size_t payload_bytes, unsigned element_bytes,
                           bool delta, uint8_t *d_raw, size_t n);

#ifdef __cplusplus
}
#endif

#endif
