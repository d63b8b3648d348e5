/*
 * codec.h: scanzip's per-chunk encoders and decoders, on the CPU.
 *
 * Pure functions on memory buffers: no I/O, no allocation, no global
 * state, so chunks can be encoded on many threads at once and any other
 * engine (a GPU one) can be checked against these byte for byte.
 *
 * A chunk's raw bytes are n elements, each an unsigned little-endian
 * integer of element_bytes (w) bytes. The payload of each method, with
 * the 8-bit input [7 7 7 9] (n = 4) as the example:
 *
 *   stored   the raw bytes.                       07 07 07 09
 *
 *   rle8     per run, the symbol (w bytes) and the count (1 byte, 1..255);
 *            a run longer than 255 becomes runs of 255 and the rest
 *            (the thesis's byte format).              07 03 09 01
 *
 *   rle      lab 05's form: u32 runs, then runs u32 symbols, then runs
 *            u32 counts.          02000000 07000000 09000000 03000000 01000000
 *
 *   pack     lab 06's frames (common/pack.h has the bit layout): u32
 *            frame_length, one u8 width per frame (ceil(n / frame_length)
 *            frames), then the packed u32 words (ceil(total_bits / 32)).
 *            The offsets are not stored: they are the exclusive scan of
 *            width x values in the frame. With frame_length 128:
 *                80000000 04 77970000      one frame of width 4: the word is
 *                                          7 | 7 << 4 | 7 << 8 | 9 << 12 = 0x00009777
 *
 *   cascade  nvCOMP Cascaded's idea: an optional delta, RLE, an
 *            optional delta of the run symbols, then bit packing. u32 runs, u32 frame_length, then the symbols packed
 *            as in pack minus its frame_length (a width per frame of runs,
 *            then the words), then the counts minus one packed the same
 *            way with the same frame_length. Counts have no 255 limit.
 *                02000000 80000000 04 97000000 02 02000000
 *                runs 2, frame 128; symbols [7 9] in 4 bits; counts-1 [2 0] in 2 bits
 *            With the delta flag the symbols are first replaced by
 *            zigzag(symbol[r] - symbol[r-1]) with symbol[-1] = 0, computed
 *            modulo 2^(8w) and zigzagged in 8w bits (0 -> 0, -1 -> 1,
 *            1 -> 2, -2 -> 3, ...): [7 9] -> deltas [7 2] -> [14 4].
 *
 *            With the delta-first flag (format version 2) the elements
 *            are first replaced by zigzag(x[i] - x[i-1]), x[-1] = 0, the
 *            same way, and the rest is cascade on them: runs, then
 *            symbols (or with the delta flag too, their deltas) and
 *            counts packed as above. A counter has no runs, its deltas
 *            one (nvCOMP's Cascaded puts its delta first too). The
 *            8-bit input [5 6 7 8 8 8]:
 *                deltas [5 1 1 1 0 0] -> zigzag [10 2 2 2 0 0]
 *                -> runs (10, 1) (2, 3) (0, 2)
 *                03000000 80000000 04 2a000000 02 18000000
 *                runs 3, frame 128; symbols [10 2 0] in 4 bits:
 *                10 | 2 << 4 | 0 << 8 = 0x2a; counts-1 [0 2 1] in 2 bits:
 *                0 | 2 << 2 | 1 << 4 = 0x18
 *            Its decoder is cascade's, which gives back the zigzag
 *            deltas [10 2 2 2 0 0], then a scan: x[i] is the inclusive
 *            prefix sum of the unzigzagged deltas, modulo 2^(8w):
 *                unzigzag [5 1 1 1 0 0] -> inclusive sum [5 6 7 8 8 8]
 *
 * Every width is at most 8w bits (32 for counts).
 *
 * The methods: one table. Everything that differs from method to method
 * (its name, its --help line, which flags it takes, whether
 * its payload stores a frame length and where, its payload bound, its
 * size, encoder and decoder) is one row of scanzip_methods (codec.c),
 * indexed by the method id of format.h. Every dispatcher here, the
 * container's checks and the tool's options, help and messages read that
 * table. Adding a method is its id in format.h, its payload described
 * above and in format.h, and its row with its functions in codec.c.
 */
