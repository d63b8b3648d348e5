/*
 * Tests of lab 08's fast reference, the cascade codec in five launches
 * (solutions/08-compressor/fast/, common/fast.h), against lab 08's oracle
 * (oracle_codec.h; oracle_agreement.c, linked here, checks it against
 * scanzip's CPU codec):
 *
 *   encode  the oracle's payload byte for byte, its length in
 *           *d_payload_bytes and its delta flag in *d_delta_used (device
 *           uint32_t), nothing written past the payload, d_raw unchanged:
 *           every fill, w = 1, 2, 4, the frame chosen or given (8 .. 256),
 *           the delta off, on or chosen; any other frame length refused
 *   decode  the oracle's payloads (any frame length, 1 to 2^20) back to
 *           the chunk, with *d_valid 1; a damaged payload gets *d_valid 0
 *           exactly when the oracle refuses it, and the oracle's output
 *           when it accepts it
 *   batch   cascade_encode_batch and cascade_decode_batch: each chunk's
 *           payload the oracle's, the chunks back, chunks aligned or not
 *
 * at the edges of the reference's tiles (256 frames, 4096 and 8192
 * elements), with the arrays 16-byte aligned and 1 or 3 bytes past. Every
 * call gets its temporary storage poisoned (0xab bytes) or as the call
 * before left it, so it must clear what it needs. Every output has guard
 * bytes on both sides; every input ends its allocation, so reading past
 * it is reading past the allocation (make test-fast CHECK=memory stops
 * there). Not part of a student's grade: make test-fast runs them; one
 * test: build/emu-none/solutions/08-compressor/fast/tests
 * --filter 'fast_cascade/decode_damaged'.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "cascade_checks.h"
#include "cases.h"
#include "check.h"
#include "device.h"
#include "fast.h"
#include "oracle_cascade.h"
#include "oracle_codec.h"
#include "random.h"

#define TEMP_POISON 0xab    /* what the temporary storage holds when handed over */
#define UNSET 0x5ca1ab1eu   /* what a device uint32_t result holds before the call */

/* ---- Device bytes (device.h) ------------------------------------------------------- */

/* An input ends where its allocation ends, so that CHECK=memory sees a
 * read past it; an output has a guard zone after it. */
static struct device_bytes input_bytes(const void *data, size_t bytes, size_t shift)
{
    return device_bytes_new(data, bytes, 0, shift, true);
}

static struct device_bytes output_bytes(size_t bytes, uint8_t fill, size_t shift)
{
    return device_bytes_new(NULL, bytes, fill, shift, false);
}

/* A device uint32_t result (*d_payload_bytes, *d_valid), UNSET before the call. */
static struct device_bytes output_u32(void)
{
    uint32_t unset = UNSET;
    return device_bytes_new(&unset, sizeof unset, 0, 0, false);
}

static uint32_t read_u32(const struct cascade_case *c, const char *name, const struct device_bytes *b)
{
    uint8_t *bytes = device_bytes_read(&c->base, name, b);
    uint32_t value;
    memcpy(&value, bytes, sizeof value);
    free(bytes);
    return value;
}

/* "0x5ca1ab1e (never written: it still holds what it held before the call)" */
static const char *unset_note(uint32_t value)
{
    return value == UNSET ? " (never written: it still holds what it held before the call)" : "";
}

/* ---- Cases ------------------------------------------------------------------------ */

/* Sizes, with the edge each one is there for; lab 07's tile (the
 * encoder's runs) is 8192 elements. */
static const struct size_case sizes[] = {
    {1, "one element: one run, one frame"},
    {2, "two elements"},
    {31, "a warp minus one"},
    {255, "a 256-thread block minus one"},
    {256, "exactly one 256-thread block"},
    {257, "a 256-thread block plus one"},
    {1023, "2^10 - 1"},
    {1024, "2^10"},
    {1025, "2^10 + 1"},
    {4095, "a 4096-element tile (the decoder's last step) minus one"},
    {4096, "exactly one 4096-element tile (the decoder's last step)"},
    {4097, "a 4096-element tile (the decoder's last step) plus one"},
    {8191, "an 8192-element tile minus one"},
    {8192, "exactly one 8192-element tile"},
    {8193, "a tile plus one: the second tile has one element"},
    {100000, "many tiles, not a power of two"},
};
#define SIZES (sizeof sizes / sizeof sizes[0])
#define SMALL_SIZES (SIZES - 1) /* without 100000 */

/* Named, so that a test that wants one says which (large_sizes[MILLION]). */
enum large_size_name { THREE_TILES_AND_5, MANY_BLOCKS, MILLION, LARGE_SIZES };
static const struct size_case large_sizes[LARGE_SIZES] = {
    [THREE_TILES_AND_5] = {3 * 8192 + 5, "three tiles and 5"},
    [MANY_BLOCKS] = {65537, "2^16 + 1"},
    [MILLION] = {(1u << 20) + 3, "2^20 + 3: a million elements"},
};

/* The frame lengths the encoder takes: choose, and the candidates. */
static const uint32_t encoder_frames[] = {SCANZIP_FRAME_CHOOSE, 8, 16, 32, 64, 128, 256};
#define ENCODER_FRAMES (sizeof encoder_frames / sizeof encoder_frames[0])

static const enum cascade_delta deltas[] = {CASCADE_PLAIN, CASCADE_DELTA, CASCADE_CHOOSE_DELTA};
#define DELTAS (sizeof deltas / sizeof deltas[0])

/* ---- The encoder ------------------------------------------------------------------- */

/* The payload against the oracle's, byte for byte, then its length, its
 * delta flag, and nothing written past it. */
static void expect_payload(const struct cascade_case *c, const uint8_t *expected, size_t expected_bytes,
                           int expected_delta, const uint8_t *got, size_t room, uint32_t got_bytes,
                           uint32_t got_delta)
{
    struct cascade_layout l = cascade_payload_layout(expected);
    char where[96];
    for (size_t i = 0; i < expected_bytes && i < got_bytes && i < room; i++) {
        if (got[i] != expected[i]) {
            cascade_payload_place(&l, i, where, sizeof where);
            fail_case(&c->base, "payload byte %zu (%s): expected 0x%02x, got 0x%02x (the oracle's payload: %zu bytes,"
                      " %u runs, frames of %u, delta %s)", i, where, expected[i], got[i], expected_bytes, l.runs,
                      l.frame, expected_delta ? "on" : "off");
        }
    }
    if (got_bytes != expected_bytes)
        fail_case(&c->base, "*d_payload_bytes: expected %zu, got %u%s (the first %zu bytes match)", expected_bytes,
                  got_bytes, unset_note(got_bytes), got_bytes < expected_bytes ? (size_t)got_bytes : expected_bytes);
    if (got_delta != (uint32_t)expected_delta)
        fail_case(&c->base, "*d_delta_used: expected %d, got %u%s (the payload's bytes are right)", expected_delta,
                  got_delta, unset_note(got_delta));
    for (size_t i = expected_bytes; i < room; i++)
        if (got[i] != CASCADE_POISON)
            fail_case(&c->base, "d_payload[%zu] was written (0x%02x), past the payload's %zu bytes (the room is %zu)",
                      i, got[i], expected_bytes, room);
}

