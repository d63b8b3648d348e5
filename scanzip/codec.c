/*
 * codec.c: see codec.h for the payloads and the table of methods.
 *
 * Each method is a row of scanzip_methods (near the end): its size, from
 * one shared look at the chunk's runs (look_at; pack's from a look at its
 * elements, taken only when pack may be chosen), its encoder, its decoder
 * and its payload bound are functions of this file, and the public
 * functions after the table only read the row of the method they are
 * given. The encoders write what the look found: the run count, where
 * cascade's second stream begins.
 *
 * Runs are found a block of 64 bytes at a time, into a batch of a few
 * hundred on the stack (struct run_reader), so a pass needs no memory
 * besides its payload. The look keeps a chunk's runs where its caller
 * gives room (struct scanzip_runs; the CPU engine gives room for one run
 * in 16 elements), and the encoder then reads them rather than looking
 * again: labels are looked at once, noise twice. The decoders check each
 * field before they use it and never write past the end of the chunk,
 * whatever the payload says.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "codec.h"

/* ---- Elements, bits, runs ------------------------------------------------ */

/* Element i of a chunk of w-byte little-endian elements. */
static inline uint32_t element_at(const uint8_t *raw, size_t i, unsigned w)
{
    uint16_t v16;
    switch (w) {
    case 1: return raw[i];
    case 2: memcpy(&v16, raw + 2 * i, 2); return v16;
    default: return scanzip_load32(raw + 4 * i);
    }
}

static inline void element_put(uint8_t *raw, size_t i, unsigned w, uint32_t v)
{
    uint16_t v16 = (uint16_t)v;
    switch (w) {
    case 1: raw[i] = (uint8_t)v; break;
    case 2: memcpy(raw + 2 * i, &v16, 2); break;
    default: scanzip_store32(raw + 4 * i, v); break;
    }
}

/* All ones in the low `bits` bits: 8 -> 0xff, 32 -> 0xffffffff. */
static inline uint32_t low_mask(unsigned bits)
{
    return bits >= 32 ? UINT32_MAX : (UINT32_C(1) << bits) - 1;
}

/* Bits of v: 0 -> 0, 1 -> 1, 5 -> 3, 0xffffffff -> 32. Without a test
 * for 0, which mispredicts on noise: 2v + 1 has one bit more than v. */
static inline unsigned bit_width(uint32_t v)
{
    return 63 - (unsigned)__builtin_clzll(((uint64_t)v << 1) | 1);
}

/* Zigzag in `bits` bits of a difference taken modulo 2^bits:
 *     0 -> 0, -1 -> 1, 1 -> 2, -2 -> 3, ... (8 bits: -128 = 0x80 -> 255) */
static inline uint32_t zigzag(uint32_t difference, unsigned bits)
{
    uint32_t mask = low_mask(bits);
    bool negative = (difference >> (bits - 1)) & 1;
    return ((difference << 1) & mask) ^ (negative ? mask : 0);
}

static inline uint32_t unzigzag(uint32_t z, unsigned bits)
{
    return (z >> 1) ^ ((z & 1) ? low_mask(bits) : 0);
}

/* The runs of a chunk, one after the other:
 *     [7 7 7 9] -> (7, 3), (9, 1)
 * or with delta first, the runs of its elements' zigzag deltas:
 *     [5 6 7 8 8 8] -> [10 2 2 2 0 0] -> (10, 1), (2, 3), (0, 2)
 * A reader finds them ahead of its caller, RUN_BATCH at a time, as
 * arrays of symbols and ends (find_runs): its caller's work a run is
 * then a few loads, and the search has no branch a run. With keep, it
 * also copies them there, for a later reader of the same chunk that
 * takes them from there (kept) rather than looking again. */
#define RUN_BATCH 256

struct run_reader {
    const uint8_t *raw;
    size_t n, next; /* next: where the next run starts */
    unsigned w;
    bool delta_first;
    size_t scanned, open_start; /* elements [0, scanned) looked at; the run not yet ended starts at open_start */
    size_t at, count;           /* the batch's runs not yet read: [at, count) */
    struct scanzip_runs *keep;  /* copies go here while they fit (NULL: no more) */
    size_t kept_count;          /* runs copied to keep, or taken from kept */
    const struct scanzip_runs *kept;
    uint32_t symbols[RUN_BATCH], ends[RUN_BATCH];
};

/* Delta first's element i: zigzag(x[i] - x[i-1]) in 8w bits, x[-1] = 0. */
static inline uint32_t delta_at(const uint8_t *raw, size_t i, unsigned w)
{
    uint32_t before = i > 0 ? element_at(raw, i - 1, w) : 0;
    return zigzag((element_at(raw, i, w) - before) & low_mask(8 * w), 8 * w);
}

/* v in each w-byte lane of a 64-bit word: w 1, v 7 -> 0x0707070707070707. */
static inline uint64_t repeated(uint32_t v, unsigned w)
{
    return (uint64_t)v * (w == 1 ? UINT64_C(0x0101010101010101) : w == 2 ? UINT64_C(0x0001000100010001)
                                                                           : UINT64_C(0x0000000100000001));
}

/* The first element of [from, n) that is not s, or n. 32 bytes a
 * step, with no branch per element: a word XOR s repeated is 0 while the
 * run goes on, and its lowest nonzero byte is the first that differs:
 *     w 1, s 7, bytes [7 7 7 9 ...]: word ^ 0x0707..07 = 0x..0e000000 -> byte 3 */
static inline __attribute__((always_inline)) size_t run_end_of(const uint8_t *raw, size_t from, size_t n,
                                                                unsigned w, uint32_t s)
{
    uint64_t pattern = repeated(s, w);
    unsigned log_w = w >> 1; /* 1, 2, 4 -> 0, 1, 2: shifts, not divisions */
    size_t per_word = 8 >> log_w, i = from;
    if (i + per_word <= n) { /* most runs are short: one word first */
        uint64_t x = scanzip_load64(raw + (i << log_w)) ^ pattern;
        if (x != 0)
            return i + ((size_t)__builtin_ctzll(x) >> (3 + log_w));
        i += per_word;
    }
    for (; i + 4 * per_word <= n; i += 4 * per_word) {
        const uint8_t *p = raw + (i << log_w);
        uint64_t x[4] = {scanzip_load64(p) ^ pattern, scanzip_load64(p + 8) ^ pattern,
                         scanzip_load64(p + 16) ^ pattern, scanzip_load64(p + 24) ^ pattern};
        if ((x[0] | x[1] | x[2] | x[3]) == 0)
            continue;
        unsigned k = x[0] != 0 ? 0 : x[1] != 0 ? 1 : x[2] != 0 ? 2 : 3;
        return i + k * per_word + ((size_t)__builtin_ctzll(x[k]) >> (3 + log_w));
    }
    for (; i + per_word <= n; i += per_word) {
        uint64_t x = scanzip_load64(raw + (i << log_w)) ^ pattern;
        if (x != 0)
            return i + ((size_t)__builtin_ctzll(x) >> (3 + log_w));
    }
    while (i < n && element_at(raw, i, w) == s)
        i++;
    return i;
}

/* run_end_of compiled for each w, so that its shifts are constants. */
static inline size_t run_end(const uint8_t *raw, size_t from, size_t n, unsigned w, uint32_t s)
{
    switch (w) {
    case 1: return run_end_of(raw, from, n, 1, s);
    case 2: return run_end_of(raw, from, n, 2, s);
    default: return run_end_of(raw, from, n, 4, s);
    }
}

/* The 64 bytes find_runs compares at once: 64 elements of 8 bits, 32
 * of 16, 16 of 32. */
#define RUN_BLOCK_BYTES 64

#if !defined(__SSE2__)
/* Of the 8-byte word x of w-byte lanes, a bit a byte: set at the lowest
 * byte of each lane that is not 0 (the gather is the usual multiply
 * that brings byte k's top bit to bit k). block_changes's way without
 * SSE2.
 *     w 2, x 0x0000_0000_0300_0000 -> lane 1 -> 0b00000100 */
static inline uint64_t lanes_set(uint64_t x, unsigned w)
{
    uint64_t top = repeated(UINT32_C(1) << (8 * w - 1), w), rest = ~top;
    uint64_t marks = (x | ((x & rest) + rest)) & top; /* each lane's top bit: not 0 */
    uint64_t tops = ((marks >> 7) * UINT64_C(0x0102040810204080)) >> 56;
    return tops >> (w - 1);
}
#endif

/* Which elements of the block at p (64 bytes) differ from the element
 * before each (the w bytes before p included): a bit a byte, set at the
 * lowest byte of such an element.
 *     w 1, bytes [7 | 7 7 9 9 4 ...] (p[-1] | p[0] ...): 0b...10100 */
