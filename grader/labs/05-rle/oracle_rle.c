/*
 * oracle_rle.c: see oracle_rle.h. Each function is the serial loop a
 * student would write first; none shares code with another, so a slip in
 * one cannot hide in a test that compares two of them.
 */
#include "oracle_rle.h"

void oracle_rle_mask(const int *in, int *mask, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mask[i] = i == 0 || in[i] != in[i - 1];
}

size_t oracle_rle_starts(const int *in, int *starts, size_t n)
{
    size_t runs = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || in[i] != in[i - 1])
            starts[runs++] = (int)i;
    starts[runs] = (int)n;
    return runs;
}

size_t oracle_rle_encode(const int *in, size_t n, int *symbols, int *counts)
{
    size_t runs = 0;
    size_t i = 0;
    while (i < n) {
        size_t length = 1;
        while (i + length < n && in[i + length] == in[i])
            length++;
        symbols[runs] = in[i];
        counts[runs] = (int)length;
        runs++;
        i += length;
    }
    return runs;
}
