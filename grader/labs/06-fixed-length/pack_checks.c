/*
 * pack_checks.c: see pack_checks.h.
 *
 * The arrays are device.h's words (guarded buffers), the failures
 * check.h's fail_case on the case's base; what is here is lab 06's own:
 * the oracle's answer and the messages that place a wrong bit in its frame.
 */
#include <stdio.h>
#include <stdlib.h>


#include "check.h"
#include "device.h"
#include "pack.h"
#include "pack_checks.h"

#define WORDS_UNSET ((size_t)0x5ca1ab1e) /* a *words no encoder returns */

struct pack_case pack_case_of(const char *function, const struct size_case *size, const struct frame_case *frame,
                              struct pack_fill fill)
{
    uint64_t seed = case_seed(size->n ^ ((size_t)fill.kind << 40) ^ ((size_t)fill.parameter << 48));
    struct pack_case p = {{"06", function, size->n, size->why, FILL_RANDOM, seed, &pack_case_words},
                          frame->frame_length, frame->why, fill};
    return p;
}

/* ---- Comparisons ------------------------------------------------------------ */

/* Widths or offsets, one per frame, in decimal. */
static void expect_same_per_frame(const struct pack_case *p, const char *what,
                                  const uint32_t *expected, const uint32_t *got, size_t frames)
{
    const struct test_case *c = &p->base;
    size_t f, differ = count_differences(expected, got, frames, &f);
    if (differ > 0)
        fail_case(c, "%s: first mismatch at frame %zu (values %zu..%zu): expected %u, got %u"
                  " (%zu of %zu frames differ)", what, f, f * p->frame_length,
                  (f + 1) * p->frame_length < c->n ? (f + 1) * p->frame_length - 1 : c->n - 1,
                  expected[f], got[f], differ, frames);
}

/* The packed words, and which value owns the first wrong bit. */
static void expect_same_stream(const struct pack_case *p, const uint32_t *values,
                               const uint32_t *widths, const uint32_t *offsets,
                               const uint32_t *expected, const uint32_t *got, size_t count)
{
    size_t first, differ = count_differences(expected, got, count, &first);
    if (differ == 0)
        return;
    char where[512];
    size_t n = p->base.n, frames = pack_frame_count(n, p->frame_length);
    size_t bit = 32 * first + (size_t)__builtin_ctz(expected[first] ^ got[first]);
    size_t lo = 0, hi = frames; /* the last frame starting at or before bit */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= bit)
            lo = mid;
        else
            hi = mid;
    }
    size_t frame_end = offsets[lo] + oracle_frame_bits(lo, widths, n, p->frame_length);
    if (bit >= frame_end) {
        snprintf(where, sizeof where, "its lowest wrong bit is stream bit %zu, past the %zu bits of the stream: "
                 "the unused high bits of the last word must be 0", bit, frame_end);
    } else {
        size_t j = (bit - offsets[lo]) / widths[lo], k = (bit - offsets[lo]) % widths[lo];
        size_t i = lo * p->frame_length + j;
        snprintf(where, sizeof where, "its lowest wrong bit is stream bit %zu, bit %zu of value %zu "
                 "(frame %zu, value %zu of the frame; width %u, frame offset %u); the value is 0x%08x",
                 bit, k, i, lo, j, widths[lo], offsets[lo], values[i]);
    }
    fail_case(&p->base, "d_words: first mismatch at word %zu: expected 0x%08x, got 0x%08x"
              " (%zu of %zu words differ);\n  %s", first, expected[first], got[first], differ, count, where);
}

/* Nothing written in got[from..n), which held UNWRITTEN. */
static void expect_unwritten_from(const struct pack_case *p, const char *name,
                                  const uint32_t *got, size_t from, size_t n, const char *why)
{
    for (size_t i = from; i < n; i++)
        if (got[i] != UNWRITTEN)
            fail_case(&p->base, "%s[%zu] was written (0x%08x), %s", name, i, got[i], why);
}

/* An input must come back as it went in (it is const), guards and all. */
static void expect_unchanged(const struct pack_case *p, const char *name,
                             const struct device_words *array, const uint32_t *values)
{
    expect_buffer_unchanged(&p->base, name, &array->buffer, values, VALUES_HEX8);
}

