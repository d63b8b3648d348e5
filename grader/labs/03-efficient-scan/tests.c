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

#include <unistd.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "host.h"
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
    check_device_scan_ones_and_extremes("03", "scan_exclusive_blelloch", scan_exclusive_blelloch,
                                        SCAN_EXCLUSIVE, (size_t)-1);
}

Test(tiled, sizes)
{
    check_device_scan_sizes("03", "scan_exclusive_tiled", scan_exclusive_tiled,
                            SCAN_EXCLUSIVE, OUT_OF_PLACE, FILL_RANDOM, (size_t)-1);
}

Test(tiled, all_ones)
{
    check_device_scan_ones_and_extremes("03", "scan_exclusive_tiled", scan_exclusive_tiled, SCAN_EXCLUSIVE,
                                        (size_t)-1);
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

/* The Blelloch tree pads n to a power of two: at n = 2^30 + 7 it holds
 * 2^31 ints, so an index into it passes 2^31 - 1, and one computed in int
 * (stride * 2 * (k + 1) - 1) wraps negative; a ported scan that passed
 * every smaller size did. That takes about 16 GB of device memory and 12
 * GB of the host's: a GPU or host with less, and the emulator, test
 * large_size() instead, and the case's reason says so. */
static struct size_case blelloch_large_size(void)
{
    struct size_case large = large_size();
#ifndef SCANLAB_EMULATOR
    const size_t huge = ((size_t)1 << 30) + 7, gib = (size_t)1 << 30;
    size_t free_bytes = 0, total_bytes = 0;
    size_t host_bytes = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
    if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess && free_bytes >= 20 * gib && host_bytes >= 32 * gib)
        return (struct size_case){huge, "2^30 + 7: the tree pads to 2^31 ints, one past int's largest index"};
    large.why = "2^24 + 7 (2^30 + 7, whose tree indices pass 2^31, where the GPU has 20 GB free and the host 32 GB)";
#endif
    return large;
}

/* Ones in and out in slices of CHUNK ints, so that 2^30 elements need no
 * 4 GB host arrays (a third of the test's time went to their pages). */
#define CHUNK ((size_t)1 << 22)

static void upload_ones(const struct test_case *c, int *d_in, size_t n, int *slice)
{
    for (size_t i = 0; i < CHUNK; i++)
        slice[i] = 1;
    for (size_t first = 0; first < n; first += CHUNK) {
        size_t count = n - first < CHUNK ? n - first : CHUNK;
        expect_call_success(c, "grader: upload", cudaMemcpy(d_in + first, slice, count * sizeof(int),
                                                            cudaMemcpyHostToDevice));
    }
}

/* All ones: out[i] must be i, which a wrong index changes, and the sums
 * (up to 2^30 + 6) stay inside an int, where random values' would not. */
static void expect_counts(const struct test_case *c, const int *d_out, size_t n, int *slice)
{
    for (size_t first = 0; first < n; first += CHUNK) {
        size_t count = n - first < CHUNK ? n - first : CHUNK;
        expect_call_success(c, "grader: download", cudaMemcpy(slice, d_out + first, count * sizeof(int),
                                                              cudaMemcpyDeviceToHost));
        for (size_t i = 0; i < count; i++)
            if (slice[i] != (int)(first + i))
                fail_case(c, "first mismatch at index %zu: expected %zu, got %d%s", first + i, first + i, slice[i],
                          poison_note((uint32_t)slice[i], 4));
    }
}

Test(blelloch, large, .timeout = 120)
{
    require_gpu();
    struct size_case size = blelloch_large_size();
    struct test_case c = test_case_for("03", "scan_exclusive_blelloch", &size, FILL_ONES);
    if (c.n < ((size_t)1 << 30)) {
        check_device_scan(&c, scan_exclusive_blelloch, SCAN_EXCLUSIVE, OUT_OF_PLACE);
        return;
    }
    int *slice = host_alloc(CHUNK, sizeof(int));
    struct device_ints in = device_ints_new(c.n), out = device_ints_new(c.n);
    upload_ones(&c, in.d, c.n, slice);
    expect_cuda_success(&c, scan_exclusive_blelloch(in.d, out.d, c.n));
    expect_guards_intact(&c, "d_out", &out);
    expect_guards_intact(&c, "d_in", &in);
    expect_counts(&c, out.d, c.n, slice);
    device_ints_free(&in);
    device_ints_free(&out);
    free(slice);
}