/* The encoder on one case, d_raw and d_payload `shift` bytes past a
 * 16-byte boundary, with the temporary storage temp (NULL: its own, handed
 * over poisoned). */
static void check_encode_in(const struct cascade_case *c, size_t shift, struct device_bytes *temp)
{
    record_test_case(&c->base); /* its own function name: shifted by check_*_unaligned */
    unsigned w = c->element_bytes;
    uint8_t *raw = cascade_case_raw(c);
    size_t expected_bytes = 0, room = cascade_max_payload_bytes(c->base.n);
    int expected_delta = 0;
    uint8_t *expected = cascade_oracle_payload(c, raw, &expected_bytes, &expected_delta);
    struct device_bytes own = {0};
    if (temp == NULL) {
        own = output_bytes(cascade_single_pass_temp_bytes(c->base.n), TEMP_POISON, 0);
        temp = &own;
    }
    struct device_bytes d_raw = input_bytes(raw, c->base.n * w, shift);
    struct device_bytes d_payload = output_bytes(room, CASCADE_POISON, shift);
    struct device_bytes d_bytes = output_u32(), d_delta = output_u32();

    expect_call_success(&c->base, "encoding",
                        cascade_encode_single_pass(d_raw.d, c->base.n, w, c->frame_length, c->delta, d_payload.d,
                                                   (uint32_t *)d_bytes.d, (uint32_t *)d_delta.d, temp->d,
                                                   temp->buffer.count));

    uint8_t *got = device_bytes_read(&c->base, "d_payload", &d_payload);
    uint32_t got_bytes = read_u32(c, "d_payload_bytes", &d_bytes), got_delta = read_u32(c, "d_delta_used", &d_delta);
    expect_payload(c, expected, expected_bytes, expected_delta, got, room, got_bytes, got_delta);
    cascade_expect_unchanged(c, "d_raw", &d_raw, raw);
    free(device_bytes_read(&c->base, "d_temp (the temporary storage)", temp));
    if (temp == &own)
        device_bytes_free(&own);
    device_bytes_free(&d_raw), device_bytes_free(&d_payload), device_bytes_free(&d_bytes), device_bytes_free(&d_delta);
    free(raw), free(expected), free(got);
}

static void check_encode(const struct cascade_case *c)
{
    check_encode_in(c, 0, NULL);
}

/* check_in with its arrays (the case's function names them: "d_raw and
 * d_payload") 1 and 3 bytes past a 16-byte boundary: no element or word
 * loaded or stored whole from there. */
static void check_unaligned(const struct cascade_case *c, const char *arrays,
                            void (*check_in)(const struct cascade_case *c, size_t shift, struct device_bytes *temp))
{
    static const size_t shifts[] = {1, 3};
    for (size_t k = 0; k < sizeof shifts / sizeof shifts[0]; k++) {
        char function[200];
        snprintf(function, sizeof function, "%s, %s %zu byte%s past a 16-byte boundary", c->base.function, arrays,
                 shifts[k], shifts[k] == 1 ? "" : "s");
        struct cascade_case shifted = *c;
        shifted.base.function = function;
        check_in(&shifted, shifts[k], NULL);
    }
}

static void check_encode_unaligned(const struct cascade_case *c)
{
    check_unaligned(c, "d_raw and d_payload", check_encode_in);
}

/* ---- The decoder -------------------------------------------------------------------- */

/* What the GPU decoder made of a payload: *d_valid, and d_raw (n * w bytes, malloc'd). */
struct verdict {
    uint32_t valid;
    uint8_t *raw;
};

/* Decode payload[0..bytes) into n elements, d_payload and d_raw `shift`
 * bytes past a 16-byte boundary, with the temporary storage temp (NULL:
 * its own, poisoned). The call must succeed whatever the payload;
 * *d_valid must be 0 or 1; nothing may be written around d_raw[0 .. n * w);
 * the payload must come back as it went in. `what` says what is decoded,
 * for the messages. */
static struct verdict gpu_decode(const struct cascade_case *c, const char *what, const uint8_t *payload,
                                 size_t bytes, bool delta, size_t n, size_t shift, struct device_bytes *temp)
{
    size_t raw_bytes = n * c->element_bytes;
    struct device_bytes own = {0};
    if (temp == NULL) {
        own = output_bytes(cascade_single_pass_temp_bytes(n), TEMP_POISON, 0);
        temp = &own;
    }
    struct device_bytes d_payload = input_bytes(payload, bytes, shift);
    struct device_bytes d_raw = output_bytes(raw_bytes, CASCADE_POISON, shift);
    struct device_bytes d_valid = output_u32();

    expect_call_success(&c->base, what,
                        cascade_decode_single_pass(d_payload.d, bytes, c->element_bytes, delta, d_raw.d, n,
                                                   (uint32_t *)d_valid.d, temp->d, temp->buffer.count));

    struct verdict v = {read_u32(c, "d_valid", &d_valid), device_bytes_read(&c->base, "d_raw", &d_raw)};
    if (v.valid > 1)
        fail_case(&c->base, "%s: *d_valid is 0x%x%s, neither 0 nor 1", what, v.valid, unset_note(v.valid));
    cascade_expect_unchanged(c, "d_payload", &d_payload, payload);
    free(device_bytes_read(&c->base, "d_temp (the temporary storage)", temp));
    if (temp == &own)
        device_bytes_free(&own);
    device_bytes_free(&d_payload), device_bytes_free(&d_raw), device_bytes_free(&d_valid);
    return v;
}

/* The oracle's payload of the case back to its chunk, d_payload and d_raw
 * `shift` bytes past a 16-byte boundary. */
