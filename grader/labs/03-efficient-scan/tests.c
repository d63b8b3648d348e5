/*
 * Tests of lab 03: the work-efficient (Blelloch) exclusive scan.
 *
 * Run some tests:  make grade LAB=03 FILTER=tiled/sizes
 *
 * The open edition (SCANLAB_GUIDANCE_OPEN) asks for the two scans only:
 * upsweep:: and downsweep:: are not built, and their points go to
 * blelloch::.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "oracle.h"
#include "scan.h"
#include "scan_checks.h"

#ifndef SCANLAB_GUIDANCE_OPEN
typedef cudaError_t (*level_fn)(int *d_tree, size_t size, size_t stride);
typedef void (*oracle_level_fn)(int *tree, size_t size, size_t stride);

/* Every level of one sweep over a random tree of `size` elements, each
 * level started from the oracle's tree, so a wrong level is named alone. */
static void check_levels(const char *function, level_fn level, oracle_level_fn oracle_level, size_t size)
{
    struct size_case tree_size = {size, "a tree of this size"};
    struct test_case c = test_case_for("03", function, &tree_size, FILL_RANDOM);
    int *tree = host_ints(size);
    int *expected = host_ints(size);
    int *got = host_ints(size);
    fill_input(tree, &c);
    struct device_ints d_tree = device_ints_new(size);
    for (size_t stride = 1; stride < size; stride *= 2) {
        memcpy(expected, tree, size * sizeof(int));
        oracle_level(expected, size, stride);
        device_ints_upload(&d_tree, tree);

        expect_cuda_success(&c, level(d_tree.d, size, stride));

        expect_guards_intact(&c, "d_tree", &d_tree);
        device_ints_download(&d_tree, got);
        char what[64];
        snprintf(what, sizeof what, "level with stride %zu", stride);
        expect_same_ints(&c, what, expected, got, size);
        memcpy(tree, expected, size * sizeof(int));
    }
    device_ints_free(&d_tree);
    free(tree);
    free(expected);
    free(got);
}

/* Trees of 2 (one level), 8 (the README's example), 1024, and 2^17
 * (levels with more pairs than one block has threads). */
static const size_t tree_sizes[] = {2, 8, 1024, 1 << 17};

Test(upsweep, levels)
{
    require_gpu();
    for (size_t i = 0; i < sizeof tree_sizes / sizeof tree_sizes[0]; i++)
        check_levels("scan_upsweep_level", scan_upsweep_level, oracle_upsweep_level, tree_sizes[i]);
}

Test(downsweep, levels)
{
    require_gpu();
    for (size_t i = 0; i < sizeof tree_sizes / sizeof tree_sizes[0]; i++)
        check_levels("scan_downsweep_level", scan_downsweep_level, oracle_downsweep_level, tree_sizes[i]);
}
#endif /* SCANLAB_GUIDANCE_OPEN */

Test(blelloch, sizes)
{
    check_device_scan_sizes("03", "scan_exclusive_blelloch", scan_exclusive_blelloch,
                            SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_RANDOM, (size_t)-1);
}

/* All ones, then the extremes (scan_checks.h): all minus ones, and
 * values from INT_MIN to INT_MAX whose sums fit in an int. */
Test(blelloch, all_ones)
{
    check_device_scan_sizes("03", "scan_exclusive_blelloch", scan_exclusive_blelloch,
                            SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_ONES, (size_t)-1);
    check_device_scan_extremes("03", "scan_exclusive_blelloch", scan_exclusive_blelloch,
                               SCAN_EXCLUSIVE, (size_t)-1);
}

Test(tiled, sizes)
{
    check_device_scan_sizes("03", "scan_exclusive_tiled", scan_exclusive_tiled,
                            SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_RANDOM, (size_t)-1);
}

Test(tiled, all_ones)
{
    check_device_scan_sizes("03", "scan_exclusive_tiled", scan_exclusive_tiled,
                            SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_ONES, (size_t)-1);
    check_device_scan_extremes("03", "scan_exclusive_tiled", scan_exclusive_tiled, SCAN_EXCLUSIVE, (size_t)-1);
}

Test(tiled, in_place)
{
    check_device_scan_sizes("03", "scan_exclusive_tiled", scan_exclusive_tiled,
                            SCAN_EXCLUSIVE, IN_PLACE, FILL_RANDOM, (size_t)-1);
}

Test(tiled, large, .timeout = 120)
{
    check_device_scan_large("03", "scan_exclusive_tiled", scan_exclusive_tiled, SCAN_EXCLUSIVE);
}

Test(blelloch, large, .timeout = 120)
{
    check_device_scan_large("03", "scan_exclusive_blelloch", scan_exclusive_blelloch, SCAN_EXCLUSIVE);
}
