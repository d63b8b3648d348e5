/*
 * Driver of lab 06 (make run LAB=06): the steps of the encoder one at a
 * time (widths, offsets, the word count, packing), each beside the
 * grader's oracle; the packed stream bit by bit for small inputs; then the
 * whole encoder, the decoder on the oracle's encoding, and a round trip.
 *
 *   $ make run LAB=06 N=9 FILL=example FRAME=3
 *
 * FILL: example (the worked example 0 2 1 5 5 7 10 1 13, repeated),
 * width0 .. width32 (uniform values of that many bits), mixed (or random),
 * voxel (or sparse), saw254, saw255, extremes, zeros, shift1 .. shift31
 * (value 0 of that many bits, then values of 32: with FRAME=1 every later
 * value starts that far into a word). FRAME (from the
 * environment; make passes it on) is the frame length, 3 if unset.
 * The scan inside pack_frame_offsets is the grader's (grader/labs/03-efficient-scan/provided.cu).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "oracle_pack.h"
#include "pack.h"
#include "print.h"

/* "matches the grader's oracle", or the first mismatch. */
static void print_word_verdict(const char *function, const char *what, const uint32_t *expected,
                               const uint32_t *got, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (expected[i] != got[i]) {
            printf("%-24s WRONG: %s: first mismatch at index %zu: expected 0x%08x, got 0x%08x\n",
                   function, what, i, expected[i], got[i]);
            return;
        }
    }
    printf("%-24s %s match the grader's oracle\n", function, what);
}

static uint32_t *host_words(size_t n)
{
    return host_alloc(n, sizeof(uint32_t));
}

/* A device copy of values[0..n), or n zero words when values is NULL:
 * exactly n (one for n = 0), so that the bounds checker sees a read of
 * d_words[n]. */
static uint32_t *device_words(const uint32_t *values, size_t n)
{
    size_t count = n > 0 ? n : 1;
    uint32_t *d_words;
    exit_on_cuda_error(cudaMalloc((void **)&d_words, count * sizeof(uint32_t)), "cudaMalloc");
    exit_on_cuda_error(cudaMemset(d_words, 0, count * sizeof(uint32_t)), "cudaMemset");
    if (values != NULL)
        exit_on_cuda_error(cudaMemcpy(d_words, values, n * sizeof(uint32_t), cudaMemcpyHostToDevice), "cudaMemcpy");
    return d_words;
}