static void check_decode_in(const struct cascade_case *c, size_t shift, struct device_bytes *temp)
{
    record_test_case(&c->base); /* its own function name: shifted by check_*_unaligned */
    uint8_t *raw = cascade_case_raw(c);
    size_t bytes = 0, raw_bytes = c->base.n * c->element_bytes;
    int delta = 0;
    uint8_t *payload = cascade_oracle_payload(c, raw, &bytes, &delta);
    struct cascade_layout l = cascade_payload_layout(payload);
    char what[192];
    snprintf(what, sizeof what, "decoding the oracle's %zu-byte payload (%u runs, frames of %u, delta %s)", bytes,
             l.runs, l.frame, delta ? "on" : "off");
    struct verdict v = gpu_decode(c, what, payload, bytes, delta, c->base.n, shift, temp);
    if (v.valid != 1)
        fail_case(&c->base, "%s: refused it (*d_valid 0), but it is valid", what);
    size_t first = raw_bytes, differ = 0;
    for (size_t i = 0; i < raw_bytes; i++)
        if (v.raw[i] != raw[i] && differ++ == 0)
            first = i;
    if (differ > 0)
        fail_case(&c->base, "%s: first mismatch at element %zu (byte %zu of it): expected 0x%02x, got 0x%02x"
                  " (%zu of %zu bytes differ)", what, first / c->element_bytes, first % c->element_bytes,
                  raw[first], v.raw[first], differ, raw_bytes);
    free(raw), free(payload), free(v.raw);
}

static void check_decode(const struct cascade_case *c)
{
    check_decode_in(c, 0, NULL);
}

static void check_decode_unaligned(const struct cascade_case *c)
{
    check_unaligned(c, "d_payload and d_raw", check_decode_in);
}

/* The GPU decoder judges payload[0..bytes), for n elements, as the oracle
 * does: *d_valid 0 exactly when it refuses it, and else its output. */
static void expect_agrees(const struct cascade_case *c, const char *damage, const uint8_t *payload, size_t bytes,
                          bool delta, size_t n)
{
    size_t raw_bytes = n * c->element_bytes;
    uint8_t *cpu = host_alloc(raw_bytes, 1);
    char what[320];
    char why[ORACLE_WHY] = "";
    bool refused = oracle_cascade_decode(payload, bytes, c->element_bytes, delta, cpu, n, why) != 0;
    snprintf(what, sizeof what, "decoding a payload with %s (%zu bytes, delta %s, n = %zu)", damage, bytes,
             delta ? "on" : "off", n);
    struct verdict v = gpu_decode(c, what, payload, bytes, delta, n, 0, NULL);
    if (refused && v.valid)
        fail_case(&c->base, "%s: accepted it (*d_valid 1), but the oracle refuses it: \"%s\"", what, why);
    if (!refused && !v.valid)
        fail_case(&c->base, "%s: refused it (*d_valid 0), but it is still valid: the oracle decodes it", what);
    for (size_t i = 0; !refused && i < raw_bytes; i++)
        if (v.raw[i] != cpu[i])
            fail_case(&c->base, "%s, still valid: decoded differently at element %zu (byte %zu of it): the oracle"
                      " wrote 0x%02x, the GPU 0x%02x", what, i / c->element_bytes, i % c->element_bytes, cpu[i],
                      v.raw[i]);
    free(cpu), free(v.raw);
}

/* A copy of the payload with room for more, to damage. */
struct damaged {
    const struct cascade_case *c;
    const uint8_t *payload;
    size_t bytes;
    bool delta;
    struct cascade_layout l;
    uint8_t *bad;
};

/* The payload with its run count (at 0) or frame length (at 4) set to
 * value; note says what value is. */
static void lie(struct damaged *d, size_t at, uint32_t value, const char *note)
{
    char damage[128];
    memcpy(d->bad, d->payload, d->bytes);
    snprintf(damage, sizeof damage, "the %s set to %u%s (it was %u)", at == 0 ? "run count" : "frame length", value,
             note, scanzip_load32(d->payload + at));
    scanzip_store32(d->bad + at, value);
    expect_agrees(d->c, damage, d->bad, d->bytes, d->delta, d->c->base.n);
}

/* The payload with byte `at` set to value (or, with mask, those bits flipped). */
static void poke(struct damaged *d, size_t at, uint8_t value, uint8_t mask, const char *damage)
{
    memcpy(d->bad, d->payload, d->bytes);
    d->bad[at] = mask ? (uint8_t)(d->bad[at] ^ mask) : value;
    expect_agrees(d->c, damage, d->bad, d->bytes, d->delta, d->c->base.n);
}

static void cut_short(struct damaged *d)
{
    size_t step = d->bytes / 6 + 1;
    for (size_t length = 0; length < d->bytes; length++) {
        if (length >= 12 && length + 4 < d->bytes && length % step != 0)
            continue;
        char damage[96];
        snprintf(damage, sizeof damage, "its last %zu bytes cut (%zu of %zu left)", d->bytes - length, length,
                 d->bytes);
        expect_agrees(d->c, damage, d->payload, length, d->delta, d->c->base.n);
    }
}

static void extend(struct damaged *d)
{
    memcpy(d->bad, d->payload, d->bytes);
    memset(d->bad + d->bytes, 0, 4);
    expect_agrees(d->c, "a zero byte added at the end", d->bad, d->bytes + 1, d->delta, d->c->base.n);
    expect_agrees(d->c, "4 zero bytes added at the end", d->bad, d->bytes + 4, d->delta, d->c->base.n);
    d->bad[d->bytes] = 0xff;
    expect_agrees(d->c, "a byte 0xff added at the end", d->bad, d->bytes + 1, d->delta, d->c->base.n);
}

static void header_lies(struct damaged *d)
{
    uint32_t runs = d->l.runs, frame = d->l.frame, n = (uint32_t)d->c->base.n;
    lie(d, 0, 0, "");
    lie(d, 0, n + 1, " = n + 1");
    lie(d, 0, UINT32_MAX, "");
    if (runs < n)
        lie(d, 0, runs + 1, ", one run more");
    if (runs > 1)
        lie(d, 0, runs - 1, ", one run less");
    lie(d, 4, 0, "");
    lie(d, 4, SCANZIP_MAX_FRAME_LENGTH + 1, " = 2^20 + 1");
    lie(d, 4, UINT32_MAX, "");
    lie(d, 4, frame * 2, ", doubled");
    if (frame > 1)
        lie(d, 4, frame / 2, ", halved");
}

