/*
 * examples-08.c: the worked example of the lab 08 chapter, computed by the
 * reference (solutions/08-compressor/cascade.cu, with the references of
 * labs 03, 05 and 06 that it calls) and checked against scanzip's CPU
 * codec (scanzip/codec.c). See examples.c for how
 * docs/figure-data.sh links and runs it.
 *
 *   examples-08 cascade-encode|cascade-frames|cascade-decode|cascade-payload
 *
 * The chunk: 16 elements of 1 byte, frames of 4 (scanzip --frame 4), the
 * delta flag chosen (the smaller payload):
 *
 *     [40 40 41 41 41 42 43 43 43 43 42 42 41 40 40 40]
 *
 * The first three print rows for arrays-to-svg.awk:
 *
 * cascade-encode:   the encoder's stages: cascade_widen, rle_encode,
 *                   counts_minus_one_kernel, cascade_delta.
 * cascade-frames:   the two symbol streams the encoder weighs, plain and
 *                   as zigzagged deltas: each one's bits per value and
 *                   frame widths (pack_frame_widths with frames of 1 and
 *                   of 4), and its bytes (a width each, pack_encode's
 *                   words); then what cascade_encode chose.
 * cascade-decode:   the decoder's steps on cascade_encode's payload: each
 *                   stream's widths (stream_widths_kernel), their offsets
 *                   (pack_frame_offsets), its values (read_words_kernel,
 *                   pack_decode); the counts (counts_kernel); the undelta
 *                   a kernel at a time; the run starts
 *                   (scan_exclusive_tiled) and rle_decode_search. Checked
 *                   against cascade_undelta and cascade_decode.
 * cascade-payload:  cascade_encode's payload for bits-to-svg.awk, a line
 *                   per word: each byte as written, and each field (the
 *                   header's two numbers, a width byte, a packed value,
 *                   unused bits) with its bits as read from those bytes.
 *                   Checked: the payload is the header, then pack_encode's
 *                   widths and words of each stream, and what the CPU codec
 *                   writes for the chunk.
 *
 * The single kernels are launched by docs/figures/kernels-08.cu.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "cascade.h"
#include "pack.h"
#include "rle.h"
#include "scan.h"
#include "scanzip/codec.h"

#define EXAMPLES_PROGRAM "examples-08"
#include "examples.h"

/* docs/figures/kernels-08.cu: one launch of a reference kernel each. */
cudaError_t example_counts_minus_one(int *d_counts, size_t runs);
cudaError_t example_unzigzag(const uint32_t *d_zigzag, size_t runs, unsigned bits, int *d_differences);
cudaError_t example_finish_undelta(const int *d_differences, const int *d_exclusive, size_t runs,
                                   unsigned bits, int *d_symbols);
cudaError_t example_stream_widths(const uint8_t *d_bytes, size_t frames, unsigned max_width,
                                  uint32_t *d_widths, unsigned *d_invalid);
cudaError_t example_read_words(const uint8_t *d_bytes, size_t words, uint32_t *d_words);
cudaError_t example_counts(uint32_t *d_counts, size_t runs, size_t n, unsigned long long *d_total,
                           unsigned *d_invalid);

#define N 16
#define W 1
#define FRAME 4
static const uint8_t chunk[N] = {40, 40, 41, 41, 41, 42, 43, 43, 43, 43, 42, 42, 41, 40, 40, 40};

/* Print n 32-bit values from the device as ints: "label [ 1 2 3 ]". */
static void device_row(const char *label, const void *d, size_t n)
{
    int32_t host[N];
    if (n > N)
        fail("a row longer than the chunk");
    download(host, d, n * sizeof host[0]);
    printf("%-32s [", label);
    for (size_t i = 0; i < n; i++)
        printf(" %d", host[i]);
    printf(" ]\n");
}

/* Stop unless two device arrays of n 32-bit values are equal. */
static void same_on_device(const char *what, const void *d_a, const void *d_b, size_t n)
{
    uint32_t a[N], b[N];
    if (n > N)
        fail("an array longer than the chunk");
    download(a, d_a, n * 4);
    download(b, d_b, n * 4);
    if (memcmp(a, b, n * 4) != 0)
        fail(what);
}

