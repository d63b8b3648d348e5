/*
 * Tests of lab 01: scan and compaction on the CPU.
 *
 * Run some tests:  make grade LAB=01 FILTER=exclusive/sizes
 *
 * Every array a function gets holds exactly n ints (none when n = 0)
 * between guard zones (device.h: host_ints_guarded), and an output starts
 * filled with UNWRITTEN: a write one past the end, out[0] at n = 0, or
 * past the kept elements of a compaction fails with the index written.
 */
#include <stdlib.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
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
    FILL_SPARSE,   /* most elements dropped: most of out stays untouched */
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

/* One case: the count, the kept elements, and nothing written after them
 * (out[kept..n) holds UNWRITTEN before the call and after it); in, out and
 * scratch (n ints each, none at all when n = 0) between guards; in as it was.
 *     in [1 0 2 0 0 3]  ->  out [1 2 3 U U U], returns 3
 * A scatter that writes dropped elements too ends [1 2 0 U U U]: its last
 * zeros land on out[kept], past the kept elements. */
static void check_compaction(const struct test_case *c, compact_fn compact)
{
    int *input = host_ints(c->n), *expected = host_ints(c->n);
    fill_input(input, c);
    size_t expected_count = oracle_compact_nonzero(input, expected, c->n);
    struct host_ints_guarded in = host_ints_guarded_new(input, c->n);
    struct host_ints_guarded out = host_ints_guarded_new(NULL, c->n);
    struct host_ints_guarded scratch = host_ints_guarded_new(NULL, c->n);

    size_t got_count = compact(in.h, out.h, scratch.h, c->n);

    expect_implemented();
    expect_same_count(c, "the returned count of kept elements", expected_count, got_count);
    expect_host_output_prefix(c, "out", &out, expected, expected_count);
    expect_host_guards_intact(c, "scratch", &scratch);
    expect_host_guards_intact(c, "in", &in);
    expect_same_ints(c, "the input was changed (it is const)", input, in.h, c->n);
    host_ints_guarded_free(&in);
    host_ints_guarded_free(&out);
    host_ints_guarded_free(&scratch);
    free(input);
    free(expected);
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
