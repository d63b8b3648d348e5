/*
 * cascade_checks.c: see cascade_checks.h.
 *
 * Every device buffer here is device.h's bytes between two guard zones,
 * its data poisoned with CASCADE_POISON where the function under test has
 * nothing to read; a byte written outside the data, or past the length a
 * function returned, fails the test with its offset. In lab 08's tests
 * the arrays a function allocates for itself have guard zones too
 * (guarded_malloc.h), checked after each call: a decoder's scratch arrays
 * of n, say.
 */
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "cascade_checks.h"
#include "check.h"
#include "device.h"
#include "oracle_codec.h"
#include "random.h"

const unsigned cascade_widths[CASCADE_WIDTHS] = {1, 2, 4};

struct cascade_case cascade_case_of(const char *function, const struct size_case *size, unsigned w,
                                    enum cascade_fill fill, uint32_t frame_length, enum cascade_delta delta)
{
    uint64_t seed = case_seed(size->n ^ ((size_t)fill << 40) ^ ((size_t)w << 48));
    struct cascade_case c = {{"08", function, size->n, size->why, FILL_RANDOM, seed, &cascade_case_words}, w, fill,
                             frame_length, delta, NULL};
    record_test_case(&c.base);
    return c;
}

void cascade_check_sizes(const char *function, const struct size_case *sizes, size_t count,
                         cascade_check_fn check)
{
    for (size_t s = 0; s < count; s++)
        for (size_t k = 0; k < CASCADE_WIDTHS; k++)
            for (int fill = 0; fill < CASCADE_FILLS; fill++) {
                struct cascade_case c = cascade_case_of(function, &sizes[s], cascade_widths[k], fill,
                                                        SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
                check(&c);
            }
}

/* The checks' buffers: data (or CASCADE_POISON when data is NULL) between
 * two guard zones. */
static struct device_bytes device_bytes_from(const void *data, size_t bytes)
{
    return device_bytes_new(data, bytes, CASCADE_POISON, 0, false);
}

void cascade_expect_unchanged(const struct cascade_case *c, const char *name, const struct device_bytes *b,
                              const void *data)
{
    expect_buffer_unchanged(&c->base, name, &b->buffer, data, VALUES_HEX);
}

/* Lab 08's tests put every device allocation between guard zones, the
 * function's own scratch arrays included (device.h's
 * expect_allocations_intact): `call` wrote past none of them. `input` (or
 * NULL) says what it was given. */
static void expect_call_allocations_intact(const struct cascade_case *c, const char *call, const char *input)
{
    char words[400];
    snprintf(words, sizeof words, "%s%s%s%s", call, input != NULL ? ", given " : "", input != NULL ? input : "",
             input != NULL ? "," : "");
    expect_allocations_intact(&c->base, words);
}

/* The end of a check of parts A and B, once `function` returned: its n
 * 32-bit values in d_out as expected, no allocation overrun, d_in (which
 * was given in) unchanged; both arrays freed. */
static void expect_step_values(const struct cascade_case *c, const char *function, cudaError_t returned,
                               struct device_bytes *d_out, const char *out_name, const uint32_t *expected,
                               struct device_bytes *d_in, const char *in_name, const void *in)
{
    expect_call_success(&c->base, NULL, returned);
    uint32_t *got = (uint32_t *)device_bytes_read(&c->base, out_name, d_out);
    expect_call_allocations_intact(c, function, NULL);
    expect_same_values(&c->base, out_name, expected, got, c->base.n, VALUES_HEX);
    cascade_expect_unchanged(c, in_name, d_in, in);
    device_bytes_free(d_in);
    device_bytes_free(d_out);
    free(got);
}

/* ---- Part A ---------------------------------------------------------------------- */

void check_cascade_widen(const struct cascade_case *c)
{
    size_t n = c->base.n;
    unsigned w = c->element_bytes;
    uint8_t *raw = cascade_case_raw(c);
    uint32_t *expected = host_alloc(n, 4);
    for (size_t i = 0; i < n; i++)
        expected[i] = cascade_element(raw, i, w);
    struct device_bytes d_raw = device_bytes_from(raw, n * w), d_values = device_bytes_from(NULL, n * 4);
    expect_step_values(c, "cascade_widen", cascade_widen(d_raw.d, n, w, (int *)d_values.d), &d_values, "d_values",
                       expected, &d_raw, "d_raw", raw);
    free(raw), free(expected);
}

void check_cascade_narrow(const struct cascade_case *c)
{
    size_t n = c->base.n;
    unsigned w = c->element_bytes;
    uint8_t *raw = cascade_case_raw(c);
    uint32_t *values = host_alloc(n, 4);
    /* Bits above 8w must be dropped: set them. */
    for (size_t i = 0; i < n; i++)
        values[i] = cascade_element(raw, i, w) | (w < 4 ? ~cascade_element_max(w) & 0xa5a5a5a5u : 0);
    struct device_bytes d_values = device_bytes_from(values, n * 4), d_raw = device_bytes_from(NULL, n * w);
    expect_call_success(&c->base, NULL, cascade_narrow((const int *)d_values.d, n, w, d_raw.d));
    uint8_t *got = device_bytes_read(&c->base, "d_raw", &d_raw);
    expect_call_allocations_intact(c, "cascade_narrow", NULL);
    for (size_t i = 0; i < n * w; i++)
        if (got[i] != raw[i])
            fail_case(&c->base, "d_raw: first mismatch at byte %zu (element %zu, byte %zu of it): expected 0x%02x,"
                      " got 0x%02x%s (d_values[%zu] = 0x%08x)", i, i / w, i % w, raw[i], got[i], poison_note(got[i], 1),
                      i / w, values[i / w]);
    device_bytes_free(&d_values);
    device_bytes_free(&d_raw);
    free(raw), free(values), free(got);
}

/* ---- Part B ---------------------------------------------------------------------- */

/* Symbols of the case: its elements, any values of w bytes (n of them). */
static uint32_t *case_symbols(const struct cascade_case *c)
{
    size_t n = c->base.n;
    uint8_t *raw = cascade_case_raw(c);
    uint32_t *symbols = host_alloc(n, 4);
    for (size_t i = 0; i < n; i++)
        symbols[i] = cascade_element(raw, i, c->element_bytes);
    free(raw);
    return symbols;
}

static uint32_t *oracle_deltas(const uint32_t *symbols, size_t runs, unsigned w)
{
    uint32_t *deltas = host_alloc(runs, 4), previous = 0;
    for (size_t r = 0; r < runs; r++) {
        deltas[r] = oracle_zigzag((symbols[r] - previous) & cascade_element_max(w), 8 * w);
        previous = symbols[r];
    }
    return deltas;
}

void check_cascade_delta(const struct cascade_case *c)
{
    size_t n = c->base.n;
    uint32_t *symbols = case_symbols(c), *expected = oracle_deltas(symbols, n, c->element_bytes);
    struct device_bytes d_symbols = device_bytes_from(symbols, n * 4), d_out = device_bytes_from(NULL, n * 4);
    expect_step_values(c, "cascade_delta",
                       cascade_delta((const int *)d_symbols.d, n, c->element_bytes, (uint32_t *)d_out.d), &d_out,
                       "d_zigzag", expected, &d_symbols, "d_symbols", symbols);
    free(symbols), free(expected);
}

void check_cascade_undelta(const struct cascade_case *c)
{
    size_t n = c->base.n;
    uint32_t *symbols = case_symbols(c), *deltas = oracle_deltas(symbols, n, c->element_bytes);
    struct device_bytes d_deltas = device_bytes_from(deltas, n * 4), d_out = device_bytes_from(NULL, n * 4);
    expect_step_values(c, "cascade_undelta",
                       cascade_undelta((const uint32_t *)d_deltas.d, n, c->element_bytes, (int *)d_out.d), &d_out,
                       "d_symbols (from the zigzagged deltas)", symbols, &d_deltas, "d_zigzag", deltas);
    free(symbols), free(deltas);
}

/* ---- Part C ---------------------------------------------------------------------- */

void check_cascade_frame_bytes(const struct cascade_case *c)
{
    size_t n = c->base.n;
    /* The values: the case's elements, as counts - 1 or symbols would be. */
    uint32_t *values = case_symbols(c);
    uint64_t expected[SCANZIP_FRAME_CANDIDATES], got[SCANZIP_FRAME_CANDIDATES];
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++) {
        expected[k] = oracle_stream_bytes(values, n, SCANZIP_FIRST_FRAME_CANDIDATE << k);
        got[k] = 0x5ca1ab1e;
    }
    struct device_bytes d_values = device_bytes_from(values, n * 4);
    expect_call_success(&c->base, NULL, cascade_frame_bytes((const uint32_t *)d_values.d, n, got));
    expect_call_allocations_intact(c, "cascade_frame_bytes", NULL);
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
        if (got[k] != expected[k])
            fail_case(&c->base, "bytes[%u] (frames of %u): expected %llu, got %llu"
                      " (all six: frames of 8 16 32 64 128 256)", k, SCANZIP_FIRST_FRAME_CANDIDATE << k, (unsigned long long)expected[k],
                      (unsigned long long)got[k]);
    cascade_expect_unchanged(c, "d_values", &d_values, values);
    device_bytes_free(&d_values);
    free(values);
}

