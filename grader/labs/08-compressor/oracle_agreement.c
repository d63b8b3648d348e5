/*
 * oracle_agreement.c: lab 08's oracle (oracle_codec.h, the grader's) and
 * scanzip's CPU codec (scanzip/codec.h, the tool's, tuned for
 * speed) agree: on every fill and width that lab 08's tests use, at the
 * sizes below, with the frame length chosen or given and the delta off,
 * on or chosen, they write the same payload byte for byte, with the same
 * delta flag, and each decodes the other's back to the chunk; on damaged
 * payloads they give the same verdict, and the same elements where both
 * accept one. A change to either that would change a grade fails here:
 *
 *   agreement::payloads, n = 257 ..., w = 2, FILL=labels, ...:
 *     payload byte 9: the oracle wrote 0x05, scanzip's codec 0x04 (of 61 bytes)
 *
 * Not part of a grade: linked into lab 08's fast tests (lab.mk), the one
 * program of lab 08's that make test runs and that links scanzip's codec.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "cascade_checks.h"
#include "check.h"
#include "host.h"
#include "oracle_codec.h"
#include "random.h"
#include "scanzip/codec.h"

/* Sizes, each with the edge it is there for. */
static const struct size_case sizes[] = {
    {0, "no elements: the 8-byte header alone (the format has it; lab 08's chunks never)"},
    {1, "one element: one run, one frame"},
    {7, "a frame of 8, the shortest candidate, minus one"},
    {8, "one whole frame of 8"},
    {9, "a frame of 8 plus one"},
    {255, "a frame of 256, the longest candidate, minus one"},
    {256, "one whole frame of 256"},
    {257, "a frame of 256 plus one (lab 08's given frames use it)"},
    {4097, "many frames of every candidate, not a power of two"},
};
#define SIZES (sizeof sizes / sizeof sizes[0])

/* Lab 08's largest case: more than a grid's worth (tests.c: past_a_grid). */
static const struct size_case past_a_grid = {4096 * 256 + 257, "more than a grid's worth: 4096 blocks of 256, and 257"};

/* The frame lengths: chosen, and those lab 08's tests give (1, 3, 128,
 * 100000, 2^20) with the candidates' ends, 8 and 256. */
static const uint32_t frames[] = {SCANZIP_FRAME_CHOOSE, 1, 3, 8, 128, 256, 100000, SCANZIP_MAX_FRAME_LENGTH};
#define FRAMES (sizeof frames / sizeof frames[0])
static const enum cascade_delta deltas[] = {CASCADE_PLAIN, CASCADE_DELTA, CASCADE_CHOOSE_DELTA};

/* scanzip's payload of the case, as scanzip -m cascade would write it
 * with lab 08's two variants (flags 0 and delta; never delta first). */
static uint8_t *codec_payload(const struct cascade_case *c, const uint8_t *raw, size_t *bytes, bool *delta_used)
{
    struct scanzip_codec_params params = {c->element_bytes, c->frame_length};
    struct scanzip_sizes measured;
    scanzip_measure(&params, raw, c->base.n, &measured);
    unsigned method = SCANZIP_CASCADE, flags = c->delta == CASCADE_DELTA ? SCANZIP_FLAG_DELTA : 0;
    measured.of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA_FIRST].bytes = SCANZIP_UNMEASURED;
    measured.of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA_FIRST | SCANZIP_FLAG_DELTA].bytes = SCANZIP_UNMEASURED;
    if (c->delta == CASCADE_CHOOSE_DELTA)
        scanzip_choose(SCANZIP_CHOOSE_CASCADE, &measured, &method, &flags);
    params.frame_length = scanzip_payload_frame(&measured, method, flags);
    uint8_t *payload = host_alloc(scanzip_payload_size(&measured, method, flags), 1);
    *bytes = (size_t)scanzip_encode_payload(&params, method, flags, raw, c->base.n, payload);
    *delta_used = (flags & SCANZIP_FLAG_DELTA) != 0;
    return payload;
}

/* Both decoders judge payload[0..bytes) for the case's n elements alike
 * and, where they accept it, write the same elements (expected's, when
 * not NULL); returns whether scanzip's decoder accepts it. */
static bool judged_alike(const struct cascade_case *c, const char *what, const uint8_t *payload, size_t bytes,
                         bool delta, const uint8_t *expected)
{
    size_t raw_bytes = c->base.n * c->element_bytes;
    uint8_t *ours = host_alloc(raw_bytes, 1), *theirs = host_alloc(raw_bytes, 1);
    struct scanzip_why why = {""};
    char refusal[ORACLE_WHY] = "";
    bool ours_refused = oracle_cascade_decode(payload, bytes, c->element_bytes, delta, ours, c->base.n, refusal) != 0;
    bool refused = scanzip_decode_payload(c->element_bytes, SCANZIP_CASCADE, delta ? SCANZIP_FLAG_DELTA : 0, payload,
                                          bytes, theirs, raw_bytes, &why) != 0;
    if (refused != ours_refused)
        fail_case(&c->base, "%s (%zu bytes, delta %s): the oracle says \"%s\", scanzip's codec \"%s\"", what, bytes,
                  delta ? "on" : "off", ours_refused ? refusal : "valid", refused ? why.text : "valid");
    for (size_t i = 0; !refused && i < raw_bytes; i++) {
        if (ours[i] != theirs[i])
            fail_case(&c->base, "%s: element %zu (byte %zu of it): the oracle decoded 0x%02x, scanzip's codec 0x%02x",
                      what, i / c->element_bytes, i % c->element_bytes, ours[i], theirs[i]);
        if (expected != NULL && ours[i] != expected[i])
            fail_case(&c->base, "%s: element %zu (byte %zu of it) decodes to 0x%02x, not the chunk's 0x%02x", what,
                      i / c->element_bytes, i % c->element_bytes, ours[i], expected[i]);
    }
    free(ours), free(theirs);
    return !refused;
}

