/*
 * Tests of lab 01: scan and compaction on the CPU.
 *
 * Run some tests:  make grade LAB=01 FILTER=exclusive/sizes
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "oracle.h"
#include "scan.h"
#include "scan_checks.h"
#include "todo.h"

Test(exclusive, sizes)
{
    check_host_scan_sizes("01", "scan_exclusive_cpu", scan_exclusive_cpu, SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_RANDOM);
}

Test(exclusive, all_ones)
{
    check_host_scan_sizes("01", "scan_exclusive_cpu", scan_exclusive_cpu, SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_ONES);
}

Test(exclusive, in_place)
{
    check_host_scan_sizes("01", "scan_exclusive_cpu", scan_exclusive_cpu, SCAN_EXCLUSIVE, IN_PLACE, FILL_RANDOM);
}

Test(inclusive, sizes)
{
    check_host_scan_sizes("01", "scan_inclusive_cpu", scan_inclusive_cpu, SCAN_INCLUSIVE, OUT_OF_PLACE, FILL_RANDOM);
}

Test(inclusive, in_place)
{
    check_host_scan_sizes("01", "scan_inclusive_cpu", scan_inclusive_cpu, SCAN_INCLUSIVE, IN_PLACE, FILL_RANDOM);
}

/* The inputs every compaction must get right, and why. */
static const enum fill compact_fills[] = {
    FILL_RANDOM,   /* a few zeros here and there */
    FILL_SPARSE,   /* most elements dropped */
    FILL_ZEROS,    /* nothing kept: the count is 0 and out is untouched */
    FILL_NO_ZEROS, /* everything kept: out is a copy of in */
};

typedef size_t (*compact_fn)(const int *in, int *out, int *scratch, size_t n);

/* compact_cpu has no scratch argument; this gives it the common shape. */
static size_t compact_cpu_ignoring_scratch(const int *in, int *out, int *scratch, size_t n)
{
    (void)scratch;
    return compact_cpu(in, out, n);
}

static void check_compaction(const struct test_case *c, compact_fn compact)
{
    size_t room = c->n > 0 ? c->n : 1;
    int *input = malloc(room * sizeof(int));
    int *expected = malloc(room * sizeof(int));
    int *got = malloc(room * sizeof(int));
    int *scratch = malloc(room * sizeof(int));
    cr_assert(input && expected && got && scratch, "grader: out of host memory");
    fill_input(input, c);
    size_t expected_count = oracle_compact_nonzero(input, expected, c->n);
    memset(got, 0xa5, room * sizeof(int));

    size_t got_count = compact(input, got, scratch, c->n);

    expect_implemented();
    expect_same_count(c, "the returned count of kept elements", expected_count, got_count);
    expect_same_ints(c, "kept elements", expected, got, expected_count);
    free(input);
    free(expected);
    free(got);
    free(scratch);
}

static void check_compaction_sizes(const char *function, compact_fn compact)
{
    for (size_t f = 0; f < sizeof compact_fills / sizeof compact_fills[0]; f++) {
        for (size_t i = 0; i < scan_sizes_count; i++) {
            struct test_case c = test_case_for("01", function, &scan_sizes[i], compact_fills[f]);
            check_compaction(&c, compact);
        }
    }
}

Test(compact, without_scan)
{
    check_compaction_sizes("compact_cpu", compact_cpu_ignoring_scratch);
}

Test(compact, with_scan)
{
    check_compaction_sizes("compact_cpu_with_scan", compact_cpu_with_scan);
}