/* ---- The oracle's answer to a case ---------------------------------------------- */

struct encoded {
    uint32_t *values, *widths, *offsets, *words;
    size_t frames, count;
};

/* Every check of a case starts here, before the student's code runs:
 * so the case is recorded here, once for all of them. */
static struct encoded oracle_case(const struct pack_case *p)
{
    record_test_case(&p->base);
    size_t n = p->base.n;
    struct encoded e;
    e.values = host_alloc(n, sizeof(uint32_t));
    pack_fill_values(e.values, n, p->fill, p->base.seed);
    e.frames = pack_frame_count(n, p->frame_length);
    e.widths = host_alloc(e.frames, sizeof(uint32_t));
    e.offsets = host_alloc(e.frames, sizeof(uint32_t));
    e.words = host_alloc(n, sizeof(uint32_t));
    e.count = oracle_pack_encode(e.values, n, p->frame_length, e.widths, e.offsets, e.words);
    return e;
}

static void encoded_free(struct encoded *e)
{
    free(e->values);
    free(e->widths);
    free(e->offsets);
    free(e->words);
}

/* ---- The checks ------------------------------------------------------------------ */

/* The steps that map their input to one word per frame (widths, offsets):
 * in_name[0..in_count) holds `in`; out_name must get `expected`. */
typedef cudaError_t (*frame_step_fn)(const uint32_t *d_in, size_t n, size_t frame_length, uint32_t *d_out);

static void check_frame_step(const struct pack_case *p, frame_step_fn step, const char *in_name,
                             const uint32_t *in, size_t in_count, const char *out_name,
                             const uint32_t *expected, size_t frames)
{
    struct device_words input = device_words_new(in_count, in, 0);
    struct device_words output = device_words_new(frames, NULL, UNWRITTEN);

    expect_cuda_success(&p->base, step(input.d, p->base.n, p->frame_length, output.d));

    uint32_t *got = guarded_buffer_read_checked(&p->base, out_name, &output.buffer);
    expect_same_per_frame(p, out_name, expected, got, frames);
    expect_unchanged(p, in_name, &input, in);
    free(got);
    device_words_free(&input);
    device_words_free(&output);
}

void check_pack_widths(const struct pack_case *p)
{
    struct encoded e = oracle_case(p);
    check_frame_step(p, pack_frame_widths, "d_values", e.values, p->base.n, "d_widths", e.widths, e.frames);
    encoded_free(&e);
}

void check_pack_offsets(const struct pack_case *p)
{
    struct encoded e = oracle_case(p);
    check_frame_step(p, pack_frame_offsets, "d_widths", e.widths, e.frames, "d_offsets", e.offsets, e.frames);
    encoded_free(&e);
}

void check_pack_values(const struct pack_case *p)
{
    size_t n = p->base.n;
    struct encoded e = oracle_case(p);
    struct device_words values = device_words_new(n, e.values, 0);
    struct device_words widths = device_words_new(e.frames, e.widths, 0);
    struct device_words offsets = device_words_new(e.frames, e.offsets, 0);
    /* The stream's words zeroed, as pack_values requires; the rest unwritten. */
    uint32_t *start = host_alloc(n, sizeof(uint32_t));
    for (size_t i = 0; i < n; i++)
        start[i] = i < e.count ? 0 : UNWRITTEN;
    struct device_words words = device_words_new(n, start, 0);

    expect_cuda_success(&p->base, pack_values(values.d, n, p->frame_length, widths.d, offsets.d, words.d));

    uint32_t *got = guarded_buffer_read_checked(&p->base, "d_words", &words.buffer);
    expect_same_stream(p, e.values, e.widths, e.offsets, e.words, got, e.count);
    expect_unwritten_from(p, "d_words", got, e.count, n, "past the words of the stream");
    expect_unchanged(p, "d_values", &values, e.values);
    expect_unchanged(p, "d_widths", &widths, e.widths);
    expect_unchanged(p, "d_offsets", &offsets, e.offsets);
    free(got);
    free(start);
    device_words_free(&values);
    device_words_free(&widths);
    device_words_free(&offsets);
    device_words_free(&words);
    encoded_free(&e);
}