/* What the encoder made of the chunk, on the device and on the host. */
struct encoded {
    int *d_values, *d_symbols, *d_counts_minus_one; /* rle_encode's counts, less 1 in place */
    uint32_t *d_zigzag;
    size_t runs;
    uint8_t payload[256];
    size_t payload_bytes;
    bool delta_used;
};

/* The chunk through the reference's encoder, its stages one at a time
 * (printed when `print`) and whole (cascade_encode). */
static void encode(struct encoded *e, bool print)
{
    uint8_t *d_raw = device_zeros(N * W), *d_payload = device_zeros(cascade_max_payload_bytes(N));
    e->d_values = device_zeros(N * sizeof(int));
    e->d_symbols = device_zeros(N * sizeof(int));
    e->d_counts_minus_one = device_zeros(N * sizeof(int));
    e->d_zigzag = device_zeros(N * sizeof(uint32_t));
    must("cudaMemcpy", cudaMemcpy(d_raw, chunk, sizeof chunk, cudaMemcpyHostToDevice));
    must("cascade_widen", cascade_widen(d_raw, N, W, e->d_values));
    must("rle_encode", rle_encode(e->d_values, N, e->d_symbols, e->d_counts_minus_one, &e->runs));
    if (print) {
        device_row("values", e->d_values, N);
        device_row("symbols", e->d_symbols, e->runs);
        device_row("counts", e->d_counts_minus_one, e->runs);
    }
    must("counts_minus_one_kernel", example_counts_minus_one(e->d_counts_minus_one, e->runs));
    must("cascade_delta", cascade_delta(e->d_symbols, e->runs, W, e->d_zigzag));
    if (print) {
        device_row("counts - 1", e->d_counts_minus_one, e->runs);
        device_row("zigzag deltas", e->d_zigzag, e->runs);
    }
    if (cascade_max_payload_bytes(N) > sizeof e->payload)
        fail("the payload buffer is too small");
    must("cascade_encode", cascade_encode(d_raw, N, W, FRAME, CASCADE_CHOOSE_DELTA, d_payload,
                                          &e->payload_bytes, &e->delta_used));
    download(e->payload, d_payload, e->payload_bytes);
}

/* One stream of `count` values packed with frames of `frame`, on the host. */
struct stream {
    size_t frames, words;
    uint32_t widths[N], offsets[N], words_of[N], values[N];
};

static void pack_stream(const uint32_t *d_values, size_t count, size_t frame, struct stream *s)
{
    uint32_t *d_widths = device_zeros(N * 4), *d_offsets = device_zeros(N * 4);
    uint32_t *d_words = device_zeros(pack_max_words(N) * 4);
    s->frames = pack_frame_count(count, frame);
    must("pack_encode", pack_encode(d_values, count, frame, d_widths, d_offsets, d_words, &s->words));
    download(s->widths, d_widths, s->frames * 4);
    download(s->offsets, d_offsets, s->frames * 4);
    download(s->words_of, d_words, s->words * 4);
    download(s->values, d_values, count * 4);
}

/* A stream, its bits per value and its frame widths (pack_frame_widths
 * with frames of 1 and of FRAME), and its bytes packed: a width byte per
 * frame and pack_encode's words. */
static void stream_rows(const char *name, const uint32_t *d_values, size_t count)
{
    uint32_t *d_bits = device_zeros(N * 4), *d_widths = device_zeros(N * 4);
    struct stream s;
    must("pack_frame_widths", pack_frame_widths(d_values, count, 1, d_bits));
    must("pack_frame_widths", pack_frame_widths(d_values, count, FRAME, d_widths));
    pack_stream(d_values, count, FRAME, &s);
    device_row(name, d_values, count);
    device_row("  bits each", d_bits, count);
    device_row("  frame widths", d_widths, s.frames);
    printf("%-32s [ %zu ]\n", "  bytes", s.frames + 4 * s.words);
}

/* One stream of the payload at *at, read as read_stream reads it, a
 * kernel at a time: its widths, their offsets, its words, its values. */
