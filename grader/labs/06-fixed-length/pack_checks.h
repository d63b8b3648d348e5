/*
 * pack_checks.h: the checks lab 06's tests are made of. One call checks
 * one step (or the whole encoder, the decoder, a round trip) on one case;
 * the tests loop over sizes, frame lengths and inputs, and stop at the
 * first failure. A pack_case is a test case (check.h's failures and
 * device.h's guards serve it as any lab's); what is lab 06's own here is
 * the oracle's answer and the messages, with the frame length and the
 * lab-06 input named, and uint32 words in hex:
 *
 *   pack_values, n = 33 (a warp plus one), frame_length 3 (...), FILL=width10 SEED=0x1234:
 *     d_words: first mismatch at word 2: expected 0x0000f3a1, got 0x0000f3a0 (1 of 11 words differ);
 *     its lowest wrong bit is stream bit 64, bit 0 of value 7 (frame 2, value 1 of the frame;
 *     width 10, frame offset 54), the value is 0x00000351
 *     reproduce: make run LAB=06 N=33 FRAME=3 FILL=width10 SEED=0x1234
 */
#ifndef GRADER_PACK_CHECKS_H
#define GRADER_PACK_CHECKS_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "cases.h"
#include "oracle_pack.h"

/* A case of `function` at one size with one frame length and fill, its
 * seed made from n and the fill: the same input in lab 06's tests and in
 * the fast references'. */
struct pack_case pack_case_of(const char *function, const struct size_case *size, const struct frame_case *frame,
                              struct pack_fill fill);

/* ---- One case of each function ---------------------------------------------- */

void check_pack_widths(const struct pack_case *c);  /* pack_frame_widths             */
void check_pack_offsets(const struct pack_case *c); /* pack_frame_offsets, given the oracle's widths */
void check_pack_values(const struct pack_case *c);  /* pack_values, given widths and offsets */
void check_pack_encode(const struct pack_case *c);  /* pack_encode: all three arrays and *words exact */
void check_pack_decode(const struct pack_case *c);  /* pack_decode of the oracle's encoding */
void check_pack_round_trip(const struct pack_case *c); /* pack_decode(pack_encode(x)) == x */

/* The encoder and decoder checks for another pair with pack.h's
 * signatures (the fast references' tests, each lab's fast_tests.c). */
typedef cudaError_t (*pack_encode_fn)(const uint32_t *d_values, size_t n, size_t frame_length,
                                      uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                                      size_t *words);
typedef cudaError_t (*pack_decode_fn)(const uint32_t *d_widths, const uint32_t *d_offsets,
                                      const uint32_t *d_words, size_t n, size_t frame_length,
                                      uint32_t *d_values);
void check_pack_encode_by(const struct pack_case *c, pack_encode_fn encode);
void check_pack_decode_by(const struct pack_case *c, pack_decode_fn decode);

/* n = 0 with NULL pointers: cudaSuccess and nothing done (*words = 0);
 * frame_length 0: cudaErrorInvalidValue. For every function. */
void check_pack_empty_and_invalid(void);

#endif
