/*
 * Tests of lab 04: stream compaction (flags, exclusive scan, scatter).
 *
 * Run some tests:  make grade LAB=04 FILTER=nonzero/sizes
 *
 * The scan between the steps comes from grader/labs/03-efficient-scan/provided.cu, never from
 * the student's lab 03, so only lab 04's own code is graded here.
 *
 * The open edition (SCANLAB_GUIDANCE_OPEN) asks for the whole compactions
 * only: flags:: and scatter:: are not built, and their points go to
 * nonzero:: and compact_if::.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "compact.h"
#include "device.h"
#include "oracle.h"

/* A kept count no compaction returns, to see whether *kept was set. */
#define KEPT_UNSET ((size_t)0x5ca1ab1e)

/* ---- The steps alone ----------------------------------------------------- */

#ifndef SCANLAB_GUIDANCE_OPEN
/* compact_flags on one case and one predicate, against the oracle's flags. */
static void check_flags(const struct test_case *c, const struct predicate_case *p)
{
    int *input = host_ints(c->n), *expected = host_ints(c->n), *got = host_ints(c->n);
    fill_input(input, c);
    oracle_compact_flags(input, expected, c->n, p->predicate, p->operand);
    struct device_ints in = device_ints_new(c->n), flags = device_ints_new(c->n);
    device_ints_upload(&in, input);

    expect_cuda_success(c, compact_flags(in.d, flags.d, c->n, p->predicate, p->operand));

    expect_guards_intact(c, "d_flags", &flags);
    expect_input_unchanged(c, "d_in", &in, input);
    device_ints_download(&flags, got);
    expect_same_ints(c, "flags", expected, got, c->n);
    device_ints_free(&in);
    device_ints_free(&flags);
    free(input);
    free(expected);
    free(got);
}
#endif /* SCANLAB_GUIDANCE_OPEN */

/* check(c, p) for each predicate of compact_predicate_cases at every size
 * of scan_sizes, on random values and on the extremes of int (INT_MIN
 * beside INT_MAX, runs of -1: FILL_EXTREMES, whose sums no compaction
 * takes), then check_empty(function, p) if given; the function is named
 * with the predicate: "compact_if with KEEP_GREATER_THAN 50 (a threshold
 * inside the random values: about a third kept)". */
static void for_each_predicate(const char *name,
                               void (*check)(const struct test_case *c, const struct predicate_case *p),
                               void (*check_empty)(const char *function, const struct predicate_case *p))
{
    require_gpu();
    const enum fill fills[] = {FILL_RANDOM, FILL_EXTREMES};
    for (size_t k = 0; k < compact_predicate_cases_count; k++) {
        const struct predicate_case *p = &compact_predicate_cases[k];
        char function[128];
        snprintf(function, sizeof function, "%s with %s (%s)", name, p->name, p->why);
        for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
            for (size_t i = 0; i < scan_sizes_count; i++) {
                struct test_case c = test_case_for("04", function, &scan_sizes[i], fills[f]);
                check(&c, p);
            }
        }
        if (check_empty != NULL)
            check_empty(function, p);
    }
}

#ifndef SCANLAB_GUIDANCE_OPEN
Test(flags, predicates)
{
    for_each_predicate("compact_flags", check_flags, NULL);
}

/* compact_scatter given the oracle's flags (KEEP_NONZERO) and their scan. */
static void check_scatter(const struct test_case *c)
{
    int *input = host_ints(c->n), *flags = host_ints(c->n), *positions = host_ints(c->n);
    int *expected = host_ints(c->n);
    fill_input(input, c);
    oracle_compact_flags(input, flags, c->n, KEEP_NONZERO, 0);
    oracle_scan_exclusive(flags, positions, c->n);
    size_t kept = oracle_compact_nonzero(input, expected, c->n);
    struct device_ints in = device_ints_new(c->n), d_flags = device_ints_new(c->n);
    struct device_ints d_positions = device_ints_new(c->n), out = device_ints_unwritten(c->n);
    device_ints_upload(&in, input);
    device_ints_upload(&d_flags, flags);
    device_ints_upload(&d_positions, positions);

    expect_cuda_success(c, compact_scatter(in.d, d_flags.d, d_positions.d, out.d, c->n));

    expect_output_prefix(c, "d_out", &out, expected, kept);
    expect_input_unchanged(c, "d_in", &in, input);
    expect_input_unchanged(c, "d_flags", &d_flags, flags);
    expect_input_unchanged(c, "d_positions", &d_positions, positions);
    device_ints_free(&in);
    device_ints_free(&d_flags);
    device_ints_free(&d_positions);
    device_ints_free(&out);
    free(input);
    free(flags);
    free(positions);
    free(expected);
}

