/*
 * oracle_pack.h: lab 06's oracle, its inputs, and how a case is described.
 *
 * The oracle encoder is written the obvious serial way, one bit at a time,
 * straight from the layout of common/pack.h; it shares no code (and no
 * word-straddling arithmetic) with the lab. Nothing here needs Criterion,
 * so the driver (make run LAB=06) links it too.
 */
#ifndef GRADER_ORACLE_PACK_H
#define GRADER_ORACLE_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "cases.h"
#include "pack.h"

/* Bits `value` needs: 0 for 0, 32 for 0xFFFFFFFF. */
uint32_t oracle_bits_needed(uint32_t value);

/* Encode values[0..n) as common/pack.h lays it out: widths and offsets get
 * pack_frame_count(n, frame_length) entries, words (room for n words) the
 * stream. Returns the number of words. */
size_t oracle_pack_encode(const uint32_t *values, size_t n, size_t frame_length,
                          uint32_t *widths, uint32_t *offsets, uint32_t *words);

/* Stream bits of frame f: its width times its number of values. */
size_t oracle_frame_bits(size_t f, const uint32_t *widths, size_t n, size_t frame_length);

/* ---- Inputs ----------------------------------------------------------------- */

enum pack_fill_kind {
    PACK_WIDTH,    /* uniform values of `parameter` bits (0..32): widthW     */
    PACK_MIXED,    /* stretches of 1..300 values, each of a random width 0..32 */
    PACK_VOXEL,    /* a mostly-zero 64^3 volume: a ball of densities 1..255   */
    PACK_SAWTOOTH, /* 0, 1, ..., parameter, 0, 1, ... (saw254, saw255)        */
    PACK_EXTREMES, /* only 0, 0xFFFFFFFF, 0x80000000 and 0x7FFFFFFF, in stretches: zero frames
                      beside width 32, the top bit alone (negative as an int) beside INT_MAX */
    PACK_EXAMPLE,  /* the worked example 0 2 1 5 5 7 10 1 13, repeated */
    PACK_SHIFTED,  /* value 0 of `parameter` bits (1..31), every other of 32: with one
                      value a frame, every later value starts that many bits into a word */
};

struct pack_fill {
    enum pack_fill_kind kind;
    unsigned parameter; /* the width of PACK_WIDTH, the top of PACK_SAWTOOTH, PACK_SHIFTED's shift */
};

/* Fill values[0..n) as `fill` says, from `seed`. */
void pack_fill_values(uint32_t *values, size_t n, struct pack_fill fill, uint64_t seed);

/* The fill's name as `make run LAB=06 FILL=...` takes it: width10, mixed,
 * voxel, saw254, saw255, extremes, example, shift1 .. shift31. */
const char *pack_fill_name(struct pack_fill fill, char *buffer, size_t size);

/* Parse such a name; 1 if it is one, else 0. */
int pack_fill_parse(const char *name, struct pack_fill *fill);

/* A frame length the grader uses, and why. */
struct frame_case {
    size_t frame_length;
    const char *why;
};

/* The frame lengths every step is tried with, named for what each is
 * there for: a test that wants one says which (pack_frames[FRAME_THREE]),
 * so adding one changes no test's meaning. */
enum pack_frame_name {
    FRAME_ONE,              /* 1 */
    FRAME_THREE,            /* 3 */
    FRAME_WHOLE_WORDS,      /* 32 */
    FRAME_BLOCK_PLUS_ONE,   /* 257 */
    FRAME_LONGER_THAN_TILE, /* 4096 */
    FRAME_PAST_INPUT,       /* 100000 */
    PACK_FRAMES
};
extern const struct frame_case pack_frames[PACK_FRAMES];

/* One concrete case of lab 06: a test case (cases.h: lab "06", the
 * function, n and why, the seed) with a frame length and a fill of its
 * own, enough to rebuild it and to say what it was. */
struct pack_case {
    struct test_case base; /* first: what check.h and device.h take; base.words = &pack_case_words */
    size_t frame_length;
    const char *frame_why;
    struct pack_fill fill;
};

/* How a pack_case is told:
 *     pack_encode, n = 9 (why), frame_length 3 (why), FILL=width4 SEED=0x...:
 *     reproduce: make run LAB=06 N=9 FRAME=3 FILL=width4 SEED=0x...     */
extern const struct case_words pack_case_words;

#endif
