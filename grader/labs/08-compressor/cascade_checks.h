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

#include <cuda_runtime_api.h>

#include "cases.h"
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

/* The element widths every spread of cases takes, in bytes. */
extern const unsigned cascade_widths[];
#define CASCADE_WIDTHS 3

/* A case of `size` for `function`, its seed made from n, fill and w: the
 * same chunk in lab 08's tests and in the fast codec's. Recorded as the
 * case now running (record_cascade_case), as it is made to be run. */
struct cascade_case cascade_case_of(const char *function, const struct size_case *size, unsigned w,
                                    enum cascade_fill fill, uint32_t frame_length, enum cascade_delta delta);

/* The case is the one running now (case_record.h): a crash or a timeout
 * from here on names it. A case changed after cascade_case_of records
 * itself again. */
void record_cascade_case(const struct cascade_case *c);

/* One check on one case (check_cascade_encode, ...). */
typedef void (*cascade_check_fn)(const struct cascade_case *c);

/* `check` on each of `count` sizes with every width and fill, the frame
 * and the delta chosen. */
void cascade_check_sizes(const char *function, const struct size_case *sizes, size_t count,
                         cascade_check_fn check);

/* ---- Guarded device bytes ---------------------------------------------------
 * `bytes` of device memory `shift` bytes past a 16-byte boundary, after a
 * guard zone of CASCADE_GUARD_BYTES (the shift bytes included) and before
 * another of `back` bytes (an output: CASCADE_GUARD_BYTES; an input at the
 * very end of its allocation: 0), so that CHECK=memory sees a read past
 * it. The guards hold CASCADE_GUARD; AddressSanitizer sees them as
 * poisoned (CHECK=memory under the emulator).                           */
#define CASCADE_GUARD_BYTES 256
#define CASCADE_GUARD 0x5a  /* what an untouched guard byte holds */
#define CASCADE_POISON 0xa5 /* what an output byte holds before the call */

struct dbytes {
    uint8_t *d, *base;
    size_t front, bytes, back;
};

/* The bytes hold `data`, or `fill` in every byte when data is NULL. */
struct dbytes dbytes_new(const void *data, size_t bytes, int fill, size_t shift, size_t back);

/* The bytes (malloc'd), after checking that nothing wrote into the
 * guards: a byte written before or after them fails the case. */
uint8_t *dbytes_read(const struct cascade_case *c, const char *name, const struct dbytes *b);
void dbytes_free(struct dbytes *b);

/* malloc, or the test fails. */
void *cascade_host_bytes(size_t bytes);

/* An input comes back as it went in (it is const). */
void cascade_expect_unchanged(const struct cascade_case *c, const char *name, const struct dbytes *b,
                              const void *data);

/* The call returned cudaSuccess and its kernels ran without a fault;
 * `what` (or NULL) heads the message. */
void cascade_expect_success(const struct cascade_case *c, const char *what, cudaError_t returned);

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

/* The decoder on damaged copies of the case's payload, once the payload
 * itself decodes right (else it says valid payloads decode wrongly): each
 * named damage must be refused, and so must payloads of n + 1 runs whose
 * streams hold n + 1 values, without a write past any array of n;
 * `mutations` random byte changes must be refused when the CPU decoder
 * refuses them and decoded as it decodes them otherwise. */
void check_cascade_decode_damaged(const struct cascade_case *c, unsigned mutations);

/* The functions' argument checks: NULL, w = 3, n = 0, sizes too large. */
void check_cascade_invalid_arguments(void);

#endif