Test(scatter, sizes)
{
    require_gpu();
    /* random: a few dropped; sparse: most dropped, the scan climbs slowly;
     * zeros: nothing may be written; no zeros: a plain copy; extremes:
     * INT_MIN, INT_MAX and -1 kept, runs of zeros dropped. */
    const enum fill fills[] = {FILL_RANDOM, FILL_SPARSE, FILL_ZEROS, FILL_NO_ZEROS, FILL_EXTREMES};
    for (size_t f = 0; f < sizeof fills / sizeof fills[0]; f++) {
        for (size_t i = 0; i < scan_sizes_count; i++) {
            struct test_case c = test_case_for("04", "compact_scatter", &scan_sizes[i], fills[f]);
            check_scatter(&c);
        }
    }
}
#endif /* SCANLAB_GUIDANCE_OPEN */

/* ---- Whole compactions --------------------------------------------------- */

/* compact_nonzero (p == NULL) or compact_if with predicate p on one case:
 * the count, the kept elements, nothing written after them, d_in as it was. */
static void check_compaction(const struct test_case *c, const struct predicate_case *p)
{
    int *input = host_ints(c->n), *expected = host_ints(c->n);
    fill_input(input, c);
    size_t expected_kept = p == NULL ? oracle_compact_nonzero(input, expected, c->n)
                                     : oracle_compact_if(input, expected, c->n, p->predicate, p->operand);
    struct device_ints in = device_ints_new(c->n), out = device_ints_unwritten(c->n);
    device_ints_upload(&in, input);
    size_t kept = KEPT_UNSET;

    expect_cuda_success(c, p == NULL ? compact_nonzero(in.d, out.d, c->n, &kept)
                                     : compact_if(in.d, out.d, c->n, p->predicate, p->operand, &kept));

    expect_same_count(c, "the kept count (*kept)", expected_kept, kept);
    expect_output_prefix(c, "d_out", &out, expected, kept);
    expect_input_unchanged(c, "d_in", &in, input);
    device_ints_free(&in);
    device_ints_free(&out);
    free(input);
    free(expected);
}

/* Every size of scan_sizes with one fill. */
static void check_nonzero_sizes(enum fill fill)
{
    require_gpu();
    for (size_t i = 0; i < scan_sizes_count; i++) {
        struct test_case c = test_case_for("04", "compact_nonzero", &scan_sizes[i], fill);
        check_compaction(&c, NULL);
    }
}

/* n = 0 reads and writes nothing, so NULL pointers are fine; *kept is 0. */
static void check_empty_with_null(const char *function, const struct predicate_case *p)
{
    struct size_case empty = {0, "empty, with NULL d_in and d_out"};
    struct test_case c = test_case_for("04", function, &empty, FILL_RANDOM);
    size_t kept = KEPT_UNSET;
    expect_cuda_success(&c, p == NULL ? compact_nonzero(NULL, NULL, 0, &kept)
                                      : compact_if(NULL, NULL, 0, p->predicate, p->operand, &kept));
    expect_same_count(&c, "the kept count (*kept)", 0, kept);
}

Test(nonzero, sizes)
{
    check_nonzero_sizes(FILL_RANDOM);
    check_nonzero_sizes(FILL_EXTREMES); /* INT_MIN, INT_MAX and runs of -1 kept */
    check_empty_with_null("compact_nonzero", NULL);
}

Test(nonzero, sparse)
{
    check_nonzero_sizes(FILL_SPARSE);
}

Test(nonzero, none_kept)
{
    check_nonzero_sizes(FILL_ZEROS);
}

Test(nonzero, all_kept)
{
    check_nonzero_sizes(FILL_NO_ZEROS);
    check_nonzero_sizes(FILL_ONES);
}

Test(nonzero, large, .timeout = 120)
{
    require_gpu();
    struct size_case large = large_size();
    struct test_case c = test_case_for("04", "compact_nonzero", &large, FILL_SPARSE);
    check_compaction(&c, NULL);
}

Test(compact_if, predicates)
{
    for_each_predicate("compact_if", check_compaction, check_empty_with_null);
}