static inline __attribute__((always_inline)) uint64_t block_changes(const uint8_t *p, unsigned w)
{
#if defined(__SSE2__) /* every x86-64: compare 16 bytes, then a bit a byte of the result */
    const uint64_t lowest_byte = w == 1 ? ~UINT64_C(0) : w == 2 ? UINT64_C(0x5555555555555555)
                                                                 : UINT64_C(0x1111111111111111);
    __m128i same[4];
    for (unsigned k = 0; k < 4; k++) {
        __m128i now = _mm_loadu_si128((const __m128i *)(p + 16 * k));
        __m128i before = _mm_loadu_si128((const __m128i *)(p + 16 * k - w));
        same[k] = w == 1 ? _mm_cmpeq_epi8(now, before) : w == 2 ? _mm_cmpeq_epi16(now, before)
                                                                : _mm_cmpeq_epi32(now, before);
    }
    uint64_t equal = (uint64_t)(uint16_t)_mm_movemask_epi8(same[0]) |
                     (uint64_t)(uint16_t)_mm_movemask_epi8(same[1]) << 16 |
                     (uint64_t)(uint16_t)_mm_movemask_epi8(same[2]) << 32 |
                     (uint64_t)(uint16_t)_mm_movemask_epi8(same[3]) << 48;
    return ~equal & lowest_byte;
#else /* elsewhere (arm64): 8 bytes a word, XOR with the word one element back */
    uint64_t changes = 0;
    for (unsigned k = 0; k < RUN_BLOCK_BYTES / 8; k++)
        changes |= lanes_set(scanzip_load64(p + 8 * k) ^ scanzip_load64(p + 8 * k - w), w) << (8 * k);
    return changes;
#endif
}

/* End the open run at `end`: its symbol is its first element. */
static inline void run_found(struct run_reader *r, uint32_t symbol, size_t end)
{
    r->symbols[r->count] = symbol;
    r->ends[r->count++] = (uint32_t)end;
    r->open_start = end;
}

/* The runs of elements ending after r->scanned, into the batch: element
 * i ends a run when it differs from i - 1, and n ends the last. A block
 * at a time, with no branch an element (a set bit is an end), while the
 * batch has room for a block's runs; under a block left, one by one.
 *     [7 7 7 9 9 4] -> symbols 7 9 4, ends 3 5 6 */
static inline __attribute__((always_inline)) void find_runs_of(struct run_reader *r, unsigned w)
{
    const uint8_t *raw = r->raw;
    unsigned log_w = w >> 1; /* 1, 2, 4 -> 0, 1, 2 */
    size_t n = r->n, per_block = RUN_BLOCK_BYTES >> log_w, i = r->scanned > 0 ? r->scanned : 1;
    for (; i + per_block <= n && RUN_BATCH - r->count >= per_block; i += per_block)
        for (uint64_t changes = block_changes(raw + (i << log_w), w); changes != 0; changes &= changes - 1)
            run_found(r, element_at(raw, r->open_start, w), i + ((size_t)__builtin_ctzll(changes) >> log_w));
    if (i + per_block > n && RUN_BATCH - r->count >= per_block) {
        for (; i < n; i++)
            if (element_at(raw, i, w) != element_at(raw, i - 1, w))
                run_found(r, element_at(raw, r->open_start, w), i);
        run_found(r, element_at(raw, r->open_start, w), n);
    }
    r->scanned = i;
}

/* The runs of delta first's elements, one by one (the few chunks where
 * it pays, format.h). */
static void find_delta_runs(struct run_reader *r)
{
    size_t i = r->scanned > 0 ? r->scanned : 1;
    uint32_t previous = delta_at(r->raw, i - 1, r->w);
    for (; i < r->n && r->count < RUN_BATCH; i++) {
        uint32_t delta = delta_at(r->raw, i, r->w);
        if (delta != previous)
            run_found(r, delta_at(r->raw, r->open_start, r->w), i);
        previous = delta;
    }
    if (i == r->n && r->count < RUN_BATCH)
        run_found(r, delta_at(r->raw, r->open_start, r->w), r->n);
    r->scanned = i;
}

/* A reader of a chunk's runs from the start: found (keep: and copied
 * there while they fit; keep->count says whether all did), or taken
 * from kept, a chunk's runs of elements that an earlier reader kept. */
static struct run_reader run_reader(const uint8_t *raw, size_t n, unsigned w, bool delta_first,
                                    struct scanzip_runs *keep, const struct scanzip_runs *kept)
{
    struct run_reader r = {.raw = raw, .n = n, .w = w, .delta_first = delta_first};
    if (kept != NULL && kept->count > 0 && !delta_first)
        r.kept = kept;
    else if (keep != NULL && !delta_first) {
        keep->count = 0;
        r.keep = keep;
    }
    return r;
}

/* Copy the batch to keep; or stop keeping, when it is full, or when the
 * runs so far come at a rate that would fill it four times over (noise:
 * then its memory is not touched for nothing). */
static void keep_batch(struct run_reader *r)
{
    struct scanzip_runs *keep = r->keep;
    uint64_t runs = r->kept_count + r->count;
    if (keep->capacity - r->kept_count < r->count || runs * r->n > 4 * (uint64_t)keep->capacity * r->scanned) {
        r->keep = NULL;
        return;
    }
    memcpy(keep->symbols + r->kept_count, r->symbols, r->count * sizeof *r->symbols);
    memcpy(keep->ends + r->kept_count, r->ends, r->count * sizeof *r->ends);
    r->kept_count += r->count;
    if (r->ends[r->count - 1] == r->n)
        keep->count = r->kept_count;
}

/* The next batch of runs: at least one, when any is left. */
static void refill_runs(struct run_reader *r)
{
    r->at = r->count = 0;
    if (r->kept != NULL) {
        size_t left = r->kept->count - r->kept_count, take = left < RUN_BATCH ? left : RUN_BATCH;
        memcpy(r->symbols, r->kept->symbols + r->kept_count, take * sizeof *r->symbols);
        memcpy(r->ends, r->kept->ends + r->kept_count, take * sizeof *r->ends);
        r->kept_count += take;
        r->count = take;
        return;
    }
    if (r->delta_first)
        find_delta_runs(r);
    else if (r->w == 1)
        find_runs_of(r, 1);
    else if (r->w == 2)
        find_runs_of(r, 2);
    else
        find_runs_of(r, 4);
    if (r->keep != NULL)
        keep_batch(r);
}

/* Up to `most` of the next runs at once, as the batch holds them (it
 * is refilled when empty): their symbols and ends, the first run
 * starting at *start. Returns how many; 0 after the last. A caller that
 * loops over them keeps its sums in registers, not in the reader. */
static inline __attribute__((always_inline)) size_t take_runs(struct run_reader *r, size_t most,
                                                              const uint32_t **symbols, const uint32_t **ends,
                                                              size_t *start)
{
    if (r->at == r->count) {
        if (r->next >= r->n)
            return 0;
        refill_runs(r);
    }
    size_t take = r->count - r->at < most ? r->count - r->at : most;
    *symbols = r->symbols + r->at;
    *ends = r->ends + r->at;
    *start = r->next;
    r->at += take;
    r->next = r->ends[r->at - 1];
    return take;
}

/* The next run, or false after the last. */
static inline __attribute__((always_inline)) bool next_run(struct run_reader *r, uint32_t *symbol, uint32_t *count)
{
    const uint32_t *symbols, *ends;
    size_t start;
    if (take_runs(r, 1, &symbols, &ends, &start) == 0)
        return false;
    *symbol = symbols[0];
    *count = (uint32_t)(ends[0] - start);
    return true;
}

/* ---- The values a packed stream holds ------------------------------------- */

/* pack packs the elements; cascade packs the run symbols (or their
 * zigzag deltas) and the run counts minus one, of the elements or (delta
 * first) of their deltas. One iterator gives any of them, so one packer
 * serves them all. */
enum value_kind { ELEMENTS, RUN_SYMBOLS, RUN_DELTAS, RUN_COUNTS };

struct value_stream {
    enum value_kind kind;
    struct run_reader runs; /* ELEMENTS uses runs.raw, .n, .next, .w as a plain cursor */
    uint32_t previous;      /* RUN_DELTAS: the last symbol (symbol[-1] = 0) */
};

static struct value_stream value_stream(enum value_kind kind, const uint8_t *raw, size_t n, unsigned w,
                                        bool delta_first, const struct scanzip_runs *kept)
{
    struct value_stream s = {kind, run_reader(raw, n, w, delta_first, NULL, kept), 0};
    return s;
}

/* A run's symbol as RUN_SYMBOLS or RUN_DELTAS packs it: itself, or
 * the zigzag of its difference from the last one. */
static inline uint32_t symbol_value(struct value_stream *s, uint32_t symbol)
{
    if (s->kind == RUN_SYMBOLS)
        return symbol;
    unsigned bits = 8 * s->runs.w;
    uint32_t delta = zigzag((symbol - s->previous) & low_mask(bits), bits);
    s->previous = symbol;
    return delta;
}

static inline uint32_t next_value(struct value_stream *s)
{
    if (s->kind == ELEMENTS)
        return element_at(s->runs.raw, s->runs.next++, s->runs.w);
    uint32_t symbol = 0, count = 0;
    next_run(&s->runs, &symbol, &count);
    return s->kind == RUN_COUNTS ? count - 1 : symbol_value(s, symbol);
}

/* ---- Sizes ------------------------------------------------------------------ */