static void too_wide(struct damaged *d)
{
    uint8_t symbol_limit = (uint8_t)(8 * d->c->element_bytes + 1);
    char damage[96];
    snprintf(damage, sizeof damage, "the first symbol width set to 8w + 1 = %u", symbol_limit);
    poke(d, 8, symbol_limit, 0, damage);
    snprintf(damage, sizeof damage, "the last symbol width (frame %zu) set to 8w + 1 = %u", d->l.frames - 1,
             symbol_limit);
    if (d->l.frames > 1)
        poke(d, 8 + d->l.frames - 1, symbol_limit, 0, damage);
    poke(d, 8, 255, 0, "the first symbol width set to 255");
    poke(d, d->l.count_widths, 33, 0, "the first count width set to 33");
    snprintf(damage, sizeof damage, "the last count width (frame %zu) set to 33", d->l.frames - 1);
    if (d->l.frames > 1)
        poke(d, d->l.count_widths + d->l.frames - 1, 33, 0, damage);
    poke(d, d->l.count_widths, 32, 0, "the first count width set to 32");
}

/* Bit `bit` of a stream's last word, which starts at byte `words` + 4 * (last). */
static void stream_tail_bits(struct damaged *d, const char *stream, size_t words, uint64_t bits)
{
    if (bits % 32 == 0)
        return; /* the last word is full: no unused bits */
    size_t last = words + 4 * (size_t)((bits - 1) / 32);
    unsigned used = (unsigned)(bits % 32), flips[2] = {used, 31};
    for (int k = 0; k < 2; k++) {
        char damage[128];
        snprintf(damage, sizeof damage, "bit %u of the %s stream's last word set (only its low %u bits are used)",
                 flips[k], stream, used);
        poke(d, last + flips[k] / 8, 0, (uint8_t)(1u << (flips[k] % 8)), damage);
    }
}

static void counts_wrong(struct damaged *d)
{
    const struct cascade_case *c = d->c;
    expect_agrees(c, "its counts adding up to n, decoded as n + 1 elements", d->payload, d->bytes, d->delta,
                  c->base.n + 1);
    if (c->base.n > 1)
        expect_agrees(c, "its counts adding up to n, decoded as n - 1 elements", d->payload, d->bytes, d->delta,
                      c->base.n - 1);
    if (d->l.count_bits > 0) {
        poke(d, d->l.count_words, 0, 1, "bit 0 of the first count word flipped (a count one more or less)");
        memcpy(d->bad, d->payload, d->bytes);
        scanzip_store32(d->bad + d->l.count_words, UINT32_MAX);
        expect_agrees(c, "the first count word set to 0xffffffff", d->bad, d->bytes, d->delta, c->base.n);
    }
    expect_agrees(c, d->delta ? "the delta flag off (it was written with it on): still valid"
                              : "the delta flag on (it was written with it off): still valid",
                  d->payload, d->bytes, !d->delta, c->base.n);
}

/* A byte of the header or of the width bytes: where damage tells most. */
static size_t structural_byte(const struct cascade_layout *l, uint64_t r)
{
    size_t k = (size_t)(r % (8 + 2 * l->frames));
    return k < 8 ? k : k < 8 + l->frames ? k : l->count_widths + (k - 8 - l->frames);
}

/* `count` random changes, seeded by the case: each one bit flipped or a
 * byte replaced, anywhere or in the header and widths. */
static void random_damage(struct damaged *d, unsigned count)
{
    uint64_t state = d->c->base.seed ^ 0xdecade;
    for (unsigned m = 0; m < count; m++) {
        memcpy(d->bad, d->payload, d->bytes);
        uint64_t r = random_next(&state);
        size_t at = m % 2 ? structural_byte(&d->l, r) : (size_t)(r % d->bytes);
        uint8_t was = d->bad[at];
        r = random_next(&state);
        d->bad[at] = m % 4 < 2 ? (uint8_t)(was ^ (1u << (r % 8))) : (uint8_t)(was + 1 + r % 255);
        char damage[160], where[96];
        cascade_payload_place(&d->l, at, where, sizeof where);
        snprintf(damage, sizeof damage, "byte %zu (%s) changed from 0x%02x to 0x%02x (random change %u)", at, where,
                 was, d->bad[at], m);
        expect_agrees(d->c, damage, d->bad, d->bytes, d->delta, d->c->base.n);
    }
}

static struct damaged damaged_of(const struct cascade_case *c)
{
    struct damaged d = {c, NULL, 0, false, {0}, NULL};
    uint8_t *raw = cascade_case_raw(c);
    int delta = 0;
    d.payload = cascade_oracle_payload(c, raw, &d.bytes, &delta);
    d.delta = delta != 0;
    d.l = cascade_payload_layout(d.payload);
    d.bad = host_alloc(d.bytes + 4, 1);
    free(raw);
    return d;
}

static void damaged_free(struct damaged *d)
{
    free((void *)d->payload), free(d->bad);
}

/* Every named damage of the case's payload. */
static void check_damaged(const struct cascade_case *c)
{
    struct damaged d = damaged_of(c);
    cut_short(&d);
    extend(&d);
    header_lies(&d);
    too_wide(&d);
    stream_tail_bits(&d, "symbol", d.l.symbol_words, d.l.symbol_bits);
    stream_tail_bits(&d, "count", d.l.count_words, d.l.count_bits);
    counts_wrong(&d);
    damaged_free(&d);
}

static void check_random_damage(const struct cascade_case *c)
{
    struct damaged d = damaged_of(c);
    random_damage(&d, 24);
    damaged_free(&d);
}

/* ---- Spreads of cases --------------------------------------------------------------- */

/* cascade_check_sizes, on a GPU only. */
static void check_sizes(const char *function, const struct size_case *list, size_t count, cascade_check_fn check)
{
    require_gpu();
    cascade_check_sizes(function, list, count, check);
}

/* Each frame length with each delta choice, width and fill; the sizes
 * taken in turn: a chunk shorter than a frame, partial last frames, a
 * tile plus one. */
