/*
 * Tests of lab 05: parallel run-length encoding (PARLE, two decoders, the
 * coarse-grained encoder).
 *
 * Run some tests:  make grade LAB=05 FILTER=encode/families
 *
 * Every test runs a function over the data families of rle_checks.h
 * (runny, runs of 1, one run, long runs, a run of 100000, a voxel volume,
 * the two sawtooths, runs of INT_MIN, INT_MAX and -1) and compares with the grader's serial encoder
 * (oracle_rle.c). Decoders are fed the oracle's encoding and must give the
 * input back. The scans come from grader/labs/03-efficient-scan/provided.cu, never from the
 * student's labs 02 and 03.
 *
 * The open edition (SCANLAB_GUIDANCE_OPEN) asks for the four whole
 * functions only: mask::, starts:: and runs:: (PARLE's steps) are not
 * built, and their points go to encode::.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "oracle.h"
#include "oracle_rle.h"
#include "rle.h"
#include "rle_checks.h"

/* A run count no function returns, to see whether *runs was set. */
#define RUNS_UNSET ((size_t)0x5ca1ab1e)

/* Run check(input) for every family at every size of rle_sizes. */
static void for_families_and_sizes(const char *function, void (*check)(const struct rle_input *, const void *),
                                   const void *context)
{
    for (size_t f = 0; f < rle_data_cases_count; f++) {
        for (size_t i = 0; i < rle_sizes_count; i++) {
            struct rle_input input;
            rle_input_make(&input, function, &rle_data_cases[f], &rle_sizes[i]);
            check(&input, context);
            free(input.values);
        }
    }
}

/* Run check(input) on the long inputs: a run of 100000, many long runs,
 * the voxel volume. */
static void for_long_inputs(const char *function, void (*check)(const struct rle_input *, const void *),
                            const void *context)
{
    struct size_case long_size = rle_long_size(), volume = rle_volume_size();
    const struct { enum rle_data data; const struct size_case *size; } inputs[] = {
        {RLE_HUGE_RUN, &long_size}, {RLE_LONG_RUNS, &long_size}, {RLE_VOXELS, &volume},
    };
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        struct rle_input input;
        rle_input_make(&input, function, &rle_data_cases[inputs[k].data], inputs[k].size);
        check(&input, context);
        free(input.values);
    }
}

/* ---- Part A: the steps alone --------------------------------------------- */

#ifndef SCANLAB_GUIDANCE_OPEN
static void check_mask(const struct rle_input *input, const void *unused)
{
    (void)unused;
    const struct test_case *c = &input->c;
    int *expected = host_ints(c->n);
    oracle_rle_mask(input->values, expected, c->n);
    struct device_ints in = device_ints_from(input->values, c->n), mask = device_ints_new(c->n);

    expect_cuda_success(c, rle_mask(in.d, mask.d, c->n));

    int *got = host_ints(c->n);
    expect_guards_intact(c, "d_mask", &mask);
    device_ints_download(&mask, got);
    expect_same_ints(c, "mask", expected, got, c->n);
    expect_input_unchanged(c, "d_in", &in, input->values);
    device_ints_free(&in);
    device_ints_free(&mask);
    free(expected);
    free(got);
}

Test(mask, families)
{
    require_gpu();
    for_families_and_sizes("rle_mask", check_mask, NULL);
}

/* rle_starts given the oracle's mask and its inclusive scan. */
static void check_starts(const struct rle_input *input, const void *unused)
{
    (void)unused;
    const struct test_case *c = &input->c;
    int *mask = host_ints(c->n), *scanned = host_ints(c->n), *expected = host_ints(c->n + 1);
    oracle_rle_mask(input->values, mask, c->n);
    oracle_scan_inclusive(mask, scanned, c->n);
    size_t runs = oracle_rle_starts(input->values, expected, c->n);
    struct device_ints d_mask = device_ints_from(mask, c->n), d_scanned = device_ints_from(scanned, c->n);
    struct device_ints starts = device_ints_unwritten(c->n + 1);

    expect_cuda_success(c, rle_starts(d_mask.d, d_scanned.d, starts.d, c->n));

    /* n == 0 writes nothing, not even a sentinel. */
    expect_output_prefix(c, "d_starts", &starts, expected, c->n > 0 ? runs + 1 : 0);
    expect_input_unchanged(c, "d_mask", &d_mask, mask);
    expect_input_unchanged(c, "d_scanned", &d_scanned, scanned);
    device_ints_free(&d_mask);
    device_ints_free(&d_scanned);
    device_ints_free(&starts);
    free(mask);
    free(scanned);
    free(expected);
}