/* The packed size of one stream for several frame lengths at once, each
 * twice the one before (8 16 32 ... 256 when choosing, format.h; or just
 * the one --frame gave). A frame's width is the bits of its largest
 * value, which are the bits of the OR of its values; and a frame of 16
 * is two frames of 8, so its OR is the OR of theirs. Values go into the
 * shortest frames; a frame that closes hands its OR and its value count
 * up to the next length. Nothing is packed, so trying six lengths costs
 * little more than trying one:
 *
 *     values [0 0 0 0 0 0 0 0  5 0 0 0 0 0 0 0], lengths 8 and 16
 *     8:  frames of OR 0 and 5: widths 0, 3: 2 width bytes,  0 + 24 bits
 *     16: one frame of OR 0|5:  width 3:     1 width byte,  48 bits
 */
struct frame_level {
    uint32_t length, in_frame, frame_or; /* the frame being filled */
    uint64_t frames, bits;               /* the frames closed so far */
};

struct frame_sizer {
    unsigned levels;
    struct frame_level level[SCANZIP_FRAME_CANDIDATES];
};

/* The sizer of a frame_length option: the one length, or the candidates. */
static struct frame_sizer frame_sizer(uint32_t frame_length)
{
    struct frame_sizer s = {0};
    s.levels = frame_length == SCANZIP_FRAME_CHOOSE ? SCANZIP_FRAME_CANDIDATES : 1;
    uint32_t length = frame_length == SCANZIP_FRAME_CHOOSE ? SCANZIP_FIRST_FRAME_CANDIDATE : frame_length;
    for (unsigned k = 0; k < s.levels; k++, length *= 2)
        s.level[k].length = length;
    return s;
}

/* Close level k's frame, and each longer one that this fills. */
static void sizer_close_frame(struct frame_sizer *s, unsigned k)
{
    for (;; k++) {
        struct frame_level *l = &s->level[k];
        uint32_t frame_or = l->frame_or, in_frame = l->in_frame;
        l->frames++;
        l->bits += (uint64_t)bit_width(frame_or) * in_frame;
        l->in_frame = 0;
        l->frame_or = 0;
        if (k + 1 == s->levels)
            return;
        struct frame_level *up = &s->level[k + 1];
        up->frame_or |= frame_or;
        up->in_frame += in_frame;
        if (up->in_frame != up->length)
            return;
    }
}

/* Add a frame of the shortest length at once, its `values` (at most the
 * length) by their OR: the same as adding them one by one, when no such
 * frame is open. A whole frame closes; a partial one stays open, as the
 * last of a stream (sizer_finish closes it).
 *     length 8, values [1 0 4 4 0 0 0 0]: frame_or 5, values 8 */
static inline void sizer_add_frame(struct frame_sizer *s, uint32_t frame_or, uint32_t values)
{
    s->level[0].frame_or = frame_or;
    s->level[0].in_frame = values;
    if (values == s->level[0].length)
        sizer_close_frame(s, 0);
}

/* Add `count` copies of v, whole frames of the longest length (count a
 * multiple of it), when no frame is open: each length's frames have the
 * OR v.
 *     v 5 (3 bits), count 256: frames of 8 get 32 frames and 768 bits,
 *     frames of 256 get 1 frame and 768 bits */
static void sizer_add_repeats(struct frame_sizer *s, uint32_t v, uint64_t count)
{
    for (unsigned k = 0; k < s->levels; k++) {
        s->level[k].frames += count / s->level[k].length;
        s->level[k].bits += (uint64_t)bit_width(v) * count;
    }
}

/* The OR of elements [i, i + count), eight bytes at a time, folded onto
 * one element: w 1, words 0x0100000000000002 | 0x0000000400000000 ->
 * 0x0100000400000002 -> 0x07. */
static inline uint32_t elements_or(const uint8_t *raw, size_t i, size_t count, unsigned w)
{
    const uint8_t *p = raw + i * w, *end = p + count * w;
    uint64_t words = 0;
    uint32_t rest = 0;
    for (; end - p >= 8; p += 8)
        words |= scanzip_load64(p);
    for (; p < end; p += w)
        rest |= element_at(p, 0, w);
    words |= words >> 32;
    if (w <= 2)
        words |= words >> 16;
    if (w == 1)
        words |= words >> 8;
    return ((uint32_t)words & low_mask(8 * w)) | rest;
}

/* The most frames of the shortest length in one of the longest. */
#define SIZER_MOST_SHORT_FRAMES (1u << (SCANZIP_FRAME_CANDIDATES - 1))

/* Add a whole frame of the longest length, given the ORs of its `frames`
 * frames of the shortest, when no frame is open: each length's widths
 * at once, then the ORs of pairs make the next length's frames, down to
 * the one frame of the longest (lengths double from level to level).
 * Inlined where frames is a constant, so that its loops unroll.
 *     ORs [1 0 4 4], lengths 8 and 16: widths 1 0 3 3 (56 bits), then
 *     ORs [1 4]: widths 1 3 (64 bits) */
static inline __attribute__((always_inline)) void sizer_add_longest(struct frame_sizer *s,
                                                                     uint32_t frame_or[SIZER_MOST_SHORT_FRAMES],
                                                                     unsigned frames)
{
    for (unsigned k = 0;; k++) {
        uint64_t widths = 0;
        for (unsigned j = 0; j < frames; j++)
            widths += bit_width(frame_or[j]);
        s->level[k].frames += frames;
        s->level[k].bits += widths * s->level[k].length;
        if (frames == 1)
            return;
        frames /= 2;
        for (unsigned j = 0; j < frames; j++)
            frame_or[j] = frame_or[2 * j] | frame_or[2 * j + 1];
    }
}

/* Add elements [0, n) of a chunk, a frame of the longest length at a
 * time: at once when its elements are all one value, else by the ORs of
 * its shortest frames. The same sizes as adding each on its own. */
static inline __attribute__((always_inline)) void sizer_add_elements_of(struct frame_sizer *s, const uint8_t *raw,
                                                                         size_t n, unsigned w, uint32_t shortest,
                                                                         uint32_t longest)
{
    uint32_t frame_or[SIZER_MOST_SHORT_FRAMES];
    size_t i = 0;
    for (; n - i >= longest; i += longest) {
        uint32_t v = element_at(raw, i, w);
        if (run_end(raw, i, i + longest, w, v) == i + longest) {
            sizer_add_repeats(s, v, longest);
            continue;
        }
        for (unsigned j = 0; j < longest / shortest; j++)
            frame_or[j] = elements_or(raw, i + (size_t)j * shortest, shortest, w);
        sizer_add_longest(s, frame_or, longest / shortest);
    }
    for (; n - i >= shortest; i += shortest)
        sizer_add_frame(s, elements_or(raw, i, shortest, w), shortest);
    s->level[0].frame_or |= elements_or(raw, i, n - i, w);
    s->level[0].in_frame += (uint32_t)(n - i);
}

/* sizer_add_elements_of with the candidate lengths as constants when
 * choosing (the default: 8 .. 256, bytes 8 a word), else with the one
 * length --frame gave. */
static inline __attribute__((always_inline)) void sizer_add_elements_w(struct frame_sizer *s, const uint8_t *raw,
                                                                        size_t n, unsigned w)
{
    const uint32_t first = SCANZIP_FIRST_FRAME_CANDIDATE, last = first << (SCANZIP_FRAME_CANDIDATES - 1);
    if (s->levels == SCANZIP_FRAME_CANDIDATES)
        sizer_add_elements_of(s, raw, n, w, first, last);
    else
        sizer_add_elements_of(s, raw, n, w, s->level[0].length, s->level[s->levels - 1].length);
}

/* sizer_add_elements_w compiled for each w. */
static void sizer_add_elements(struct frame_sizer *s, const uint8_t *raw, size_t n, unsigned w)
{
    switch (w) {
    case 1: sizer_add_elements_w(s, raw, n, 1); break;
    case 2: sizer_add_elements_w(s, raw, n, 2); break;
    default: sizer_add_elements_w(s, raw, n, 4); break;
    }
}

/* Close the last, partial frames, shortest first: a partial frame of 8
 * goes into the frame of 16 it belongs to, which is then partial too. */
static void sizer_finish(struct frame_sizer *s)
{
    for (unsigned k = 0; k < s->levels; k++)
        if (s->level[k].in_frame > 0)
            sizer_close_frame(s, k);
}

/* A packed stream's bytes with level k's frames: a width byte per frame,
 * then its words. */
static uint64_t sizer_bytes(const struct frame_sizer *s, unsigned k)
{
    return s->level[k].frames + 4 * ((s->level[k].bits + 31) / 32);
}

/* The smallest payload of `fixed` bytes, then one or two (b: NULL for
 * one) packed streams of the same frame length; strictly smaller wins,
 * so ties go to the shortest frame. runs: the size's (0 for pack). */
static struct scanzip_size smallest_payload(const struct frame_sizer *a, const struct frame_sizer *b,
                                            uint64_t fixed, uint64_t runs)
{
    struct scanzip_size best = {0, 0, (uint32_t)runs, 0};
    for (unsigned k = 0; k < a->levels; k++) {
        uint64_t total = fixed + sizer_bytes(a, k) + (b != NULL ? sizer_bytes(b, k) : 0);
        if (k == 0 || total < best.bytes) {
            best.bytes = total;
            best.frame_length = a->level[k].length;
            best.first_stream_bytes = sizer_bytes(a, k);
        }
    }
    return best;
}

