/*
 * oracle_codec.h: lab 08's oracle, an encoder and a decoder of scanzip's
 * cascade payload (method 4, flags 0 or delta: scanzip/codec.h
 * and format.h describe it), written the obvious serial way from that
 * description: a run, a value, a bit at a time. The grader checks
 * students against it; oracle_agreement.c checks that scanzip's own CPU
 * codec, which is tuned for speed, writes the same bytes and refuses the
 * same payloads, so a change to the tool cannot change a grade unseen.
 *
 * The payload of n elements of w bytes (the runs of equal elements,
 * their symbols and counts):
 *
 *     u32 runs, u32 frame_length,
 *     the symbols (with delta, zigzag(symbol[r] - symbol[r-1]) in 8w
 *     bits, symbol[-1] = 0) as a stream, then the counts minus one as a
 *     stream, in frames of frame_length runs each (the last may be short).
 *     A stream: a u8 width a frame, the bit length of the OR of its values;
 *     then each value in its frame's width, LSB first, bit k of the stream
 *     being bit k % 8 of its byte k / 8, in whole u32 words, the unused
 *     high bits of the last one 0.
 *
 *     [7 7 7 9], w = 1, frames of 128: symbols [7 9], counts-1 [2 0]
 *     02000000 80000000 | 04 97000000 | 02 02000000
 */
#ifndef GRADER_ORACLE_CODEC_H
#define GRADER_ORACLE_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cascade.h"

/* zigzag of a difference modulo 2^bits, negative when bit bits-1 is set:
 * 0 -1 1 -2 2 -> 0 1 2 3 4 (bits = 8: 0xff -> 1). */
uint32_t oracle_zigzag(uint32_t difference, unsigned bits);

/* The bytes of one stream of values[0..count) in frames of frame_length:
 * a width byte a frame, then 4 a word.
 *     [0 0 0 0 0 0 0 0 5], frames of 8: widths 0 and 3, 2 + 4 = 6 bytes */
uint64_t oracle_stream_bytes(const uint32_t *values, size_t count, uint32_t frame_length);

/* That stream written at out, which is zeros and has room for it;
 * returns its bytes.  [2 0], frames of 2  ->  02 | 02000000 */
size_t oracle_put_stream(const uint32_t *values, size_t count, uint32_t frame_length, uint8_t *out);

/* The payload of raw[0 .. n elements of w bytes), n >= 0, malloc'd; its
 * length in *bytes and whether the delta flag is set in *delta_used.
 * frame_length is 1..2^20, or SCANZIP_FRAME_CHOOSE: of the candidates
 * 8, 16, ... 256 the one with the smallest payload, a tie going to the
 * shortest, chosen with and without delta apart. delta: never, always,
 * or the smaller payload, a tie going to no delta. */
uint8_t *oracle_cascade_encode(const uint8_t *raw, size_t n, unsigned w, uint32_t frame_length,
                               enum cascade_delta delta, size_t *bytes, bool *delta_used);

/* Decode payload[0..bytes) into raw[0 .. n elements of w bytes): 0 when
 * it is a valid payload of exactly n elements, else -1 and what makes it
 * invalid in why (raw may then hold anything):
 *     the counts add up to 225, the chunk has 257 elements
 * Valid means, as scanzip decodes: at least the 8 header bytes; runs <= n;
 * frame length 1..2^20; every symbol width at most 8w and every count
 * width at most 32; exactly the bytes the widths need; the counts adding
 * up to n; the unused high bits of each stream's last word 0. Reads no
 * byte past bytes, writes none past n elements. */
#define ORACLE_WHY 160
int oracle_cascade_decode(const uint8_t *payload, size_t bytes, unsigned w, bool delta, uint8_t *raw, size_t n,
                          char why[ORACLE_WHY]);

#endif
