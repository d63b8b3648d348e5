/*
 * cascade_checks.h: the cases and checks of lab 08 (common/cascade.h),
 * shared by its tests and its driver.
 *
 * The oracle is scanzip's own CPU codec (common/scanzip/codec.h): the
 * GPU must write the payload it writes, byte for byte, and refuse the
 * payloads it refuses. A case is a chunk of n elements of w bytes, filled
 * as a compressor meets data (runs of labels, a sawtooth, noise), with a
 * frame length (or the choice among the candidates) and a delta choice:
 *
 *   cascade_encode, n = 257 (a 256-thread block plus one), w = 2, FILL=labels,
 *   FRAME=choose, DELTA=choose, SEED=0x1234:
 *     payload byte 9 (the symbol widths, frame 1): expected 0x05, got 0x04
 *     reproduce: make run LAB=08 N=257 FILL=labels SEED=0x1234 W=2 FRAME=0 DELTA=choose
 */
#ifndef GRADER_CASCADE_CHECKS_H
#define GRADER_CASCADE_CHECKS_H

#include <stddef.h>
#include <stdint.h>

#include "oracle_cascade.h"

/* Where the parts of a valid cascade payload lie (byte offsets; the
 * symbol widths start at 8), and each stream's bits, from its header and
 * width bytes (cascade.h, codec.h):
 *     [runs][frame][symbol widths][symbol words][count widths][count words]   */
struct cascade_layout {
    uint32_t runs, frame;
    size_t frames;
    size_t symbol_words, count_widths, count_words, end;
    uint64_t symbol_bits, count_bits;
};
struct cascade_layout cascade_payload_layout(const uint8_t *payload);

/* Payload byte i, in words, for a message: "the count widths, frame 3". */
void cascade_payload_place(const struct cascade_layout *l, size_t i, char *where, size_t size);

/* Fail the test with the case's description, the reason, and how to
 * reproduce it. */
void cascade_fail(const struct cascade_case *c, const char *format, ...)
    __attribute__((format(printf, 2, 3), noreturn));

/* The checks, one case each: the student's function beside the oracle. */
void check_cascade_widen(const struct cascade_case *c);
void check_cascade_narrow(const struct cascade_case *c);
void check_cascade_delta(const struct cascade_case *c);
void check_cascade_undelta(const struct cascade_case *c);
void check_cascade_frame_bytes(const struct cascade_case *c);
void check_cascade_encode(const struct cascade_case *c);
void check_cascade_decode(const struct cascade_case *c);

/* The decoder on damaged copies of the case's payload: each named damage
 * must be refused; `mutations` random byte changes must be refused when
 * the CPU decoder refuses them and decoded as it decodes them otherwise. */
void check_cascade_decode_damaged(const struct cascade_case *c, unsigned mutations);

/* The functions' argument checks: NULL, w = 3, n = 0, sizes too large. */
void check_cascade_invalid_arguments(void);

#endif
