/*
 * oracle_pack.c: see oracle_pack.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracle_pack.h"
#include "random.h"

uint32_t oracle_bits_needed(uint32_t value)
{
    uint32_t bits = 0;
    while (value != 0) {
        bits++;
        value >>= 1;
    }
    return bits;
}

size_t oracle_frame_bits(size_t f, const uint32_t *widths, size_t n, size_t frame_length)
{
    size_t first = f * frame_length;
    size_t count = n - first < frame_length ? n - first : frame_length;
    return (size_t)widths[f] * count;
}

size_t oracle_pack_encode(const uint32_t *values, size_t n, size_t frame_length,
                          uint32_t *widths, uint32_t *offsets, uint32_t *words)
{
    size_t frames = pack_frame_count(n, frame_length);
    for (size_t f = 0; f < frames; f++) {
        widths[f] = 0;
        for (size_t i = f * frame_length; i < n && i < (f + 1) * frame_length; i++) {
            uint32_t bits = oracle_bits_needed(values[i]);
            if (bits > widths[f])
                widths[f] = bits;
        }
    }
    size_t bit = 0;
    for (size_t f = 0; f < frames; f++) {
        offsets[f] = (uint32_t)bit;
        bit += oracle_frame_bits(f, widths, n, frame_length);
    }
    size_t count = (bit + 31) / 32;
    memset(words, 0, count * sizeof(uint32_t));
    /* Value i, bit k goes to stream bit b + k, b = offsets[f] + j * width:
     * the value shifted to bit b % 32 of a 64-bit window over words b / 32
     * and b / 32 + 1, whose high half is the part that straddles. */
    for (size_t i = 0; i < n; i++) {
        size_t f = i / frame_length, j = i % frame_length;
        if (widths[f] == 0)
            continue;
        size_t b = offsets[f] + j * widths[f];
        uint64_t window = (uint64_t)values[i] << (b % 32);
        words[b / 32] |= (uint32_t)window;
        if (b % 32 + widths[f] > 32)
            words[b / 32 + 1] |= (uint32_t)(window >> 32);
    }
    return count;
}

/* ---- Inputs ------------------------------------------------------------------- */

/* A uniform value of `width` bits (0..32). */
static uint32_t random_of_width(uint64_t *state, unsigned width)
{
    uint32_t bits = (uint32_t)random_next(state);
    return width == 0 ? 0 : width == 32 ? bits : bits & ((1u << width) - 1);
}

void pack_fill_values(uint32_t *values, size_t n, struct pack_fill fill, uint64_t seed)
{
    uint64_t state = seed;
    size_t left = 0;   /* values left in the current stretch */
    unsigned kind = 0; /* what the stretch holds */
    int cx = random_in_range(&state, 24, 40), cy = random_in_range(&state, 24, 40);
    int cz = random_in_range(&state, 24, 40);
    for (size_t i = 0; i < n; i++) {
        switch (fill.kind) {
        case PACK_WIDTH:
            values[i] = random_of_width(&state, fill.parameter);
            break;
        case PACK_MIXED:
            /* Stretches of 1 to 300 values of one width; the first of
             * width 32, so that a frame of width 32 starts at bit 0 and
             * fills its words exactly (a value there does not straddle:
             * no shift by 32, which x86 and a GPU compute differently). */
            if (left == 0) {
                left = (size_t)random_in_range(&state, 1, 300);
                kind = (unsigned)random_in_range(&state, 0, 32);
                if (i == 0)
                    kind = 32;
            }
            left--;
            values[i] = random_of_width(&state, kind);
            break;
        case PACK_VOXEL: {
            /* x runs fastest; every 64^3 block holds the same ball. */
            int x = (int)(i % 64) - cx, y = (int)(i / 64 % 64) - cy, z = (int)(i / 4096 % 64) - cz;
            int d2 = x * x + y * y + z * z;
            values[i] = d2 < 400 ? (uint32_t)(255 - d2 * 254 / 400) : 0;
            break;
        }
        case PACK_SAWTOOTH:
            values[i] = (uint32_t)(i % ((size_t)fill.parameter + 1));
            break;
        case PACK_EXAMPLE: {
            static const uint32_t example[9] = {0, 2, 1, 5, 5, 7, 10, 1, 13};
            values[i] = example[i % 9];
            break;
        }
        case PACK_SHIFTED:
            /* Top bits set, so each value's width is exactly its own:
             * value 0 of `parameter` bits, then values of 32. */
            values[i] = i == 0 ? (1u << (fill.parameter - 1)) | random_of_width(&state, fill.parameter - 1)
                               : 0x80000000u | random_of_width(&state, 31);
            break;
        case PACK_EXTREMES: {
            /* 0 (width 0), the largest value, the top bit alone (a
             * negative int, for a width taken with a signed shift or
             * max) and INT_MAX (31 bits, beside it); stretches of one,
             * or of all four in any order. */
            static const uint32_t extremes[4] = {0, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu};
            if (left == 0) {
                left = (size_t)random_in_range(&state, 1, 100);
                kind = (unsigned)random_in_range(&state, 0, 4);
            }
            left--;
            values[i] = extremes[kind < 4 ? kind : (unsigned)random_in_range(&state, 0, 3)];
            break;
        }
        }
    }
}