/* ---- Part D ---------------------------------------------------------------------- */

/* A stream's bits: each frame's width times its values (the last frame
 * may be short). */
static uint64_t stream_bits(const uint8_t *widths, const struct cascade_layout *l)
{
    uint64_t bits = 0;
    for (size_t f = 0; f < l->frames; f++)
        bits += (uint64_t)widths[f] * (f + 1 < l->frames ? l->frame : l->runs - f * l->frame);
    return bits;
}

struct cascade_layout cascade_payload_layout(const uint8_t *payload)
{
    struct cascade_layout l;
    l.runs = scanzip_load32(payload);
    l.frame = scanzip_load32(payload + 4);
    l.frames = ((size_t)l.runs + l.frame - 1) / l.frame;
    l.symbol_words = 8 + l.frames;
    l.symbol_bits = stream_bits(payload + 8, &l);
    l.count_widths = l.symbol_words + 4 * (size_t)((l.symbol_bits + 31) / 32);
    l.count_words = l.count_widths + l.frames;
    l.count_bits = stream_bits(payload + l.count_widths, &l);
    l.end = l.count_words + 4 * (size_t)((l.count_bits + 31) / 32);
    return l;
}

void cascade_payload_place(const struct cascade_layout *l, size_t i, char *where, size_t size)
{
    if (i < 8)
        snprintf(where, size, "the %s", i < 4 ? "run count" : "frame length");
    else if (i < l->symbol_words)
        snprintf(where, size, "the symbol widths, frame %zu", i - 8);
    else if (i < l->count_widths)
        snprintf(where, size, "the symbol words, word %zu", (i - l->symbol_words) / 4);
    else if (i < l->count_words)
        snprintf(where, size, "the count widths, frame %zu", i - l->count_widths);
    else if (i < l->end)
        snprintf(where, size, "the count words, word %zu", (i - l->count_words) / 4);
    else
        snprintf(where, size, "past the payload's end");
}

