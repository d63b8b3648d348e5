/*
 * Driver of lab 02 (make run LAB=02): every Hillis-Steele step of one
 * input, then the two complete scans, beside the grader's answer. The
 * open edition (SCANLAB_GUIDANCE_OPEN) has no step function: the scans.
 */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"
#include "print.h"
#include "scan.h"

#ifndef SCANLAB_GUIDANCE_OPEN
/* Steps one by one through scan_naive_step, as scan_inclusive_naive
 * should run them, printing the array after each. */
static void print_steps(const int *input, size_t n)
{
    int *d_read = device_copy(input, n), *d_write = device_copy(NULL, n);
    for (size_t offset = 1; offset < n; offset *= 2) {
        if (!driver_call_ok("scan_naive_step", scan_naive_step(d_read, d_write, n, offset)))
            break;
        char label[64];
        snprintf(label, sizeof label, "  step, offset %zu", offset);
        print_device_ints(label, d_write, n);
        int *swap = d_read;
        d_read = d_write;
        d_write = swap;
    }
    cudaFree(d_read);
    cudaFree(d_write);
}
#endif

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "02");
    int *input = driver_input(&c), *expected = driver_input(&c);
    oracle_scan_inclusive(input, expected, c.n);

    print_ints("input", input, c.n);
#ifndef SCANLAB_GUIDANCE_OPEN
    print_steps(input, c.n);
#endif
    run_device_scan("scan_inclusive_naive", scan_inclusive_naive, input, expected, c.n);
    if (c.n <= SCAN_NAIVE_BLOCK_MAX)
        run_device_scan("scan_inclusive_naive_block", scan_inclusive_naive_block, input, expected, c.n);
    else
        printf("%-24s skipped: n > %d\n", "scan_inclusive_naive_block", SCAN_NAIVE_BLOCK_MAX);
    print_ints("expected", expected, c.n);
    free(input);
    free(expected);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=02 N=16 SEED=0x5eed FILL=random"};