const char *pack_fill_name(struct pack_fill fill, char *buffer, size_t size)
{
    switch (fill.kind) {
    case PACK_WIDTH: snprintf(buffer, size, "width%u", fill.parameter); break;
    case PACK_MIXED: snprintf(buffer, size, "mixed"); break;
    case PACK_VOXEL: snprintf(buffer, size, "voxel"); break;
    case PACK_SAWTOOTH: snprintf(buffer, size, "saw%u", fill.parameter); break;
    case PACK_EXTREMES: snprintf(buffer, size, "extremes"); break;
    case PACK_EXAMPLE: snprintf(buffer, size, "example"); break;
    case PACK_SHIFTED: snprintf(buffer, size, "shift%u", fill.parameter); break;
    }
    return buffer;
}

int pack_fill_parse(const char *name, struct pack_fill *fill)
{
    char *end;
    if (strcmp(name, "mixed") == 0 || strcmp(name, "random") == 0) {
        fill->kind = PACK_MIXED;
    } else if (strcmp(name, "voxel") == 0 || strcmp(name, "sparse") == 0) {
        fill->kind = PACK_VOXEL;
    } else if (strcmp(name, "extremes") == 0) {
        fill->kind = PACK_EXTREMES;
    } else if (strcmp(name, "example") == 0) {
        fill->kind = PACK_EXAMPLE;
    } else if (strcmp(name, "zeros") == 0) {
        fill->kind = PACK_WIDTH;
        fill->parameter = 0;
        return 1;
    } else if (strcmp(name, "saw254") == 0 || strcmp(name, "saw255") == 0) {
        fill->kind = PACK_SAWTOOTH;
        fill->parameter = (unsigned)strtoul(name + 3, NULL, 10);
        return 1;
    } else if (strncmp(name, "shift", 5) == 0 && name[5] != '\0') {
        unsigned long shift = strtoul(name + 5, &end, 10);
        if (*end != '\0' || shift < 1 || shift > 31)
            return 0;
        fill->kind = PACK_SHIFTED;
        fill->parameter = (unsigned)shift;
        return 1;
    } else if (strncmp(name, "width", 5) == 0 && name[5] != '\0') {
        unsigned long width = strtoul(name + 5, &end, 10);
        if (*end != '\0' || width > 32)
            return 0;
        fill->kind = PACK_WIDTH;
        fill->parameter = (unsigned)width;
        return 1;
    } else {
        return 0;
    }
    fill->parameter = 0;
    return 1;
}

const struct frame_case pack_frames[PACK_FRAMES] = {
    [FRAME_ONE] = {1, "one value a frame: as many frames as values"},
    [FRAME_THREE] = {3, "3 values: frames start at odd bits, values straddle words"},
    [FRAME_WHOLE_WORDS] = {32, "32 values: a frame fills whole words"},
    [FRAME_BLOCK_PLUS_ONE] = {257, "a 256-thread block plus one: some threads take two values"},
    [FRAME_LONGER_THAN_TILE] = {4096, "4096 values: a frame longer than a block and than a 1024-value tile"},
    [FRAME_PAST_INPUT] = {100000, "longer than the input: one partial frame"},
};

/* c is the base of a pack_case (its first member). */
static void pack_case_describe(const struct test_case *c, char *buffer, size_t size)
{
    const struct pack_case *p = (const struct pack_case *)c;
    char fill[32];
    snprintf(buffer, size, "%s, n = %zu (%s), frame_length %zu (%s), FILL=%s SEED=0x%llx:",
             c->function, c->n, c->why, p->frame_length, p->frame_why,
             pack_fill_name(p->fill, fill, sizeof fill), (unsigned long long)c->seed);
}

static void pack_case_reproduce(const struct test_case *c, char *buffer, size_t size)
{
    const struct pack_case *p = (const struct pack_case *)c;
    char fill[32];
    snprintf(buffer, size, "reproduce: make run LAB=06 N=%zu FRAME=%zu FILL=%s SEED=0x%llx",
             c->n, p->frame_length, pack_fill_name(p->fill, fill, sizeof fill),
             (unsigned long long)c->seed);
}

const struct case_words pack_case_words = {pack_case_describe, pack_case_reproduce};