void check_cascade_encode(const struct cascade_case *c)
{
    size_t n = c->base.n;
    unsigned w = c->element_bytes;
    uint8_t *raw = cascade_case_raw(c);
    size_t expected_bytes = 0, got_bytes = (size_t)0x5ca1ab1e, room = cascade_max_payload_bytes(n);
    int expected_delta = 0;
    bool got_delta = false;
    uint8_t *expected = cascade_oracle_payload(c, raw, &expected_bytes, &expected_delta);
    struct device_bytes d_raw = device_bytes_from(raw, n * w), d_payload = device_bytes_from(NULL, room);
    expect_call_success(&c->base, NULL, cascade_encode(d_raw.d, n, w, c->frame_length, c->delta, d_payload.d,
                                                       &got_bytes, &got_delta));
    uint8_t *got = device_bytes_read(&c->base, "d_payload", &d_payload);
    expect_call_allocations_intact(c, "cascade_encode", NULL);
    char where[96];
    for (size_t i = 0; i < expected_bytes && i < got_bytes && i < room; i++) {
        if (got[i] != expected[i]) {
            struct cascade_layout layout = cascade_payload_layout(expected);
            cascade_payload_place(&layout, i, where, sizeof where);
            fail_case(&c->base, "payload byte %zu (%s): expected 0x%02x, got 0x%02x%s (the payload has %zu bytes%s)", i,
                      where, expected[i], got[i], poison_note(got[i], 1), expected_bytes,
                      got_delta != (expected_delta != 0) ? "; and *delta_used is wrong too" : "");
        }
    }
    if (got_bytes != expected_bytes)
        fail_case(&c->base, "*payload_bytes: expected %zu, got %zu (the first %zu bytes match)", expected_bytes,
                  got_bytes, got_bytes < expected_bytes ? got_bytes : expected_bytes);
    if (got_delta != (expected_delta != 0))
        fail_case(&c->base, "*delta_used: expected %s, got %s", expected_delta ? "true" : "false",
                  got_delta ? "true" : "false");
    for (size_t i = expected_bytes; i < room; i++)
        if (got[i] != CASCADE_POISON)
            fail_case(&c->base, "d_payload[%zu] was written (0x%02x), past the payload's %zu bytes", i, got[i],
                      expected_bytes);
    cascade_expect_unchanged(c, "d_raw", &d_raw, raw);
    device_bytes_free(&d_raw);
    device_bytes_free(&d_payload);
    free(raw), free(expected), free(got);
}

/* Decode payload on the GPU into a poisoned d_raw of exactly n elements;
 * returns what cascade_decode returned, and the bytes in *out (malloc'd).
 * `what` names the payload in messages: the oracle's, or a damage. */
