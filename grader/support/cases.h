/*
 * cases.h: what the grader feeds a student's function, and why.
 *
 * Each size is listed with the mistake it is there to catch; a failure
 * message repeats that reason, so "n = 257 (a block plus one)" tells the
 * student where to look before they read a single number.
 */
#ifndef GRADER_CASES_H
#define GRADER_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "compact.h"

struct size_case {
    size_t n;
    const char *why;
};

/* How an input array is filled. */
enum fill {
    FILL_RANDOM,     /* seeded values in [-50, 100]: sums never overflow int */
    FILL_ONES,       /* all ones: the scan is 0 1 2 ... so wrong offsets stand out */
    FILL_SPARSE,     /* mostly zeros, about one element in eight non-zero */
    FILL_ZEROS,      /* nothing to keep */
    FILL_NO_ZEROS,   /* everything kept */
    FILL_MINUS_ONES, /* all minus ones: the scan is 0 -1 -2 ..., every partial sum and every
                        tile's sum negative, so a sign that spills into a flag or a count shows */
    FILL_EXTREMES,   /* runs of INT_MIN, INT_MIN + 1, -1, 0, 1, INT_MAX - 1, INT_MAX and of any int,
                        the first a run of -1: where a comparison by subtraction, in the wrong
                        signedness or against a sentinel goes wrong. Its sums overflow: for
                        predicates and run symbols, never for a scan */
    FILL_BIG_VALUES, /* INT_MIN first, then INT_MAX, -INT_MAX, runs of -1, zeros and jumps across
                        the whole range, yet every sum of consecutive elements fits in an int
                        (fill_values says how): a scan of it is exact, and one that loses bits
                        (a float, a short) shows */
};
#define FILL_KINDS (FILL_BIG_VALUES + 1) /* how many fills there are: the last one plus one */

struct case_words;

/* One concrete input: enough to rebuild it and to say what it was. Every
 * lab's case is one: a lab whose cases say more (lab 06's frame length,
 * lab 08's element width) makes this its struct's first member, `base`,
 * and sets `words` to the lines that tell the whole of it; check.h's
 * failures, device.h's guards and case_record.h's record all take a
 * test_case, and so serve every lab. */
struct test_case {
    const char *lab;       /* "02": for the `make run LAB=02 ...` hint */
    const char *function;  /* the student's function under test */
    size_t n;
    const char *why;
    enum fill fill;        /* the scan labs' fills; a lab with its own keeps them in its struct */
    uint64_t seed;
    const struct case_words *words; /* NULL: told as test_case_describe says below */
};

/* How a lab with more to its cases tells them: its description line and
 * its reproduce line, worded as test_case_describe's and
 * test_case_reproduce's. c is the `base` of the lab's struct. */
struct case_words {
    void (*describe)(const struct test_case *c, char *head, size_t size);
    void (*reproduce)(const struct test_case *c, char *hint, size_t size);
};

/* Sizes every scan-like function must handle, with the reason for each. */
extern const struct size_case scan_sizes[];
extern const size_t scan_sizes_count;

/* The tile edges of lab 07's single-pass scan (SP_TILE = 8192 elements)
 * and of the fast references built on it. */
extern const struct size_case tile_sizes[];
extern const size_t tile_sizes_count;

/* 2^24 + 7 on a GPU; smaller under the emulator, where a thread costs
 * about a microsecond rather than a nanosecond. */
struct size_case large_size(void);

/* The seed of one case: a base seed (SCANLAB_SEED, or a fixed default)
 * mixed with n, so each size gets its own data and a rerun the same. */
uint64_t case_seed(size_t n);

/* The case of one function at one size, with its seed; recorded as the
 * case now running (record_test_case), as it is made to be run. */
struct test_case test_case_for(const char *lab, const char *function,
                               const struct size_case *size, enum fill fill);

/* "scan_x, n = 257 (why), FILL=random SEED=0x...:", a failure's first
 * line (or the lab's own, through c->words). */
void test_case_describe(const struct test_case *c, char *buffer, size_t size);

/* "reproduce: make run LAB=02 N=257 SEED=0x... FILL=random" (or the
 * lab's own, through c->words). */
void test_case_reproduce(const struct test_case *c, char *buffer, size_t size);

/* The case is the one running now (case_record.h): a crash or a timeout
 * from here on names it. A case changed after test_case_for records
 * itself again. */
void record_test_case(const struct test_case *c);

/* Fill values[0..n) as the case says. */
void fill_input(int *values, const struct test_case *c);

/* Fill values[0..n) with `fill` from `seed`: fill_input without a case
 * (lab 05's extreme runs are FILL_EXTREMES). */
void fill_values(int *values, size_t n, enum fill fill, uint64_t seed);

/* The fill's name as `make run FILL=...` takes it. */
const char *fill_name(enum fill fill);

/* Lab 04: the predicates a compaction is graded with, and why each. The
 * driver (make run LAB=04) runs the same list, so a failure message
 * naming one can be reproduced. */
struct predicate_case {
    enum compact_predicate predicate;
    int operand;
    const char *name; /* "KEEP_GREATER_THAN 50" */
    const char *why;
};
extern const struct predicate_case compact_predicate_cases[];
extern const size_t compact_predicate_cases_count;

#endif