#ifndef SCANZIP_CODEC_H
#define SCANZIP_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"

/* Why something failed: one line saying what and where, e.g.
 *     rle: run 5 has a count of 0
 * Every scanzip function that can fail (here, container.h, engine.h)
 * returns 0 or -1 and, on -1, fills one of these. */
struct scanzip_why {
    char text[400];
};

/* Put a reason in why; returns -1, so that `return scanzip_fail(...)`. */
__attribute__((format(printf, 2, 3))) int scanzip_fail(struct scanzip_why *why, const char *format, ...);

/* What an encoder needs besides the data. */
struct scanzip_codec_params {
    unsigned element_bytes;  /* 1, 2 or 4 */
    uint32_t frame_length;   /* pack and cascade: 1..SCANZIP_MAX_FRAME_LENGTH, or (for
                                scanzip_measure only) SCANZIP_FRAME_CHOOSE: per chunk
                                and method, the candidate with the smallest payload */
};

/* Room for a chunk's runs of elements (each run's symbol, and its end:
 * the element after it), so that the pass that measures a chunk finds
 * its runs and the encoder reads them back rather than looking again.
 *     [7 7 7 9 9 4] -> symbols [7 9 4], ends [3 5 6]
 * The caller's memory, `capacity` of each; measuring sets `count` to
 * the chunk's runs, or to 0 when they did not fit (the encoder then
 * looks again: the same payload, a pass more). */
struct scanzip_runs {
    uint32_t *symbols, *ends;
    size_t capacity, count;
};

/* How many runs the CPU engine keeps room for in a chunk of n elements:
 * one for every SCANZIP_KEPT_RUNS_PER elements (a chunk with more is
 * looked at twice), and the bytes that room takes, which --memory counts:
 * 2^24 elements -> 2^20 runs, 8 MiB. */
#define SCANZIP_KEPT_RUNS_PER 16
static inline uint64_t scanzip_kept_runs(uint64_t n)
{
    return n / SCANZIP_KEPT_RUNS_PER;
}
static inline uint64_t scanzip_kept_runs_bytes(uint64_t n)
{
    return scanzip_kept_runs(n) * 2 * sizeof(uint32_t);
}

/* A record's flags are 0..3 (SCANZIP_FLAG_DELTA, SCANZIP_FLAG_DELTA_FIRST
 * or both): the variants of a method that scanzip_sizes holds, indexed
 * by the flags. */
#define SCANZIP_FLAG_VARIANTS 4

/* The size of a variant scanzip_measure did not measure: delta first
 * when format.h's rule says it is not a candidate (and, from
 * scanzip_measure_choice, a candidate its choice does not pick). Never
 * the smallest. */
#define SCANZIP_UNMEASURED UINT64_MAX

/* One candidate payload: its bytes, the frame length it is written
 * with (the given one, or the one chosen, format.h; 0: not framed), for
 * rle and cascade the run count it starts with (of the deltas with delta
 * first), and for cascade the bytes of its symbols' stream, after which
 * its counts' stream begins: what scanzip_encode_measured writes without
 * looking for it again. [7 7 7 9] as cascade, frames of 128: {18, 128,
 * 2, 5} (the symbols' stream is a width byte and a word). */
struct scanzip_size {
    uint64_t bytes;
    uint32_t frame_length;
    uint32_t runs;
    uint64_t first_stream_bytes;
};

/* The payload size of every candidate for one chunk, from one look at
 * it: of[method][flags], for the flags each method takes (the others are
 * left 0); cascade's delta-first variants only when format.h's rule makes
 * them candidates, else SCANZIP_UNMEASURED. [7 7 7 9] with frames of 128:
 * of[SCANZIP_RLE][0].bytes = 20, of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA] =
 * {18, 128, 2}, of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA_FIRST].bytes =
 * SCANZIP_UNMEASURED (3 runs of deltas, 2 of elements). */
struct scanzip_sizes {
    struct scanzip_size of[SCANZIP_METHODS][SCANZIP_FLAG_VARIANTS];
    const struct scanzip_runs *runs; /* the runs measuring kept (scanzip_measure_choice), or NULL */
};

void scanzip_measure(const struct scanzip_codec_params *params, const uint8_t *raw, size_t n,
                     struct scanzip_sizes *sizes);

