/*
 * oracle.c: see oracle.h. Sums are taken in 64 bits and checked, so a test
 * whose data could overflow int fails loudly in the oracle rather than
 * comparing two wrapped numbers.
 */
#include <assert.h>
#include <limits.h>
#include <stdint.h>

#include "oracle.h"

void oracle_scan_exclusive(const int *in, int *out, size_t n)
{
    int64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        assert(sum >= INT_MIN && sum <= INT_MAX);
        out[i] = (int)sum;
        sum += in[i];
    }
}

void oracle_scan_inclusive(const int *in, int *out, size_t n)
{
    int64_t sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum += in[i];
        assert(sum >= INT_MIN && sum <= INT_MAX);
        out[i] = (int)sum;
    }
}

void oracle_scan_segments(const int *in, int *out, size_t n, size_t segment, int inclusive)
{
    for (size_t first = 0; first < n; first += segment) {
        size_t count = n - first < segment ? n - first : segment;
        if (inclusive)
            oracle_scan_inclusive(in + first, out + first, count);
        else
            oracle_scan_exclusive(in + first, out + first, count);
    }
}

void oracle_naive_step(const int *in, int *out, size_t n, size_t offset)
{
    for (size_t i = 0; i < n; i++)
        out[i] = i >= offset ? in[i - offset] + in[i] : in[i];
}

void oracle_upsweep_level(int *tree, size_t size, size_t stride)
{
    for (size_t right = 2 * stride - 1; right < size; right += 2 * stride)
        tree[right] += tree[right - stride];
}

void oracle_downsweep_level(int *tree, size_t size, size_t stride)
{
    for (size_t right = 2 * stride - 1; right < size; right += 2 * stride) {
        int left = tree[right - stride];
        tree[right - stride] = tree[right];
        tree[right] += left;
    }
}

size_t oracle_compact_nonzero(const int *in, int *out, size_t n)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (in[i] != 0)
            out[kept++] = in[i];
    return kept;
}

int oracle_keeps(int value, enum compact_predicate predicate, int operand)
{
    switch (predicate) {
    case KEEP_NONZERO: return value != 0;
    case KEEP_GREATER_THAN: return value > operand;
    case KEEP_EVEN: return value % 2 == 0;
    }
    assert(!"unknown predicate");
    return 0;
}

void oracle_compact_flags(const int *in, int *flags, size_t n,
                          enum compact_predicate predicate, int operand)
{
    for (size_t i = 0; i < n; i++)
        flags[i] = oracle_keeps(in[i], predicate, operand);
}

size_t oracle_compact_if(const int *in, int *out, size_t n,
                         enum compact_predicate predicate, int operand)
{
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (oracle_keeps(in[i], predicate, operand))
            out[kept++] = in[i];
    return kept;
}