static cudaError_t gpu_decode(const struct cascade_case *c, const char *what, const uint8_t *payload, size_t bytes,
                              bool delta, uint8_t **out)
{
    size_t n = c->base.n;
    size_t raw_bytes = n * c->element_bytes;
    struct device_bytes d_payload = device_bytes_from(payload, bytes), d_raw = device_bytes_from(NULL, raw_bytes);
    cudaError_t err = cascade_decode(d_payload.d, bytes, c->element_bytes, delta, d_raw.d, n);
    expect_implemented();
    cudaError_t sync = cudaDeviceSynchronize();
    if (sync != cudaSuccess)
        fail_case(&c->base, "given %s, a kernel failed (%s: %s)%s", what, cudaGetErrorName(sync),
                  cudaGetErrorString(sync), err == CASCADE_INVALID_PAYLOAD ? " before cascade_decode refused the payload" : "");
    /* Its own arrays first: reading d_raw checks them too, but without
     * saying which payload the decoder was given. */
    expect_call_allocations_intact(c, "cascade_decode", what);
    *out = device_bytes_read(&c->base, "d_raw", &d_raw);
    cascade_expect_unchanged(c, "d_payload", &d_payload, payload);
    device_bytes_free(&d_payload);
    device_bytes_free(&d_raw);
    return err;
}

/* The oracle's payload decodes back to raw. `lead` heads every message
 * (the damaged payloads' test says that valid ones must decode first). */
static void expect_decodes(const struct cascade_case *c, const char *lead, const uint8_t *raw, const uint8_t *payload,
                           size_t bytes, bool delta)
{
    struct cascade_layout l = cascade_payload_layout(payload);
    char what[192], head[512];
    snprintf(what, sizeof what, "the oracle's %zu-byte payload (%u run%s, frame length %u%s, delta %s)", bytes, l.runs,
             l.runs == 1 ? "" : "s", l.frame,
             l.frame == SCANZIP_MAX_FRAME_LENGTH ? " = 2^20, the longest the format allows" : "", delta ? "on" : "off");
    uint8_t *got = NULL;
    cudaError_t err = gpu_decode(c, what, payload, bytes, delta, &got);
    if (err == CASCADE_INVALID_PAYLOAD)
        fail_case(&c->base, "%s%s was refused: cascade_decode returned CASCADE_INVALID_PAYLOAD, but the payload is"
                  " valid (the oracle decodes it)", lead, what);
    snprintf(head, sizeof head, "%sdecoding %s", lead, what);
    expect_call_success(&c->base, head, err);
    for (size_t i = 0; i < c->base.n * c->element_bytes; i++)
        if (got[i] != raw[i])
            fail_case(&c->base, "%s: first mismatch at element %zu (byte %zu of it): expected 0x%02x, got 0x%02x%s", head,
                      i / c->element_bytes, i % c->element_bytes, raw[i], got[i], poison_note(got[i], 1));
    free(got);
}

void check_cascade_decode(const struct cascade_case *c)
{
    uint8_t *raw = cascade_case_raw(c);
    size_t bytes = 0;
    int delta = 0;
    uint8_t *payload = cascade_oracle_payload(c, raw, &bytes, &delta);
    expect_decodes(c, "", raw, payload, bytes, delta != 0);
    free(raw), free(payload);
}

/* Where a damaged payload is kept while the case decodes it, so that its
 * reproduce line can hand it to make run (PAYLOAD=): one file a test
 * process, rewritten for each damage, under build/ (tests write only
 * there). NULL, and no PAYLOAD= in the line, when it cannot be written. */
static const char *damaged_payload_file(const uint8_t *payload, size_t bytes)
{
    static char path[64];
    snprintf(path, sizeof path, "build/reproduce/08-damaged-%ld.bin", (long)getpid());
    mkdir("build", 0777), mkdir("build/reproduce", 0777);
    FILE *file = fopen(path, "wb");
    if (file == NULL)
        return NULL;
    bool written = fwrite(payload, 1, bytes, file) == bytes;
    return fclose(file) == 0 && written ? path : NULL;
}

/* The case as decoding this damage: its payload written for make run, and
 * recorded (cases.h), so that a crash or a checker that stops the test
 * names the payload, not only the case:
 *     cascade_decode (damaged payloads), given the damage "cut to 3 bytes ...", n = 257 ...
 * The case returned (no longer named) is the one to fail with. */
static struct cascade_case record_damage(const struct cascade_case *c, const char *damage, const uint8_t *payload,
                                         size_t bytes)
{
    char function[320];
    snprintf(function, sizeof function, "%s, given the damage \"%s\"", c->base.function, damage);
    struct cascade_case damaged = *c, named;
    damaged.payload_file = damaged_payload_file(payload, bytes);
    named = damaged;
    named.base.function = function;
    record_test_case(&named.base);
    return damaged;
}

/* The damage was judged right: its payload is not needed to reproduce
 * anything, and goes (one that fails, or crashes, stays). */
static void damage_judged(const struct cascade_case *damaged)
{
    if (damaged->payload_file != NULL)
        unlink(damaged->payload_file);
}