/* The case's payload from both, the same bytes, each decoded by both. */
static void check_same_payload(const struct cascade_case *c)
{
    uint8_t *raw = cascade_case_raw(c);
    size_t ours_bytes = 0, theirs_bytes = 0;
    bool ours_delta = false, theirs_delta = false;
    uint8_t *ours = oracle_cascade_encode(raw, c->base.n, c->element_bytes, c->frame_length, c->delta, &ours_bytes,
                                          &ours_delta);
    uint8_t *theirs = codec_payload(c, raw, &theirs_bytes, &theirs_delta);
    for (size_t i = 0; i < ours_bytes && i < theirs_bytes; i++)
        if (ours[i] != theirs[i])
            fail_case(&c->base, "payload byte %zu: the oracle wrote 0x%02x, scanzip's codec 0x%02x (of %zu bytes)", i,
                      ours[i], theirs[i], theirs_bytes);
    if (ours_bytes != theirs_bytes || ours_delta != theirs_delta)
        fail_case(&c->base, "the oracle wrote %zu bytes, delta %s; scanzip's codec %zu bytes, delta %s", ours_bytes,
                  ours_delta ? "on" : "off", theirs_bytes, theirs_delta ? "on" : "off");
    if (!judged_alike(c, "the oracle's payload", ours, ours_bytes, ours_delta, raw) ||
        !judged_alike(c, "scanzip's payload", theirs, theirs_bytes, theirs_delta, raw))
        fail_case(&c->base, "a payload both wrote is refused by both");
    free(raw), free(ours), free(theirs);
}

/* The case's payload damaged in many ways, each judged alike: cut to
 * each length up to 16 bytes and at eight more points, a byte added, the run
 * count and frame length set to each value near their limits, and
 * random bits flipped and bytes set (a flip in a symbol keeps most
 * payloads valid: both must then decode the same elements). */
static void check_same_verdicts(const struct cascade_case *c)
{
    uint8_t *raw = cascade_case_raw(c);
    size_t bytes = 0;
    bool delta = false;
    uint8_t *payload = oracle_cascade_encode(raw, c->base.n, c->element_bytes, c->frame_length, c->delta, &bytes,
                                             &delta);
    uint8_t *bad = host_alloc(bytes + 1, 1);
    char what[96];
    for (size_t kept = 0; kept < bytes; kept += kept < 16 ? 1 : bytes / 8 + 1) {
        snprintf(what, sizeof what, "cut to %zu bytes", kept);
        judged_alike(c, what, payload, kept, delta, NULL);
    }
    memcpy(bad, payload, bytes);
    bad[bytes] = 0;
    judged_alike(c, "a byte added", bad, bytes + 1, delta, NULL);
    uint32_t n = (uint32_t)c->base.n;
    const uint32_t lies[] = {0, 1, 2, n - 1, n, n + 1, SCANZIP_MAX_FRAME_LENGTH, SCANZIP_MAX_FRAME_LENGTH + 1,
                             0x80000000u, UINT32_MAX};
    for (size_t field = 0; field < 8; field += 4)
        for (size_t k = 0; k < sizeof lies / sizeof lies[0]; k++) {
            memcpy(bad, payload, bytes);
            scanzip_store32(bad + field, lies[k]);
            snprintf(what, sizeof what, "the %s set to %u", field == 0 ? "run count" : "frame length", lies[k]);
            judged_alike(c, what, bad, bytes, delta, NULL);
        }
    uint64_t state = c->base.seed ^ 0x0dd;
    for (unsigned m = 0; m < 200; m++) {
        memcpy(bad, payload, bytes);
        size_t at = random_next(&state) % bytes;
        uint64_t r = random_next(&state);
        bad[at] = m % 2 == 0 ? bad[at] ^ (uint8_t)(1u << (r % 8)) : (uint8_t)r;
        snprintf(what, sizeof what, "byte %zu changed from 0x%02x to 0x%02x", at, payload[at], bad[at]);
        judged_alike(c, what, bad, bytes, delta, NULL);
    }
    free(raw), free(payload), free(bad);
}

/* check on every size, width and fill, with every frame length and delta. */
static void on_every_case(const char *function, void (*check)(const struct cascade_case *c))
{
    for (size_t s = 0; s < SIZES; s++)
        for (size_t k = 0; k < CASCADE_WIDTHS; k++)
            for (int fill = 0; fill < CASCADE_FILLS; fill++)
                for (size_t f = 0; f < FRAMES; f++)
                    for (size_t d = 0; d < sizeof deltas / sizeof deltas[0]; d++) {
                        struct cascade_case c = cascade_case_of(function, &sizes[s], cascade_widths[k], fill,
                                                                frames[f], deltas[d]);
                        check(&c);
                    }
}

Test(oracle_agreement, payloads, .timeout = 120)
{
    on_every_case("oracle and codec: the same payload", check_same_payload);
    cascade_check_sizes("oracle and codec: the same payload", &past_a_grid, 1, check_same_payload);
}

Test(oracle_agreement, damaged, .timeout = 120)
{
    on_every_case("oracle and codec: the same verdicts", check_same_verdicts);
}
