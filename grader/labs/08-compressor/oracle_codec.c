/*
 * oracle_codec.c: see oracle_codec.h. Every loop is the format's own
 * order (runs, frames, values, bits); nothing is batched or vectorised,
 * so that each line can be checked against the description by eye.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "oracle_cascade.h"
#include "oracle_codec.h"

static uint32_t low_mask(unsigned bits)
{
    return bits == 32 ? 0xffffffffu : (1u << bits) - 1;
}

uint32_t oracle_zigzag(uint32_t difference, unsigned bits)
{
    uint32_t mask = low_mask(bits);
    return (difference >> (bits - 1)) & 1 ? ~(difference << 1) & mask : (difference << 1) & mask;
}

/* The reverse, in bits bits: 0 1 2 3 4 -> 0 -1 1 -2 2. */
static uint32_t unzigzag(uint32_t z, unsigned bits)
{
    return ((z >> 1) ^ (0u - (z & 1))) & low_mask(bits);
}

/* ---- Streams ------------------------------------------------------------------ */

/* Frame f of count values in frames of frame_length: [*first, *end). */
static void frame_span(size_t f, size_t count, uint32_t frame_length, size_t *first, size_t *end)
{
    *first = f * frame_length;
    *end = count - *first < frame_length ? count : *first + frame_length;
}

static size_t frames_of(size_t count, uint32_t frame_length)
{
    return count / frame_length + (count % frame_length != 0);
}

/* The bit length of the OR of a frame's values: 0 for all zeros. */
static unsigned frame_width(const uint32_t *values, size_t first, size_t end)
{
    uint32_t frame_or = 0;
    for (size_t i = first; i < end; i++)
        frame_or |= values[i];
    unsigned width = 0;
    while (width < 32 && frame_or >> width != 0)
        width++;
    return width;
}

uint64_t oracle_stream_bytes(const uint32_t *values, size_t count, uint32_t frame_length)
{
    size_t frames = frames_of(count, frame_length), first, end;
    uint64_t bits = 0;
    for (size_t f = 0; f < frames; f++) {
        frame_span(f, count, frame_length, &first, &end);
        bits += (uint64_t)frame_width(values, first, end) * (end - first);
    }
    return frames + 4 * ((bits + 31) / 32);
}

size_t oracle_put_stream(const uint32_t *values, size_t count, uint32_t frame_length, uint8_t *out)
{
    size_t frames = frames_of(count, frame_length), first, end;
    uint8_t *words = out + frames;
    uint64_t bit = 0;
    for (size_t f = 0; f < frames; f++) {
        frame_span(f, count, frame_length, &first, &end);
        unsigned width = frame_width(values, first, end);
        out[f] = (uint8_t)width;
        for (size_t i = first; i < end; i++)
            for (unsigned b = 0; b < width; b++, bit++)
                words[bit / 8] |= (uint8_t)(((values[i] >> b) & 1) << (bit % 8));
    }
    return frames + 4 * (size_t)((bit + 31) / 32);
}

/* ---- Encoder ------------------------------------------------------------------ */

/* A chunk's runs, and its two streams' values for one delta choice. */
struct runs {
    size_t count;
    uint32_t *symbols, *counts_minus_one, *stored; /* stored: the symbols, or their zigzag deltas */
};

static struct runs find_runs(const uint8_t *raw, size_t n, unsigned w)
{
    struct runs r = {0, host_alloc(n, 4), host_alloc(n, 4), host_alloc(n, 4)};
    for (size_t i = 0; i < n; i++) {
        uint32_t value = cascade_element(raw, i, w);
        if (r.count > 0 && value == r.symbols[r.count - 1]) {
            r.counts_minus_one[r.count - 1]++;
        } else {
            r.symbols[r.count] = value;
            r.counts_minus_one[r.count++] = 0;
        }
    }
    return r;
}

/* r->stored for delta or not. */
static void store_symbols(struct runs *r, unsigned w, bool delta)
{
    for (size_t k = 0; k < r->count; k++) {
        uint32_t previous = k > 0 ? r->symbols[k - 1] : 0;
        r->stored[k] = delta ? oracle_zigzag((r->symbols[k] - previous) & cascade_element_max(w), 8 * w)
                             : r->symbols[k];
    }
}

static uint64_t payload_bytes(const struct runs *r, uint32_t frame_length)
{
    return 8 + oracle_stream_bytes(r->stored, r->count, frame_length) +
           oracle_stream_bytes(r->counts_minus_one, r->count, frame_length);
}

/* The given frame length, or the candidate with the smallest payload
 * (the first, so the shortest, of equals). */
static uint32_t frame_for(const struct runs *r, uint32_t frame_length)
{
    if (frame_length != SCANZIP_FRAME_CHOOSE)
        return frame_length;
    uint32_t best = SCANZIP_FIRST_FRAME_CANDIDATE;
    uint64_t best_bytes = payload_bytes(r, best);
    for (unsigned k = 1; k < SCANZIP_FRAME_CANDIDATES; k++) {
        uint32_t length = SCANZIP_FIRST_FRAME_CANDIDATE << k;
        uint64_t bytes = payload_bytes(r, length);
        if (bytes < best_bytes)
            best = length, best_bytes = bytes;
    }
    return best;
}