/* One damaged payload: refused by the oracle (the test's premise), and so by
 * the GPU, which writes past none of its arrays on the way. */
static void expect_refused(const struct cascade_case *c, const char *damage, const uint8_t *payload,
                           size_t bytes, bool delta)
{
    uint8_t *cpu = host_alloc(c->base.n * c->element_bytes, 1), *got = NULL;
    char why[ORACLE_WHY] = "";
    cr_assert(oracle_cascade_decode(payload, bytes, c->element_bytes, delta, cpu, c->base.n, why) != 0, "grader: the oracle's decoder accepts the damage \"%s\"", damage);
    struct cascade_case damaged = record_damage(c, damage, payload, bytes);
    cudaError_t err = gpu_decode(&damaged, damage, payload, bytes, delta, &got);
    record_test_case(&damaged.base);
    if (err != CASCADE_INVALID_PAYLOAD)
        fail_case(&damaged.base, "a damaged payload (%s; the oracle says \"%s\") was not refused: cascade_decode"
                  " returned %s, not CASCADE_INVALID_PAYLOAD", damage, why, cudaGetErrorName(err));
    damage_judged(&damaged);
    free(cpu), free(got);
}

/* Every cut inside the 8-byte header, 0 to 7 bytes: the run count and
 * the frame length are read only once the payload is known to hold them. */
static void expect_header_cuts_refused(const struct cascade_case *c, const uint8_t *payload, bool delta)
{
    for (size_t kept = 0; kept < 8; kept++) {
        char damage[128];
        snprintf(damage, sizeof damage, "cut to %zu byte%s, inside the 8-byte header (%s)", kept, kept == 1 ? "" : "s",
                 kept < 4 ? "not even the run count whole" : "the run count whole, the frame length cut");
        expect_refused(c, damage, payload, kept, delta);
    }
}

/* A cut one byte short of the end of each part after the header (the
 * last byte's cut is the count words'), and the header alone. */
static void expect_part_cuts_refused(const struct cascade_case *c, const uint8_t *payload, size_t bytes, bool delta)
{
    struct cascade_layout l = cascade_payload_layout(payload);
    struct { size_t kept; const char *damage; } cuts[] = {
        {8, "cut to the 8-byte header alone: no streams"},
        {l.symbol_words - 1, "cut one byte short of the symbol widths' end"},
        {l.count_widths - 1, "cut one byte short of the symbol words' end"},
        {l.count_words - 1, "cut one byte short of the count widths' end"},
        {bytes - 1, "its last byte cut (one short of the count words' end)"},
    };
    size_t done = 0; /* a part of no bytes (no words) cuts where the one before did */
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        if (cuts[k].kept < 8 || (k > 0 && cuts[k].kept <= done))
            continue;
        expect_refused(c, cuts[k].damage, payload, cuts[k].kept, delta);
        done = cuts[k].kept;
    }
}

/* The header's fields at their limits and one past, each read back as a
 * uint32_t and an int32_t would read it. */
static void expect_header_limits_refused(const struct cascade_case *c, uint8_t *bad, const uint8_t *payload,
                                         size_t bytes, bool delta)
{
    struct { size_t at; uint32_t value; const char *damage; } fields[] = {
        {0, 0, "runs set to 0 (a chunk has at least one run)"},
        {0, (uint32_t)c->base.n + 1, "runs set to n + 1 (more runs than elements)"},
        {0, 0x80000000u, "runs set to 2^31 (negative as an int32_t)"},
        {0, UINT32_MAX, "runs set to 2^32 - 1, the field's largest (-1 as an int32_t)"},
        {4, 0, "frame length set to 0 (the frames would be a division by 0)"},
        {4, SCANZIP_MAX_FRAME_LENGTH + 1, "frame length set to 2^20 + 1, one past the longest"},
        {4, 0x80000000u, "frame length set to 2^31 (negative as an int32_t)"},
        {4, UINT32_MAX, "frame length set to 2^32 - 1 (runs + frame length - 1 wraps in 32 bits)"},
    };
    for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) {
        memcpy(bad, payload, bytes);
        scanzip_store32(bad + fields[k].at, fields[k].value);
        expect_refused(c, fields[k].damage, bad, bytes, delta);
    }
}

/* The first width byte of each stream one past its limit (8w for the
 * symbols, 32 for the counts) and at the byte's largest, 255. */