/* format.h's rule needs the runs of the deltas (x[-1] = 0). They follow
 * from the runs of the elements, so the run pass counts them at O(1) a
 * run: a run (s, c) after the symbol p makes the delta s - p, then c - 1
 * deltas of 0.
 *     [5 6 7 8 8 8]: runs (5,1) (6,1) (7,1) (8,3) -> deltas [5 1 1 1 0 0], 3 runs */
struct delta_runs {
    uint64_t runs, previous_delta; /* 64 bits: room for a value no delta is */
    uint32_t previous_symbol;
};

/* Before element 0: no run yet, and a previous delta that no delta
 * equals (above 32 bits), so element 0 starts one. */
static struct delta_runs delta_runs(void)
{
    struct delta_runs d = {0, UINT64_MAX, 0};
    return d;
}

static inline void count_delta_runs(struct delta_runs *d, uint32_t symbol, uint32_t count, uint32_t mask)
{
    uint32_t delta = (symbol - d->previous_symbol) & mask;
    d->runs += delta != d->previous_delta;
    d->previous_delta = delta;
    if (count > 1) { /* then count - 1 zeros */
        d->runs += delta != 0;
        d->previous_delta = 0;
    }
    d->previous_symbol = symbol;
}

/* What one pass over a chunk's runs finds: how many, rle8's pieces, and
 * cascade's streams sized (symbols, their deltas, counts minus one). */
struct run_sizers {
    uint64_t runs, rle8_pairs;
    struct frame_sizer symbols, deltas, counts;
};

/* size_runs's walk over the runs, between two frames. For the runs of
 * elements it does two more things (deltas NULL for the runs of deltas):
 * count the runs of the deltas (format.h's rule), and add up the
 * elements' bit widths a run at a time, [7 7 7 9] -> 3 x 3 + 4 = 13. */
struct runs_walk {
    struct run_reader reader;
    struct delta_runs *deltas;
    uint64_t value_bits, rle8_pairs;
    uint32_t previous; /* the last symbol, for its delta */
};

/* The next `length` runs (fewer: the runs end; the count is returned)
 * as one frame of each of the three streams, their ORs in ors[0..2]:
 * symbols, their zigzag deltas, counts minus one.
 *     runs (7, 3) (9, 1), length 8: 2, ors [7|9 14|4 2|0] = [15 14 2] */
static inline __attribute__((always_inline)) uint32_t walk_frame(struct runs_walk *k, uint32_t length,
                                                                 uint32_t ors[3])
{
    unsigned bits = 8 * k->reader.w;
    uint32_t mask = low_mask(bits), in_frame = 0, symbol_or = 0, delta_or = 0, count_or = 0, previous = k->previous;
    uint64_t value_bits = 0, rle8_pairs = 0;
    struct delta_runs deltas = k->deltas != NULL ? *k->deltas : delta_runs(); /* sums in locals, not through k */
    const uint32_t *symbols, *ends;
    size_t start, got;
    for (; in_frame < length && (got = take_runs(&k->reader, length - in_frame, &symbols, &ends, &start)) > 0;
         in_frame += (uint32_t)got)
        for (size_t j = 0; j < got; j++) {
            uint32_t symbol = symbols[j], count = (uint32_t)(ends[j] - start);
            start = ends[j];
            if (k->deltas != NULL)
                count_delta_runs(&deltas, symbol, count, mask);
            value_bits += (uint64_t)count * bit_width(symbol);
            rle8_pairs += (count + SCANZIP_RLE8_MAX_COUNT - 1) / SCANZIP_RLE8_MAX_COUNT;
            symbol_or |= symbol;
            delta_or |= zigzag((symbol - previous) & mask, bits);
            count_or |= count - 1;
            previous = symbol;
        }
    if (k->deltas != NULL)
        *k->deltas = deltas;
    k->value_bits += value_bits;
    k->rle8_pairs += rle8_pairs;
    k->previous = previous;
    ors[0] = symbol_or;
    ors[1] = delta_or;
    ors[2] = count_or;
    return in_frame;
}

/* The three streams have a value a run, so their frames close together:
 * a frame of the longest length is walked as `per_longest` frames of the
 * shortest, whose ORs go in at once (sizer_add_longest); the last,
 * partial one a frame of the shortest at a time. Inlined with the
 * lengths as constants when choosing, so that sizer_add_longest unrolls. */
static inline __attribute__((always_inline)) void size_runs_of(struct runs_walk *k, struct run_sizers *s,
                                                               uint32_t shortest, uint32_t per_longest)
{
    struct frame_sizer *streams[3] = {&s->symbols, &s->deltas, &s->counts};
    uint32_t ors[3][SIZER_MOST_SHORT_FRAMES], in_frame = shortest;
    for (;;) {
        unsigned j = 0;
        for (; j < per_longest; j++) {
            uint32_t frame_ors[3];
            in_frame = walk_frame(k, shortest, frame_ors);
            for (unsigned t = 0; t < 3; t++)
                ors[t][j] = frame_ors[t];
            if (in_frame < shortest)
                break;
        }
        if (j == per_longest) {
            s->runs += (uint64_t)per_longest * shortest;
            for (unsigned t = 0; t < 3; t++)
                sizer_add_longest(streams[t], ors[t], per_longest);
            continue;
        }
        s->runs += (uint64_t)j * shortest + in_frame;
        for (unsigned t = 0; t < 3; t++) {
            for (unsigned i = 0; i < j; i++)
                sizer_add_frame(streams[t], ors[t][i], shortest);
            sizer_add_frame(streams[t], ors[t][j], in_frame);
            sizer_finish(streams[t]);
        }
        return;
    }
}

/* The sizes of the three streams of a pass over the runs, its rle8
 * pairs, and (the runs of elements) the runs of the deltas and the
 * elements' bit widths (struct runs_walk). */
static void size_runs(struct run_reader reader, const struct frame_sizer *empty, struct run_sizers *s,
                      struct delta_runs *deltas, uint64_t *element_bits)
{
    struct runs_walk walk = {reader, deltas, 0, 0, 0};
    s->runs = 0;
    s->symbols = s->deltas = s->counts = *empty;
    uint32_t first = SCANZIP_FIRST_FRAME_CANDIDATE;
    if (empty->levels == SCANZIP_FRAME_CANDIDATES)
        size_runs_of(&walk, s, first, SIZER_MOST_SHORT_FRAMES);
    else
        size_runs_of(&walk, s, empty->level[0].length, 1);
    s->rle8_pairs = walk.rle8_pairs;
    if (element_bits != NULL)
        *element_bits = walk.value_bits;
}

/* What the passes over a chunk find: the packed sizes of every stream a
 * method packs, for each candidate frame length. The runs of the deltas
 * are sized only when format.h's rule says delta first may pay (or
 * every_variant asks for them); the elements (pack's stream) only when
 * pack may be chosen (measure). A new method whose size needs something
 * else adds it here. */
struct scanzip_look {
    unsigned w;
    size_t n;
    bool delta_first_measured; /* format.h's rule, or every_variant */
    bool elements_sized;       /* look_at_elements ran */
    uint64_t element_bits;     /* the sum of the elements' bit widths */
    struct frame_sizer elements;
    struct run_sizers of_elements, of_deltas; /* of_deltas: only when delta_first_measured */
};

/* The pass over the runs of the elements, and of their deltas when they
 * are measured: every size but pack's. */
static void look_at(const struct scanzip_codec_params *params, const uint8_t *raw, size_t n, bool every_variant,
                    struct scanzip_runs *keep, struct scanzip_look *look)
{
    unsigned w = params->element_bytes;
    struct delta_runs deltas_seen = delta_runs();
    struct frame_sizer empty = frame_sizer(params->frame_length);
    look->w = w;
    look->n = n;
    look->elements_sized = false;
    look->elements = empty;
    struct run_reader elements = run_reader(raw, n, w, false, keep, NULL);
    struct run_reader deltas = run_reader(raw, n, w, true, NULL, NULL);
    size_runs(elements, &empty, &look->of_elements, &deltas_seen, &look->element_bits);
    look->delta_first_measured = deltas_seen.runs < look->of_elements.runs || every_variant;
    if (look->delta_first_measured)
        size_runs(deltas, &empty, &look->of_deltas, NULL, NULL);
}

/* The pass over the elements that sizes pack's stream. */
static void look_at_elements(const uint8_t *raw, struct scanzip_look *look)
{
    sizer_add_elements(&look->elements, raw, look->n, look->w);
    sizer_finish(&look->elements);
    look->elements_sized = true;
}

/* No frame length packs the elements in fewer bytes than this: each
 * element is in a frame at least as wide as itself, so the words hold at
 * least the sum of their bit widths, and no length makes fewer frames
 * than the longest. What lets measure skip look_at_elements.
 *     [7 7 7 9], frames of 128: 4 + 1 + 4 x ceil(13 / 32) = 9, pack's own size */
static uint64_t pack_lower_bound(const struct scanzip_look *look)
{
    uint64_t longest = look->elements.level[look->elements.levels - 1].length;
    return 4 + (look->n + longest - 1) / longest + 4 * ((look->element_bits + 31) / 32);
}

bool scanzip_delta_first_pays(unsigned element_bytes, const uint8_t *raw, size_t n)
{
    struct delta_runs deltas = delta_runs();
    struct run_reader reader = run_reader(raw, n, element_bytes, false, NULL, NULL);
    uint32_t symbol, count;
    uint64_t runs = 0;
    while (next_run(&reader, &symbol, &count)) {
        runs++;
        count_delta_runs(&deltas, symbol, count, low_mask(8 * element_bytes));
    }
    return deltas.runs < runs;
}