static void decode_stream_rows(const char *kind, const char *values, const uint8_t *d_payload, size_t *at,
                               size_t runs, unsigned max_width, uint32_t *d_values)
{
    size_t frames = pack_frame_count(runs, FRAME);
    uint32_t *d_widths = device_zeros(N * 4), *d_offsets = device_zeros(N * 4);
    uint32_t *d_words = device_zeros(N * 4);
    uint32_t last_offset, last_width;
    unsigned *d_invalid = device_zeros(sizeof(unsigned));
    unsigned invalid;
    char label[64];
    must("stream_widths_kernel", example_stream_widths(d_payload + *at, frames, max_width, d_widths, d_invalid));
    download(&invalid, d_invalid, sizeof invalid);
    if (invalid)
        fail("a width of the reference's own payload is too large");
    must("pack_frame_offsets", pack_frame_offsets(d_widths, runs, FRAME, d_offsets));
    download(&last_offset, d_offsets + frames - 1, 4);
    download(&last_width, d_widths + frames - 1, 4);
    size_t words = (last_offset + last_width * (runs - (frames - 1) * FRAME) + 31) / 32;
    *at += frames;
    if (words > 0)
        must("read_words_kernel", example_read_words(d_payload + *at, words, d_words));
    *at += 4 * words;
    must("pack_decode", pack_decode(d_widths, d_offsets, d_words, runs, FRAME, d_values));
    snprintf(label, sizeof label, "%s widths", kind);
    device_row(label, d_widths, frames);
    snprintf(label, sizeof label, "%s offsets", kind);
    device_row(label, d_offsets, frames);
    device_row(values, d_values, runs);
}

/* The decoder's steps on the payload, checked against cascade_decode. */
static void decode_rows(const struct encoded *e)
{
    uint8_t *d_payload = device_zeros(e->payload_bytes), *d_raw = device_zeros(N * W);
    uint32_t header[2];
    memcpy(header, e->payload, sizeof header);
    size_t runs = header[0], at = sizeof header;
    if (runs != e->runs || header[1] != FRAME || !e->delta_used)
        fail("the payload is not the delta one of frames of 4 that the chapter describes");
    uint32_t *d_zigzag = device_zeros(N * 4), *d_counts = device_zeros(N * 4);
    int *d_differences = device_zeros(N * 4), *d_exclusive = device_zeros(N * 4);
    int *d_symbols = device_zeros(N * 4), *d_starts = device_zeros(N * 4), *d_out = device_zeros(N * 4);
    unsigned long long *d_total = device_zeros(sizeof(unsigned long long));
    unsigned long long total;
    unsigned *d_invalid = device_zeros(sizeof(unsigned));
    unsigned invalid;
    must("cudaMemcpy", cudaMemcpy(d_payload, e->payload, e->payload_bytes, cudaMemcpyHostToDevice));

    decode_stream_rows("symbol", "zigzag deltas", d_payload, &at, runs, 8 * W, d_zigzag);
    decode_stream_rows("count", "counts - 1", d_payload, &at, runs, 32, d_counts);
    if (at != e->payload_bytes)
        fail("the streams do not end where the payload does");
    must("counts_kernel", example_counts(d_counts, runs, N, d_total, d_invalid));
    download(&total, d_total, sizeof total);
    download(&invalid, d_invalid, sizeof invalid);
    if (invalid || total != N)
        fail("the counts of the reference's own payload do not add up to the chunk");
    device_row("counts", d_counts, runs);

    must("unzigzag_kernel", example_unzigzag(d_zigzag, runs, 8 * W, d_differences));
    device_row("differences", d_differences, runs);
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_differences, d_exclusive, runs));
    device_row("exclusive scan", d_exclusive, runs);
    must("finish_undelta_kernel", example_finish_undelta(d_differences, d_exclusive, runs, 8 * W, d_symbols));
    device_row("symbols", d_symbols, runs);
    int *d_whole = device_zeros(N * 4);
    must("cascade_undelta", cascade_undelta(d_zigzag, runs, W, d_whole));
    same_on_device("cascade_undelta differs from its kernels one by one", d_symbols, d_whole, runs);
    same_on_device("the undelta's symbols differ from rle_encode's", d_symbols, e->d_symbols, runs);

    must("scan_exclusive_tiled", scan_exclusive_tiled((const int *)d_counts, d_starts, runs));
    device_row("run starts", d_starts, runs);
    must("rle_decode_search", rle_decode_search(d_symbols, (const int *)d_counts, runs, d_out, N));
    device_row("decoded", d_out, N);
    same_on_device("the decoded values differ from the chunk", d_out, e->d_values, N);

    uint8_t back[N * W];
    must("cascade_decode", cascade_decode(d_payload, e->payload_bytes, W, e->delta_used, d_raw, N));
    download(back, d_raw, sizeof back);
    if (memcmp(back, chunk, sizeof chunk) != 0)
        fail("cascade_decode does not give the chunk back");
}

