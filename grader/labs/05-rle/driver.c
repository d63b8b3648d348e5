/*
 * Driver of lab 05 (make run LAB=05): the steps of the fine-grained
 * encoder one at a time (mask, its scan, the run starts, symbols and
 * counts), the whole encoders, and both decoders, beside the grader's
 * answers.
 *
 *   $ make run LAB=05 N=16 FILL=sparse
 *   $ make run LAB=05 N=4096 DATA=voxels SEED=0x1234     a lab-05 data family
 *
 * DATA (runny, singles, onerun, longruns, hugerun, voxels, saw254, saw255, extremes;
 * see grader/labs/05-rle/rle_checks.h) overrides FILL: a failing test prints
 * the DATA it used. The scans are the grader's (grader/labs/03-efficient-scan/provided.cu).
 * The open edition (SCANLAB_GUIDANCE_OPEN) has no step functions: the
 * whole encoders and the decoders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "oracle_rle.h"
#include "print.h"
#include "rle.h"
#include "rle_checks.h"
#include "scan.h"

/* Print an encoder's runs and compare them with the oracle's. */
static void print_encoded(const char *function, const int *d_symbols, const int *d_counts, size_t runs,
                          const int *symbols, const int *counts, size_t expected_runs)
{
    printf("%-24s runs %zu (expected %zu)\n", function, runs, expected_runs);
    if (runs != expected_runs) {
        printf("%-24s WRONG: %s runs\n", function, runs > expected_runs ? "too many" : "too few");
        if (runs > expected_runs)
            return;
    }
    int *got = host_ints(runs);
    cudaMemcpy(got, d_symbols, runs * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints("  symbols", got, runs);
    if (runs == expected_runs)
        print_verdict("  symbols", symbols, got, runs);
    cudaMemcpy(got, d_counts, runs * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints("  counts", got, runs);
    if (runs == expected_runs)
        print_verdict("  counts", counts, got, runs);
    free(got);
}

#ifndef SCANLAB_GUIDANCE_OPEN
/* The steps of rle_encode one at a time. */
static void print_steps(const int *input, size_t n)
{
    int *d_in = device_copy(input, n), *d_mask = device_copy(NULL, n);
    int *d_scanned = device_copy(NULL, n), *d_starts = device_copy(NULL, n + 1);
    int *d_symbols = device_copy(NULL, n), *d_counts = device_copy(NULL, n);
    int *expected = host_ints(n + 1), *symbols = host_ints(n), *counts = host_ints(n);
    size_t expected_runs = oracle_rle_encode(input, n, symbols, counts);
    int last = 0;

    if (!driver_call_ok("rle_mask", rle_mask(d_in, d_mask, n)))
        goto done;
    print_device_ints("  mask", d_mask, n);
    if (!driver_call_ok("scan_inclusive_naive", scan_inclusive_naive(d_mask, d_scanned, n)))
        goto done;
    print_device_ints("  its inclusive scan", d_scanned, n);
    if (n > 0)
        cudaMemcpy(&last, d_scanned + n - 1, sizeof(int), cudaMemcpyDeviceToHost);
    printf("  runs = last scanned value = %d\n", last);
    if (!driver_call_ok("rle_starts", rle_starts(d_mask, d_scanned, d_starts, n)))
        goto done;
    size_t shown = n > 0 && last >= 0 && (size_t)last <= n ? (size_t)last + 1 : 0;
    int *starts = host_ints(n + 1);
    cudaMemcpy(starts, d_starts, shown * sizeof(int), cudaMemcpyDeviceToHost);
    print_ints("  starts, then n", starts, shown);
    oracle_rle_starts(input, expected, n);
    if (shown == expected_runs + 1)
        print_verdict("  starts", expected, starts, shown);
    free(starts);
    if (shown == 0)
        goto done;
    if (!driver_call_ok("rle_runs", rle_runs(d_in, d_starts, d_symbols, d_counts, (size_t)last)))
        goto done;
    print_encoded("rle_runs", d_symbols, d_counts, (size_t)last, symbols, counts, expected_runs);
done:
    free(expected);
    free(symbols);
    free(counts);
    cudaFree(d_in);
    cudaFree(d_mask);
    cudaFree(d_scanned);
    cudaFree(d_starts);
    cudaFree(d_symbols);
    cudaFree(d_counts);
}
#endif /* SCANLAB_GUIDANCE_OPEN */

/* A whole encoder: rle_encode (segment 0) or rle_encode_segmented. */
static void run_encoder(const int *input, size_t n, size_t segment)
{
    int *symbols = host_ints(n), *counts = host_ints(n);
    size_t expected_runs = oracle_rle_encode(input, n, symbols, counts);
    int *d_in = device_copy(input, n), *d_symbols = device_copy(NULL, n), *d_counts = device_copy(NULL, n);
    size_t runs = 0;
    char function[64];
    cudaError_t err;
    if (segment == 0) {
        snprintf(function, sizeof function, "rle_encode");
        err = rle_encode(d_in, n, d_symbols, d_counts, &runs);
    } else {
        snprintf(function, sizeof function, "rle_encode_segmented (segment %zu)", segment);
        err = rle_encode_segmented(d_in, n, segment, d_symbols, d_counts, &runs);
    }
    printf("\n");
    if (driver_call_ok(function, err))
        print_encoded(function, d_symbols, d_counts, runs, symbols, counts, expected_runs);
    free(symbols);
    free(counts);
    cudaFree(d_in);
    cudaFree(d_symbols);
    cudaFree(d_counts);
}

/* A decoder given the oracle's encoding of input. */
static void run_decoder(const char *function,
                        cudaError_t (*decode)(const int *, const int *, size_t, int *, size_t),
                        const int *input, size_t n)
{
    int *symbols = host_ints(n), *counts = host_ints(n);
    size_t runs = oracle_rle_encode(input, n, symbols, counts);
    int *d_symbols = device_copy(symbols, runs), *d_counts = device_copy(counts, runs);
    int *d_out = device_copy(NULL, n);
    printf("\n");
    if (driver_call_ok(function, decode(d_symbols, d_counts, runs, d_out, n))) {
        int *got = host_ints(n);
        cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
        print_ints(function, got, n);
        print_verdict(function, input, got, n);
        free(got);
    }
    free(symbols);
    free(counts);
    cudaFree(d_symbols);
    cudaFree(d_counts);
    cudaFree(d_out);
}

/* Stop on a DATA that names no family: "DATA='x' refused: use voxels, ...". */
__attribute__((noreturn)) static void refuse_data(const char *name)
{
    char names[256] = "";
    for (size_t i = 0; i < rle_data_cases_count; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i > 0 ? ", " : "",
                 rle_data_cases[i].name);
    driver_refuse("DATA", name, names);
}

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "05");
    const char *data_name = getenv("DATA");
    int *input;
    if (data_name != NULL && data_name[0] != '\0') {
        const struct rle_data_case *data = rle_data_named(data_name);
        if (data == NULL)
            refuse_data(data_name);
        printf("DATA=%s: %s\n", data->name, data->why);
        input = host_ints(c.n);
        rle_fill(input, c.n, data->data, c.seed);
    } else {
        input = driver_input(&c);
    }
    int *symbols = host_ints(c.n), *counts = host_ints(c.n);
    size_t runs = oracle_rle_encode(input, c.n, symbols, counts);

    print_ints("input", input, c.n);
    print_ints("expected symbols", symbols, runs);
    print_ints("expected counts", counts, runs);
#ifndef SCANLAB_GUIDANCE_OPEN
    printf("\nrle_encode step by step\n");
    print_steps(input, c.n);
#endif
    run_encoder(input, c.n, 0);
    run_encoder(input, c.n, 4);
    run_encoder(input, c.n, RLE_SEGMENT_DEFAULT);
    run_decoder("rle_decode_search", rle_decode_search, input, c.n);
    run_decoder("rle_decode_scan", rle_decode_scan, input, c.n);
    free(input);
    free(symbols);
    free(counts);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=05 N=16 SEED=0x5eed FILL=random"};
