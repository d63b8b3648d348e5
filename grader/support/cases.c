/*
 * cases.c: the size lists and input generators of cases.h.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "case_record.h"
#include "cases.h"
#include "random.h"

const struct size_case scan_sizes[] = {
    {0, "empty: nothing to compute and nothing may be written"},
    {1, "one element"},
    {2, "two elements, the smallest real scan"},
    {3, "three elements, not a power of two"},
    {31, "a warp minus one"},
    {32, "exactly one warp"},
    {33, "a warp plus one"},
    {255, "a 256-thread block minus one"},
    {256, "exactly one 256-thread block"},
    {257, "a 256-thread block plus one: the second block has one element"},
    {1023, "2^10 - 1: a 1024-element tile minus one"},
    {1024, "2^10: exactly one 1024-element tile"},
    {1025, "2^10 + 1: a tile plus one"},
    {4097, "2^12 + 1: several tiles, not a power of two"},
    {65535, "2^16 - 1"},
    {65536, "2^16: many blocks, a power of two"},
    {1048577, "2^20 + 1: a million elements, tile sums need a second level"},
};
const size_t scan_sizes_count = sizeof scan_sizes / sizeof scan_sizes[0];

const struct size_case tile_sizes[] = {
    {8191, "a 8192-element tile minus one"},
    {8192, "exactly one 8192-element tile"},
    {8193, "a tile plus one: the second tile has one element"},
    {3 * 8192 + 5, "three tiles and 5: the last int4 is partial"},
};
const size_t tile_sizes_count = sizeof tile_sizes / sizeof tile_sizes[0];

struct size_case large_size(void)
{
#ifdef SCANLAB_EMULATOR
    struct size_case large = {(1u << 22) + 7, "2^22 + 7, four million elements (a GPU grade uses 2^24 + 7)"};
#else
    struct size_case large = {(1u << 24) + 7, "2^24 + 7, sixteen million elements, not a power of two"};
#endif
    return large;
}

uint64_t case_seed(size_t n)
{
    static uint64_t base;
    static int have_base;
    if (!have_base) {
        const char *text = getenv("SCANLAB_SEED");
        base = text != NULL ? strtoull(text, NULL, 0) : 0x5ca1ab;
        have_base = 1;
    }
    uint64_t state = base ^ (n * 0x9e3779b97f4a7c15ULL);
    return random_next(&state) & 0xffffffffULL; /* short enough to retype */
}

void test_case_describe(const struct test_case *c, char *buffer, size_t size)
{
    if (c->words != NULL) {
        c->words->describe(c, buffer, size);
        return;
    }
    snprintf(buffer, size, "%s, n = %zu (%s), FILL=%s SEED=0x%llx:",
             c->function, c->n, c->why, fill_name(c->fill), (unsigned long long)c->seed);
}

void test_case_reproduce(const struct test_case *c, char *buffer, size_t size)
{
    if (c->words != NULL) {
        c->words->reproduce(c, buffer, size);
        return;
    }
    snprintf(buffer, size, "reproduce: make run LAB=%s N=%zu SEED=0x%llx FILL=%s",
             c->lab, c->n, (unsigned long long)c->seed, fill_name(c->fill));
}

void record_test_case(const struct test_case *c)
{
    char head[640], hint[256];
    test_case_describe(c, head, sizeof head);
    test_case_reproduce(c, hint, sizeof hint);
    record_running_case(head, hint);
}

struct test_case test_case_for(const char *lab, const char *function,
                               const struct size_case *size, enum fill fill)
{
    struct test_case c = {lab, function, size->n, size->why, fill, case_seed(size->n), NULL};
    record_test_case(&c);
    return c;
}

void fill_input(int *values, const struct test_case *c)
{
    uint64_t state = c->seed;
    for (size_t i = 0; i < c->n; i++) {
        switch (c->fill) {
        case FILL_RANDOM: values[i] = random_in_range(&state, -50, 100); break;
        case FILL_ONES: values[i] = 1; break;
        case FILL_SPARSE: values[i] = random_in_range(&state, 0, 7) == 0 ? random_in_range(&state, 1, 100) : 0; break;
        case FILL_ZEROS: values[i] = 0; break;
        case FILL_NO_ZEROS: values[i] = random_in_range(&state, 1, 100); break;
        case FILL_MINUS_ONES: values[i] = -1; break;
        }
    }
}

const char *fill_name(enum fill fill)
{
    switch (fill) {
    case FILL_RANDOM: return "random";
    case FILL_ONES: return "ones";
    case FILL_SPARSE: return "sparse";
    case FILL_ZEROS: return "zeros";
    case FILL_NO_ZEROS: return "nozeros";
    case FILL_MINUS_ONES: return "minusones";
    }
    return "?";
}

/* Random inputs lie in [-50, 100] (see fill_input). */
const struct predicate_case compact_predicate_cases[] = {
    {KEEP_NONZERO, 0, "KEEP_NONZERO", "remove the zeros"},
    {KEEP_GREATER_THAN, 50, "KEEP_GREATER_THAN 50", "about a third of random values kept"},
    {KEEP_GREATER_THAN, -1, "KEEP_GREATER_THAN -1", "zero is kept: not the same as KEEP_NONZERO"},
    {KEEP_GREATER_THAN, INT_MAX, "KEEP_GREATER_THAN INT_MAX", "nothing is greater: nothing kept"},
    {KEEP_GREATER_THAN, INT_MIN, "KEEP_GREATER_THAN INT_MIN", "everything kept"},
    {KEEP_EVEN, 0, "KEEP_EVEN", "negative even numbers too: -4 % 2 is 0"},
    {KEEP_EVEN, 7, "KEEP_EVEN (operand 7)", "the operand means nothing to KEEP_EVEN"},
};
const size_t compact_predicate_cases_count = sizeof compact_predicate_cases / sizeof compact_predicate_cases[0];