static void expect_width_limits_refused(const struct cascade_case *c, uint8_t *bad, const uint8_t *payload,
                                        size_t bytes, bool delta)
{
    struct cascade_layout layout = cascade_payload_layout(payload);
    struct { size_t at; uint8_t width; const char *damage; } widths[] = {
        {8, (uint8_t)(8 * c->element_bytes + 1), "the first symbol width set to 8w + 1"},
        {8, 255, "the first symbol width set to 255, the byte's largest (-1 as a signed char)"},
        {layout.count_widths, 33, "the first count width set to 33"},
        {layout.count_widths, 255, "the first count width set to 255, the byte's largest (-1 as a signed char)"},
    };
    for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
        memcpy(bad, payload, bytes);
        bad[widths[k].at] = widths[k].width;
        expect_refused(c, widths[k].damage, bad, bytes, delta);
    }
}

/* The case's payload with each field damaged in turn: cut (in the header
 * and at each part's end), extended, its header lying, a width too wide,
 * a padding bit set. */
static void expect_named_damage_refused(const struct cascade_case *c, const uint8_t *payload, size_t bytes,
                                        bool delta)
{
    uint8_t *bad = host_alloc(bytes + 4, 1);
    memcpy(bad, payload, bytes);
    expect_header_cuts_refused(c, bad, delta);
    expect_part_cuts_refused(c, bad, bytes, delta);
    bad[bytes] = 0;
    expect_refused(c, "a byte added at the end", bad, bytes + 1, delta);
    expect_header_limits_refused(c, bad, payload, bytes, delta);
    expect_width_limits_refused(c, bad, payload, bytes, delta);
    struct cascade_layout layout = cascade_payload_layout(payload);
    if (layout.symbol_bits % 32 != 0) {
        memcpy(bad, payload, bytes);
        bad[layout.count_widths - 1] |= 0x80;
        expect_refused(c, "the top bit of the last symbol word set, past the stream's end", bad, bytes, delta);
    }
    if (layout.count_bits % 32 != 0) {
        memcpy(bad, payload, bytes);
        bad[bytes - 1] |= 0x80;
        expect_refused(c, "the top bit of the last count word set, past the stream's end", bad, bytes, delta);
    }
    free(bad);
}

/* A whole payload of `runs` runs, every value 0: frames of frame_length,
 * every symbol frame symbol_width bits wide and every count frame
 * count_width, and their words (all 0) to match. */
static uint8_t *payload_of_runs(size_t runs, uint32_t frame_length, unsigned symbol_width, unsigned count_width,
                                size_t *bytes)
{
    size_t frames = (runs + frame_length - 1) / frame_length;
    size_t symbol_words = (symbol_width * runs + 31) / 32, count_words = (count_width * runs + 31) / 32;
    size_t count_widths = 8 + frames + 4 * symbol_words;
    *bytes = count_widths + frames + 4 * count_words;
    uint8_t *payload = host_alloc(*bytes, 1);
    memset(payload, 0, *bytes);
    scanzip_store32(payload, (uint32_t)runs);
    scanzip_store32(payload + 4, frame_length);
    memset(payload + 8, (int)symbol_width, frames);
    memset(payload + count_widths, (int)count_width, frames);
    return payload;
}

/* n + 1 runs in a payload whose streams hold n + 1 values each: every
 * length fits, only the run count lies, and it sizes the decoder's
 * arrays of n. A decoder that trusts it writes one element past them:
 * with frames of 1 and the widest widths, one frame width, offset,
 * symbol, count and count word (and symbol word, for w = 4); with one
 * frame of 2^20 and widths of 0, one symbol and one count. */
static void expect_runs_above_n_refused(const struct cascade_case *c, bool delta)
{
    size_t n = c->base.n;
    struct { uint32_t frame; unsigned symbol_width, count_width; const char *streams; } lies[] = {
        {1, 8 * c->element_bytes, 32, "frames of 1, every width the largest"},
        {SCANZIP_MAX_FRAME_LENGTH, 0, 0, "one frame of 2^20, every width 0"},
    };
    for (size_t k = 0; k < sizeof lies / sizeof lies[0]; k++) {
        size_t bytes = 0;
        uint8_t *payload = payload_of_runs(n + 1, lies[k].frame, lies[k].symbol_width, lies[k].count_width, &bytes);
        char damage[160];
        snprintf(damage, sizeof damage, "runs n + 1 = %zu, with streams of %zu values to match (%s)", n + 1, n + 1,
                 lies[k].streams);
        expect_refused(c, damage, payload, bytes, delta);
        free(payload);
    }
}

/* A whole payload of these runs: the header, then both streams (malloc'd). */
static uint8_t *payload_of(const uint32_t *symbols, const uint32_t *counts_minus_one, size_t runs,
                           uint32_t frame_length, size_t *bytes)
{
    uint8_t *payload = host_alloc(8 + 2 * (runs + 4 * runs), 1);
    memset(payload, 0, 8 + 2 * (runs + 4 * runs));
    scanzip_store32(payload, (uint32_t)runs);
    scanzip_store32(payload + 4, frame_length);
    size_t at = 8 + oracle_put_stream(symbols, runs, frame_length, payload + 8);
    *bytes = at + oracle_put_stream(counts_minus_one, runs, frame_length, payload + at);
    return payload;
}

