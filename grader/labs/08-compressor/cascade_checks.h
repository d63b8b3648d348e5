/*
 * cascade_checks.h: the cases and checks of lab 08 (common/cascade.h),
 * shared by its tests and the fast codec's.
 *
 * The oracle is the grader's serial codec of the payload (oracle_codec.h;
 * scanzip's own CPU codec writes the same bytes, oracle_agreement.c): the
 * GPU must write the payload it writes, byte for byte, and refuse the
 * payloads it refuses. A case is a chunk of n elements of w bytes, filled
 * as a compressor meets data (runs of labels, a sawtooth, noise), with a
 * frame length (or the choice among the candidates) and a delta choice.
 * It is a test case (oracle_cascade.h), so check.h's failures and
 * device.h's byte buffers serve it as any lab's; what is lab 08's own
 * here is the oracle's answer and the messages:
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

#include <cuda_runtime_api.h>

#include "cases.h"
#include "device.h"
#include "oracle_cascade.h"

/* Where the parts of a valid cascade payload lie (byte offsets; the
 * symbol widths start at 8), and each stream's bits, from its header and
 * width bytes (cascade.h, oracle_codec.h):
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

/* The element widths every spread of cases takes, in bytes. */
extern const unsigned cascade_widths[];
#define CASCADE_WIDTHS 3

/* A case of `size` for `function`, its seed made from n, fill and w: the
 * same chunk in lab 08's tests and in the fast codec's. Recorded as the
 * case now running (cases.h: record_test_case), as it is made to be run. */
struct cascade_case cascade_case_of(const char *function, const struct size_case *size, unsigned w,
                                    enum cascade_fill fill, uint32_t frame_length, enum cascade_delta delta);

/* One check on one case (check_cascade_encode, ...). */
typedef void (*cascade_check_fn)(const struct cascade_case *c);

/* `check` on each of `count` sizes with every width and fill, the frame
 * and the delta chosen. */
void cascade_check_sizes(const char *function, const struct size_case *sizes, size_t count,
                         cascade_check_fn check);

/* What an output byte holds before the call: a byte of POISON. */
#define CASCADE_POISON (POISON & 0xff)

/* An input comes back as it went in (it is const): "d_raw was changed at
 * byte 5, from 0x01 to 0x00 (it is const)". */
void cascade_expect_unchanged(const struct cascade_case *c, const char *name, const struct device_bytes *b,
                              const void *data);

/* The checks, one case each: the student's function beside the oracle. */
void check_cascade_widen(const struct cascade_case *c);
void check_cascade_narrow(const struct cascade_case *c);
void check_cascade_delta(const struct cascade_case *c);
void check_cascade_undelta(const struct cascade_case *c);
void check_cascade_frame_bytes(const struct cascade_case *c);
void check_cascade_encode(const struct cascade_case *c);
void check_cascade_decode(const struct cascade_case *c);

/* The decoder on damaged copies of the case's payload, once the payload
 * itself decodes right (else it says valid payloads decode wrongly): each
 * named damage must be refused, and so must payloads of n + 1 runs whose
 * streams hold n + 1 values, without a write past any array of n;
 * `mutations` random byte changes must be refused when the oracle
 * refuses them and decoded as it decodes them otherwise. */
void check_cascade_decode_damaged(const struct cascade_case *c, unsigned mutations);

/* The functions' argument checks: NULL, w = 3, n = 0, sizes too large. */
void check_cascade_invalid_arguments(void);

#endif