/* Each method's size (codec.h has the payloads). */
static void size_stored(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    of[0].bytes = (uint64_t)look->n * look->w;
}

static void size_rle8(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    of[0].bytes = look->of_elements.rle8_pairs * (look->w + 1);
}

static void size_rle(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    of[0].bytes = 4 + 8 * look->of_elements.runs;
    of[0].runs = (uint32_t)look->of_elements.runs;
}

/* u32 frame_length, then its stream; SCANZIP_UNMEASURED until its pass
 * has run (measure). */
static void size_pack(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    struct scanzip_size unmeasured = {SCANZIP_UNMEASURED, 0, 0, 0};
    of[0] = look->elements_sized ? smallest_payload(&look->elements, NULL, 4, 0) : unmeasured;
}

/* u32 runs, u32 frame_length, then its two streams, which share the
 * frame length; each variant's chosen apart (format.h). Delta first's
 * only when format.h's rule makes them candidates. */
static void size_cascade(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    const struct run_sizers *e = &look->of_elements, *d = &look->of_deltas;
    struct scanzip_size unmeasured = {SCANZIP_UNMEASURED, 0, 0, 0};
    of[0] = smallest_payload(&e->symbols, &e->counts, 8, e->runs);
    of[SCANZIP_FLAG_DELTA] = smallest_payload(&e->deltas, &e->counts, 8, e->runs);
    of[SCANZIP_FLAG_DELTA_FIRST] =
        look->delta_first_measured ? smallest_payload(&d->symbols, &d->counts, 8, d->runs) : unmeasured;
    of[SCANZIP_FLAG_DELTA_FIRST | SCANZIP_FLAG_DELTA] =
        look->delta_first_measured ? smallest_payload(&d->deltas, &d->counts, 8, d->runs) : unmeasured;
}

/* ---- Encoders ------------------------------------------------------------ */

/* Appends values of any width 0..32, LSB-first, into little-endian u32
 * words: bit b of the stream is bit b % 32 of word b / 32 (common/pack.h).
 * Values of a frame are consecutive, so appending them in order puts each
 * at its frame's offset, the exclusive scan of the frames' bits. */
struct bit_writer {
    uint8_t *out;
    uint64_t pending; /* bits not yet written, lowest first */
    unsigned pending_bits;
    uint64_t words;
};

static inline void bits_put(struct bit_writer *b, uint32_t value, unsigned width)
{
    b->pending |= (uint64_t)value << b->pending_bits;
    b->pending_bits += width;
    if (b->pending_bits >= 32) {
        scanzip_store32(b->out + 4 * b->words++, (uint32_t)b->pending);
        b->pending >>= 32;
        b->pending_bits -= 32;
    }
}

static void bits_flush(struct bit_writer *b)
{
    if (b->pending_bits > 0)
        scanzip_store32(b->out + 4 * b->words++, (uint32_t)b->pending);
    b->pending = 0;
    b->pending_bits = 0;
}

/* Frames of up to this many values are read once, into a buffer on the
 * stack; a longer one (--frame) is read twice. */
#define PACK_BUFFER_VALUES 256

/* Pack `count` values of a stream in frames: a width byte per frame at
 * out, then the words. A frame's width needs all its values before the
 * first is written: a short frame is kept in a buffer, a long one is read
 * twice, from a copy of the iterator. Returns the bytes. */
static uint64_t pack_stream(struct value_stream *values, uint64_t count, uint32_t frame_length,
                            uint8_t *out)
{
    uint64_t frames = count / frame_length + (count % frame_length != 0);
    struct bit_writer writer = {out + frames, 0, 0, 0};
    uint32_t buffer[PACK_BUFFER_VALUES];
    for (uint64_t f = 0; f < frames; f++) {
        uint64_t in_frame = f + 1 < frames ? frame_length : count - f * frame_length;
        bool buffered = in_frame <= PACK_BUFFER_VALUES;
        struct value_stream first_look = *values;
        uint32_t frame_or = 0;
        for (uint64_t j = 0; j < in_frame; j++)
            frame_or |= buffered ? (buffer[j] = next_value(values)) : next_value(&first_look);
        unsigned width = bit_width(frame_or);
        out[f] = (uint8_t)width;
        if (buffered)
            for (uint64_t j = 0; j < in_frame; j++)
                bits_put(&writer, buffer[j], width);
        else
            for (uint64_t j = 0; j < in_frame; j++)
                bits_put(&writer, next_value(values), width);
    }
    bits_flush(&writer);
    return frames + 4 * writer.words;
}

/* stored: the raw bytes. */
static uint64_t encode_stored(const struct scanzip_codec_params *params, unsigned flags,
                              const struct scanzip_size *measured, const struct scanzip_runs *kept, const uint8_t *raw,
                              size_t n, uint8_t *out)
{
    (void)flags;
    (void)measured;
    (void)kept;
    uint64_t bytes = (uint64_t)n * params->element_bytes;
    if (bytes > 0)
        memcpy(out, raw, bytes);
    return bytes;
}

/* rle8: [7 7 7 9] -> 07 03 09 01; a run of 300 -> (s, 255) (s, 45). */
static uint64_t encode_rle8(const struct scanzip_codec_params *params, unsigned flags,
                            const struct scanzip_size *measured, const struct scanzip_runs *kept, const uint8_t *raw,
                            size_t n, uint8_t *out)
{
    (void)flags;
    (void)measured;
    unsigned w = params->element_bytes;
    struct run_reader reader = run_reader(raw, n, w, false, NULL, kept);
    uint32_t symbol, count;
    uint8_t *p = out;
    while (next_run(&reader, &symbol, &count)) {
        while (count > 0) {
            uint32_t piece = count < SCANZIP_RLE8_MAX_COUNT ? count : SCANZIP_RLE8_MAX_COUNT;
            memcpy(p, &symbol, w);
            p[w] = (uint8_t)piece;
            p += w + 1;
            count -= piece;
        }
    }
    return (uint64_t)(p - out);
}

/* rle: runs, then the symbols, then the counts, all u32. */
static uint64_t encode_rle(const struct scanzip_codec_params *params, unsigned flags,
                           const struct scanzip_size *measured, const struct scanzip_runs *kept, const uint8_t *raw,
                           size_t n, uint8_t *out)
{
    (void)flags;
    struct run_reader reader = run_reader(raw, n, params->element_bytes, false, NULL, kept);
    uint32_t symbol, count, runs = measured->runs;
    scanzip_store32(out, runs);
    for (uint32_t r = 0; next_run(&reader, &symbol, &count); r++) {
        scanzip_store32(out + 4 + 4 * (uint64_t)r, symbol);
        scanzip_store32(out + 4 + 4 * ((uint64_t)runs + r), count);
    }
    return 4 + 8 * (uint64_t)runs;
}

static uint64_t encode_pack(const struct scanzip_codec_params *params, unsigned flags,
                            const struct scanzip_size *measured, const struct scanzip_runs *kept, const uint8_t *raw,
                            size_t n, uint8_t *out)
{
    (void)flags;
    (void)measured;
    (void)kept;
    scanzip_store32(out, params->frame_length);
    struct value_stream values = value_stream(ELEMENTS, raw, n, params->element_bytes, false, NULL);
    return 4 + pack_stream(&values, n, params->frame_length, out + 4);
}

/* The frames of a stream: a width byte each at `widths`, then its words. */
struct frame_writer {
    uint8_t *widths;
    struct bit_writer bits;
};

static struct frame_writer frame_writer(uint8_t *out, uint64_t frames)
{
    struct frame_writer f = {out, {out + frames, 0, 0, 0}};
    return f;
}

/* Put frame f's values, at the width of their OR. A frame of width 0
 * (all 0: the counts of runs of one, as in noise) has no bits to put.
 * Otherwise the word being filled is stored after every value, full or
 * not, rather than tested: it holds a bit of the stream at least, so is
 * one of its words, and is stored again until it is full (bits_flush
 * stores the last).
 *     width 12, values [0xabc 0xdef 0x123]: stores 0x00000abc,
 *     0x00defabc, 0x23defabc (full), then 0x00000001 is pending */
static void put_frame(struct frame_writer *f, uint64_t frame, const uint32_t *values, uint64_t count,
                      uint32_t frame_or)
{
    unsigned width = bit_width(frame_or);
    f->widths[frame] = (uint8_t)width;
    if (width == 0)
        return;
    struct bit_writer b = f->bits;
    for (uint64_t j = 0; j < count; j++) {
        b.pending |= (uint64_t)values[j] << b.pending_bits;
        b.pending_bits += width;
        scanzip_store32(b.out + 4 * b.words, (uint32_t)b.pending);
        unsigned full = b.pending_bits >> 5; /* 0 or 1: at most 31 + 32 bits */
        b.words += full;
        b.pending >>= 32 * full;
        b.pending_bits -= 32 * full;
    }
    f->bits = b;
}

/* Cascade's two streams in one walk over the runs (frames of up to
 * PACK_BUFFER_VALUES): the symbols (or their deltas) go to `out`, the
 * counts minus one to `counts_out`, just after them (measuring found
 * the symbols' bytes). Returns the bytes of both. */