uint8_t *oracle_cascade_encode(const uint8_t *raw, size_t n, unsigned w, uint32_t frame_length,
                               enum cascade_delta delta, size_t *bytes, bool *delta_used)
{
    struct runs r = find_runs(raw, n, w);
    bool use_delta = delta == CASCADE_DELTA;
    if (delta == CASCADE_CHOOSE_DELTA) {
        store_symbols(&r, w, false);
        uint64_t plain = payload_bytes(&r, frame_for(&r, frame_length));
        store_symbols(&r, w, true);
        use_delta = payload_bytes(&r, frame_for(&r, frame_length)) < plain;
    }
    store_symbols(&r, w, use_delta);
    uint32_t frame = frame_for(&r, frame_length);
    *bytes = (size_t)payload_bytes(&r, frame);
    *delta_used = use_delta;
    uint8_t *payload = host_alloc(*bytes, 1);
    memset(payload, 0, *bytes);
    scanzip_store32(payload, (uint32_t)r.count);
    scanzip_store32(payload + 4, frame);
    size_t at = 8 + oracle_put_stream(r.stored, r.count, frame, payload + 8);
    oracle_put_stream(r.counts_minus_one, r.count, frame, payload + at);
    free(r.symbols), free(r.counts_minus_one), free(r.stored);
    return payload;
}

/* ---- Decoder ------------------------------------------------------------------ */

/* why gets the reason; returns -1, so that `return refuse(...)`. */
__attribute__((format(printf, 2, 3))) static int refuse(char *why, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why, ORACLE_WHY, format, args);
    va_end(args);
    return -1;
}

/* One stream inside a payload: its widths, its words, its values. */
struct stream {
    const uint8_t *widths, *words;
    uint64_t bits, words_bytes, next_bit;
};

/* The `name` stream of count values at payload[*at ..), each width at
 * most max_width; *at steps past it. 0, or -1 and why it does not fit. */
static int open_stream(const char *name, const uint8_t *payload, size_t bytes, size_t *at, size_t count,
                       uint32_t frame_length, unsigned max_width, struct stream *s, char *why)
{
    size_t frames = frames_of(count, frame_length), first, end;
    if (bytes - *at < frames)
        return refuse(why, "the %s widths need %zu bytes (a frame each), %zu are left", name, frames, bytes - *at);
    s->widths = payload + *at;
    s->bits = 0;
    for (size_t f = 0; f < frames; f++) {
        if (s->widths[f] > max_width)
            return refuse(why, "%s frame %zu is %u bits wide, more than %u", name, f, s->widths[f], max_width);
        frame_span(f, count, frame_length, &first, &end);
        s->bits += (uint64_t)s->widths[f] * (end - first);
    }
    *at += frames;
    s->words_bytes = 4 * ((s->bits + 31) / 32);
    if (bytes - *at < s->words_bytes)
        return refuse(why, "the %s words need %llu bytes, %zu are left", name, (unsigned long long)s->words_bytes,
                      bytes - *at);
    s->words = payload + *at;
    s->next_bit = 0;
    *at += s->words_bytes;
    return 0;
}

/* The next value of the stream, width bits, LSB first. */
static uint32_t next_value(struct stream *s, unsigned width)
{
    uint32_t value = 0;
    for (unsigned b = 0; b < width; b++, s->next_bit++)
        value |= (uint32_t)((s->words[s->next_bit / 8] >> (s->next_bit % 8)) & 1) << b;
    return value;
}

/* Every bit of the words past the stream's values is 0. */
static int padding_clear(const char *name, const struct stream *s, char *why)
{
    for (uint64_t bit = s->bits; bit < 8 * s->words_bytes; bit++)
        if ((s->words[bit / 8] >> (bit % 8)) & 1)
            return refuse(why, "bit %llu of the %s words is set, past the stream's %llu bits",
                          (unsigned long long)bit, name, (unsigned long long)s->bits);
    return 0;
}

int oracle_cascade_decode(const uint8_t *payload, size_t bytes, unsigned w, bool delta, uint8_t *raw, size_t n,
                         char why[ORACLE_WHY])
{
    if (bytes < 8)
        return refuse(why, "%zu bytes, shorter than the 8-byte header (runs, frame length)", bytes);
    uint32_t runs = scanzip_load32(payload), frame_length = scanzip_load32(payload + 4);
    if (runs > n)
        return refuse(why, "%u runs, more than the chunk's %zu elements", runs, n);
    if (frame_length == 0 || frame_length > SCANZIP_MAX_FRAME_LENGTH)
        return refuse(why, "frame length %u, not in 1..2^20", frame_length);
    struct stream symbols, counts;
    size_t at = 8;
    if (open_stream("symbol", payload, bytes, &at, runs, frame_length, 8 * w, &symbols, why) != 0 ||
        open_stream("count", payload, bytes, &at, runs, frame_length, 32, &counts, why) != 0)
        return -1;
    if (at != bytes)
        return refuse(why, "%zu bytes, but the streams end at byte %zu", bytes, at);
    uint32_t symbol = 0;
    size_t done = 0;
    for (size_t r = 0; r < runs; r++) {
        unsigned symbol_width = symbols.widths[r / frame_length], count_width = counts.widths[r / frame_length];
        uint32_t value = next_value(&symbols, symbol_width);
        symbol = delta ? (symbol + unzigzag(value, 8 * w)) & cascade_element_max(w) : value;
        uint64_t count = (uint64_t)next_value(&counts, count_width) + 1;
        if (count > n - done)
            return refuse(why, "run %zu of %llu elements ends at element %llu, past the chunk's %zu", r,
                          (unsigned long long)count, (unsigned long long)(done + count), n);
        for (uint64_t k = 0; k < count; k++, done++)
            for (unsigned b = 0; b < w; b++)
                raw[done * w + b] = (uint8_t)(symbol >> (8 * b));
    }
    if (done != n)
        return refuse(why, "the counts add up to %zu, the chunk has %zu elements", done, n);
    return padding_clear("symbol", &symbols, why) != 0 || padding_clear("count", &counts, why) != 0 ? -1 : 0;
}
