/*
 * pack_checks.c: see pack_checks.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "case_record.h"
#include "check.h"
#include "device.h"
#include "pack.h"
#include "pack_checks.h"

#define GUARD_WORDS 64                /* 256 bytes on each side */
#define GUARD_VALUE 0x6a5a5a5au       /* what an untouched guard holds */
#define WORDS_UNSET ((size_t)0x5ca1ab1e) /* a *words no encoder returns */

/* The case is the one running now (case_record.h). */
static void record_pack_case(const struct pack_case *c)
{
    char head[640], hint[256];
    pack_case_describe(c, head, sizeof head);
    pack_case_reproduce(c, hint, sizeof hint);
    record_running_case(head, hint);
}

void pack_fail(const struct pack_case *c, const char *format, ...)
{
    char head[640], hint[256];
    pack_case_describe(c, head, sizeof head);
    pack_case_reproduce(c, hint, sizeof hint);
    va_list args;
    va_start(args, format);
    fail_described(head, hint, format, args);
}

/* Host memory that is never NULL (count may be 0). */
static uint32_t *host_words(size_t count)
{
    uint32_t *words = malloc((count > 0 ? count : 1) * sizeof(uint32_t));
    cr_assert(words != NULL, "grader: out of host memory");
    return words;
}

uint32_t *pack_case_values(const struct pack_case *c)
{
    uint32_t *values = host_words(c->n);
    pack_fill_values(values, c->n, c->fill, c->seed);
    return values;
}

/* ---- Comparisons ------------------------------------------------------------ */

void expect_same_words(const struct pack_case *c, const char *what,
                       const uint32_t *expected, const uint32_t *got, size_t count)
{
    size_t first, differ = count_differences(expected, got, count, &first);
    if (differ > 0)
        pack_fail(c, "%s: first mismatch at index %zu: expected 0x%08x, got 0x%08x (%zu of %zu differ)",
                  what, first, expected[first], got[first], differ, count);
}

/* Widths or offsets, one per frame, in decimal. */
static void expect_same_per_frame(const struct pack_case *c, const char *what,
                                  const uint32_t *expected, const uint32_t *got, size_t frames)
{
    size_t f, differ = count_differences(expected, got, frames, &f);
    if (differ > 0)
        pack_fail(c, "%s: first mismatch at frame %zu (values %zu..%zu): expected %u, got %u (%zu of %zu frames differ)",
                  what, f, f * c->frame_length,
                  (f + 1) * c->frame_length < c->n ? (f + 1) * c->frame_length - 1 : c->n - 1,
                  expected[f], got[f], differ, frames);
}

/* The packed words, and which value owns the first wrong bit. */
static void expect_same_stream(const struct pack_case *c, const uint32_t *values,
                               const uint32_t *widths, const uint32_t *offsets,
                               const uint32_t *expected, const uint32_t *got, size_t count)
{
    size_t first, differ = count_differences(expected, got, count, &first);
    if (differ == 0)
        return;
    char where[512];
    size_t frames = pack_frame_count(c->n, c->frame_length);
    size_t bit = 32 * first + (size_t)__builtin_ctz(expected[first] ^ got[first]);
    size_t lo = 0, hi = frames; /* the last frame starting at or before bit */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (offsets[mid] <= bit)
            lo = mid;
        else
            hi = mid;
    }
    size_t frame_end = offsets[lo] + oracle_frame_bits(lo, widths, c->n, c->frame_length);
    if (bit >= frame_end) {
        snprintf(where, sizeof where, "its lowest wrong bit is stream bit %zu, past the %zu bits of the stream: "
                 "the unused high bits of the last word must be 0", bit, frame_end);
    } else {
        size_t j = (bit - offsets[lo]) / widths[lo], k = (bit - offsets[lo]) % widths[lo];
        size_t i = lo * c->frame_length + j;
        snprintf(where, sizeof where, "its lowest wrong bit is stream bit %zu, bit %zu of value %zu "
                 "(frame %zu, value %zu of the frame; width %u, frame offset %u); the value is 0x%08x",
                 bit, k, i, lo, j, widths[lo], offsets[lo], values[i]);
    }
    pack_fail(c, "d_words: first mismatch at word %zu: expected 0x%08x, got 0x%08x (%zu of %zu words differ);\n  %s",
              first, expected[first], got[first], differ, count, where);
}

/* ---- Device arrays between guards -------------------------------------------- */

struct device_words {
    uint32_t *d;      /* the n words the function under test may use */
    uint32_t *d_base; /* the allocation, guards included */
    size_t n;
};

static void expect_grader_cuda_ok(cudaError_t err, const char *what)
{
    if (err != cudaSuccess)
        cr_assert_fail("grader: %s failed: %s (%s)", what, cudaGetErrorName(err), cudaGetErrorString(err));
}

