/*
 * oracle.h: the grader's own answers, written the obvious serial way.
 *
 * Tests compare a student's output with these functions and never with the
 * student's lab 01 code, so a bug there cannot hide a bug elsewhere.
 */
#ifndef GRADER_ORACLE_H
#define GRADER_ORACLE_H

#include <stddef.h>

void oracle_scan_exclusive(const int *in, int *out, size_t n);
void oracle_scan_inclusive(const int *in, int *out, size_t n);

/* One Hillis-Steele step: out[i] = in[i - offset] + in[i], or in[i]. */
void oracle_naive_step(const int *in, int *out, size_t n, size_t offset);

/* One Blelloch level on tree[0..size), in place (see common/scan.h). */
void oracle_upsweep_level(int *tree, size_t size, size_t stride);
void oracle_downsweep_level(int *tree, size_t size, size_t stride);

/* The non-zero elements of in, in order; returns their count. */
size_t oracle_compact_nonzero(const int *in, int *out, size_t n);

#endif
