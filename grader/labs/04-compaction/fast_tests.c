/*
 * Tests of lab 04's fast reference, the one-pass compaction
 * (solutions/04-compaction/fast/, common/fast.h): the three versions
 * of its ladder against the grader's oracle, over the edges of lab 04 and of
 * lab 07's tiles. Not part of a student's grade: make test runs them
 * (make test-fast), and make bench validates the same code on a GPU.
 */
#include <stdio.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "fast.h"
#include "oracle.h"

typedef cudaError_t (*compaction_fn)(const int *d_in, int *d_out, size_t n,
                                     enum compact_predicate predicate, int operand, int *d_kept,
                                     void *d_temp, size_t temp_bytes);

static const struct {
    const char *name;
    compaction_fn run;
} versions[] = {
    {"compact_if_single_pass_direct", compact_if_single_pass_direct},
    {"compact_if_single_pass_staged", compact_if_single_pass_staged},
    {"compact_if_single_pass", compact_if_single_pass},
};

/* One version on one case: the kept elements, nothing written after
 * them, the count in *d_kept, d_in as it was; the temporary storage
 * handed over poisoned (0xa5 bytes), so a call must clear it. */
static void check_case(compaction_fn run, const struct test_case *c, const struct predicate_case *p)
{
    int *input = host_ints(c->n), *expected = host_ints(c->n);
    fill_input(input, c);
    size_t expected_kept = oracle_compact_if(input, expected, c->n, p->predicate, p->operand);
    size_t temp_bytes = compact_single_pass_temp_bytes(c->n);
    struct device_ints in = device_ints_new(c->n), out = device_ints_unwritten(c->n);
    struct device_ints kept = device_ints_unwritten(1);
    struct device_ints temp = device_ints_new((temp_bytes + sizeof(int) - 1) / sizeof(int));
    device_ints_upload(&in, input);

    expect_cuda_success(c, run(in.d, out.d, c->n, p->predicate, p->operand, kept.d, temp.d, temp_bytes));

    int got_kept;
    device_ints_download(&kept, &got_kept);
    expect_same_count(c, "the kept count (*d_kept)", expected_kept, (size_t)got_kept);
    expect_output_prefix(c, "d_out", &out, expected, expected_kept);
    expect_input_unchanged(c, "d_in", &in, input);
    expect_guards_intact(c, "d_temp", &temp);
    device_ints_free(&in);
    device_ints_free(&out);
    device_ints_free(&kept);
    device_ints_free(&temp);
    free(input);
    free(expected);
}

/* Every version, predicate and size (scan_sizes, then tile_sizes) with
 * one fill. */
static void check_fill(enum fill fill)
{
    require_gpu();
    for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++) {
        for (size_t k = 0; k < compact_predicate_cases_count; k++) {
            const struct predicate_case *p = &compact_predicate_cases[k];
            char function[128];
            snprintf(function, sizeof function, "%s with %s", versions[v].name, p->name);
            for (size_t i = 0; i < scan_sizes_count + tile_sizes_count; i++) {
                const struct size_case *size = i < scan_sizes_count ? &scan_sizes[i]
                                                                    : &tile_sizes[i - scan_sizes_count];
                struct test_case c = test_case_for("04", function, size, fill);
                check_case(versions[v].run, &c, p);
            }
        }
    }
}

Test(fast_compaction, random) { check_fill(FILL_RANDOM); }
Test(fast_compaction, sparse) { check_fill(FILL_SPARSE); }
Test(fast_compaction, none_kept) { check_fill(FILL_ZEROS); }
Test(fast_compaction, all_kept) { check_fill(FILL_NO_ZEROS); }
Test(fast_compaction, extremes) { check_fill(FILL_EXTREMES); } /* INT_MIN beside INT_MAX, runs of -1 */

/* Many tiles at once: the look-back across tiles that run together. */
Test(fast_compaction, large, .timeout = 120)
{
    require_gpu();
    struct size_case large = large_size();
    for (size_t v = 0; v < sizeof versions / sizeof versions[0]; v++) {
        struct test_case c = test_case_for("04", versions[v].name, &large, FILL_SPARSE);
        check_case(versions[v].run, &c, &compact_predicate_cases[0]);
    }
}

/* n = 0 sets *d_kept to 0 and needs nothing else; missing pointers and
 * too little storage are refused. */
Test(fast_compaction, arguments)
{
    require_gpu();
    struct size_case one_tile = {8192, "one tile"};
    struct test_case c = test_case_for("04", "compact_if_single_pass", &one_tile, FILL_RANDOM);
    struct device_ints kept = device_ints_unwritten(1), in = device_ints_new(c.n), out = device_ints_new(c.n);
    size_t temp_bytes = compact_single_pass_temp_bytes(c.n);
    struct device_ints temp = device_ints_new(temp_bytes / sizeof(int) + 1);
    int got_kept;

    expect_cuda_success(&c, compact_if_single_pass(NULL, NULL, 0, KEEP_NONZERO, 0, kept.d, NULL, 0));
    device_ints_download(&kept, &got_kept);
    expect_same_count(&c, "the kept count (*d_kept) for n = 0", 0, (size_t)got_kept);
    if (compact_if_single_pass(in.d, out.d, c.n, KEEP_NONZERO, 0, kept.d, temp.d, temp_bytes - 1) !=
        cudaErrorInvalidValue)
        fail_case(&c, "temporary storage one byte short was not refused with cudaErrorInvalidValue");
    if (compact_if_single_pass(in.d, out.d, c.n, KEEP_NONZERO, 0, NULL, temp.d, temp_bytes) !=
        cudaErrorInvalidValue)
        fail_case(&c, "d_kept = NULL was not refused with cudaErrorInvalidValue");
    device_ints_free(&kept);
    device_ints_free(&in);
    device_ints_free(&out);
    device_ints_free(&temp);
}
