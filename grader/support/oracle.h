/*
 * oracle.h: the grader's own answers, written the obvious serial way.
 *
 * Tests compare a student's output with these functions and never with the
 * student's lab 01 code, so a bug there cannot hide a bug elsewhere.
 */
#ifndef GRADER_ORACLE_H
#define GRADER_ORACLE_H

#include <stddef.h>

#include "compact.h"

void oracle_scan_exclusive(const int *in, int *out, size_t n);
void oracle_scan_inclusive(const int *in, int *out, size_t n);

/* Each run of `segment` elements scanned on its own (lab 07's warps,
 * blocks and tiles), inclusive or not: segment 2, [1 2 3 4 5] -> [1 3 3 7 5]. */
void oracle_scan_segments(const int *in, int *out, size_t n, size_t segment, int inclusive);

/* One Hillis-Steele step: out[i] = in[i - offset] + in[i], or in[i]. */
void oracle_naive_step(const int *in, int *out, size_t n, size_t offset);

/* One Blelloch level on tree[0..size), in place (see common/scan.h). */
void oracle_upsweep_level(int *tree, size_t size, size_t stride);
void oracle_downsweep_level(int *tree, size_t size, size_t stride);

/* The non-zero elements of in, in order; returns their count. */
size_t oracle_compact_nonzero(const int *in, int *out, size_t n);

/* Lab 04: does `predicate` keep value (1 or 0)? Then the flags of a whole
 * array, and the elements kept, in order, returning their count. */
int oracle_keeps(int value, enum compact_predicate predicate, int operand);
void oracle_compact_flags(const int *in, int *flags, size_t n,
                          enum compact_predicate predicate, int operand);
size_t oracle_compact_if(const int *in, int *out, size_t n,
                         enum compact_predicate predicate, int operand);

#endif
