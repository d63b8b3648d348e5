/*
 * Tests of lab 05's fast references, the one-pass encoder and decoder
 * (solutions/05-rle/fast/, common/fast.h), against the grader's oracle on
 * every data family of lab 05, at lab 05's sizes and at the edges of lab
 * 07's tiles, where a run crosses from one tile into the next (and, for
 * the decoder, where the runs fill more than one tile). Not part of a
 * student's grade: make test-fast runs them.
 */
#include <stdio.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "fast.h"
#include "oracle_rle.h"
#include "rle_checks.h"

/* The run count, symbols and counts, nothing past them, d_in unchanged;
 * the temporary storage handed over poisoned, so a call must clear it. */
static void check_encode(const struct rle_input *input)
{
    const struct test_case *c = &input->c;
    int *symbols = host_ints(c->n), *counts = host_ints(c->n);
    size_t expected_runs = oracle_rle_encode(input->values, c->n, symbols, counts);
    size_t temp_bytes = rle_encode_single_pass_temp_bytes(c->n);
    struct device_ints in = device_ints_from(input->values, c->n);
    struct device_ints d_symbols = device_ints_unwritten(c->n), d_counts = device_ints_unwritten(c->n);
    struct device_ints runs = device_ints_unwritten(1);
    struct device_ints temp = device_ints_new((temp_bytes + sizeof(int) - 1) / sizeof(int));

    expect_cuda_success(c, rle_encode_single_pass(in.d, c->n, d_symbols.d, d_counts.d, runs.d, temp.d,
                                                  temp_bytes));

    int got_runs;
    device_ints_download(&runs, &got_runs);
    expect_same_count(c, "the run count (*d_runs)", expected_runs, (size_t)got_runs);
    expect_output_prefix(c, "d_symbols", &d_symbols, symbols, expected_runs);
    expect_output_prefix(c, "d_counts", &d_counts, counts, expected_runs);
    expect_input_unchanged(c, "d_in", &in, input->values);
    expect_guards_intact(c, "d_temp", &temp);
    device_ints_free(&in);
    device_ints_free(&d_symbols);
    device_ints_free(&d_counts);
    device_ints_free(&runs);
    device_ints_free(&temp);
    free(symbols);
    free(counts);
}

/* The decoder on the oracle's encoding of the input, into an output
 * `offset` ints past a 16-byte boundary: the input back, nothing written
 * around it, the runs unchanged. */
static void check_decode_at(const struct rle_input *input, size_t offset)
{
    const struct test_case *c = &input->c;
    int *symbols = host_ints(c->n), *counts = host_ints(c->n);
    size_t runs = oracle_rle_encode(input->values, c->n, symbols, counts);
    size_t temp_bytes = rle_decode_single_pass_temp_bytes(runs);
    struct device_ints d_symbols = device_ints_from(symbols, runs), d_counts = device_ints_from(counts, runs);
    struct device_ints out = device_ints_unwritten(c->n + offset);
    struct device_ints temp = device_ints_new((temp_bytes + sizeof(int) - 1) / sizeof(int));
    int *expected = host_ints(c->n + offset);
    for (size_t i = 0; i < offset; i++)
        expected[i] = UNWRITTEN;
    for (size_t i = 0; i < c->n; i++)
        expected[offset + i] = input->values[i];

    expect_cuda_success(c, rle_decode_single_pass(d_symbols.d, d_counts.d, runs, out.d + offset, c->n, temp.d,
                                                  temp_bytes));

    expect_output_prefix(c, offset ? "d_out (the decoded input), 1 int past a 16-byte boundary"
                                   : "d_out (the decoded input)", &out, expected, c->n + offset);
    expect_input_unchanged(c, "d_symbols", &d_symbols, symbols);
    expect_input_unchanged(c, "d_counts", &d_counts, counts);
    expect_guards_intact(c, "d_temp", &temp);
    device_ints_free(&d_symbols);
    device_ints_free(&d_counts);
    device_ints_free(&out);
    device_ints_free(&temp);
    free(symbols);
    free(counts);
    free(expected);
}

static void check_decode(const struct rle_input *input)
{
    check_decode_at(input, 0);
    check_decode_at(input, 1);
}

/* Every family at one size, through the encoder and the decoder. */
static void check_families(const struct size_case *size)
{
    for (size_t f = 0; f < rle_data_cases_count; f++) {
        struct rle_input input;
        rle_input_make(&input, "rle_encode_single_pass", &rle_data_cases[f], size);
        check_encode(&input);
        free(input.values);
        rle_input_make(&input, "rle_decode_single_pass", &rle_data_cases[f], size);
        check_decode(&input);
        free(input.values);
    }
}

Test(fast_rle, sizes)
{
    require_gpu();
    for (size_t i = 0; i < rle_sizes_count; i++)
        check_families(&rle_sizes[i]);
}

Test(fast_rle, tile_edges)
{
    require_gpu();
    for (size_t i = 0; i < tile_sizes_count; i++)
        check_families(&tile_sizes[i]);
}

/* A run of 100000 and runs of 1000 to 3000 span whole tiles: the tiles
 * inside such a run end no run, and the look-back passes over them. */
Test(fast_rle, long_runs, .timeout = 120)
{
    require_gpu();
    struct size_case long_size = rle_long_size(), volume = rle_volume_size();
    const struct {
        enum rle_data data;
        const struct size_case *size;
    } inputs[] = {{RLE_HUGE_RUN, &long_size}, {RLE_LONG_RUNS, &long_size}, {RLE_ONE_RUN, &long_size},
                  {RLE_VOXELS, &volume}};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        struct rle_input input;
        rle_input_make(&input, "rle_encode_single_pass", &rle_data_cases[inputs[k].data], inputs[k].size);
        check_encode(&input);
        free(input.values);
        rle_input_make(&input, "rle_decode_single_pass", &rle_data_cases[inputs[k].data], inputs[k].size);
        check_decode(&input);
        free(input.values);
    }
}

/* n = 0 sets *d_runs to 0 and needs nothing else; d_runs = NULL is
 * refused; no runs decode to nothing, and not to 5 elements. */
Test(fast_rle, arguments)
{
    require_gpu();
    struct size_case empty = {0, "empty, with NULL pointers"};
    struct test_case c = test_case_for("05", "rle_encode_single_pass", &empty, FILL_RANDOM);
    struct device_ints runs = device_ints_unwritten(1);
    int got_runs;
    expect_cuda_success(&c, rle_encode_single_pass(NULL, 0, NULL, NULL, runs.d, NULL, 0));
    device_ints_download(&runs, &got_runs);
    expect_same_count(&c, "the run count (*d_runs) for n = 0", 0, (size_t)got_runs);
    if (rle_encode_single_pass(NULL, 0, NULL, NULL, NULL, NULL, 0) != cudaErrorInvalidValue)
        fail_case(&c, "d_runs = NULL was not refused with cudaErrorInvalidValue");
    expect_cuda_success(&c, rle_decode_single_pass(NULL, NULL, 0, NULL, 0, NULL, 0));
    if (rle_decode_single_pass(NULL, NULL, 0, runs.d, 5, NULL, 0) != cudaErrorInvalidValue)
        fail_case(&c, "rle_decode_single_pass with no runs and n = 5 was not refused with cudaErrorInvalidValue");
    device_ints_free(&runs);
}
