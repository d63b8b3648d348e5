/*
 * oracle_cascade.h: lab 08's cases and its oracle's payload of each
 * (oracle_codec.h), for the tests and the driver alike.
 *
 * A case is a chunk of n elements of w bytes, filled as a compressor
 * meets data (runs of labels, a sawtooth, noise), with a frame length
 * (or the choice among the candidates) and a delta choice. Its input comes
 * back the same from its seed, so a failure can be replayed with make run.
 */
#ifndef GRADER_ORACLE_CASCADE_H
#define GRADER_ORACLE_CASCADE_H

#include <stddef.h>
#include <stdint.h>

#include "cascade.h"
#include "cases.h"

/* How a chunk is filled. */
enum cascade_fill {
    CASCADE_FILL_LABELS,   /* an atlas: runs of 1..60 of a few labels, zeros between */
    CASCADE_FILL_RUNS,     /* runs of 1..12 of any value of w bytes */
    CASCADE_FILL_SAWTOOTH, /* 0 1 2 ... wrapping at 2^(8w): no runs, deltas of 1 */
    CASCADE_FILL_NOISE,    /* any value of w bytes, 0 and all ones among them */
    CASCADE_FILL_CONSTANT, /* one run of the largest value: a count of n */
    CASCADE_FILL_EXTREMES, /* 0, 1, the largest value and the signed extremes of 8w bits, every
                            * two of them neighbours (differences of +-2^(8w-1)), then runs of them */
    CASCADE_FILLS
};

/* A test case (cases.h: lab "08", the function, n and why, the seed)
 * with the chunk's own knobs. */
struct cascade_case {
    struct test_case base;    /* first: what check.h and device.h take; base.words = &cascade_case_words */
    unsigned element_bytes;
    enum cascade_fill fill;
    uint32_t frame_length;    /* 0: choose (SCANZIP_FRAME_CHOOSE) */
    enum cascade_delta delta;
    const char *payload_file; /* a damaged payload the case decodes, written there (NULL: the oracle's) */
};

/* "labels", "runs", ... as make run's FILL takes them; and back (random
 * means noise; -1 for an unknown name). */
const char *cascade_fill_name(enum cascade_fill fill);
int cascade_fill_from_name(const char *name);
const char *cascade_delta_name(enum cascade_delta delta);

/* The case's chunk: n * element_bytes bytes from malloc. */
uint8_t *cascade_case_raw(const struct cascade_case *c);

/* The oracle's payload of the case (malloc'd; *bytes its length,
 * *delta_used its flag), from the oracle (oracle_codec.h). */
uint8_t *cascade_oracle_payload(const struct cascade_case *c, const uint8_t *raw, size_t *bytes,
                                int *delta_used);

/* How a cascade_case is told: "cascade_encode, n = 257 (...), w = 2,
 * FILL=labels, ...:" and "reproduce: make run LAB=08 N=257 FILL=labels
 * SEED=... W=2 FRAME=0 DELTA=choose". */
extern const struct case_words cascade_case_words;

/* The largest element of w bytes, and element i of w-byte raw bytes. */
uint32_t cascade_element_max(unsigned w);
uint32_t cascade_element(const uint8_t *raw, size_t i, unsigned w);

#endif
