/*
 * oracle.c: see oracle.h. Sums wrap modulo 2^32, as a GPU's int additions
 * do, and are taken in unsigned arithmetic, where C defines the wrap (an
 * int overflow is undefined, and UBSan stops at it). The tests' data keep
 * every sum in range (cases.h says how each fill does), so a student's int
 * sums never overflow in a test; the wrap is for make run, where any fill
 * may be scanned: FILL=extremes shows what a GPU would compute.
 */
#include <assert.h>
#include <stdint.h>

#include "oracle.h"

/* a + b modulo 2^32, as a GPU adds ints. */
static int wrapping_add(int a, int b)
{
    return (int)((uint32_t)a + (uint32_t)b);
}

void oracle_scan_exclusive(const int *in, int *out, size_t n)
{
    int sum = 0;
    for (size_t i = 0; i < n; i++) {
        out[i] = sum;
        sum = wrapping_add(sum, in[i]);
    }
}

void oracle_scan_inclusive(const int *in, int *out, size_t n)
{
    int sum = 0;
    for (size_t i = 0; i < n; i++) {
        sum = wrapping_add(sum, in[i]);
        out[i] = sum;
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
        out[i] = i >= offset ? wrapping_add(in[i - offset], in[i]) : in[i];
}

void oracle_upsweep_level(int *tree, size_t size, size_t stride)
{
    for (size_t right = 2 * stride - 1; right < size; right += 2 * stride)
        tree[right] = wrapping_add(tree[right], tree[right - stride]);
}

void oracle_downsweep_level(int *tree, size_t size, size_t stride)
{
    for (size_t right = 2 * stride - 1; right < size; right += 2 * stride) {
        int left = tree[right - stride];
        tree[right - stride] = tree[right];
        tree[right] = wrapping_add(tree[right], left);
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
