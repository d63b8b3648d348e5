/*
 * Driver of lab 04 (make run LAB=04): the three steps of removing zeros
 * one at a time (flags, their scan, the scatter), then the whole
 * compactions with every predicate the grader uses, beside its answers.
 *
 *   $ make run LAB=04 N=16 FILL=sparse
 *
 * The scan between the steps is the grader's (grader/labs/03-efficient-scan/provided.cu).
 * The open edition (SCANLAB_GUIDANCE_OPEN) has no step functions: the
 * whole compactions.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compact.h"
#include "oracle.h"
#include "print.h"
#include "scan.h"

/* Print the kept count and elements of `function`, and the verdict. */
static void print_compacted(const char *function, const int *d_out, size_t kept,
                            const int *expected, size_t expected_kept)
{
    printf("%-24s kept %zu (expected %zu)\n", function, kept, expected_kept);
    if (kept > expected_kept) {
        printf("%-24s WRONG: kept too many\n", function);
        return;
    }
    int *got = malloc((kept + 1) * sizeof(int));
    if (got == NULL)
        exit(1);
    cudaMemcpy(got, d_out, kept * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints(function, got, kept);
    if (kept < expected_kept)
        printf("%-24s WRONG: kept too few\n", function);
    else
        print_verdict(function, expected, got, kept);
    free(got);
}

#ifndef SCANLAB_GUIDANCE_OPEN
/* The steps of compact_nonzero one at a time. */
static void print_steps(const int *input, size_t n, const int *expected, size_t expected_kept)
{
    int *d_in = device_copy(input, n), *d_flags = device_copy(NULL, n);
    int *d_positions = device_copy(NULL, n), *d_out = device_copy(NULL, n);
    int *flags = malloc((n + 1) * sizeof(int)), *positions = malloc((n + 1) * sizeof(int));
    if (flags == NULL || positions == NULL)
        exit(1);
    if (!driver_call_ok("compact_flags", compact_flags(d_in, d_flags, n, KEEP_NONZERO, 0)))
        goto done;
    cudaMemcpy(flags, d_flags, n * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints("  flags (KEEP_NONZERO)", flags, n);
    if (!driver_call_ok("scan_exclusive_tiled", scan_exclusive_tiled(d_flags, d_positions, n)))
        goto done;
    cudaMemcpy(positions, d_positions, n * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints("  their exclusive scan", positions, n);
    if (!driver_call_ok("compact_scatter", compact_scatter(d_in, d_flags, d_positions, d_out, n)))
        goto done;
    size_t kept = n > 0 ? (size_t)positions[n - 1] + (size_t)flags[n - 1] : 0;
    printf("  kept = last scan value + last flag = %d + %d\n",
           n > 0 ? positions[n - 1] : 0, n > 0 ? flags[n - 1] : 0);
    print_compacted("compact_scatter", d_out, kept, expected, expected_kept);
done:
    free(flags);
    free(positions);
    cudaFree(d_in);
    cudaFree(d_flags);
    cudaFree(d_positions);
    cudaFree(d_out);
}
#endif

/* compact_nonzero (p == NULL) or compact_if with p, in one call. */
static void run_compaction(const char *function, const struct predicate_case *p,
                           const int *input, size_t n)
{
    int *expected = malloc((n + 1) * sizeof(int));
    if (expected == NULL)
        exit(1);
    size_t expected_kept = p == NULL ? oracle_compact_nonzero(input, expected, n)
                                     : oracle_compact_if(input, expected, n, p->predicate, p->operand);
    int *d_in = device_copy(input, n), *d_out = device_copy(NULL, n);
    size_t kept = 0;
    cudaError_t err = p == NULL ? compact_nonzero(d_in, d_out, n, &kept)
                                : compact_if(d_in, d_out, n, p->predicate, p->operand, &kept);
    if (driver_call_ok(function, err))
        print_compacted(function, d_out, kept, expected, expected_kept);
    free(expected);
    cudaFree(d_in);
    cudaFree(d_out);
}

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "04");
    int *input = driver_input(&c), *expected = driver_input(&c);
    size_t expected_kept = oracle_compact_nonzero(input, expected, c.n);

    print_ints("input", input, c.n);
#ifndef SCANLAB_GUIDANCE_OPEN
    print_steps(input, c.n, expected, expected_kept);
#endif
    run_compaction("compact_nonzero", NULL, input, c.n);
    print_ints("expected", expected, expected_kept);
    for (size_t k = 0; k < compact_predicate_cases_count; k++) {
        const struct predicate_case *p = &compact_predicate_cases[k];
        printf("\ncompact_if with %s (%s)\n", p->name, p->why);
        run_compaction("compact_if", p, input, c.n);
    }
    free(input);
    free(expected);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=04 N=16 SEED=0x5eed FILL=random"};