static void cascade_encode_rows(void)
{
    struct encoded e;
    encode(&e, true);
}

static void cascade_frames(void)
{
    struct encoded e;
    encode(&e, false);
    stream_rows("symbols", (const uint32_t *)e.d_symbols, e.runs);
    stream_rows("zigzag deltas", e.d_zigzag, e.runs);
    printf("cascade_encode: %zu bytes, delta %s, frame length %d\n", e.payload_bytes,
           e.delta_used ? "on" : "off", FRAME);
}

static void cascade_decode_rows(void)
{
    struct encoded e;
    encode(&e, false);
    decode_rows(&e);
}

/* ---- cascade-payload: the payload bit by bit --------------------------- */

/* A field of the payload: bits [first_bit, first_bit + bits) of its bytes
 * (bit b is bit b % 8 of byte b / 8), and what it holds. */
struct field {
    const char *kind; /* bits-to-svg.awk's classes: header width symbol count unused */
    size_t first_bit;
    unsigned bits;
    char label[40];
};

struct layout {
    size_t count;
    struct field field[4 * N + 8];
};

__attribute__((format(printf, 5, 6))) static void add_field(struct layout *l, const char *kind, size_t first_bit,
                                                            unsigned bits, const char *format, ...)
{
    if (l->count == sizeof l->field / sizeof l->field[0])
        fail("too many fields");
    struct field *f = &l->field[l->count++];
    f->kind = kind;
    f->first_bit = first_bit;
    f->bits = bits;
    va_list args;
    va_start(args, format);
    vsnprintf(f->label, sizeof f->label, format, args);
    va_end(args);
}

/* A stream at byte `at` of the payload: a width byte per frame, then each
 * value at its frame's offset plus its place times the width, then the
 * unused bits of the last word. Returns the byte after it. */
static size_t add_stream(struct layout *l, const char *kind, const struct stream *s, size_t count, size_t at)
{
    for (size_t f = 0; f < s->frames; f++)
        add_field(l, "width", 8 * (at + f), 8, "frame %zu: %u bit%s", f, s->widths[f], s->widths[f] == 1 ? "" : "s");
    size_t words_at = 8 * (at + s->frames), end = 0;
    for (size_t i = 0; i < count; i++) {
        uint32_t width = s->widths[i / FRAME];
        size_t first = s->offsets[i / FRAME] + (i % FRAME) * width;
        if (width > 0)
            add_field(l, kind, words_at + first, width, "%u", s->values[i]);
        end = first + width;
    }
    if (end < 32 * s->words)
        add_field(l, "unused", words_at + end, (unsigned)(32 * s->words - end), "unused");
    return at + s->frames + 4 * s->words;
}

/* Stop unless the payload is the header and then each stream's widths and
 * words as pack_encode gave them, lowest byte first. */
static void check_streams(const struct encoded *e, const struct stream *symbols, const struct stream *counts)
{
    uint8_t expected[sizeof e->payload];
    size_t at = 0;
    uint32_t header[2] = {(uint32_t)e->runs, FRAME};
    memcpy(expected, header, sizeof header);
    at += sizeof header;
    const struct stream *streams[2] = {symbols, counts};
    for (int k = 0; k < 2; k++) {
        for (size_t f = 0; f < streams[k]->frames; f++)
            expected[at++] = (uint8_t)streams[k]->widths[f];
        for (size_t w = 0; w < streams[k]->words; w++)
            for (int b = 0; b < 4; b++)
                expected[at++] = (uint8_t)(streams[k]->words_of[w] >> (8 * b));
    }
    if (at != e->payload_bytes || memcmp(expected, e->payload, at) != 0)
        fail("cascade_encode's payload is not the header and pack_encode's streams");
}

