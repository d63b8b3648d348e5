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

/* The ints at the edges of the type, and their neighbours. */
static const int edge_values[] = {INT_MIN, INT_MIN + 1, -1, 0, 1, INT_MAX - 1, INT_MAX};
enum { EDGE_VALUES = sizeof edge_values / sizeof edge_values[0] };

/* FILL_EXTREMES: stretches of 1 to 24 elements, each all one edge value
 * or each element any int; the first stretch is -1s (a sentinel some code
 * takes for "before the first element"). INT_MIN often sits beside
 * INT_MAX, where a - b overflows both ways. make run N=24 FILL=extremes:
 *     [-1 -1 -1 -1 -1 0 0 0 0 0 0 INT_MAX-1 INT_MAX-1 ... (13 of them)] */
static void fill_extremes(int *values, size_t n, uint64_t *state)
{
    size_t left = 0; /* elements left in the stretch */
    int kind = 2;    /* edge_values[kind], or EDGE_VALUES: any int */
    for (size_t i = 0; i < n; i++) {
        if (left == 0) {
            left = (size_t)random_in_range(state, 1, 24);
            if (i > 0)
                kind = random_in_range(state, 0, EDGE_VALUES);
        }
        left--;
        values[i] = kind < EDGE_VALUES ? edge_values[kind] : random_in_range(state, INT_MIN, INT_MAX);
    }
}

/* The prefix sum FILL_BIG_VALUES brings each warp's 32 elements back to:
 * -2^30 and a little, so whole warps, blocks and tiles sum to little. */
static int64_t big_values_rest(uint64_t *state)
{
    return -(INT64_C(1) << 30) + random_in_range(state, -1000, 1000);
}

/* FILL_BIG_VALUES. P, the sum of the elements so far, starts at 0; the
 * first element is INT_MIN, and every later one keeps P in [INT_MIN, -1].
 * So the sum of any run of consecutive elements, a difference of two
 * such P (or one P), fits in an int: so does every partial sum a scan
 * takes, in any tree or window of consecutive elements. After the first,
 * stretches of 1 to 8 of:
 *     -1s (a 0 where P is INT_MIN already), zeros,
 *     jumps to a random P (any value from -INT_MAX to INT_MAX),
 *     swings between P = INT_MIN and P = -1 (INT_MAX, -INT_MAX, INT_MAX ...).
 * The last element of each 32 brings P back to big_values_rest: so the
 * sums of whole warps, blocks and tiles are small, and a look-back that
 * adds tiles' sums in another order (a warp's butterfly) stays exact too.
 * make run N=12 FILL=bigvalues (P below each value):
 *     [INT_MIN  0 ... 0  1109229456   -1012685279  1426749634  -260855628]
 *     [INT_MIN  INT_MIN  -1038254192  -2050939471  -624189837  -885045465] */
static void fill_big_values(int *values, size_t n, uint64_t *state)
{
    int64_t sum = 0;
    size_t left = 0;
    int kind = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t next;
        if (left == 0) {
            left = (size_t)random_in_range(state, 1, 8);
            kind = random_in_range(state, 0, 3);
        }
        left--;
        if (i == 0)
            next = INT_MIN;
        else if (i % 32 == 31)
            next = big_values_rest(state);
        else if (kind == 0)
            next = sum > INT_MIN ? sum - 1 : sum;
        else if (kind == 1)
            next = sum;
        else if (kind == 2)
            next = random_in_range(state, INT_MIN, -1);
        else
            next = sum == INT_MIN ? -1 : INT_MIN;
        values[i] = (int)(next - sum);
        sum = next;
    }
}

/* One element of a fill whose elements are drawn each on its own. */
static int one_value(enum fill fill, uint64_t *state)
{
    switch (fill) {
    case FILL_RANDOM: return random_in_range(state, -50, 100);
    case FILL_ONES: return 1;
    case FILL_SPARSE: return random_in_range(state, 0, 7) == 0 ? random_in_range(state, 1, 100) : 0;
    case FILL_NO_ZEROS: return random_in_range(state, 1, 100);
    case FILL_MINUS_ONES: return -1;
    default: return 0; /* FILL_ZEROS; the stretches of fill_values are not drawn here */
    }
}

void fill_values(int *values, size_t n, enum fill fill, uint64_t seed)
{
    uint64_t state = seed;
    switch (fill) {
    case FILL_EXTREMES: fill_extremes(values, n, &state); break;
    case FILL_BIG_VALUES: fill_big_values(values, n, &state); break;
    default:
        for (size_t i = 0; i < n; i++)
            values[i] = one_value(fill, &state);
    }
}

void fill_input(int *values, const struct test_case *c)
{
    fill_values(values, c->n, c->fill, c->seed);
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
    case FILL_EXTREMES: return "extremes";
    case FILL_BIG_VALUES: return "bigvalues";
    }
    return "?";
}

/* Each is tried on random inputs, in [-50, 100], and on the extremes of
 * int (FILL_EXTREMES: INT_MIN, INT_MAX, runs of -1, any int). */
const struct predicate_case compact_predicate_cases[] = {
    {KEEP_NONZERO, 0, "KEEP_NONZERO", "remove the zeros: INT_MIN and -1 are kept"},
    {KEEP_GREATER_THAN, 50, "KEEP_GREATER_THAN 50", "a threshold inside the random values: about a third kept"},
    {KEEP_GREATER_THAN, -1, "KEEP_GREATER_THAN -1", "zero is kept: not the same as KEEP_NONZERO"},
    {KEEP_GREATER_THAN, INT_MAX, "KEEP_GREATER_THAN INT_MAX", "nothing is greater, not even INT_MAX: nothing kept"},
    {KEEP_GREATER_THAN, INT_MIN, "KEEP_GREATER_THAN INT_MIN", "everything kept but INT_MIN itself"},
    {KEEP_EVEN, 0, "KEEP_EVEN", "negative even numbers too: -4 % 2 is 0, and INT_MIN is even"},
    {KEEP_EVEN, 7, "KEEP_EVEN (operand 7)", "the operand means nothing to KEEP_EVEN"},
};
const size_t compact_predicate_cases_count = sizeof compact_predicate_cases / sizeof compact_predicate_cases[0];