static uint64_t pack_runs(struct value_stream *symbols, uint64_t runs, uint32_t frame_length, uint8_t *out,
                          uint8_t *counts_out)
{
    uint64_t frames = runs / frame_length + (runs % frame_length != 0);
    struct frame_writer s = frame_writer(out, frames), c = frame_writer(counts_out, frames);
    uint32_t symbol_values[PACK_BUFFER_VALUES], count_values[PACK_BUFFER_VALUES];
    for (uint64_t f = 0; f < frames; f++) {
        uint64_t in_frame = f + 1 < frames ? frame_length : runs - f * frame_length;
        uint32_t symbol_or = 0, count_or = 0;
        for (uint64_t j = 0; j < in_frame; j++) {
            uint32_t symbol = 0, count = 0;
            next_run(&symbols->runs, &symbol, &count);
            symbol_or |= symbol_values[j] = symbol_value(symbols, symbol);
            count_or |= count_values[j] = count - 1;
        }
        put_frame(&s, f, symbol_values, in_frame, symbol_or);
        put_frame(&c, f, count_values, in_frame, count_or);
    }
    bits_flush(&s.bits);
    bits_flush(&c.bits);
    return (frames + 4 * s.bits.words) + (frames + 4 * c.bits.words);
}

/* u32 runs, u32 frame_length, the symbols' stream, the counts'. */
static uint64_t encode_cascade(const struct scanzip_codec_params *params, unsigned flags,
                               const struct scanzip_size *measured, const struct scanzip_runs *kept, const uint8_t *raw,
                               size_t n, uint8_t *out)
{
    unsigned w = params->element_bytes;
    bool delta_first = flags & SCANZIP_FLAG_DELTA_FIRST;
    uint32_t runs = measured->runs, frame_length = params->frame_length;
    scanzip_store32(out, runs);
    scanzip_store32(out + 4, frame_length);
    enum value_kind kind = (flags & SCANZIP_FLAG_DELTA) ? RUN_DELTAS : RUN_SYMBOLS;
    struct value_stream symbols = value_stream(kind, raw, n, w, delta_first, kept);
    if (frame_length <= PACK_BUFFER_VALUES)
        return 8 + pack_runs(&symbols, runs, frame_length, out + 8, out + 8 + measured->first_stream_bytes);
    /* Long frames (--frame): a stream at a time, each frame read twice (pack_stream). */
    uint64_t bytes = 8 + pack_stream(&symbols, runs, frame_length, out + 8);
    struct value_stream counts = value_stream(RUN_COUNTS, raw, n, w, delta_first, kept);
    return bytes + pack_stream(&counts, runs, frame_length, out + bytes);
}

/* ---- Decoders ------------------------------------------------------------ */

/* Reads values of widths 0..32 back from the words. The caller has
 * checked that the words hold every bit it will ask for. */
struct bit_reader {
    const uint8_t *in;
    uint64_t pending;
    unsigned pending_bits;
};

static inline uint32_t bits_get(struct bit_reader *b, unsigned width)
{
    if (b->pending_bits < width) {
        b->pending |= (uint64_t)scanzip_load32(b->in) << b->pending_bits;
        b->in += 4;
        b->pending_bits += 32;
    }
    uint32_t value = (uint32_t)(b->pending & ((UINT64_C(1) << width) - 1)); /* width <= 32: no test */
    b->pending >>= width;
    b->pending_bits -= width;
    return value;
}

/* A packed stream inside a payload: where its widths and words are, and
 * how many values it holds. */
struct packed_stream {
    const uint8_t *widths;
    uint64_t frames, count;
    uint32_t frame_length;
    struct bit_reader reader;
    uint64_t frame, left_in_frame; /* the cursor */
};

/* Check the widths of a stream of `count` values at payload[*at ..) and
 * step *at past its words. */
static int open_stream(const char *method, const char *stream, const uint8_t *payload,
                       uint64_t payload_bytes, uint64_t *at, uint64_t count, uint32_t frame_length,
                       unsigned max_width, struct packed_stream *s, struct scanzip_why *why)
{
    s->frames = count / frame_length + (count % frame_length != 0);
    s->count = count;
    s->frame_length = frame_length;
    if (payload_bytes - *at < s->frames)
        return scanzip_fail(why, "%s: the payload ends inside the %s widths (%llu frames, %llu bytes left)",
                            method, stream, (unsigned long long)s->frames, (unsigned long long)(payload_bytes - *at));
    s->widths = payload + *at;
    uint64_t bits = 0;
    for (uint64_t f = 0; f < s->frames; f++) {
        if (s->widths[f] > max_width)
            return scanzip_fail(why, "%s: %s frame %llu has width %u, more than %u bits", method, stream,
                                (unsigned long long)f, s->widths[f], max_width);
        uint64_t in_frame = f + 1 < s->frames ? frame_length : count - f * frame_length;
        bits += s->widths[f] * in_frame;
    }
    uint64_t words = (bits + 31) / 32;
    *at += s->frames;
    if ((payload_bytes - *at) / 4 < words)
        return scanzip_fail(why, "%s: the payload ends inside the %s words (%llu words, %llu bytes left)",
                            method, stream, (unsigned long long)words, (unsigned long long)(payload_bytes - *at));
    s->reader.in = payload + *at;
    s->reader.pending = 0;
    s->reader.pending_bits = 0;
    s->frame = 0;
    s->left_in_frame = s->frames > 0 ? (frame_length < count ? frame_length : count) : 0;
    *at += 4 * words;
    return 0;
}

static inline uint32_t stream_next(struct packed_stream *s)
{
    if (s->left_in_frame == 0) {
        s->frame++;
        uint64_t start = s->frame * s->frame_length;
        s->left_in_frame = s->count - start < s->frame_length ? s->count - start : s->frame_length;
    }
    s->left_in_frame--;
    return bits_get(&s->reader, s->widths[s->frame]);
}

/* The unused high bits of the last word must be 0 (common/pack.h). */
static int stream_finish(const char *method, const char *stream, const struct packed_stream *s,
                         struct scanzip_why *why)
{
    if (s->reader.pending != 0)
        return scanzip_fail(why, "%s: the unused high bits of the last %s word are not 0", method, stream);
    return 0;
}

/* stored: n is raw_bytes (of_bytes in the table). */
static int decode_stored(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes, uint8_t *raw,
                         uint64_t raw_bytes, struct scanzip_why *why)
{
    (void)w;
    (void)flags;
    if (payload_bytes != raw_bytes)
        return scanzip_fail(why, "stored: the payload has %llu bytes, the chunk %llu",
                            (unsigned long long)payload_bytes, (unsigned long long)raw_bytes);
    if (raw_bytes > 0)
        memcpy(raw, payload, raw_bytes);
    return 0;
}

/* Fill bytes [0, bytes) of out, which has room for `room` bytes, with
 * symbol repeated: a short run as 16 bytes of it at a time, which may
 * write past the run into the room (the next runs overwrite that), so
 * that a run of 3 is two stores rather than a call to memset. */
static inline void fill_run(uint8_t *out, uint64_t room, uint32_t symbol, uint64_t bytes, unsigned w)
{
    uint64_t pattern = repeated(symbol, w);
    if (bytes <= 64 && room >= 64) {
        for (uint64_t b = 0; b < bytes; b += 16) {
            scanzip_store64(out + b, pattern);
            scanzip_store64(out + b + 8, pattern);
        }
    } else if (w == 1) {
        memset(out, (int)symbol, bytes);
    } else {
        uint64_t b = 0;
        for (; b + 8 <= bytes; b += 8)
            scanzip_store64(out + b, pattern);
        for (; b < bytes; b += w)
            memcpy(out + b, &pattern, w);
    }
}

/* Write `count` copies of symbol at element *at, if they fit in n. */
static inline int put_run(const char *method, uint64_t run, uint32_t symbol, uint64_t count, uint8_t *raw,
                          unsigned w, uint64_t n, uint64_t *at, struct scanzip_why *why)
{
    if (count == 0)
        return scanzip_fail(why, "%s: run %llu has a count of 0", method, (unsigned long long)run);
    if (count > n - *at)
        return scanzip_fail(why, "%s: the counts up to run %llu add up to %llu, more than the chunk's %llu elements",
                            method, (unsigned long long)run, (unsigned long long)(*at + count), (unsigned long long)n);
    fill_run(raw + *at * w, (n - *at) * w, symbol, count * w, w);
    *at += count;
    return 0;
}

static int counts_add_up(const char *method, uint64_t at, uint64_t n, struct scanzip_why *why)
{
    if (at != n)
        return scanzip_fail(why, "%s: the counts add up to %llu, the chunk has %llu elements", method,
                            (unsigned long long)at, (unsigned long long)n);
    return 0;
}

static int decode_rle8(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes, uint8_t *raw,
                       uint64_t n, struct scanzip_why *why)
{
    (void)flags;
    if (payload_bytes % (w + 1) != 0)
        return scanzip_fail(why, "rle8: %llu bytes are not whole (symbol, count) pairs of %u bytes",
                            (unsigned long long)payload_bytes, w + 1);
    uint64_t at = 0;
    for (uint64_t r = 0; r < payload_bytes / (w + 1); r++) {
        const uint8_t *pair = payload + r * (w + 1);
        if (put_run("rle8", r, element_at(pair, 0, w), pair[w], raw, w, n, &at, why) != 0)
            return -1;
    }
    return counts_add_up("rle8", at, n, why);
}