/* Stop unless scanzip's CPU codec writes the same payload (and flag). */
static void check_cpu_codec(const struct encoded *e)
{
    struct scanzip_codec_params params = {W, FRAME};
    struct scanzip_sizes sizes;
    unsigned method, flags;
    uint8_t payload[sizeof e->payload];
    scanzip_measure(&params, chunk, N, &sizes);
    scanzip_choose(SCANZIP_CHOOSE_CASCADE, &sizes, &method, &flags);
    params.frame_length = scanzip_payload_frame(&sizes, method, flags);
    if (scanzip_payload_size(&sizes, method, flags) != e->payload_bytes)
        fail("scanzip's CPU codec writes a payload of another size");
    scanzip_encode_payload(&params, method, flags, chunk, N, payload);
    if (memcmp(payload, e->payload, e->payload_bytes) != 0 || ((flags & SCANZIP_FLAG_DELTA) != 0) != e->delta_used)
        fail("scanzip's CPU codec writes another payload");
}

/* Bytes [first, first + count) as one line of the figure, and the parts
 * of the fields that lie in it. */
static void print_line(const struct encoded *e, const struct layout *l, size_t first, size_t count,
                       const char *title)
{
    if (count > 4)
        fail("a line of the figure holds at most 4 bytes");
    printf("line %zu bytes %zu-%zu: %s\n", first, first, first + count - 1, title);
    for (size_t b = first; b < first + count; b++)
        printf("byte %02x\n", e->payload[b]);
    size_t from = 8 * first, to = 8 * (first + count);
    for (size_t k = 0; k < l->count; k++) {
        const struct field *f = &l->field[k];
        size_t start = f->first_bit > from ? f->first_bit : from;
        size_t end = f->first_bit + f->bits < to ? f->first_bit + f->bits : to;
        if (start >= end)
            continue;
        printf("field %s ", f->kind);
        for (size_t bit = start; bit < end; bit++)
            printf("%u", (e->payload[bit / 8] >> (bit % 8)) & 1u);
        printf(" %s\n", f->label);
    }
}

static void cascade_payload(void)
{
    struct encoded e;
    struct stream symbols, counts;
    struct layout l = {0};
    char title[80];
    encode(&e, false);
    check_cpu_codec(&e);
    pack_stream(e.delta_used ? e.d_zigzag : (const uint32_t *)e.d_symbols, e.runs, FRAME, &symbols);
    pack_stream((const uint32_t *)e.d_counts_minus_one, e.runs, FRAME, &counts);
    check_streams(&e, &symbols, &counts);

    add_field(&l, "header", 0, 32, "runs = %zu", e.runs);
    add_field(&l, "header", 32, 32, "frame length = %d", FRAME);
    size_t counts_at = add_stream(&l, "symbol", &symbols, e.runs, 8);
    add_stream(&l, "count", &counts, e.runs, counts_at);
    printf("# cascade_encode's payload of the 8-bit chunk [");
    for (size_t i = 0; i < N; i++)
        printf("%s%u", i ? " " : "", chunk[i]);
    printf("], frames of %d, delta %s: %zu bytes, the CPU codec's\n", FRAME, e.delta_used ? "on" : "off",
           e.payload_bytes);

    print_line(&e, &l, 0, 4, "the header's run count, a u32");
    print_line(&e, &l, 4, 4, "the header's frame length, a u32");
    const struct stream *streams[2] = {&symbols, &counts};
    const char *names[2] = {e.delta_used ? "the symbols' (zigzagged deltas)" : "the symbols'",
                            "the counts' (minus one)"};
    for (size_t k = 0, at = 8; k < 2; k++) {
        snprintf(title, sizeof title, "%s widths, a byte a frame", names[k]);
        print_line(&e, &l, at, streams[k]->frames, title);
        at += streams[k]->frames;
        for (size_t w = 0; w < streams[k]->words; w++, at += 4) {
            snprintf(title, sizeof title, "%s word %zu, bit 0 first", names[k], w);
            print_line(&e, &l, at, 4, title);
        }
    }
}

int main(int argc, char **argv)
{
    static const struct example examples[] = {
        {"cascade-encode", cascade_encode_rows},
        {"cascade-frames", cascade_frames},
        {"cascade-decode", cascade_decode_rows},
        {"cascade-payload", cascade_payload},
    };
    return run_example(examples, sizeof examples / sizeof examples[0], argc, argv);
}
