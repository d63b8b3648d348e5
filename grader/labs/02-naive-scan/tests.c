/*
 * Tests of lab 02: the naive (Hillis-Steele) inclusive scan.
 *
 * Run some tests:  make grade LAB=02 FILTER=naive_block/sizes
 *
 * The open edition (SCANLAB_GUIDANCE_OPEN) asks for the two scans only:
 * naive_step:: is not built, and its points go to naive_global::.
 */
#include <stdio.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "oracle.h"
#include "scan.h"
#include "scan_checks.h"

#ifndef SCANLAB_GUIDANCE_OPEN
/* One step at one offset, against the oracle's step. */
static void check_step(const struct test_case *c, size_t offset)
{
    /* The input, the oracle's step of it, and what the GPU wrote. */
    int *input = host_ints(c->n);
    int *expected = host_ints(c->n);
    int *got = host_ints(c->n);
    fill_input(input, c);
    oracle_naive_step(input, expected, c->n, offset);
    struct device_ints in = device_ints_new(c->n), out = device_ints_new(c->n);
    device_ints_upload(&in, input);

    expect_cuda_success(c, scan_naive_step(in.d, out.d, c->n, offset));

    expect_guards_intact(c, "d_out", &out);
    device_ints_download(&out, got);
    char what[64];
    snprintf(what, sizeof what, "step with offset %zu", offset);
    expect_same_ints(c, what, expected, got, c->n);
    device_ints_free(&in);
    device_ints_free(&out);
    free(input);
    free(expected);
    free(got);
}

Test(naive_step, offsets)
{
    require_gpu();
    /* offset 1 is the first step; offsets at and past a block boundary
     * make threads read an element another block loaded; offset >= n
     * leaves every element as it was. */
    const size_t offsets[] = {1, 2, 4, 255, 256, 257, 70000};
    for (size_t i = 0; i < scan_sizes_count; i++) {
        struct test_case c = test_case_for("02", "scan_naive_step", &scan_sizes[i], FILL_RANDOM);
        for (size_t k = 0; k < sizeof offsets / sizeof offsets[0]; k++)
            check_step(&c, offsets[k]);
    }
}
#endif /* SCANLAB_GUIDANCE_OPEN */

Test(naive_global, sizes)
{
    check_device_scan_sizes("02", "scan_inclusive_naive", scan_inclusive_naive,
                            SCAN_INCLUSIVE, OUT_OF_PLACE, FILL_RANDOM, (size_t)-1);
}

/* All ones, then the extremes (scan_checks.h): all minus ones, and
 * values from INT_MIN to INT_MAX whose sums fit in an int. */
Test(naive_global, all_ones)
{
    check_device_scan_ones_and_extremes("02", "scan_inclusive_naive", scan_inclusive_naive, SCAN_INCLUSIVE,
                                        (size_t)-1);
}

Test(naive_global, large, .timeout = 120)
{
    check_device_scan_large("02", "scan_inclusive_naive", scan_inclusive_naive, SCAN_INCLUSIVE);
}


/* Once the sizes that fit work: one more element than fits is refused. */
static void check_refuses_too_large(void)
{
    struct size_case too_large = {SCAN_NAIVE_BLOCK_MAX + 1, "one more element than a block may have threads"};
    struct test_case c = test_case_for("02", "scan_inclusive_naive_block", &too_large, FILL_RANDOM);
    struct device_ints in = device_ints_new(c.n), out = device_ints_new(c.n);
    cudaError_t returned = scan_inclusive_naive_block(in.d, out.d, c.n);
    if (returned != cudaErrorInvalidValue)
        fail_case(&c, "expected cudaErrorInvalidValue, got %s", cudaGetErrorName(returned));
    device_ints_free(&in);
    device_ints_free(&out);
}

Test(naive_block, sizes)
{
    check_device_scan_sizes("02", "scan_inclusive_naive_block", scan_inclusive_naive_block,
                            SCAN_INCLUSIVE, OUT_OF_PLACE, FILL_RANDOM, SCAN_NAIVE_BLOCK_MAX);
    check_refuses_too_large();
}

Test(naive_block, all_ones)
{
    check_device_scan_ones_and_extremes("02", "scan_inclusive_naive_block", scan_inclusive_naive_block,
                                        SCAN_INCLUSIVE, SCAN_NAIVE_BLOCK_MAX);
}