static int decode_rle(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes, uint8_t *raw,
                      uint64_t n, struct scanzip_why *why)
{
    (void)flags;
    if (payload_bytes < 4)
        return scanzip_fail(why, "rle: %llu bytes, too short for the run count", (unsigned long long)payload_bytes);
    uint64_t runs = scanzip_load32(payload);
    if (payload_bytes != 4 + 8 * runs)
        return scanzip_fail(why, "rle: %llu runs need %llu bytes, the payload has %llu", (unsigned long long)runs,
                            (unsigned long long)(4 + 8 * runs), (unsigned long long)payload_bytes);
    uint64_t at = 0;
    for (uint64_t r = 0; r < runs; r++) {
        uint32_t symbol = scanzip_load32(payload + 4 + 4 * r);
        if (symbol > low_mask(8 * w))
            return scanzip_fail(why, "rle: symbol %llu is 0x%x, more than %u bits", (unsigned long long)r,
                                symbol, 8 * w);
        if (put_run("rle", r, symbol, scanzip_load32(payload + 4 + 4 * (runs + r)), raw, w, n, &at, why) != 0)
            return -1;
    }
    return counts_add_up("rle", at, n, why);
}

static int read_frame_length(const char *method, const uint8_t *field, uint32_t *frame_length, struct scanzip_why *why)
{
    *frame_length = scanzip_load32(field);
    if (*frame_length == 0 || *frame_length > SCANZIP_MAX_FRAME_LENGTH)
        return scanzip_fail(why, "%s: frame length %u is not in 1..%u", method, *frame_length,
                            SCANZIP_MAX_FRAME_LENGTH);
    return 0;
}

static int whole_payload(const char *method, uint64_t at, uint64_t payload_bytes, struct scanzip_why *why)
{
    if (at != payload_bytes)
        return scanzip_fail(why, "%s: the frames need %llu bytes, the payload has %llu", method,
                            (unsigned long long)at, (unsigned long long)payload_bytes);
    return 0;
}

static int decode_pack(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes, uint8_t *raw,
                       uint64_t n, struct scanzip_why *why)
{
    (void)flags;
    uint32_t frame_length;
    struct packed_stream values;
    uint64_t at = 4;
    if (payload_bytes < 4)
        return scanzip_fail(why, "pack: %llu bytes, too short for the frame length", (unsigned long long)payload_bytes);
    if (read_frame_length("pack", payload, &frame_length, why) != 0 ||
        open_stream("pack", "value", payload, payload_bytes, &at, n, frame_length, 8 * w, &values, why) != 0 ||
        whole_payload("pack", at, payload_bytes, why) != 0)
        return -1;
    for (uint64_t i = 0; i < n; i++)
        element_put(raw, i, w, stream_next(&values));
    return stream_finish("pack", "value", &values, why);
}

/* Delta first's decoding, once cascade's has written the zigzag deltas
 * into the chunk: each element becomes the inclusive prefix sum of the
 * unzigzagged deltas up to it, modulo 2^(8w): a scan, the course's
 * subject (engine_gpu.cu runs it on the GPU as lab 08's cascade_undelta).
 *     zigzag [10 2 2 2 0 0] -> deltas [5 1 1 1 0 0] -> sums [5 6 7 8 8 8] */
static void undo_delta_first(uint8_t *raw, uint64_t n, unsigned w)
{
    uint32_t mask = low_mask(8 * w), sum = 0;
    for (uint64_t i = 0; i < n; i++) {
        sum = (sum + unzigzag(element_at(raw, i, w), 8 * w)) & mask;
        element_put(raw, i, w, sum);
    }
}

/* Element value s at out, little-endian, as fill_run's pattern; each
 * w a store of its size, not a call to memcpy. */
static inline void store_element(uint8_t *out, uint32_t s, unsigned w)
{
    switch (w) {
    case 1: out[0] = (uint8_t)s; break;
    case 2: memcpy(out, &s, 2); break;
    default: memcpy(out, &s, 4); break;
    }
}

/* One frame of cascade's runs [first, first + in_frame): the two streams
 * share their frames, so each frame's widths are read once. A frame whose
 * counts have width 0 holds runs of one (noise: ch2bet's are 88% of
 * them): their symbols are stored one an element, without fill_run. */
static inline int decode_cascade_frame(struct packed_stream *symbols, struct packed_stream *counts, uint64_t f,
                                       uint64_t first, uint64_t in_frame, bool delta, uint32_t *symbol,
                                       uint8_t *raw, unsigned w, uint64_t n, uint64_t *done,
                                       struct scanzip_why *why)
{
    unsigned symbol_width = symbols->widths[f], count_width = counts->widths[f], bits = 8 * w;
    uint32_t mask = low_mask(bits), s = *symbol;
    if (count_width == 0 && in_frame <= n - *done) {
        uint8_t *out = raw + *done * w;
        for (uint64_t j = 0; j < in_frame; j++, out += w) {
            uint32_t value = bits_get(&symbols->reader, symbol_width);
            s = delta ? (s + unzigzag(value, bits)) & mask : value;
            store_element(out, s, w);
        }
        *done += in_frame;
    } else {
        for (uint64_t j = 0; j < in_frame; j++) {
            uint32_t value = bits_get(&symbols->reader, symbol_width);
            s = delta ? (s + unzigzag(value, bits)) & mask : value;
            uint64_t count = (uint64_t)bits_get(&counts->reader, count_width) + 1;
            if (put_run("cascade", first + j, s, count, raw, w, n, done, why) != 0)
                return -1;
        }
    }
    *symbol = s;
    return 0;
}

static int decode_cascade(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes,
                          uint8_t *raw, uint64_t n, struct scanzip_why *why)
{
    bool delta = flags & SCANZIP_FLAG_DELTA;
    uint32_t frame_length;
    struct packed_stream symbols, counts;
    uint64_t at = 8;
    if (payload_bytes < 8)
        return scanzip_fail(why, "cascade: %llu bytes, too short for the run count and frame length",
                            (unsigned long long)payload_bytes);
    uint64_t runs = scanzip_load32(payload);
    if (runs > n)
        return scanzip_fail(why, "cascade: %llu runs, more than the chunk's %llu elements",
                            (unsigned long long)runs, (unsigned long long)n);
    if (read_frame_length("cascade", payload + 4, &frame_length, why) != 0 ||
        open_stream("cascade", "symbol", payload, payload_bytes, &at, runs, frame_length, 8 * w, &symbols, why) != 0 ||
        open_stream("cascade", "count", payload, payload_bytes, &at, runs, frame_length, 32, &counts, why) != 0 ||
        whole_payload("cascade", at, payload_bytes, why) != 0)
        return -1;
    uint32_t symbol = 0;
    uint64_t done = 0;
    for (uint64_t f = 0; f < symbols.frames; f++) {
        uint64_t first = f * frame_length, in_frame = runs - first < frame_length ? runs - first : frame_length;
        if (decode_cascade_frame(&symbols, &counts, f, first, in_frame, delta, &symbol, raw, w, n, &done, why) != 0)
            return -1;
    }
    if (counts_add_up("cascade", done, n, why) != 0 ||
        stream_finish("cascade", "symbol", &symbols, why) != 0 ||
        stream_finish("cascade", "count", &counts, why) != 0)
        return -1;
    if (flags & SCANZIP_FLAG_DELTA_FIRST)
        undo_delta_first(raw, n, w);
    return 0;
}

/* ---- The methods ------------------------------------------------------------- */

/* The most payload bytes for n units of w bytes, whatever the data. */
static uint64_t max_stored(uint64_t w, uint64_t n)
{
    return n * w;
}

static uint64_t max_rle8(uint64_t w, uint64_t n)
{
    return n * (w + 1);
}

static uint64_t max_rle(uint64_t w, uint64_t n)
{
    (void)w;
    return 4 + 8 * n;
}

/* A width per value, 32 bits a value at most. */
static uint64_t max_pack(uint64_t w, uint64_t n)
{
    (void)w;
    return 4 + n + 4 * n;
}

/* Two such streams of at most n runs. */
static uint64_t max_cascade(uint64_t w, uint64_t n)
{
    (void)w;
    return 8 + 2 * n + 8 * n;
}