static void check_frames(const char *function, const uint32_t *frames, size_t count, cascade_check_fn check)
{
    static const struct size_case turn[] = {
        {31, "a warp minus one: shorter than most frames"},
        {257, "a 256-thread block plus one"},
        {1025, "2^10 + 1"},
        {8193, "a tile plus one: the second tile has one element"},
    };
    require_gpu();
    size_t i = 0;
    for (size_t f = 0; f < count; f++)
        for (size_t d = 0; d < DELTAS; d++)
            for (size_t k = 0; k < CASCADE_WIDTHS; k++)
                for (int fill = 0; fill < CASCADE_FILLS; fill++) {
                    struct cascade_case c = cascade_case_of(function, &turn[i++ % 4], cascade_widths[k], fill,
                                                            frames[f], deltas[d]);
                    check(&c);
                }
}

/* The large sizes, each fill once, the width changing from case to case,
 * the frame and the delta chosen. */
static void check_large(const char *function, cascade_check_fn check)
{
    require_gpu();
    for (size_t s = 0; s < LARGE_SIZES; s++) {
        for (int fill = 0; fill < CASCADE_FILLS; fill++) {
            struct cascade_case c = cascade_case_of(function, &large_sizes[s],
                                                    cascade_widths[(s + fill) % CASCADE_WIDTHS], fill,
                                                    SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
            check(&c);
        }
    }
}

/* ---- Argument checks ------------------------------------------------------------------- */

/* What one call with a wrong argument returned, and the argument:
 * {cascade_encode_single_pass(NULL, ...), "d_raw NULL"}. */
struct refused_call {
    cudaError_t got;
    const char *call;
};

/* Every call returned cudaErrorInvalidValue, and no kernel failed. */
static void expect_refused(const struct cascade_case *c, const struct refused_call *calls, size_t count)
{
    for (size_t k = 0; k < count; k++)
        if (calls[k].got != cudaErrorInvalidValue)
            fail_case(&c->base, "the call with %s returned %s, not cudaErrorInvalidValue", calls[k].call,
                      cudaGetErrorName(calls[k].got));
    expect_call_success(&c->base, "after the refused calls", cudaSuccess);
}

/* The refused calls left an output array (`bytes` bytes, read back) as
 * poisoned: "a refused call wrote d_raw[5] (0x00)". */
static void expect_unwritten_array(const struct cascade_case *c, const char *name, const uint8_t *got, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
        if (got[i] != CASCADE_POISON)
            fail_case(&c->base, "a refused call wrote %s[%zu] (0x%02x)", name, i, got[i]);
}

/* The same for a device uint32_t result, its 4 bytes read back:
 * "a refused call wrote *d_valid". */
static void expect_unwritten_result(const struct cascade_case *c, const char *name, const uint8_t *got)
{
    for (size_t i = 0; i < 4; i++)
        if (got[i] != CASCADE_POISON)
            fail_case(&c->base, "a refused call wrote %s", name);
}

/* ---- Tests: the encoder --------------------------------------------------------------- */

Test(fast_cascade, encode_sizes, .timeout = 120)
{
    check_sizes("cascade_encode_single_pass", sizes, SIZES, check_encode);
}

Test(fast_cascade, encode_unaligned, .timeout = 120)
{
    check_sizes("cascade_encode_single_pass", sizes, SMALL_SIZES, check_encode_unaligned);
}

Test(fast_cascade, encode_frames, .timeout = 120)
{
    check_frames("cascade_encode_single_pass", encoder_frames, ENCODER_FRAMES, check_encode);
}

Test(fast_cascade, encode_large, .timeout = 120)
{
    check_large("cascade_encode_single_pass", check_encode);
}

/* The valid call that an argument test makes before and after the
 * invalid ones: 64 elements of runs, one byte each. */
static struct cascade_case arguments_case(const char *function)
{
    static const struct size_case size = {64, "64 elements"};
    return cascade_case_of(function, &size, 1, CASCADE_FILL_RUNS, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
}

/* Frame lengths other than SCANZIP_FRAME_CHOOSE and the candidates, NULL
 * pointers, w = 3, n = 0 and n > CASCADE_MAX_N, and too little temporary
 * storage are refused, with nothing written; a valid call works before
 * and after (refusing everything is no answer). */
Test(fast_cascade, encode_arguments, .timeout = 120)
{
    require_gpu();
    struct cascade_case c = arguments_case("cascade_encode_single_pass (argument checks)");
    check_encode(&c);
    size_t n = c.base.n, temp_bytes = cascade_single_pass_temp_bytes(n), room = cascade_max_payload_bytes(n);
    size_t huge_temp = cascade_single_pass_temp_bytes(CASCADE_MAX_N + 1);
    cr_assert(temp_bytes > 0, "grader: cascade_single_pass_temp_bytes(64) is 0: too little cannot be tried");
    struct device_bytes raw = output_bytes(4 * n, 0x11, 0), payload = output_bytes(room, CASCADE_POISON, 0);
    struct device_bytes results = output_bytes(8, CASCADE_POISON, 0), temp = output_bytes(temp_bytes, TEMP_POISON, 0);
    uint8_t *r = raw.d, *p = payload.d, *t = temp.d;
    uint32_t *b = (uint32_t *)results.d, *u = b + 1;
    const enum cascade_delta cd = CASCADE_CHOOSE_DELTA;
    const struct refused_call calls[] = {
        {cascade_encode_single_pass(r, n, 1, 100, cd, p, b, u, t, temp_bytes), "frame_length 100"},
        {cascade_encode_single_pass(r, n, 1, 1, cd, p, b, u, t, temp_bytes), "frame_length 1"},
        {cascade_encode_single_pass(r, n, 1, 512, cd, p, b, u, t, temp_bytes), "frame_length 512"},
        {cascade_encode_single_pass(r, n, 1, 24, cd, p, b, u, t, temp_bytes), "frame_length 24"},
        {cascade_encode_single_pass(r, n, 1, SCANZIP_MAX_FRAME_LENGTH, cd, p, b, u, t, temp_bytes),
         "frame_length 2^20 (lab 08's cascade_encode takes it; this one takes only the candidates)"},
        {cascade_encode_single_pass(NULL, n, 1, 0, cd, p, b, u, t, temp_bytes), "d_raw NULL"},
        {cascade_encode_single_pass(r, n, 1, 0, cd, NULL, b, u, t, temp_bytes), "d_payload NULL"},
        {cascade_encode_single_pass(r, n, 1, 0, cd, p, NULL, u, t, temp_bytes), "d_payload_bytes NULL"},
        {cascade_encode_single_pass(r, n, 1, 0, cd, p, b, NULL, t, temp_bytes), "d_delta_used NULL"},
        {cascade_encode_single_pass(r, n, 1, 0, cd, p, b, u, NULL, temp_bytes), "d_temp NULL"},
        {cascade_encode_single_pass(r, n, 3, 0, cd, p, b, u, t, temp_bytes), "element_bytes 3"},
        {cascade_encode_single_pass(r, n, 0, 0, cd, p, b, u, t, temp_bytes), "element_bytes 0"},
        {cascade_encode_single_pass(r, n, 8, 0, cd, p, b, u, t, temp_bytes), "element_bytes 8"},
        {cascade_encode_single_pass(r, 0, 1, 0, cd, p, b, u, t, temp_bytes), "n = 0"},
        {cascade_encode_single_pass(r, CASCADE_MAX_N + 1, 1, 0, cd, p, b, u, t, huge_temp),
         "n = CASCADE_MAX_N + 1 (temp_bytes as cascade_single_pass_temp_bytes says for it)"},
        {cascade_encode_single_pass(r, n, 1, 0, cd, p, b, u, t, temp_bytes - 1),
         "temp_bytes one less than cascade_single_pass_temp_bytes(n)"},
    };
    expect_refused(&c, calls, sizeof calls / sizeof calls[0]);
    uint8_t *written = device_bytes_read(&c.base, "d_payload", &payload);
    uint8_t *result = device_bytes_read(&c.base, "the results", &results);
    expect_unwritten_array(&c, "d_payload", written, room);
    expect_unwritten_result(&c, "*d_payload_bytes", result);
    expect_unwritten_result(&c, "*d_delta_used", result + 4);
    free(device_bytes_read(&c.base, "d_temp (the temporary storage)", &temp));
    device_bytes_free(&raw), device_bytes_free(&payload), device_bytes_free(&results), device_bytes_free(&temp);
    free(written), free(result);
    check_encode(&c);
}

/* ---- Tests: the decoder ----------------------------------------------------------------- */

Test(fast_cascade, decode_sizes, .timeout = 120)
{
    check_sizes("cascade_decode_single_pass", sizes, SIZES, check_decode);
}

Test(fast_cascade, decode_unaligned, .timeout = 120)
{
    check_sizes("cascade_decode_single_pass", sizes, SMALL_SIZES, check_decode_unaligned);
}

/* Payloads with any frame length decode, the encoder's or not: 1 (a frame
 * a run), 3 (not a power of two), 100, 1000 (longer than a tile's runs?),
 * 2^20 (the longest), and the candidates. */
Test(fast_cascade, decode_frames, .timeout = 120)
{
    static const uint32_t frames[] = {1, 3, 100, 1000, SCANZIP_MAX_FRAME_LENGTH, 8, 16, 32, 64, 128, 256};
    check_frames("cascade_decode_single_pass", frames, sizeof frames / sizeof frames[0], check_decode);
}

/* The large sizes; and 2^20 + 3 runs (a sawtooth) in frames of 2^20: the
 * second frame has 3. */
Test(fast_cascade, decode_large, .timeout = 120)
{
    check_large("cascade_decode_single_pass", check_decode);
    struct cascade_case c = cascade_case_of("cascade_decode_single_pass, d_payload and d_raw 3 bytes past a 16-byte"
                                            " boundary", &large_sizes[MILLION], 2, CASCADE_FILL_SAWTOOTH,
                                            SCANZIP_MAX_FRAME_LENGTH, CASCADE_PLAIN);
    check_decode_in(&c, 3, NULL);
}

/* Every named damage: cut short, extended, header lies, widths too wide,
 * unused bits set, counts not adding up to n (and the delta flag wrong,
 * which is still valid). */
Test(fast_cascade, decode_damaged, .timeout = 120)
{
    require_gpu();
    const struct size_case size = {257, "a 256-thread block plus one"};
    for (size_t k = 0; k < CASCADE_WIDTHS; k++)
        for (int fill = 0; fill < CASCADE_FILLS; fill++) {
            uint32_t frame = (k + fill) % 2 ? 16 : SCANZIP_FRAME_CHOOSE; /* several frames, or as chosen */
            struct cascade_case c = cascade_case_of("cascade_decode_single_pass (damaged payloads)", &size,
                                                    cascade_widths[k], fill, frame, CASCADE_CHOOSE_DELTA);
            check_damaged(&c);
        }
    const struct size_case one = {1, "one element"}, tiles = {8193, "a tile plus one"};
    struct cascade_case c = cascade_case_of("cascade_decode_single_pass (damaged payloads)", &one, 4,
                                            CASCADE_FILL_NOISE, SCANZIP_FRAME_CHOOSE, CASCADE_PLAIN);
    check_damaged(&c);
    c = cascade_case_of("cascade_decode_single_pass (damaged payloads)", &tiles, 2, CASCADE_FILL_LABELS, 3,
                        CASCADE_DELTA);
    check_damaged(&c);
}

Test(fast_cascade, decode_random_damage, .timeout = 120)
{
    require_gpu();
    const struct size_case size = {257, "a 256-thread block plus one"}, tiles = {8193, "a tile plus one"};
    for (size_t k = 0; k < CASCADE_WIDTHS; k++)
        for (int fill = 0; fill < CASCADE_FILLS; fill++) {
            struct cascade_case c = cascade_case_of("cascade_decode_single_pass (random damage)", &size,
                                                    cascade_widths[k], fill, SCANZIP_FRAME_CHOOSE,
                                                    CASCADE_CHOOSE_DELTA);
            check_random_damage(&c);
            c = cascade_case_of("cascade_decode_single_pass (random damage)", &tiles, cascade_widths[k], fill,
                                1 + 99 * (fill % 2), deltas[k]);
            check_random_damage(&c);
        }
}

/* NULL pointers, w = 3, n = 0 and n > CASCADE_MAX_N, and too little
 * temporary storage are refused, with nothing written; a valid call works
 * before and after. */
Test(fast_cascade, decode_arguments, .timeout = 120)
{
    require_gpu();
    struct cascade_case c = arguments_case("cascade_decode_single_pass (argument checks)");
    check_decode(&c);
    uint8_t *raw = cascade_case_raw(&c);
    size_t bytes = 0, n = c.base.n, temp_bytes = cascade_single_pass_temp_bytes(n);
    size_t huge_temp = cascade_single_pass_temp_bytes(CASCADE_MAX_N + 1);
    int delta = 0;
    uint8_t *payload = cascade_oracle_payload(&c, raw, &bytes, &delta);
    cr_assert(temp_bytes > 0, "grader: cascade_single_pass_temp_bytes(64) is 0: too little cannot be tried");
    struct device_bytes d_payload = input_bytes(payload, bytes, 0), out = output_bytes(4 * n, CASCADE_POISON, 0);
    struct device_bytes valid = output_bytes(4, CASCADE_POISON, 0), temp = output_bytes(temp_bytes, TEMP_POISON, 0);
    const uint8_t *p = d_payload.d;
    uint8_t *o = out.d, *t = temp.d;
    uint32_t *v = (uint32_t *)valid.d;
    bool dl = delta != 0;
    const struct refused_call calls[] = {
        {cascade_decode_single_pass(NULL, bytes, 1, dl, o, n, v, t, temp_bytes), "d_payload NULL"},
        {cascade_decode_single_pass(p, bytes, 1, dl, NULL, n, v, t, temp_bytes), "d_raw NULL"},
        {cascade_decode_single_pass(p, bytes, 1, dl, o, n, NULL, t, temp_bytes), "d_valid NULL"},
        {cascade_decode_single_pass(p, bytes, 1, dl, o, n, v, NULL, temp_bytes), "d_temp NULL"},
        {cascade_decode_single_pass(p, bytes, 3, dl, o, n, v, t, temp_bytes), "element_bytes 3"},
        {cascade_decode_single_pass(p, bytes, 0, dl, o, n, v, t, temp_bytes), "element_bytes 0"},
        {cascade_decode_single_pass(p, bytes, 1, dl, o, 0, v, t, temp_bytes), "n = 0"},
        {cascade_decode_single_pass(p, bytes, 1, dl, o, CASCADE_MAX_N + 1, v, t, huge_temp),
         "n = CASCADE_MAX_N + 1 (temp_bytes as cascade_single_pass_temp_bytes says for it)"},
        {cascade_decode_single_pass(p, bytes, 1, dl, o, n, v, t, temp_bytes - 1),
         "temp_bytes one less than cascade_single_pass_temp_bytes(n)"},
    };
    expect_refused(&c, calls, sizeof calls / sizeof calls[0]);
    uint8_t *written = device_bytes_read(&c.base, "d_raw", &out);
    uint8_t *result = device_bytes_read(&c.base, "d_valid", &valid);
    expect_unwritten_array(&c, "d_raw", written, 4 * n);
    expect_unwritten_result(&c, "*d_valid", result);
    cascade_expect_unchanged(&c, "d_payload", &d_payload, payload);
    free(device_bytes_read(&c.base, "d_temp (the temporary storage)", &temp));
    device_bytes_free(&d_payload), device_bytes_free(&out), device_bytes_free(&valid), device_bytes_free(&temp);
    free(raw), free(payload), free(written), free(result);
    check_decode(&c);
}

/* ---- Tests: one temporary storage, call after call ------------------------------------------ */

/* The storage as the call before left it, not poisoned: flags, counters
 * or a verdict left over must not be taken for this call's. The decoder
 * gets a refused payload between two valid ones. */
Test(fast_cascade, reused_temp, .timeout = 120)
{
    require_gpu();
    const struct size_case tiles = {8193, "a tile plus one"}, many = {100000, "many tiles"};
    const struct size_case block = {257, "a 256-thread block plus one"};
    struct cascade_case cases[] = {
        cascade_case_of("cascade_*_single_pass (the temporary storage of the call before)", &tiles, 1,
                        CASCADE_FILL_LABELS, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA),
        cascade_case_of("cascade_*_single_pass (the temporary storage of the call before)", &many, 2,
                        CASCADE_FILL_RUNS, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA),
        cascade_case_of("cascade_*_single_pass (the temporary storage of the call before)", &tiles, 4,
                        CASCADE_FILL_NOISE, 64, CASCADE_PLAIN),
        cascade_case_of("cascade_*_single_pass (the temporary storage of the call before)", &block, 2,
                        CASCADE_FILL_SAWTOOTH, SCANZIP_FRAME_CHOOSE, CASCADE_DELTA),
    };
    struct device_bytes temp = output_bytes(cascade_single_pass_temp_bytes(many.n), TEMP_POISON, 0);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        check_encode_in(&cases[k], 0, &temp);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        check_decode_in(&cases[k], 0, &temp);
        /* A refused payload (runs 0), then the next valid one must not be refused. */
        uint8_t refused[8] = {0, 0, 0, 0, 8, 0, 0, 0};
        struct verdict v = gpu_decode(&cases[k], "decoding an 8-byte payload of 0 runs", refused, sizeof refused,
                                      false, cases[k].base.n, 0, &temp);
        if (v.valid != 0)
            fail_case(&cases[k].base, "an 8-byte payload of 0 runs (frames of 8) was accepted (*d_valid 1)");
        free(v.raw);
    }
    check_decode_in(&cases[0], 0, &temp);
    device_bytes_free(&temp);
}

/* ---- Tests: a batch of chunks ------------------------------------------------------------- */

/*
 * cascade_encode_batch on the case's elements in chunks of `chunk`: chunk
 * k's payload, at k * stride, is the oracle's of its elements byte for
 * byte, with its length and delta flag in d_results[3k], [3k + 1], and
 * nothing written past it; cascade_decode_batch gives the elements back,
 * every verdict (d_results[3k + 2]) 1. The stride is the payload's room,
 * cascade_max_payload_bytes(chunk), at any alignment.
 */
static void check_batch(const struct cascade_case *c, size_t chunk)
{
    record_test_case(&c->base);
    unsigned w = c->element_bytes;
    size_t n = c->base.n, chunks = (n + chunk - 1) / chunk, stride = cascade_max_payload_bytes(chunk);
    uint8_t *raw = cascade_case_raw(c);
    struct device_bytes temp = output_bytes(cascade_batch_temp_bytes(chunk, chunks), TEMP_POISON, 0);
    struct device_bytes d_raw = input_bytes(raw, n * w, 0), d_out = output_bytes(n * w, CASCADE_POISON, 0);
    struct device_bytes d_payloads = output_bytes(chunks * stride, CASCADE_POISON, 0);
    struct device_bytes d_results = output_bytes(3 * chunks * sizeof(uint32_t), CASCADE_POISON, 0);
    uint32_t *results_d = (uint32_t *)d_results.d;

    expect_call_success(&c->base, "encoding the batch",
                        cascade_encode_batch(d_raw.d, n, chunk, w, c->frame_length, c->delta, d_payloads.d, stride,
                                             results_d, temp.d, temp.buffer.count));
    uint8_t *got = device_bytes_read(&c->base, "d_payloads", &d_payloads);
    uint32_t *results = (uint32_t *)device_bytes_read(&c->base, "d_results", &d_results);
    for (size_t k = 0; k < chunks; k++) {
        struct cascade_case part = *c;
        part.base.n = n - k * chunk < chunk ? n - k * chunk : chunk;
        size_t expected_bytes = 0;
        int expected_delta = 0;
        uint8_t *expected = cascade_oracle_payload(&part, raw + k * chunk * w, &expected_bytes, &expected_delta);
        expect_payload(&part, expected, expected_bytes, expected_delta, got + k * stride, stride, results[3 * k],
                       results[3 * k + 1]);
        free(expected);
    }
    expect_call_success(&c->base, "decoding the batch",
                        cascade_decode_batch(d_payloads.d, stride, results_d, w, d_out.d, n, chunk, temp.d,
                                             temp.buffer.count));
    free(results);
    results = (uint32_t *)device_bytes_read(&c->base, "d_results", &d_results);
    for (size_t k = 0; k < chunks; k++)
        if (results[3 * k + 2] != 1)
            fail_case(&c->base, "cascade_decode_batch: chunk %zu of %zu (chunks of %zu): verdict 0x%x, not 1", k,
                      chunks, chunk, results[3 * k + 2]);
    uint8_t *back = device_bytes_read(&c->base, "d_raw (decoded)", &d_out);
    for (size_t i = 0; i < n * w; i++)
        if (back[i] != raw[i]) {
            fail_case(&c->base, "cascade_decode_batch: byte %zu (chunk %zu of %zu) is 0x%02x, expected 0x%02x", i,
                      i / w / chunk, chunks, back[i], raw[i]);
            break;
        }
    cascade_expect_unchanged(c, "d_raw", &d_raw, raw);
    device_bytes_free(&temp), device_bytes_free(&d_raw), device_bytes_free(&d_out);
    device_bytes_free(&d_payloads), device_bytes_free(&d_results);
    free(raw), free(got), free(results), free(back);
}

/* Every width and fill, in chunks of a tile (8192: each starts 16-byte
 * aligned) and of 1000 (chunks that start anywhere, a last one of 5),
 * and a million elements in 4 chunks and a short one. */
Test(fast_cascade, batch, .timeout = 120)
{
    require_gpu();
    const struct size_case size = {3 * 8192 + 5, "three tiles and 5"}, large = {(1u << 20) + 3, "2^20 + 3"};
    for (size_t k = 0; k < CASCADE_WIDTHS; k++)
        for (int fill = 0; fill < CASCADE_FILLS; fill++) {
            struct cascade_case c = cascade_case_of("cascade_encode_batch and cascade_decode_batch", &size,
                                                    cascade_widths[k], fill, SCANZIP_FRAME_CHOOSE,
                                                    deltas[(k + fill) % DELTAS]);
            check_batch(&c, 8192);
            check_batch(&c, 1000);
        }
    struct cascade_case c = cascade_case_of("cascade_encode_batch and cascade_decode_batch", &large, 1,
                                            CASCADE_FILL_LABELS, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
    check_batch(&c, 1u << 18);
}

/* A chunk of 0 or past CASCADE_MAX_N, a stride under a payload's room,
 * too little storage, d_results NULL: refused; a valid batch works after. */
Test(fast_cascade, batch_arguments, .timeout = 120)
{
    require_gpu();
    const struct size_case size = {100, "100 elements"};
    struct cascade_case c = cascade_case_of("cascade_*_batch (argument checks)", &size, 1, CASCADE_FILL_RUNS,
                                            SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
    size_t n = size.n, chunk = 32, stride = cascade_max_payload_bytes(chunk);
    size_t temp_bytes = cascade_batch_temp_bytes(chunk, 4); /* 100 elements: 4 chunks */
    struct device_bytes raw = output_bytes(n, 0x11, 0), payloads = output_bytes(4 * stride, CASCADE_POISON, 0);
    struct device_bytes results = output_bytes(48, CASCADE_POISON, 0), temp = output_bytes(temp_bytes, TEMP_POISON, 0);
    uint8_t *r = raw.d, *p = payloads.d, *t = temp.d;
    uint32_t *u = (uint32_t *)results.d;
    const enum cascade_delta cd = CASCADE_CHOOSE_DELTA;
    const struct refused_call calls[] = {
        {cascade_encode_batch(r, n, 0, 1, 0, cd, p, stride, u, t, temp_bytes), "encoder, chunk 0"},
        {cascade_encode_batch(r, n, CASCADE_MAX_N + 1, 1, 0, cd, p, stride, u, t, temp_bytes),
         "encoder, chunk CASCADE_MAX_N + 1"},
        {cascade_encode_batch(r, n, chunk, 1, 0, cd, p, stride - 1, u, t, temp_bytes),
         "encoder, payload_stride one less than cascade_max_payload_bytes(chunk)"},
        {cascade_encode_batch(r, n, chunk, 1, 0, cd, p, stride, u, t, temp_bytes - 1),
         "encoder, temp_bytes one less than cascade_batch_temp_bytes(chunk, 4)"},
        {cascade_encode_batch(r, n, chunk, 1, 0, cd, p, stride, NULL, t, temp_bytes), "encoder, d_results NULL"},
        {cascade_decode_batch(p, stride - 1, u, 1, r, n, chunk, t, temp_bytes),
         "decoder, payload_stride one less than cascade_max_payload_bytes(chunk)"},
        {cascade_decode_batch(p, stride, u, 1, r, n, chunk, t, temp_bytes - 1),
         "decoder, temp_bytes one less than cascade_batch_temp_bytes(chunk, 4)"},
        {cascade_decode_batch(p, stride, NULL, 1, r, n, chunk, t, temp_bytes), "decoder, d_results NULL"},
    };
    expect_refused(&c, calls, sizeof calls / sizeof calls[0]);
    uint8_t *written = device_bytes_read(&c.base, "d_payloads", &payloads);
    expect_unwritten_array(&c, "d_payloads", written, 4 * stride);
    free(device_bytes_read(&c.base, "d_results", &results));
    free(device_bytes_read(&c.base, "d_temp (the temporary storage)", &temp));
    device_bytes_free(&raw), device_bytes_free(&payloads), device_bytes_free(&results), device_bytes_free(&temp);
    free(written);
    check_batch(&c, chunk);
}