/* The payload size of one method and flags (SCANZIP_UNMEASURED: not a
 * candidate). */
uint64_t scanzip_payload_size(const struct scanzip_sizes *sizes, unsigned method, unsigned flags);

/* The frame length that size is for (pack and cascade; 0 for the others):
 * what scanzip_encode_payload must be given to write it. */
uint32_t scanzip_payload_frame(const struct scanzip_sizes *sizes, unsigned method, unsigned flags);

/* Format.h's rule: whether the chunk's runs of deltas are fewer than its
 * runs of elements, so that cascade's delta-first variants are measured.
 * scanzip_measure counts both in the passes it makes anyway; this is the
 * rule alone, the reference for an engine that counts it elsewhere
 * (engine_gpu.cu: delta_first_pays_kernel). */
bool scanzip_delta_first_pays(unsigned element_bytes, const uint8_t *raw, size_t n);

/* What -m asks for: a method, by its id (format.h), or per chunk the
 * smallest of them (auto). A method that takes flags picks the smallest
 * of its variants, itself per chunk. Every id below
 * SCANZIP_METHODS is a choice: the names below are for code that picks
 * one by name, and a new method needs none. */
enum scanzip_choice {
    SCANZIP_CHOOSE_STORED = SCANZIP_STORED,
    SCANZIP_CHOOSE_RLE8 = SCANZIP_RLE8,
    SCANZIP_CHOOSE_RLE = SCANZIP_RLE,
    SCANZIP_CHOOSE_PACK = SCANZIP_PACK,
    SCANZIP_CHOOSE_CASCADE = SCANZIP_CASCADE,
    SCANZIP_CHOOSE_AUTO = SCANZIP_METHODS,
};

/* The method and flags a choice gives for a chunk of these sizes. Ties go
 * to the lower method number, then to the lower flags (0, delta, delta
 * first, both); auto always considers stored, so no chunk grows by more
 * than its record header. */
void scanzip_choose(enum scanzip_choice choice, const struct scanzip_sizes *sizes,
                    unsigned *method, unsigned *flags);

/* scanzip_measure for an encoder that then calls scanzip_choose with the
 * same choice: the same choice, from less work. Every size that choice
 * may pick is exact; pack's, which needs a pass of its own, is
 * SCANZIP_UNMEASURED when the choice is another method, or auto and some
 * other candidate is smaller than pack could be (codec.c:
 * pack_lower_bound). [7 7 7 9] with frames of 128, auto: rle8 has 4
 * bytes, pack at least 9, so of[SCANZIP_PACK][0].bytes =
 * SCANZIP_UNMEASURED. With keep (or NULL), the chunk's runs of elements
 * are kept there when they fit, and scanzip_encode_measured takes them
 * from there: keep must then outlive sizes, unchanged. */
void scanzip_measure_choice(const struct scanzip_codec_params *params, enum scanzip_choice choice,
                            const uint8_t *raw, size_t n, struct scanzip_runs *keep, struct scanzip_sizes *sizes);

/* Encode raw[0 .. n elements) with `method` (an id below
 * SCANZIP_METHODS) and `flags` into payload, which has room for
 * scanzip_payload_size() bytes; returns the bytes written (always that
 * size). params->frame_length is the one written: after scanzip_measure
 * with SCANZIP_FRAME_CHOOSE, pass the one it chose
 * (scanzip_payload_frame); with SCANZIP_FRAME_CHOOSE it chooses too.
 * It measures the chunk first (the encoders write what measuring found):
 * an encoder that has measured calls scanzip_encode_measured. */
uint64_t scanzip_encode_payload(const struct scanzip_codec_params *params, unsigned method,
                                unsigned flags, const uint8_t *raw, size_t n, uint8_t *payload);

/* scanzip_encode_payload of a candidate scanzip_measure sized (sizes,
 * from the same params and chunk): with the frame length it chose, the
 * runs it counted, and the runs it kept (sizes->runs), so the encoder
 * does not look for them again. [7 7 7 9] as cascade: the 2 runs of
 * of[SCANZIP_CASCADE][0].runs are written, not counted. */