Test(starts, families)
{
    require_gpu();
    for_families_and_sizes("rle_starts", check_starts, NULL);
}

/* rle_runs given the oracle's run starts. */
static void check_runs(const struct rle_input *input, const void *unused)
{
    (void)unused;
    const struct test_case *c = &input->c;
    int *starts = host_ints(c->n + 1), *symbols = host_ints(c->n), *counts = host_ints(c->n);
    size_t runs = oracle_rle_starts(input->values, starts, c->n);
    oracle_rle_encode(input->values, c->n, symbols, counts);
    struct device_ints in = device_ints_from(input->values, c->n), d_starts = device_ints_from(starts, runs + 1);
    struct device_ints d_symbols = device_ints_unwritten(c->n), d_counts = device_ints_unwritten(c->n);

    expect_cuda_success(c, rle_runs(in.d, d_starts.d, d_symbols.d, d_counts.d, runs));

    expect_output_prefix(c, "d_symbols", &d_symbols, symbols, runs);
    expect_output_prefix(c, "d_counts", &d_counts, counts, runs);
    expect_input_unchanged(c, "d_in", &in, input->values);
    expect_input_unchanged(c, "d_starts", &d_starts, starts);
    device_ints_free(&in);
    device_ints_free(&d_starts);
    device_ints_free(&d_symbols);
    device_ints_free(&d_counts);
    free(starts);
    free(symbols);
    free(counts);
}

Test(runs, families)
{
    require_gpu();
    for_families_and_sizes("rle_runs", check_runs, NULL);
}
#endif /* SCANLAB_GUIDANCE_OPEN */

/* ---- Whole encoders ------------------------------------------------------ */

/* Which encoder a check runs: rle_encode (segment 0) or
 * rle_encode_segmented with this segment length. */
struct encoder {
    size_t segment;
};

static cudaError_t run_encoder(const struct encoder *e, const int *d_in, size_t n,
                               int *d_symbols, int *d_counts, size_t *runs)
{
    return e->segment == 0 ? rle_encode(d_in, n, d_symbols, d_counts, runs)
                           : rle_encode_segmented(d_in, n, e->segment, d_symbols, d_counts, runs);
}

/* The run count, symbols and counts, nothing past them, d_in unchanged. */
static void check_encode(const struct rle_input *input, const void *context)
{
    const struct encoder *e = context;
    const struct test_case *c = &input->c;
    int *symbols = host_ints(c->n), *counts = host_ints(c->n);
    size_t expected_runs = oracle_rle_encode(input->values, c->n, symbols, counts);
    struct device_ints in = device_ints_from(input->values, c->n);
    struct device_ints d_symbols = device_ints_unwritten(c->n), d_counts = device_ints_unwritten(c->n);
    size_t runs = RUNS_UNSET;

    expect_cuda_success(c, run_encoder(e, in.d, c->n, d_symbols.d, d_counts.d, &runs));

    expect_same_count(c, "the run count (*runs)", expected_runs, runs);
    expect_output_prefix(c, "d_symbols", &d_symbols, symbols, runs);
    expect_output_prefix(c, "d_counts", &d_counts, counts, runs);
    expect_input_unchanged(c, "d_in", &in, input->values);
    device_ints_free(&in);
    device_ints_free(&d_symbols);
    device_ints_free(&d_counts);
    free(symbols);
    free(counts);
}

/* n = 0 reads and writes nothing, so NULL pointers are fine; *runs is 0. */
static void check_encode_empty_with_null(const char *function, const struct encoder *e)
{
    struct size_case empty = {0, "empty, with NULL d_in, d_symbols and d_counts"};
    struct test_case c = test_case_for("05", function, &empty, FILL_RANDOM);
    size_t runs = RUNS_UNSET;
    expect_cuda_success(&c, run_encoder(e, NULL, 0, NULL, NULL, &runs));
    expect_same_count(&c, "the run count (*runs)", 0, runs);
}

Test(encode, families)
{
    require_gpu();
    const struct encoder parle = {0};
    for_families_and_sizes("rle_encode", check_encode, &parle);
    check_encode_empty_with_null("rle_encode", &parle);
}

