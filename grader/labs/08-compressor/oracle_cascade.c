/*
 * oracle_cascade.c: see oracle_cascade.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "oracle_cascade.h"
#include "oracle_codec.h"
#include "random.h"

/* ---- Cases ------------------------------------------------------------------ */

static const char *const fill_names[CASCADE_FILLS] = {"labels", "runs", "sawtooth", "noise", "constant",
                                                             "extremes"};

const char *cascade_fill_name(enum cascade_fill fill)
{
    return (unsigned)fill < CASCADE_FILLS ? fill_names[fill] : "?";
}

int cascade_fill_from_name(const char *name)
{
    if (strcmp(name, "random") == 0) /* what the checks' runs pass */
        return CASCADE_FILL_NOISE;
    for (int f = 0; f < CASCADE_FILLS; f++)
        if (strcmp(name, fill_names[f]) == 0)
            return f;
    return -1;
}

const char *cascade_delta_name(enum cascade_delta delta)
{
    switch (delta) {
    case CASCADE_PLAIN: return "plain";
    case CASCADE_DELTA: return "delta";
    default: return "choose";
    }
}

/* c is the base of a cascade_case (its first member). */
static void cascade_case_describe(const struct test_case *c, char *head, size_t head_size)
{
    const struct cascade_case *k = (const struct cascade_case *)c;
    snprintf(head, head_size, "%s, n = %zu (%s), w = %u, FILL=%s, frame length %s%.0u, delta %s, SEED=0x%llx:",
             c->function, c->n, c->why, k->element_bytes, cascade_fill_name(k->fill),
             k->frame_length == 0 ? "chosen" : "", k->frame_length, cascade_delta_name(k->delta),
             (unsigned long long)c->seed);
}

static void cascade_case_reproduce(const struct test_case *c, char *hint, size_t hint_size)
{
    const struct cascade_case *k = (const struct cascade_case *)c;
    snprintf(hint, hint_size, "reproduce: make run LAB=08 N=%zu FILL=%s SEED=0x%llx W=%u FRAME=%u DELTA=%s%s%s",
             c->n, cascade_fill_name(k->fill), (unsigned long long)c->seed, k->element_bytes, k->frame_length,
             cascade_delta_name(k->delta), k->payload_file != NULL ? " PAYLOAD=" : "",
             k->payload_file != NULL ? k->payload_file : "");
}

const struct case_words cascade_case_words = {cascade_case_describe, cascade_case_reproduce};

/* The largest element of w bytes. */
uint32_t cascade_element_max(unsigned w)
{
    return w == 4 ? 0xffffffffu : (1u << (8 * w)) - 1;
}

static void put_element(uint8_t *raw, size_t i, unsigned w, uint32_t value)
{
    for (unsigned b = 0; b < w; b++)
        raw[i * w + b] = (uint8_t)(value >> (8 * b));
}

uint32_t cascade_element(const uint8_t *raw, size_t i, unsigned w)
{
    uint32_t value = 0;
    for (unsigned b = 0; b < w; b++)
        value |= (uint32_t)raw[i * w + b] << (8 * b);
    return value;
}

/* A value of w bytes, 0 and the largest one more often than chance. */
static uint32_t any_value(uint64_t *state, unsigned w)
{
    uint64_t r = random_next(state);
    switch (r % 8) {
    case 0: return 0;
    case 1: return cascade_element_max(w);
    default: return (uint32_t)(r >> 16) & cascade_element_max(w);
    }
}

/* The symbols of w bytes where arithmetic on them breaks, each with its
 * reason (H = 2^(8w-1), w = 1: 80 7f ff 00 01 81 fe). */
enum { EXTREMES = 7 };
static void extreme_values(unsigned w, uint32_t values[EXTREMES])
{
    uint32_t max = cascade_element_max(w), half = max / 2 + 1;
    values[0] = half;     /* H, the sign bit alone (INT_MIN for w = 4): H - 0 = H - max - 1 = -H, zigzag all ones */
    values[1] = half - 1; /* H - 1 (INT_MAX): the largest step up from 0, and INT_MAX - INT_MIN overflows an int */
    values[2] = max;      /* all ones (-1 as an int): max - (H - 1) = H, and 0 - max wraps to 1 */
    values[3] = 0;        /* symbol[-1]'s value: 0 - H wraps to H, 0 - 1 to all ones */
    values[4] = 1;        /* 1 - H = -(H - 1), the most negative step but one */
    values[5] = half + 1; /* H + 1 (INT_MIN + 1): (H + 1) - 0 = -(H - 1), 0 - (H + 1) = H - 1 */
    values[6] = max - 1;  /* all ones but bit 0: the largest even value, -2 */
}

/* Element i < EXTREME_PAIRS of the extremes fill: every ordered pair of
 * distinct extremes (a, b) as neighbours, a at even i and b after it,
 * first a = H: [H H-1 H max H 0 H 1 H H+1 H max-1 H-1 H ...], so that
 * even 9 elements step by -H, -1, +1, H - 1 and -(H - 1). */
#define EXTREME_PAIRS (2 * EXTREMES * (EXTREMES - 1))
static uint32_t extreme_pair_element(const uint32_t values[EXTREMES], size_t i)
{
    size_t pair = i / 2, a = pair / (EXTREMES - 1), b = pair % (EXTREMES - 1);
    return i % 2 == 0 ? values[a] : values[b < a ? b : b + 1];
}

uint8_t *cascade_case_raw(const struct cascade_case *c)
{
    unsigned w = c->element_bytes;
    size_t n = c->base.n;
    uint8_t *raw = host_alloc(n, w);
    uint64_t state = c->base.seed;
    uint32_t labels[6] = {0, 3, 17, 42, cascade_element_max(w) / 3, cascade_element_max(w)};
    uint32_t extremes[EXTREMES];
    extreme_values(w, extremes);
    size_t i = 0;
    while (i < n) {
        uint32_t value = 0;
        size_t run = 1;
        switch (c->fill) {
        case CASCADE_FILL_LABELS:
            value = labels[random_next(&state) % 6];
            run = 1 + random_next(&state) % 60;
            break;
        case CASCADE_FILL_RUNS:
            value = any_value(&state, w);
            run = 1 + random_next(&state) % 12;
            break;
        case CASCADE_FILL_SAWTOOTH: value = (uint32_t)i & cascade_element_max(w); break;
        case CASCADE_FILL_NOISE: value = any_value(&state, w); break;
        case CASCADE_FILL_EXTREMES: /* every pair as neighbours, then runs of 1..8 of them */
            value = i < EXTREME_PAIRS ? extreme_pair_element(extremes, i) : extremes[random_next(&state) % EXTREMES];
            run = i < EXTREME_PAIRS ? 1 : 1 + random_next(&state) % 8;
            break;
        default: value = cascade_element_max(w); run = n; break;
        }
        for (size_t end = i + run < n ? i + run : n; i < end; i++)
            put_element(raw, i, w, value);
    }
    return raw;
}

uint8_t *cascade_oracle_payload(const struct cascade_case *c, const uint8_t *raw, size_t *bytes,
                                int *delta_used)
{
    bool delta = false;
    uint8_t *payload = oracle_cascade_encode(raw, c->base.n, c->element_bytes, c->frame_length, c->delta, bytes,
                                             &delta);
    *delta_used = delta;
    return payload;
}