uint64_t scanzip_encode_measured(const struct scanzip_codec_params *params, const struct scanzip_sizes *sizes,
                                 unsigned method, unsigned flags, const uint8_t *raw, size_t n, uint8_t *payload);

/* Decode a payload into raw[0 .. raw_bytes). Returns 0, or -1 with the
 * reason in why (e.g. "rle: run 5 has a count of 0") when the payload is
 * not a valid encoding of exactly raw_bytes bytes. Never reads outside
 * payload[0 .. payload_bytes) or writes outside raw[0 .. raw_bytes). */
int scanzip_decode_payload(unsigned element_bytes, unsigned method, unsigned flags,
                           const uint8_t *payload, uint64_t payload_bytes,
                           uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why);

/* The most payload bytes a method can need for n elements, whatever the
 * data and frame length: a decoder refuses larger payloads before
 * reading them. */
uint64_t scanzip_max_payload_bytes(unsigned element_bytes, unsigned method, uint64_t n);

/* Whether a record may carry these flags with this method: 0 always,
 * SCANZIP_FLAG_DELTA and SCANZIP_FLAG_DELTA_FIRST (either or both) with
 * cascade only; false for an unknown method with flags. (Whether the
 * file's version allows delta first is the container's check.) */
bool scanzip_flags_valid(unsigned method, unsigned flags);

/* The bytes of the units a method's payload holds: 1 for stored (bytes,
 * which prefix and tail chunks of any length use), element_bytes for the
 * others (and for an unknown method). What scanzip_decode_payload and
 * scanzip_max_payload_bytes are given as element_bytes. */
unsigned scanzip_unit_bytes(unsigned method, unsigned element_bytes);

/* "stored", "rle8", "rle", "pack", "cascade"; "?" for anything else. */
const char *scanzip_method_name(unsigned method);

/* A method with its flags, as info and the tests print them:
 * "cascade", "cascade+delta", "delta+cascade" (delta first),
 * "delta+cascade+delta" (both). */
const char *scanzip_variant_name(unsigned method, unsigned flags, char *text, size_t size);

/* A choice's -m spelling: a method's name, or "auto". */
const char *scanzip_choice_name(enum scanzip_choice choice);

/* ---- The table ---------------------------------------------------------------- */

/* What one look at a chunk finds (codec.c), from which each method's
 * size follows. */
struct scanzip_look;

/* A method's payload stores no frame length (scanzip_method.frame_field). */
#define SCANZIP_UNFRAMED (-1)

/* One method: everything that differs from one to another. */
struct scanzip_method {
    const char *name; /* "rle8": -m's spelling, info's column, every message's */
    const char *help; /* its --help text; a '\n' goes on under the first line */
    bool of_bytes;    /* the payload is of bytes, any number (stored), not of elements */
    uint8_t flags;    /* the flag bits a record may carry with it: SCANZIP_FLAG_DELTA ... */
    int frame_field;  /* where its payload's u32 frame_length is, or SCANZIP_UNFRAMED */
    bool looks_first; /* its encoder writes what measuring found (runs, a stream's bytes) */

    /* The most payload bytes for n units of w bytes (scanzip_max_payload_bytes). */
    uint64_t (*max_payload_bytes)(uint64_t w, uint64_t n);
    /* Its payload's size for each flags it takes, from a look at the chunk. */
    void (*size)(const struct scanzip_look *look, struct scanzip_size of[SCANZIP_FLAG_VARIANTS]);
    /* Encode n elements with a frame length that is not SCANZIP_FRAME_CHOOSE,
     * given their measured size (its runs, its streams' bytes) and the runs
     * of elements measuring kept (NULL, or a count of 0: find them). */
    uint64_t (*encode)(const struct scanzip_codec_params *params, unsigned flags, const struct scanzip_size *measured,
                       const struct scanzip_runs *kept, const uint8_t *raw, size_t n, uint8_t *payload);
    /* Decode into n units (elements, or bytes for of_bytes) of w bytes; flags are valid. */
    int (*decode)(unsigned w, unsigned flags, const uint8_t *payload, uint64_t payload_bytes, uint8_t *raw,
                  uint64_t n, struct scanzip_why *why);
};

/* Indexed by the method id of format.h. */
extern const struct scanzip_method scanzip_methods[SCANZIP_METHODS];

#endif
