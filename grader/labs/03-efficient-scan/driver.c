/*
 * Driver of lab 03 (make run LAB=03): every level of both Blelloch sweeps
 * on one input, then the two complete scans, beside the grader's answer.
 * The open edition (SCANLAB_GUIDANCE_OPEN) has no level functions: the
 * scans.
 */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"
#include "print.h"
#include "scan.h"

#ifndef SCANLAB_GUIDANCE_OPEN
/* The sweeps level by level on the input padded to a power of two, as
 * scan_exclusive_blelloch should run them. */
static void print_sweeps(const int *input, size_t n)
{
    size_t size = 1;
    while (size < n)
        size *= 2;
    int *d_tree = device_copy(NULL, size);
    cudaMemcpy(d_tree, input, n * sizeof(int), cudaMemcpyHostToDevice);
    print_device_ints("  padded tree", d_tree, size);
    char label[64];
    for (size_t stride = 1; stride < size; stride *= 2) {
        if (!driver_call_ok("scan_upsweep_level", scan_upsweep_level(d_tree, size, stride)))
            goto done;
        snprintf(label, sizeof label, "  up-sweep, stride %zu", stride);
        print_device_ints(label, d_tree, size);
    }
    cudaMemset(d_tree + size - 1, 0, sizeof(int));
    print_device_ints("  root cleared", d_tree, size);
    for (size_t stride = size / 2; stride >= 1; stride /= 2) {
        if (!driver_call_ok("scan_downsweep_level", scan_downsweep_level(d_tree, size, stride)))
            goto done;
        snprintf(label, sizeof label, "  down-sweep, stride %zu", stride);
        print_device_ints(label, d_tree, size);
    }
done:
    cudaFree(d_tree);
}
#endif

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "03");
    int *input = driver_input(&c), *expected = driver_input(&c);
    oracle_scan_exclusive(input, expected, c.n);

    print_ints("input", input, c.n);
#ifndef SCANLAB_GUIDANCE_OPEN
    if (c.n > 0)
        print_sweeps(input, c.n);
#endif
    run_device_scan("scan_exclusive_blelloch", scan_exclusive_blelloch, input, expected, c.n);
    run_device_scan("scan_exclusive_tiled", scan_exclusive_tiled, input, expected, c.n);
    print_ints("expected", expected, c.n);
    free(input);
    free(expected);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=03 N=16 SEED=0x5eed FILL=random"};