/* n words between guards, holding values (or `fill` everywhere if NULL). */
static struct device_words device_words_new(size_t n, const uint32_t *values, uint32_t fill)
{
    struct device_words array = {NULL, NULL, n};
    size_t total = n + 2 * GUARD_WORDS;
    uint32_t *host = host_words(total);
    for (size_t i = 0; i < total; i++)
        host[i] = i < GUARD_WORDS || i >= GUARD_WORDS + n ? GUARD_VALUE
                  : values != NULL                       ? values[i - GUARD_WORDS]
                                                         : fill;
    expect_grader_cuda_ok(cudaMalloc((void **)&array.d_base, total * sizeof(uint32_t)), "cudaMalloc of a test array");
    expect_grader_cuda_ok(cudaMemcpy(array.d_base, host, total * sizeof(uint32_t), cudaMemcpyHostToDevice),
                          "copy to the GPU");
    array.d = array.d_base + GUARD_WORDS;
    free(host);
    guards_poison(array.d_base, GUARD_WORDS * sizeof(uint32_t), n * sizeof(uint32_t));
    return array;
}

static void device_words_free(struct device_words *array)
{
    guards_unpoison(array->d_base, GUARD_WORDS * sizeof(uint32_t), array->n * sizeof(uint32_t));
    cudaFree(array->d_base);
    array->d = array->d_base = NULL;
}

