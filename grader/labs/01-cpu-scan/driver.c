/*
 * Driver of lab 01 (make run LAB=01): each function of the lab on one
 * input, beside the grader's answer.
 *
 * Every array is exactly n ints on the heap (driver_input), so under
 * AddressSanitizer a read or write one past its end, out[0] at n = 0
 * included, is reported with its line: the grade's check::memory runs
 * this driver so, at n = 0, 33, 1025 and 4097, on either backend
 * (make run LAB=01 N=0 BACKEND=emu CHECK=memory shows one).
 */
#include <stdio.h>
#include <stdlib.h>

#include "oracle.h"
#include "print.h"
#include "scan.h"
#include "todo.h"

/* The count a compaction returned and the elements it kept, at most the
 * n that out holds: a count past n (-1 returned as a size_t is SIZE_MAX)
 * is said, and nothing past out's end is read. */
static void print_kept(const char *name, const int *got, size_t kept, size_t expected_kept, size_t n)
{
    printf("%-24s kept %zu (expected %zu)\n", name, kept, expected_kept);
    if (kept > n)
        printf("%-24s returned more than n = %zu: out holds only n, so only n are shown\n", name, n);
    print_ints(name, got, kept > n ? n : kept);
}

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "01");
    int *input = driver_input(&c);
    int *expected = driver_input(&c), *got = driver_input(&c), *scratch = driver_input(&c);
    print_ints("input", input, c.n);

    oracle_scan_exclusive(input, expected, c.n);
    scan_exclusive_cpu(input, got, c.n);
    if (driver_is_written("scan_exclusive_cpu")) {
        print_ints("scan_exclusive_cpu", got, c.n);
        print_verdict("scan_exclusive_cpu", expected, got, c.n);
    }

    oracle_scan_inclusive(input, expected, c.n);
    scan_inclusive_cpu(input, got, c.n);
    if (driver_is_written("scan_inclusive_cpu")) {
        print_ints("scan_inclusive_cpu", got, c.n);
        print_verdict("scan_inclusive_cpu", expected, got, c.n);
    }

    size_t expected_kept = oracle_compact_nonzero(input, expected, c.n);
    size_t kept = compact_cpu(input, got, c.n);
    if (driver_is_written("compact_cpu"))
        print_kept("compact_cpu", got, kept, expected_kept, c.n);
    kept = compact_cpu_with_scan(input, got, scratch, c.n);
    if (driver_is_written("compact_cpu_with_scan")) {
        print_ints("  flags, then their scan", scratch, c.n);
        print_kept("compact_cpu_with_scan", got, kept, expected_kept, c.n);
        print_verdict("compact_cpu_with_scan", expected, got, kept < expected_kept ? kept : expected_kept);
    }
    free(input);
    free(expected);
    free(got);
    free(scratch);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=01 N=16 SEED=0x5eed FILL=random"};