/* Counts at the limits of their 32 bits in an otherwise valid payload of
 * three runs in frames of 2, chosen so that a decoder that adds one to a
 * stored count, or adds the counts up, in 32 bits (or as int32_t) gets n:
 *     stored 2^32 - 1 (a count of 2^32), n - 2, 0      2^32 is 0 in 32 bits
 *     stored 2^32 - 2 (a count of 2^32 - 1), n - 1, 0  2^32 - 1 + n + 1 wraps to n
 *     stored 2^31 - 1 twice (counts of 2^31), n - 1    2^31 + 2^31 + n wraps to n
 * The same payload with counts n - 2, 1 and 1 is valid (the premise). */
static void expect_count_limits_refused(const struct cascade_case *c, bool delta)
{
    uint32_t n = (uint32_t)c->base.n, max = cascade_element_max(c->element_bytes);
    if (n < 3)
        return; /* three runs of at least one element each */
    uint32_t symbols[3] = {max, 0, max / 2 + 1};
    struct { uint32_t stored[3]; const char *damage; } lies[] = {
        {{n - 3, 0, 0}, NULL},
        {{UINT32_MAX, n - 2, 0}, "a count of 2^32 (stored 2^32 - 1) beside counts of n - 1 and 1: in 32 bits"
                                 " 2^32 is 0, and the counts add up to n"},
        {{UINT32_MAX - 1, n - 1, 0}, "a count of 2^32 - 1 (stored 2^32 - 2) beside counts of n and 1: in 32 bits"
                                     " the three add up to n"},
        {{0x7fffffffu, 0x7fffffffu, n - 1}, "two counts of 2^31 (negative as int32_t) and one of n: in 32 bits"
                                            " the three add up to n"},
    };
    size_t raw_bytes = c->base.n * c->element_bytes;
    uint8_t *cpu = host_alloc(raw_bytes, 1);
    for (size_t k = 0; k < sizeof lies / sizeof lies[0]; k++) {
        size_t bytes = 0;
        uint8_t *payload = payload_of(symbols, lies[k].stored, 3, 2, &bytes);
        char why[ORACLE_WHY] = "";
        if (lies[k].damage == NULL)
            cr_assert(oracle_cascade_decode(payload, bytes, c->element_bytes, delta, cpu, c->base.n, why) == 0,
                      "grader: the oracle's decoder refuses the valid payload of counts n - 2, 1, 1: %s", why);
        else
            expect_refused(c, lies[k].damage, payload, bytes, delta);
        free(payload);
    }
    free(cpu);
}

/* `mutations` random bit flips: the GPU must agree with the oracle, refusing
 * what it refuses and decoding the rest as it does. */
static void expect_random_damage_judged(const struct cascade_case *c, const uint8_t *payload, size_t bytes,
                                        bool delta, unsigned mutations)
{
    uint64_t state = c->base.seed ^ 0xdecade;
    size_t raw_bytes = c->base.n * c->element_bytes;
    uint8_t *cpu = host_alloc(raw_bytes, 1), *bad = host_alloc(bytes, 1);
    for (unsigned m = 0; m < mutations; m++) {
        memcpy(bad, payload, bytes);
        size_t at = random_next(&state) % bytes;
        uint8_t was = bad[at];
        bad[at] ^= (uint8_t)(1u << (random_next(&state) % 8));
        char damage[96], why[ORACLE_WHY];
        bool oracle_refuses = oracle_cascade_decode(bad, bytes, c->element_bytes, delta, cpu, c->base.n, why) != 0;
        snprintf(damage, sizeof damage, "byte %zu changed from 0x%02x to 0x%02x", at, was, bad[at]);
        if (oracle_refuses) {
            expect_refused(c, damage, bad, bytes, delta);
            continue;
        }
        uint8_t *got = NULL;
        struct cascade_case damaged = record_damage(c, damage, bad, bytes);
        cudaError_t err = gpu_decode(&damaged, damage, bad, bytes, delta, &got);
        record_test_case(&damaged.base);
        if (err != cudaSuccess)
            fail_case(&damaged.base, "a payload with %s is still valid (the oracle decodes it), but cascade_decode returned %s",
                      damage, cudaGetErrorName(err));
        for (size_t i = 0; i < raw_bytes; i++)
            if (got[i] != cpu[i])
                fail_case(&damaged.base, "a payload with %s (still valid) decodes differently: element %zu: oracle 0x%02x,"
                          " GPU 0x%02x", damage, i / c->element_bytes, cpu[i], got[i]);
        damage_judged(&damaged);
        free(got);
    }
    free(cpu), free(bad);
}

