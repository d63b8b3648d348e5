/*
 * check.h: compare a student's output with the oracle's, and say what went
 * wrong the way a teaching assistant would:
 *
 *   scan_inclusive_naive, n = 257 (a 256-thread block plus one: the second
 *   block has one element), FILL=random SEED=0x1c2b3a4d:
 *     first mismatch at index 256: expected 12873, got 12810 (1 of 257 elements differ)
 *     reproduce: make run LAB=02 N=257 SEED=0x1c2b3a4d FILL=random
 */
#ifndef GRADER_CHECK_H
#define GRADER_CHECK_H

#include <stdarg.h>
#include <stddef.h>

#include "cases.h"

/* How many of COUNT 32-bit values differ between the arrays, and the
 * first that does (*first = COUNT if none). */
size_t count_differences(const void *expected, const void *got, size_t count, size_t *first);

/* How a mismatch shows the two values. */
enum value_style {
    VALUES_DECIMAL, /* ints: "expected 12873, got 12810 (1 of 257 elements differ)" */
    VALUES_HEX8,    /* words: "expected 0x0000f3a1, got 0x0000f3a0 (1 of 11 differ)" */
    VALUES_HEX,     /* "expected 0xff, got 0x0 (3 of 257 differ)" */
};

/* Fail the test unless the 32-bit values got[0..count) equal
 * expected[0..count): the first index that differs, both values, and how
 * many differ. `what` (or NULL) names the array, before a colon. */
void expect_same_values(const struct test_case *c, const char *what, const void *expected,
                        const void *got, size_t count, enum value_style style);

/* For the "got" of a message: what a value read back says when its low
 * `bytes` bytes are the poison fresh memory holds (POISON, 0xa5 in every
 * byte: guarded_buffer.h), " (the grader's poison, what fresh memory
 * holds: nothing was written there)", else "". */
const char *poison_note(uint32_t value, size_t bytes);

/* The same for ints, in decimal. `what` names the array when it is not
 * the function's main output. */
void expect_same_ints(const struct test_case *c, const char *what,
                      const int *expected, const int *got, size_t count);

/* Fail the test unless got == expected, for a count a function returned. */
void expect_same_count(const struct test_case *c, const char *what,
                       size_t expected, size_t got);

/* Fail the test with the case's description, a formatted reason and the
 * line that reproduces it: the one failure of every lab (test_case_describe
 * and test_case_reproduce word the lines, a lab's through its words). */
void fail_case(const struct test_case *c, const char *format, ...)
    __attribute__((format(printf, 2, 3), noreturn));

/* The same for any kind of case: its description line, its reproduce
 * line, and the reason, as three lines. */
void fail_described(const char *head, const char *hint, const char *format, va_list args)
    __attribute__((noreturn));

/* Fail the test if the function under test is still a TODO_STUDENT() stub. */
void expect_implemented(void);

#endif