/* The table: one row a method, at its id (format.h). */
const struct scanzip_method scanzip_methods[SCANZIP_METHODS] = {
    [SCANZIP_STORED] = {
        .name = "stored", .help = "the bytes as they are",
        .of_bytes = true, .flags = 0, .frame_field = SCANZIP_UNFRAMED,
        .max_payload_bytes = max_stored, .size = size_stored, .encode = encode_stored, .decode = decode_stored,
    },
    [SCANZIP_RLE8] = {
        .name = "rle8", .help = "runs as (symbol, count) pairs with a 1-byte count (the thesis's format)",
        .of_bytes = false, .flags = 0, .frame_field = SCANZIP_UNFRAMED,
        .max_payload_bytes = max_rle8, .size = size_rle8, .encode = encode_rle8, .decode = decode_rle8,
    },
    [SCANZIP_RLE] = {
        .name = "rle", .help = "runs as lab 05 makes them: a u32 symbol and a u32 count each",
        .of_bytes = false, .flags = 0, .frame_field = SCANZIP_UNFRAMED, .looks_first = true,
        .max_payload_bytes = max_rle, .size = size_rle, .encode = encode_rle, .decode = decode_rle,
    },
    [SCANZIP_PACK] = {
        .name = "pack", .help = "lab 06's frames: each frame's values in the bits of its largest",
        .of_bytes = false, .flags = 0, .frame_field = 0, /* u32 frame_length first */
        .max_payload_bytes = max_pack, .size = size_pack, .encode = encode_pack, .decode = decode_pack,
    },
    [SCANZIP_CASCADE] = {
        .name = "cascade",
        .help = "runs (of the elements, or of their deltas), then their symbols\n(or their deltas) and counts "
                "bit-packed in frames; the smallest",
        .of_bytes = false, .flags = SCANZIP_FLAG_DELTA | SCANZIP_FLAG_DELTA_FIRST,
        .frame_field = 4, /* after u32 runs */
        .looks_first = true,
        .max_payload_bytes = max_cascade, .size = size_cascade, .encode = encode_cascade, .decode = decode_cascade,
    },
};

/* ---- What reads the table ------------------------------------------------------ */

int scanzip_fail(struct scanzip_why *why, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why->text, sizeof why->text, format, args);
    va_end(args);
    return -1;
}

/* Whether `choice` may pick pack, given every other size: -m pack, or
 * auto unless some candidate is smaller than pack can be (a tie may go
 * to pack: it comes before cascade). */
static bool pack_may_win(enum scanzip_choice choice, const struct scanzip_look *look,
                         const struct scanzip_sizes *sizes)
{
    if (choice != SCANZIP_CHOOSE_AUTO)
        return choice == SCANZIP_CHOOSE_PACK;
    uint64_t bound = pack_lower_bound(look);
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        for (unsigned f = 0; f < SCANZIP_FLAG_VARIANTS; f++)
            if (m != SCANZIP_PACK && scanzip_flags_valid(m, f) && sizes->of[m][f].bytes < bound)
                return false;
    return true;
}

/* Every size (exact), or those `choice` may pick; and (every_variant)
 * delta first even where format.h's rule would leave it out. Pack is
 * the one method whose size needs a pass of its own over the elements,
 * so it is sized last, and only when it may win: on the atlas, never. */
static void measure(const struct scanzip_codec_params *params, const uint8_t *raw, size_t n,
                    enum scanzip_choice choice, bool exact, bool every_variant, struct scanzip_runs *keep,
                    struct scanzip_sizes *sizes)
{
    struct scanzip_look look;
    look_at(params, raw, n, every_variant, keep, &look);
    memset(sizes, 0, sizeof *sizes);
    sizes->runs = keep;
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        scanzip_methods[m].size(&look, sizes->of[m]);
    if (exact || pack_may_win(choice, &look, sizes)) {
        look_at_elements(raw, &look);
        size_pack(&look, sizes->of[SCANZIP_PACK]);
    }
}

void scanzip_measure(const struct scanzip_codec_params *params, const uint8_t *raw, size_t n,
                     struct scanzip_sizes *sizes)
{
    measure(params, raw, n, SCANZIP_CHOOSE_AUTO, true, false, NULL, sizes);
}

void scanzip_measure_choice(const struct scanzip_codec_params *params, enum scanzip_choice choice,
                            const uint8_t *raw, size_t n, struct scanzip_runs *keep, struct scanzip_sizes *sizes)
{
    measure(params, raw, n, choice, false, false, keep, sizes);
}

uint32_t scanzip_payload_frame(const struct scanzip_sizes *sizes, unsigned method, unsigned flags)
{
    return sizes->of[method][flags].frame_length;
}

uint64_t scanzip_payload_size(const struct scanzip_sizes *sizes, unsigned method, unsigned flags)
{
    return sizes->of[method][flags].bytes;
}

/* The smallest of the candidates (method, flags) in the order method,
 * then flags: strictly smaller wins, so ties stay with the lower method
 * number, then the lower flags. One method: its own variants; auto: all.
 * A variant not measured (SCANZIP_UNMEASURED) is never strictly smaller. */
void scanzip_choose(enum scanzip_choice choice, const struct scanzip_sizes *sizes,
                    unsigned *method, unsigned *flags)
{
    unsigned first = choice == SCANZIP_CHOOSE_AUTO ? 0 : (unsigned)choice;
    unsigned last = choice == SCANZIP_CHOOSE_AUTO ? SCANZIP_METHODS - 1 : (unsigned)choice;
    *method = first;
    *flags = 0;
    for (unsigned m = first; m <= last; m++)
        for (unsigned f = 0; f < SCANZIP_FLAG_VARIANTS; f++)
            if (scanzip_flags_valid(m, f) && sizes->of[m][f].bytes < sizes->of[*method][*flags].bytes) {
                *method = m;
                *flags = f;
            }
}

uint64_t scanzip_encode_payload(const struct scanzip_codec_params *params, unsigned method,
                                unsigned flags, const uint8_t *raw, size_t n, uint8_t *payload)
{
    if (method >= SCANZIP_METHODS)
        abort(); /* not a method: the caller's bug (codec.h) */
    const struct scanzip_method *row = &scanzip_methods[method];
    bool choosing = params->frame_length == SCANZIP_FRAME_CHOOSE && row->frame_field != SCANZIP_UNFRAMED;
    struct scanzip_sizes sizes = {0};
    if (!choosing && !row->looks_first) /* pack with its frame length, stored, rle8: nothing to measure */
        return row->encode(params, flags, &sizes.of[method][flags], NULL, raw, n, payload);
    /* Measured as scanzip_measure would, delta first included (the
     * caller asked for it): its frame length when choosing, its runs. */
    measure(params, raw, n, (enum scanzip_choice)method, false, true, NULL, &sizes);
    return scanzip_encode_measured(params, &sizes, method, flags, raw, n, payload);
}

uint64_t scanzip_encode_measured(const struct scanzip_codec_params *params, const struct scanzip_sizes *sizes,
                                 unsigned method, unsigned flags, const uint8_t *raw, size_t n, uint8_t *payload)
{
    if (method >= SCANZIP_METHODS)
        abort(); /* not a method: the caller's bug (codec.h) */
    const struct scanzip_size *size = &sizes->of[method][flags];
    if (size->bytes == SCANZIP_UNMEASURED) /* nothing counted: the caller asked for it anyway */
        return scanzip_encode_payload(params, method, flags, raw, n, payload);
    struct scanzip_codec_params given = *params;
    if (scanzip_methods[method].frame_field != SCANZIP_UNFRAMED)
        given.frame_length = size->frame_length;
    return scanzip_methods[method].encode(&given, flags, size, sizes->runs, raw, n, payload);
}

int scanzip_decode_payload(unsigned element_bytes, unsigned method, unsigned flags,
                           const uint8_t *payload, uint64_t payload_bytes,
                           uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why)
{
    unsigned w = element_bytes, unit = scanzip_unit_bytes(method, w);
    if (w != 1 && w != 2 && w != 4)
        return scanzip_fail(why, "elements of %u bytes (1, 2 or 4)", w);
    if (!scanzip_flags_valid(method, flags))
        return scanzip_fail(why, "flags 0x%02x with method %s", flags, scanzip_method_name(method));
    if (raw_bytes % unit != 0)
        return scanzip_fail(why, "%s: %llu bytes are not whole elements of %u bytes", scanzip_method_name(method),
                            (unsigned long long)raw_bytes, w);
    if (method >= SCANZIP_METHODS)
        return scanzip_fail(why, "unknown method %u (0..%u)", method, SCANZIP_METHODS - 1);
    return scanzip_methods[method].decode(w, flags, payload, payload_bytes, raw, raw_bytes / unit, why);
}

uint64_t scanzip_max_payload_bytes(unsigned element_bytes, unsigned method, uint64_t n)
{
    return method < SCANZIP_METHODS ? scanzip_methods[method].max_payload_bytes(element_bytes, n) : 0;
}

bool scanzip_flags_valid(unsigned method, unsigned flags)
{
    unsigned allowed = method < SCANZIP_METHODS ? scanzip_methods[method].flags : 0;
    return (flags & ~allowed) == 0;
}

unsigned scanzip_unit_bytes(unsigned method, unsigned element_bytes)
{
    return method < SCANZIP_METHODS && scanzip_methods[method].of_bytes ? 1 : element_bytes;
}

const char *scanzip_method_name(unsigned method)
{
    return method < SCANZIP_METHODS ? scanzip_methods[method].name : "?";
}

const char *scanzip_variant_name(unsigned method, unsigned flags, char *text, size_t size)
{
    snprintf(text, size, "%s%s%s", flags & SCANZIP_FLAG_DELTA_FIRST ? "delta+" : "", scanzip_method_name(method),
             flags & SCANZIP_FLAG_DELTA ? "+delta" : "");
    return text;
}

const char *scanzip_choice_name(enum scanzip_choice choice)
{
    return choice == SCANZIP_CHOOSE_AUTO ? "auto" : scanzip_method_name((unsigned)choice);
}
