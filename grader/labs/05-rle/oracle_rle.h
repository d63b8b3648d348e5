/*
 * oracle_rle.h: the grader's own run-length encoder (lab 05),
 * written the obvious serial way: a loop with a counter.
 *
 *     in [1 2 3 6 6 6 5 5]  ->  symbols [1 2 3 6 5], counts [1 1 1 3 2], 5 runs
 */
#ifndef GRADER_ORACLE_RLE_H
#define GRADER_ORACLE_RLE_H

#include <stddef.h>

/* mask[i] = 1 where a run starts (i == 0 or in[i] != in[i-1]), else 0. */
void oracle_rle_mask(const int *in, int *mask, size_t n);

/* The index of each run's first element, then n: starts[0..runs]. Returns
 * runs. starts has room for n + 1 ints. */
size_t oracle_rle_starts(const int *in, int *starts, size_t n);

/* Encode in[0..n); symbols and counts have room for n ints. Returns runs. */
size_t oracle_rle_encode(const int *in, size_t n, int *symbols, int *counts);

#endif