void check_cascade_decode_damaged(const struct cascade_case *c, unsigned mutations)
{
    uint8_t *raw = cascade_case_raw(c);
    size_t bytes = 0;
    int delta = 0;
    uint8_t *payload = cascade_oracle_payload(c, raw, &bytes, &delta);
    /* A decoder that decodes nothing right fails every check below for
     * that reason alone: say so first. */
    expect_decodes(c, "valid payloads decode wrongly, so damaged ones cannot be judged (fix decode::oracle_payloads"
                      " first): ", raw, payload, bytes, delta != 0);
    expect_named_damage_refused(c, payload, bytes, delta != 0);
    expect_runs_above_n_refused(c, delta != 0);
    expect_count_limits_refused(c, delta != 0);
    expect_random_damage_judged(c, payload, bytes, delta != 0, mutations);
    free(raw), free(payload);
}

/* ---- Arguments ----------------------------------------------------------------- */

void check_cascade_invalid_arguments(void)
{
    struct cascade_case c = {{"08", "cascade_* (argument checks)", 16, "16 elements", FILL_RANDOM, 1,
                              &cascade_case_words}, 1, CASCADE_FILL_RUNS, 0, CASCADE_PLAIN, NULL};
    record_test_case(&c.base);
    struct device_bytes zeros = device_bytes_new(NULL, cascade_max_payload_bytes(64), 0, 0, false);
    uint8_t *d_bytes = zeros.d;
    int *d_ints = (int *)d_bytes;
    size_t bytes = 0;
    bool used = false;
    uint64_t sizes[SCANZIP_FRAME_CANDIDATES];
    struct { cudaError_t got; const char *call; } calls[] = {
        {cascade_widen(NULL, 16, 1, d_ints), "cascade_widen(NULL, 16, ...)"},
        {cascade_widen(d_bytes, 16, 3, d_ints), "cascade_widen with element_bytes 3"},
        {cascade_narrow(d_ints, 16, 1, NULL), "cascade_narrow(..., NULL)"},
        {cascade_delta(NULL, 16, 1, (uint32_t *)d_ints), "cascade_delta(NULL, 16, ...)"},
        {cascade_undelta((uint32_t *)d_ints, 16, 8, d_ints), "cascade_undelta with element_bytes 8"},
        {cascade_frame_bytes(NULL, 16, sizes), "cascade_frame_bytes(NULL, 16, ...)"},
        {cascade_frame_bytes((uint32_t *)d_ints, 16, NULL), "cascade_frame_bytes(..., NULL)"},
        {cascade_encode(d_bytes, 0, 1, 0, CASCADE_PLAIN, d_bytes, &bytes, &used), "cascade_encode with n = 0"},
        {cascade_encode(d_bytes, 16, 1, SCANZIP_MAX_FRAME_LENGTH + 1, CASCADE_PLAIN, d_bytes, &bytes, &used),
         "cascade_encode with frame length 2^20 + 1"},
        {cascade_encode(d_bytes, 16, 1, 0, CASCADE_PLAIN, d_bytes, NULL, &used), "cascade_encode with payload_bytes NULL"},
        {cascade_encode(d_bytes, CASCADE_MAX_N + 1, 1, 0, CASCADE_PLAIN, d_bytes, &bytes, &used),
         "cascade_encode with n = 2^26 + 1"},
        {cascade_decode(NULL, 16, 1, false, d_bytes, 16), "cascade_decode(NULL, ...)"},
        {cascade_decode(d_bytes, 16, 1, false, d_bytes, 0), "cascade_decode with n = 0"},
    };
    expect_implemented();
    for (size_t k = 0; k < sizeof calls / sizeof calls[0]; k++)
        if (calls[k].got != cudaErrorInvalidValue)
            fail_case(&c.base, "%s returned %s, not cudaErrorInvalidValue", calls[k].call,
                      cudaGetErrorName(calls[k].got));
    struct { cudaError_t got; const char *call; } empty[] = {
        {cascade_widen(NULL, 0, 1, NULL), "cascade_widen(NULL, 0, 1, NULL)"},
        {cascade_narrow(NULL, 0, 2, NULL), "cascade_narrow(NULL, 0, 2, NULL)"},
        {cascade_delta(NULL, 0, 4, NULL), "cascade_delta(NULL, 0, 4, NULL)"},
        {cascade_undelta(NULL, 0, 1, NULL), "cascade_undelta(NULL, 0, 1, NULL)"},
    };
    for (size_t k = 0; k < sizeof empty / sizeof empty[0]; k++)
        if (empty[k].got != cudaSuccess)
            fail_case(&c.base, "%s returned %s: with nothing to do, it must succeed", empty[k].call,
                      cudaGetErrorName(empty[k].got));
    device_bytes_free(&zeros);
}