static uint32_t *download(const uint32_t *d_words, size_t n)
{
    uint32_t *words = host_words(n);
    exit_on_cuda_error(cudaMemcpy(words, d_words, n * sizeof(uint32_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    return words;
}

/* A step's output, count words of d_got (in hex or decimal), and its
 * verdict on `what`: "pack_frame_widths  widths match the grader's oracle". */
static void print_step(const char *function, const char *what, const uint32_t *d_got, const uint32_t *expected,
                       size_t count, int hex)
{
    uint32_t *got = download(d_got, count);
    print_words(function, got, count, hex);
    print_word_verdict(function, what, expected, got, count);
    free(got);
}

/* The stream bit 0 first, | between values and || between frames. */
static void print_stream(const uint32_t *widths, const uint32_t *offsets, const uint32_t *words,
                         size_t n, size_t frame_length)
{
    printf("%-24s ", "the stream, bit 0 first");
    for (size_t i = 0; i < n; i++) {
        size_t f = i / frame_length, j = i % frame_length;
        if (i > 0)
            printf(j == 0 ? " || " : "|");
        for (uint32_t k = 0; k < widths[f]; k++) {
            size_t b = offsets[f] + j * widths[f] + k;
            putchar('0' + (int)((words[b / 32] >> (b % 32)) & 1u));
        }
        if (widths[f] == 0)
            putchar('-');
    }
    printf("\n%-24s (each value lowest bit first; - is a value of width 0, no bits)\n", "");
}

/* One input and the oracle's encoding of it. */
struct expected_stream {
    size_t n, frame_length, frames, count;
    uint32_t *values, *widths, *offsets, *words;
};

/* The steps, each on the previous step's own output: the offsets from
 * the oracle's widths and the words from its offsets, so each step is
 * judged alone. */
static void drive_steps(const struct expected_stream *c, const uint32_t *d_values, uint32_t *d_widths,
                        uint32_t *d_offsets, uint32_t *d_words)
{
    printf("\nthe steps of pack_encode, one at a time\n");
    if (driver_call_ok("pack_frame_widths", pack_frame_widths(d_values, c->n, c->frame_length, d_widths)))
        print_step("pack_frame_widths", "widths", d_widths, c->widths, c->frames, 0);
    exit_on_cuda_error(cudaMemcpy(d_widths, c->widths, c->frames * sizeof(uint32_t), cudaMemcpyHostToDevice),
                       "cudaMemcpy");
    if (driver_call_ok("pack_frame_offsets", pack_frame_offsets(d_widths, c->n, c->frame_length, d_offsets)))
        print_step("pack_frame_offsets", "offsets", d_offsets, c->offsets, c->frames, 0);
    exit_on_cuda_error(cudaMemcpy(d_offsets, c->offsets, c->frames * sizeof(uint32_t), cudaMemcpyHostToDevice),
                       "cudaMemcpy");
    if (driver_call_ok("pack_values", pack_values(d_values, c->n, c->frame_length, d_widths, d_offsets, d_words)))
        print_step("pack_values", "words", d_words, c->words, c->count, 1);
}

/* pack_encode whole, from cleared outputs (words filled with 0xa5, which
 * an encoder that does not zero them shows). Returns 1 if it ran, its
 * word count in *got_count. */
static int drive_encode(const struct expected_stream *c, const uint32_t *d_values, uint32_t *d_widths,
                        uint32_t *d_offsets, uint32_t *d_words, size_t *got_count)
{
    exit_on_cuda_error(cudaMemset(d_widths, 0, c->frames * sizeof(uint32_t)), "cudaMemset");
    exit_on_cuda_error(cudaMemset(d_offsets, 0, c->frames * sizeof(uint32_t)), "cudaMemset");
    exit_on_cuda_error(cudaMemset(d_words, 0xa5, c->n * sizeof(uint32_t)), "cudaMemset");
    if (!driver_call_ok("pack_encode", pack_encode(d_values, c->n, c->frame_length, d_widths, d_offsets, d_words,
                                                   got_count)))
        return 0;
    size_t shown = *got_count < c->n ? *got_count : c->n;
    uint32_t *got_widths = download(d_widths, c->frames), *got_offsets = download(d_offsets, c->frames);
    uint32_t *got_words = download(d_words, shown);
    printf("%-24s *words = %zu (expected %zu)\n", "pack_encode", *got_count, c->count);
    print_words("pack_encode words", got_words, shown, 1);
    print_word_verdict("pack_encode", "widths", c->widths, got_widths, c->frames);
    print_word_verdict("pack_encode", "offsets", c->offsets, got_offsets, c->frames);
    if (*got_count == c->count)
        print_word_verdict("pack_encode", "words", c->words, got_words, c->count);
    else
        printf("%-24s WRONG: the word count\n", "pack_encode");
    free(got_widths);
    free(got_offsets);
    free(got_words);
    return 1;
}

/* pack_decode of the oracle's stream, then of pack_encode's own. */
static void drive_decode(const struct expected_stream *c, int encoded, size_t got_count, const uint32_t *d_widths,
                         const uint32_t *d_offsets, const uint32_t *d_words)
{
    uint32_t *d_oracle_widths = device_words(c->widths, c->frames);
    uint32_t *d_oracle_offsets = device_words(c->offsets, c->frames);
    uint32_t *d_oracle_words = device_words(c->words, c->count), *d_decoded = device_words(NULL, c->n);
    if (driver_call_ok("pack_decode", pack_decode(d_oracle_widths, d_oracle_offsets, d_oracle_words, c->n,
                                                  c->frame_length, d_decoded))) {
        uint32_t *got = download(d_decoded, c->n);
        print_words("pack_decode (oracle's)", got, c->n, 0);
        print_word_verdict("pack_decode", "values", c->values, got, c->n);
        free(got);
    }
    if (encoded && got_count <= c->n &&
        driver_call_ok("pack_decode", pack_decode(d_widths, d_offsets, d_words, c->n, c->frame_length, d_decoded))) {
        uint32_t *got = download(d_decoded, c->n);
        print_word_verdict("decode(encode(x))", "values", c->values, got, c->n);
        free(got);
    }
    cudaFree(d_oracle_widths);
    cudaFree(d_oracle_offsets);
    cudaFree(d_oracle_words);
    cudaFree(d_decoded);
}

/* The input and what the oracle makes of it. */
static void print_expected(const struct expected_stream *c)
{
    print_words("input", c->values, c->n, 0);
    print_words("expected widths", c->widths, c->frames, 0);
    print_words("expected offsets", c->offsets, c->frames, 0);
    printf("%-24s %zu words\n", "expected word count", c->count);
    print_words("expected words", c->words, c->count, 1);
    if (c->n > 0 && c->n <= 256 && c->count <= 16)
        print_stream(c->widths, c->offsets, c->words, c->n, c->frame_length);
}

int drive(const struct driver_args *args)
{
    struct pack_fill fill;
    const char *fill_text = args->fill != NULL ? args->fill : "random";
    if (!pack_fill_parse(fill_text, &fill))
        driver_refuse("FILL", fill_text, "example, width0 .. width32, mixed (or random), voxel (or sparse), "
                                         "saw254, saw255, extremes, zeros or shift1 .. shift31");
    struct expected_stream c = {args->n, driver_env_number("FRAME", 3, 1, SIZE_MAX), 0, 0, NULL, NULL, NULL, NULL};
    c.frames = pack_frame_count(c.n, c.frame_length);
    c.values = host_words(c.n), c.widths = host_words(c.frames), c.offsets = host_words(c.frames);
    c.words = host_words(c.n);
    pack_fill_values(c.values, c.n, fill, args->seed);
    c.count = oracle_pack_encode(c.values, c.n, c.frame_length, c.widths, c.offsets, c.words);
    char fill_name[32];
    printf("n = %zu, FRAME=%zu (%zu frames), FILL=%s SEED=0x%llx\n", c.n, c.frame_length, c.frames,
           pack_fill_name(fill, fill_name, sizeof fill_name), (unsigned long long)args->seed);
    print_expected(&c);

    uint32_t *d_values = device_words(c.values, c.n), *d_widths = device_words(NULL, c.frames);
    uint32_t *d_offsets = device_words(NULL, c.frames), *d_words = device_words(NULL, c.n);
    drive_steps(&c, d_values, d_widths, d_offsets, d_words);
    printf("\nthe whole encoder, the decoder, a round trip\n");
    size_t got_count = 0;
    int encoded = drive_encode(&c, d_values, d_widths, d_offsets, d_words, &got_count);
    drive_decode(&c, encoded, got_count, d_widths, d_offsets, d_words);
    cudaFree(d_values);
    cudaFree(d_widths);
    cudaFree(d_offsets);
    cudaFree(d_words);
    free(c.values);
    free(c.widths);
    free(c.offsets);
    free(c.words);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, PACK_MAX_N, "make run LAB=06 N=9 SEED=0x5eed FILL=example FRAME=3"};