Test(encode, long_runs, .timeout = 120)
{
    require_gpu();
    const struct encoder parle = {0};
    for_long_inputs("rle_encode", check_encode, &parle);
}

/* ---- Part B: decoders ---------------------------------------------------- */

typedef cudaError_t (*decode_fn)(const int *d_symbols, const int *d_counts, size_t runs,
                                 int *d_out, size_t n);

/* decode(the oracle's encoding of the input) must be the input. */
static void check_decode(const struct rle_input *input, const void *context)
{
    decode_fn decode = *(const decode_fn *)context;
    const struct test_case *c = &input->c;
    int *symbols = host_ints(c->n), *counts = host_ints(c->n);
    size_t runs = oracle_rle_encode(input->values, c->n, symbols, counts);
    struct device_ints d_symbols = device_ints_from(symbols, runs), d_counts = device_ints_from(counts, runs);
    struct device_ints out = device_ints_unwritten(c->n);

    expect_cuda_success(c, decode(d_symbols.d, d_counts.d, runs, out.d, c->n));

    expect_output_prefix(c, "d_out (the decoded input)", &out, input->values, c->n);
    expect_input_unchanged(c, "d_symbols", &d_symbols, symbols);
    expect_input_unchanged(c, "d_counts", &d_counts, counts);
    device_ints_free(&d_symbols);
    device_ints_free(&d_counts);
    device_ints_free(&out);
    free(symbols);
    free(counts);
}

static void check_decode_empty_with_null(const char *function, decode_fn decode)
{
    struct size_case empty = {0, "no runs, with NULL pointers"};
    struct test_case c = test_case_for("05", function, &empty, FILL_RANDOM);
    expect_cuda_success(&c, decode(NULL, NULL, 0, NULL, 0));
}

static void check_decoder(const char *function, decode_fn decode)
{
    require_gpu();
    for_families_and_sizes(function, check_decode, &decode);
    for_long_inputs(function, check_decode, &decode);
    check_decode_empty_with_null(function, decode);
}

Test(decode_search, round_trip, .timeout = 120)
{
    check_decoder("rle_decode_search", rle_decode_search);
}

Test(decode_scan, round_trip, .timeout = 120)
{
    check_decoder("rle_decode_scan", rle_decode_scan);
}

/* ---- Part C: the coarse-grained encoder ---------------------------------- */

Test(segmented, lengths, .timeout = 120)
{
    require_gpu();
    /* 1: a thread per element; 3, 255: boundaries off the sawtooth's beat;
     * 256: the default; 1000: longer than a block; 2^20: one segment. */
    const size_t segments[] = {1, 2, 3, 32, 255, 256, 1000, 1 << 20};
    for (size_t s = 0; s < sizeof segments / sizeof segments[0]; s++) {
        char function[64];
        snprintf(function, sizeof function, "rle_encode_segmented (segment %zu)", segments[s]);
        const struct encoder e = {segments[s]};
        for_families_and_sizes(function, check_encode, &e);
        check_encode_empty_with_null(function, &e);
    }
    /* A segment of 0 elements means nothing. */
    struct size_case size = {8, "segment 0"};
    struct test_case c = test_case_for("05", "rle_encode_segmented (segment 0)", &size, FILL_RANDOM);
    struct device_ints in = device_ints_new(8), out = device_ints_new(8);
    size_t runs = RUNS_UNSET;
    cudaError_t err = rle_encode_segmented(in.d, 8, 0, out.d, out.d, &runs);
    if (err != cudaErrorInvalidValue)
        fail_case(&c, "returned %s: a segment of 0 elements should return cudaErrorInvalidValue",
                  cudaGetErrorName(err));
    device_ints_free(&in);
    device_ints_free(&out);
}

Test(segmented, long_runs, .timeout = 120)
{
    require_gpu();
    /* A run of 100000 crosses 390 segments of 256 and 3125 of 32. */
    const size_t segments[] = {32, 256, 4096};
    for (size_t s = 0; s < sizeof segments / sizeof segments[0]; s++) {
        char function[64];
        snprintf(function, sizeof function, "rle_encode_segmented (segment %zu)", segments[s]);
        const struct encoder e = {segments[s]};
        for_long_inputs(function, check_encode, &e);
    }
}