/* The array's n words, in a new host array. */
static uint32_t *device_words_download(const struct device_words *array)
{
    uint32_t *host = host_words(array->n);
    expect_grader_cuda_ok(cudaMemcpy(host, array->d, array->n * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                          "copy from the GPU");
    return host;
}

/* Fail if anything wrote into the guards, naming the first index written. */
static void expect_guards_unchanged(const struct pack_case *c, const char *name,
                                    const struct device_words *array)
{
    uint32_t guards[2 * GUARD_WORDS];
    guards_unpoison(array->d_base, GUARD_WORDS * sizeof(uint32_t), array->n * sizeof(uint32_t));
    expect_grader_cuda_ok(cudaMemcpy(guards, array->d_base, GUARD_WORDS * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                          "guard check");
    expect_grader_cuda_ok(cudaMemcpy(guards + GUARD_WORDS, array->d + array->n, GUARD_WORDS * sizeof(uint32_t),
                                     cudaMemcpyDeviceToHost), "guard check");
    guards_poison(array->d_base, GUARD_WORDS * sizeof(uint32_t), array->n * sizeof(uint32_t));
    for (long i = 0; i < GUARD_WORDS; i++) {
        if (guards[GUARD_WORDS + i] != GUARD_VALUE)
            pack_fail(c, "wrote outside %s: index %ld changed, but only indices 0..%ld exist",
                      name, (long)array->n + i, (long)array->n - 1);
        if (guards[GUARD_WORDS - 1 - i] != GUARD_VALUE)
            pack_fail(c, "wrote outside %s: index %ld changed, but only indices 0..%ld exist",
                      name, -1 - i, (long)array->n - 1);
    }
}

/* An input must come back as it went in (it is const), guards and all. */
static void expect_unchanged(const struct pack_case *c, const char *name,
                             const struct device_words *array, const uint32_t *values)
{
    expect_guards_unchanged(c, name, array);
    uint32_t *got = device_words_download(array);
    char what[96];
    snprintf(what, sizeof what, "%s was changed (it is const)", name);
    expect_same_words(c, what, values, got, array->n);
    free(got);
}

/* Nothing written in array[from..n), which held UNWRITTEN. */
static void expect_unwritten_from(const struct pack_case *c, const char *name,
                                  const uint32_t *got, size_t from, size_t n, const char *why)
{
    for (size_t i = from; i < n; i++)
        if (got[i] != UNWRITTEN)
            pack_fail(c, "%s[%zu] was written (0x%08x), %s", name, i, got[i], why);
}

/* After calling a student's function: a stub, an error, a failed kernel. */
static void expect_pack_success(const struct pack_case *c, cudaError_t returned)
{
    expect_implemented();
    char why[512];
    if (cuda_failure(returned, why, sizeof why))
        pack_fail(c, "%s", why);
}

/* ---- The oracle's answer to a case ---------------------------------------------- */

struct encoded {
    uint32_t *values, *widths, *offsets, *words;
    size_t frames, count;
};

/* Every check of a case starts here, before the student's code runs:
 * so the case is recorded here, once for all of them. */
static struct encoded oracle_case(const struct pack_case *c)
{
    record_pack_case(c);
    struct encoded e;
    e.values = pack_case_values(c);
    e.frames = pack_frame_count(c->n, c->frame_length);
    e.widths = host_words(e.frames);
    e.offsets = host_words(e.frames);
    e.words = host_words(c->n);
    e.count = oracle_pack_encode(e.values, c->n, c->frame_length, e.widths, e.offsets, e.words);
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

static void check_frame_step(const struct pack_case *c, frame_step_fn step, const char *in_name,
                             const uint32_t *in, size_t in_count, const char *out_name,
                             const uint32_t *expected, size_t frames)
{
    struct device_words input = device_words_new(in_count, in, 0);
    struct device_words output = device_words_new(frames, NULL, UNWRITTEN);

    expect_pack_success(c, step(input.d, c->n, c->frame_length, output.d));

    expect_guards_unchanged(c, out_name, &output);
    uint32_t *got = device_words_download(&output);
    expect_same_per_frame(c, out_name, expected, got, frames);
    expect_unchanged(c, in_name, &input, in);
    free(got);
    device_words_free(&input);
    device_words_free(&output);
}

void check_pack_widths(const struct pack_case *c)
{
    struct encoded e = oracle_case(c);
    check_frame_step(c, pack_frame_widths, "d_values", e.values, c->n, "d_widths", e.widths, e.frames);
    encoded_free(&e);
}

void check_pack_offsets(const struct pack_case *c)
{
    struct encoded e = oracle_case(c);
    check_frame_step(c, pack_frame_offsets, "d_widths", e.widths, e.frames, "d_offsets", e.offsets, e.frames);
    encoded_free(&e);
}

void check_pack_values(const struct pack_case *c)
{
    struct encoded e = oracle_case(c);
    struct device_words values = device_words_new(c->n, e.values, 0);
    struct device_words widths = device_words_new(e.frames, e.widths, 0);
    struct device_words offsets = device_words_new(e.frames, e.offsets, 0);
    /* The stream's words zeroed, as pack_values requires; the rest unwritten. */
    uint32_t *start = host_words(c->n);
    for (size_t i = 0; i < c->n; i++)
        start[i] = i < e.count ? 0 : UNWRITTEN;
    struct device_words words = device_words_new(c->n, start, 0);

    expect_pack_success(c, pack_values(values.d, c->n, c->frame_length, widths.d, offsets.d, words.d));

    expect_guards_unchanged(c, "d_words", &words);
    uint32_t *got = device_words_download(&words);
    expect_same_stream(c, e.values, e.widths, e.offsets, e.words, got, e.count);
    expect_unwritten_from(c, "d_words", got, e.count, c->n, "past the words of the stream");
    expect_unchanged(c, "d_values", &values, e.values);
    expect_unchanged(c, "d_widths", &widths, e.widths);
    expect_unchanged(c, "d_offsets", &offsets, e.offsets);
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

static struct encoded_on_device encode_and_check(const struct pack_case *c, const struct encoded *e,
                                                 pack_encode_fn encode)
{
    struct encoded_on_device d;
    d.values = device_words_new(c->n, e->values, 0);
    d.widths = device_words_new(e->frames, NULL, UNWRITTEN);
    d.offsets = device_words_new(e->frames, NULL, UNWRITTEN);
    d.words = device_words_new(pack_max_words(c->n), NULL, UNWRITTEN);
    size_t count = WORDS_UNSET;

    expect_pack_success(c, encode(d.values.d, c->n, c->frame_length, d.widths.d, d.offsets.d, d.words.d,
                                  &count));

    expect_guards_unchanged(c, "d_widths", &d.widths);
    expect_guards_unchanged(c, "d_offsets", &d.offsets);
    expect_guards_unchanged(c, "d_words", &d.words);
    uint32_t *widths = device_words_download(&d.widths), *offsets = device_words_download(&d.offsets);
    uint32_t *words = device_words_download(&d.words);
    expect_same_per_frame(c, "d_widths", e->widths, widths, e->frames);
    expect_same_per_frame(c, "d_offsets", e->offsets, offsets, e->frames);
    if (count != e->count)
        pack_fail(c, "the word count (*words): expected %zu, got %zu", e->count, count);
    expect_same_stream(c, e->values, e->widths, e->offsets, e->words, words, e->count);
    expect_unwritten_from(c, "d_words", words, e->count, c->n, "past the words of the stream: only d_words[0..*words) may be written");
    expect_unchanged(c, "d_values", &d.values, e->values);
    free(widths);
    free(offsets);
    free(words);
    return d;
}

static void encoded_on_device_free(struct encoded_on_device *d)
{
    device_words_free(&d->values);
    device_words_free(&d->widths);
    device_words_free(&d->offsets);
    device_words_free(&d->words);
}

void check_pack_encode(const struct pack_case *c)
{
    check_pack_encode_by(c, pack_encode);
}

void check_pack_encode_by(const struct pack_case *c, pack_encode_fn encode)
{
    struct encoded e = oracle_case(c);
    struct encoded_on_device d = encode_and_check(c, &e, encode);
    encoded_on_device_free(&d);
    encoded_free(&e);
}

/* The decoded values against the input, naming the frame of a mismatch. */
static void expect_decoded(const struct pack_case *c, const char *what, const struct encoded *e,
                           const uint32_t *got)
{
    size_t i, differ = count_differences(e->values, got, c->n, &i);
    if (differ == 0)
        return;
    size_t f = i / c->frame_length;
    pack_fail(c, "%s: first mismatch at value %zu: expected 0x%08x, got 0x%08x (%zu of %zu values differ);\n"
              "  it is value %zu of frame %zu (width %u, frame offset %u): stream bits %zu..%zu",
              what, i, e->values[i], got[i], differ, c->n, i - f * c->frame_length, f, e->widths[f],
              e->offsets[f], e->offsets[f] + (i - f * c->frame_length) * e->widths[f],
              e->offsets[f] + (i - f * c->frame_length + 1) * e->widths[f] - 1);
}

void check_pack_decode(const struct pack_case *c)
{
    check_pack_decode_by(c, pack_decode);
}

void check_pack_decode_by(const struct pack_case *c, pack_decode_fn decode)
{
    struct encoded e = oracle_case(c);
    struct device_words widths = device_words_new(e.frames, e.widths, 0);
    struct device_words offsets = device_words_new(e.frames, e.offsets, 0);
    struct device_words words = device_words_new(e.count, e.words, 0); /* exactly the stream */
    struct device_words values = device_words_new(c->n, NULL, UNWRITTEN);

    expect_pack_success(c, decode(widths.d, offsets.d, words.d, c->n, c->frame_length, values.d));

    expect_guards_unchanged(c, "d_values", &values);
    uint32_t *got = device_words_download(&values);
    expect_decoded(c, "d_values", &e, got);
    expect_unchanged(c, "d_widths", &widths, e.widths);
    expect_unchanged(c, "d_offsets", &offsets, e.offsets);
    expect_unchanged(c, "d_words", &words, e.words);
    free(got);
    device_words_free(&widths);
    device_words_free(&offsets);
    device_words_free(&words);
    device_words_free(&values);
    encoded_free(&e);
}

void check_pack_round_trip(const struct pack_case *c)
{
    struct encoded e = oracle_case(c);
    struct encoded_on_device d = encode_and_check(c, &e, pack_encode);
    struct device_words values = device_words_new(c->n, NULL, UNWRITTEN);

    expect_pack_success(c, pack_decode(d.widths.d, d.offsets.d, d.words.d, c->n, c->frame_length, values.d));

    expect_guards_unchanged(c, "d_values", &values);
    uint32_t *got = device_words_download(&values);
    expect_decoded(c, "pack_decode(pack_encode(x)) != x", &e, got);
    free(got);
    device_words_free(&values);
    encoded_on_device_free(&d);
    encoded_free(&e);
}

void check_pack_empty_and_invalid(void)
{
    struct pack_case c = {"each pack_* function", 0, "empty, with NULL pointers", 3, "3", {PACK_WIDTH, 0}, 0};
    size_t words = WORDS_UNSET;
    record_pack_case(&c);
    c.function = "pack_frame_widths";
    expect_pack_success(&c, pack_frame_widths(NULL, 0, 3, NULL));
    c.function = "pack_frame_offsets";
    expect_pack_success(&c, pack_frame_offsets(NULL, 0, 3, NULL));
    c.function = "pack_values";
    expect_pack_success(&c, pack_values(NULL, 0, 3, NULL, NULL, NULL));
    c.function = "pack_encode";
    expect_pack_success(&c, pack_encode(NULL, 0, 3, NULL, NULL, NULL, &words));
    if (words != 0)
        pack_fail(&c, "the word count (*words): expected 0, got %zu", words);
    c.function = "pack_decode";
    expect_pack_success(&c, pack_decode(NULL, NULL, NULL, 0, 3, NULL));

    /* frame_length 0 makes no frames: every function refuses it. */
    struct device_words any = device_words_new(4, NULL, 0);
    c.n = 4;
    c.why = "four values";
    c.frame_length = 0;
    c.frame_why = "no frame can hold a value";
    c.function = "each pack_* function";
    record_pack_case(&c);
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
        c.function = names[k];
        if (returned[k] != cudaErrorInvalidValue)
            pack_fail(&c, "returned %s: expected cudaErrorInvalidValue", cudaGetErrorName(returned[k]));
    }
    device_words_free(&any);
}