/* Run pack_encode on the case and check all of its output against the
 * oracle's e; the device arrays stay allocated for a decode. */
struct encoded_on_device {
    struct device_words values, widths, offsets, words;
};

/* The encoder's outputs against the oracle's, d_values unchanged. */
static void expect_encoded(const struct pack_case *p, const struct encoded *e, const struct encoded_on_device *d,
                           size_t count)
{
    size_t n = p->base.n;
    uint32_t *widths = guarded_buffer_read_checked(&p->base, "d_widths", &d->widths.buffer);
    uint32_t *offsets = guarded_buffer_read_checked(&p->base, "d_offsets", &d->offsets.buffer);
    uint32_t *words = guarded_buffer_read_checked(&p->base, "d_words", &d->words.buffer);
    expect_same_per_frame(p, "d_widths", e->widths, widths, e->frames);
    expect_same_per_frame(p, "d_offsets", e->offsets, offsets, e->frames);
    if (count != e->count)
        fail_case(&p->base, "the word count (*words): expected %zu, got %zu", e->count, count);
    expect_same_stream(p, e->values, e->widths, e->offsets, e->words, words, e->count);
    expect_unwritten_from(p, "d_words", words, e->count, n,
                          "past the words of the stream: only d_words[0..*words) may be written");
    expect_unchanged(p, "d_values", &d->values, e->values);
    free(widths);
    free(offsets);
    free(words);
}

static struct encoded_on_device encode_and_check(const struct pack_case *p, const struct encoded *e,
                                                 pack_encode_fn encode)
{
    size_t n = p->base.n;
    struct encoded_on_device d;
    d.values = device_words_new(n, e->values, 0);
    d.widths = device_words_new(e->frames, NULL, UNWRITTEN);
    d.offsets = device_words_new(e->frames, NULL, UNWRITTEN);
    d.words = device_words_new(pack_max_words(n), NULL, UNWRITTEN);
    size_t count = WORDS_UNSET;

    expect_cuda_success(&p->base, encode(d.values.d, n, p->frame_length, d.widths.d, d.offsets.d, d.words.d,
                                         &count));

    expect_encoded(p, e, &d, count);
    return d;
}

static void encoded_on_device_free(struct encoded_on_device *d)
{
    device_words_free(&d->values);
    device_words_free(&d->widths);
    device_words_free(&d->offsets);
    device_words_free(&d->words);
}

void check_pack_encode(const struct pack_case *p)
{
    check_pack_encode_by(p, pack_encode);
}

void check_pack_encode_by(const struct pack_case *p, pack_encode_fn encode)
{
    struct encoded e = oracle_case(p);
    struct encoded_on_device d = encode_and_check(p, &e, encode);
    encoded_on_device_free(&d);
    encoded_free(&e);
}

/* The decoded values against the input, naming the frame of a mismatch. */
static void expect_decoded(const struct pack_case *p, const char *what, const struct encoded *e,
                           const uint32_t *got)
{
    size_t n = p->base.n, frame_length = p->frame_length;
    size_t i, differ = count_differences(e->values, got, n, &i);
    if (differ == 0)
        return;
    size_t f = i / frame_length;
    fail_case(&p->base, "%s: first mismatch at value %zu: expected 0x%08x, got 0x%08x (%zu of %zu values differ);\n"
              "  it is value %zu of frame %zu (width %u, frame offset %u): stream bits %zu..%zu",
              what, i, e->values[i], got[i], differ, n, i - f * frame_length, f, e->widths[f],
              e->offsets[f], e->offsets[f] + (i - f * frame_length) * e->widths[f],
              e->offsets[f] + (i - f * frame_length + 1) * e->widths[f] - 1);
}

void check_pack_decode(const struct pack_case *p)
{
    check_pack_decode_by(p, pack_decode);
}

void check_pack_decode_by(const struct pack_case *p, pack_decode_fn decode)
{
    size_t n = p->base.n;
    struct encoded e = oracle_case(p);
    struct device_words widths = device_words_new(e.frames, e.widths, 0);
    struct device_words offsets = device_words_new(e.frames, e.offsets, 0);
    struct device_words words = device_words_new(e.count, e.words, 0); /* exactly the stream */
    struct device_words values = device_words_new(n, NULL, UNWRITTEN);

    expect_cuda_success(&p->base, decode(widths.d, offsets.d, words.d, n, p->frame_length, values.d));

    uint32_t *got = guarded_buffer_read_checked(&p->base, "d_values", &values.buffer);
    expect_decoded(p, "d_values", &e, got);
    expect_unchanged(p, "d_widths", &widths, e.widths);
    expect_unchanged(p, "d_offsets", &offsets, e.offsets);
    expect_unchanged(p, "d_words", &words, e.words);
    free(got);
    device_words_free(&widths);
    device_words_free(&offsets);
    device_words_free(&words);
    device_words_free(&values);
    encoded_free(&e);
}

void check_pack_round_trip(const struct pack_case *p)
{
    size_t n = p->base.n;
    struct encoded e = oracle_case(p);
    struct encoded_on_device d = encode_and_check(p, &e, pack_encode);
    struct device_words values = device_words_new(n, NULL, UNWRITTEN);

    expect_cuda_success(&p->base, pack_decode(d.widths.d, d.offsets.d, d.words.d, n, p->frame_length, values.d));

    uint32_t *got = guarded_buffer_read_checked(&p->base, "d_values", &values.buffer);
    expect_decoded(p, "pack_decode(pack_encode(x)) != x", &e, got);
    free(got);
    device_words_free(&values);
    encoded_on_device_free(&d);
    encoded_free(&e);
}

/* n = 0 with NULL pointers: cudaSuccess and nothing done, each function. */
static void check_empty(struct pack_case *p)
{
    struct test_case *c = &p->base;
    size_t words = WORDS_UNSET;
    record_test_case(c);
    c->function = "pack_frame_widths";
    expect_cuda_success(c, pack_frame_widths(NULL, 0, 3, NULL));
    c->function = "pack_frame_offsets";
    expect_cuda_success(c, pack_frame_offsets(NULL, 0, 3, NULL));
    c->function = "pack_values";
    expect_cuda_success(c, pack_values(NULL, 0, 3, NULL, NULL, NULL));
    c->function = "pack_encode";
    expect_cuda_success(c, pack_encode(NULL, 0, 3, NULL, NULL, NULL, &words));
    if (words != 0)
        fail_case(c, "the word count (*words): expected 0, got %zu", words);
    c->function = "pack_decode";
    expect_cuda_success(c, pack_decode(NULL, NULL, NULL, 0, 3, NULL));
}

void check_pack_empty_and_invalid(void)
{
    struct pack_case p = {{"06", "each pack_* function", 0, "empty, with NULL pointers", FILL_RANDOM, 0,
                           &pack_case_words}, 3, "3", {PACK_WIDTH, 0}};
    struct test_case *c = &p.base;
    check_empty(&p);

    /* frame_length 0 makes no frames: every function refuses it. */
    struct device_words any = device_words_new(4, NULL, 0);
    size_t words = WORDS_UNSET;
    c->n = 4;
    c->why = "four values";
    p.frame_length = 0;
    p.frame_why = "no frame can hold a value";
    c->function = "each pack_* function";
    record_test_case(c);
    cudaError_t returned[5] = {
        pack_frame_widths(any.d, 4, 0, any.d),
        pack_frame_offsets(any.d, 4, 0, any.d),
        pack_values(any.d, 4, 0, any.d, any.d, any.d),
        pack_encode(any.d, 4, 0, any.d, any.d, any.d, &words),
        pack_decode(any.d, any.d, any.d, 4, 0, any.d),
    };
    const char *names[5] = {"pack_frame_widths", "pack_frame_offsets", "pack_values", "pack_encode", "pack_decode"};
    expect_implemented();
    for (int k = 0; k < 5; k++) {
        c->function = names[k];
        if (returned[k] != cudaErrorInvalidValue)
            fail_case(c, "returned %s: expected cudaErrorInvalidValue", cudaGetErrorName(returned[k]));
    }
    device_words_free(&any);
}
