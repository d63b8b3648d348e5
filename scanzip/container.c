/*
 * container.c: see container.h, and format.h for the bytes.
 *
 * Both directions run a pipeline (see "The pipeline" below): each thread
 * takes a job of chunks, reads it in file order, encodes (or checks and
 * decodes) it alone, and writes it in file order, so reading and writing
 * overlap the coding. Each chunk is encoded on its own, so the output
 * does not depend on the number of threads.
 *
 * The in-memory functions are the stream ones over fmemopen and
 * open_memstream: one code path, the one the fuzzer runs.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE, on Linux */

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "container.h"
#include "crc32c.h"

/* A batch (the chunks in flight: a job a thread) holds one chunk a
 * thread, or, when chunks are small, up to this many raw bytes a thread
 * (and at most BATCH_MAX_CHUNKS chunks), so that each job is worth its
 * turns at reading and writing. Memory
 * follows the batch (container.h: scanzip_run): with scanzip's default
 * chunks of 16 MiB and 2 threads, 2 chunks are in flight. */
#define BATCH_RAW_BYTES_A_THREAD ((uint64_t)4 << 20)
#define BATCH_MAX_CHUNKS 4096

/* Payloads are read in growing pieces from this size on, so a forged
 * payload_bytes costs no more memory than the bytes really there. */
#define FIRST_READ_BYTES ((uint64_t)1 << 20)

struct scanzip_options scanzip_default_options(void)
{
    struct scanzip_options options = {
        .element_bytes = 1,
        .axis = SCANZIP_AXIS_X,
        .shape = {0, 0, 0},
        .frame_length = SCANZIP_FRAME_CHOOSE,
        .chunk_elements = SCANZIP_DEFAULT_CHUNK_ELEMENTS,
        .choice = SCANZIP_CHOOSE_AUTO,
    };
    return options;
}

static uint64_t divide_up(uint64_t a, uint64_t b)
{
    return a / b + (a % b != 0);
}

static bool has_shape(const uint32_t shape[3])
{
    return shape[0] != 0 || shape[1] != 0 || shape[2] != 0;
}

/* x * y * z elements and their bytes, or -1 on overflow. */
static int volume_bytes(const uint32_t shape[3], unsigned w, uint64_t *elements, uint64_t *bytes)
{
    uint64_t xy;
    if (__builtin_mul_overflow((uint64_t)shape[0], (uint64_t)shape[1], &xy) ||
        __builtin_mul_overflow(xy, (uint64_t)shape[2], elements) ||
        __builtin_mul_overflow(*elements, (uint64_t)w, bytes))
        return -1;
    return 0;
}

/* ---- Header and layout --------------------------------------------------- */

int scanzip_plan(const struct scanzip_options *o, uint64_t original_bytes, struct scanzip_header *header,
                 struct scanzip_why *why)
{
    unsigned w = o->element_bytes;
    if (w != 1 && w != 2 && w != 4)
        return scanzip_fail(why, "elements of %u bytes: -w takes 8, 16 or 32 bits", w);
    if (o->frame_length > SCANZIP_MAX_FRAME_LENGTH) /* 0 is SCANZIP_FRAME_CHOOSE */
        return scanzip_fail(why, "--frame %u is not in 1..%u", o->frame_length, SCANZIP_MAX_FRAME_LENGTH);
    if (o->chunk_elements < 1 || o->chunk_elements > SCANZIP_MAX_CHUNK_ELEMENTS)
        return scanzip_fail(why, "--chunk %u is not in 1..%u", o->chunk_elements, SCANZIP_MAX_CHUNK_ELEMENTS);
    if (o->axis > SCANZIP_AXIS_Z)
        return scanzip_fail(why, "axis %u: x, y or z", o->axis);
    bool shaped = has_shape(o->shape);
    if (shaped && (o->shape[0] == 0 || o->shape[1] == 0 || o->shape[2] == 0))
        return scanzip_fail(why, "--shape %u,%u,%u: every size must be at least 1", o->shape[0], o->shape[1],
                            o->shape[2]);
    if (!shaped && o->axis != SCANZIP_AXIS_X)
        return scanzip_fail(why, "--axis %c needs --shape X,Y,Z", "xyz"[o->axis]);
    uint64_t elements = 0, bytes = 0;
    if (shaped && (volume_bytes(o->shape, w, &elements, &bytes) != 0 || bytes > original_bytes))
        return scanzip_fail(why, "--shape %u,%u,%u of %u-byte elements needs more than the file's %llu bytes",
                            o->shape[0], o->shape[1], o->shape[2], w, (unsigned long long)original_bytes);
    if (shaped && original_bytes - bytes > UINT32_MAX)
        return scanzip_fail(why, "--shape %u,%u,%u leaves %llu bytes before the volume; at most 4 GiB can be kept",
                            o->shape[0], o->shape[1], o->shape[2], (unsigned long long)(original_bytes - bytes));
    header->version = SCANZIP_VERSION;
    header->element_bytes = (uint8_t)w;
    header->axis = (uint8_t)o->axis;
    header->original_bytes = original_bytes;
    header->chunk_elements = o->chunk_elements;
    memcpy(header->shape, o->shape, sizeof header->shape);
    header->prefix_bytes = shaped ? (uint32_t)(original_bytes - bytes) : 0;
    return 0;
}

int scanzip_layout_of(const struct scanzip_header *h, struct scanzip_layout *layout, struct scanzip_why *why)
{
    unsigned w = h->element_bytes;
    if (w != 1 && w != 2 && w != 4)
        return scanzip_fail(why, "header: element_bytes is %u, not 1, 2 or 4: the file is corrupt", w);
    if (h->axis > SCANZIP_AXIS_Z)
        return scanzip_fail(why, "header: axis is %u, not 0, 1 or 2: the file is corrupt", h->axis);
    if (h->chunk_elements < 1 || h->chunk_elements > SCANZIP_MAX_CHUNK_ELEMENTS)
        return scanzip_fail(why, "header: chunk_elements is %u, not in 1..%u: the file is corrupt",
                            h->chunk_elements, SCANZIP_MAX_CHUNK_ELEMENTS);
    bool shaped = has_shape(h->shape);
    if (shaped && (h->shape[0] == 0 || h->shape[1] == 0 || h->shape[2] == 0))
        return scanzip_fail(why, "header: shape %u,%u,%u has a 0: the file is corrupt", h->shape[0], h->shape[1],
                            h->shape[2]);
    if (!shaped && (h->axis != SCANZIP_AXIS_X || h->prefix_bytes != 0))
        return scanzip_fail(why, "header: axis %u and prefix_bytes %u without a shape: the file is corrupt", h->axis,
                            h->prefix_bytes);
    layout->version = h->version;
    layout->element_bytes = w;
    layout->original_bytes = h->original_bytes;
    layout->prefix_bytes = h->prefix_bytes;
    if (shaped) {
        uint64_t bytes;
        if (volume_bytes(h->shape, w, &layout->element_count, &bytes) != 0 || bytes > h->original_bytes ||
            h->original_bytes - bytes != h->prefix_bytes)
            return scanzip_fail(why, "header: a prefix of %u bytes and a %u x %u x %u volume of %u-byte elements "
                                "do not make original_bytes %llu: the file is corrupt", h->prefix_bytes, h->shape[0],
                                h->shape[1], h->shape[2], w, (unsigned long long)h->original_bytes);
        layout->tail_bytes = 0;
    } else {
        layout->element_count = h->original_bytes / w;
        layout->tail_bytes = h->original_bytes % w;
    }
    layout->chunk_bytes = (uint64_t)h->chunk_elements * w;
    layout->prefix_chunks = divide_up(layout->prefix_bytes, layout->chunk_bytes);
    layout->element_chunks = divide_up(layout->element_count, h->chunk_elements);
    layout->chunk_count = layout->prefix_chunks + layout->element_chunks + (layout->tail_bytes > 0);
    return 0;
}

struct scanzip_chunk_place scanzip_chunk_place(const struct scanzip_layout *layout, uint64_t index)
{
    struct scanzip_chunk_place place;
    uint64_t end;
    if (index < layout->prefix_chunks) {
        place.offset = index * layout->chunk_bytes;
        end = layout->prefix_bytes;
        place.stored_only = true;
    } else if (index < layout->prefix_chunks + layout->element_chunks) {
        place.offset = layout->prefix_bytes + (index - layout->prefix_chunks) * layout->chunk_bytes;
        end = layout->prefix_bytes + layout->element_count * layout->element_bytes;
        place.stored_only = false;
    } else {
        place.offset = layout->original_bytes - layout->tail_bytes;
        end = layout->original_bytes;
        place.stored_only = true;
    }
    uint64_t left = end - place.offset;
    place.raw_bytes = (uint32_t)(left < layout->chunk_bytes ? left : layout->chunk_bytes);
    return place;
}

void scanzip_header_write(const struct scanzip_header *h, uint8_t out[SCANZIP_HEADER_BYTES])
{
    memset(out, 0, SCANZIP_HEADER_BYTES);
    memcpy(out, SCANZIP_MAGIC, 4);
    out[4] = SCANZIP_VERSION;
    out[5] = h->element_bytes;
    out[6] = h->axis;
    scanzip_store64(out + 8, h->original_bytes);
    scanzip_store32(out + 16, h->chunk_elements);
    for (int k = 0; k < 3; k++)
        scanzip_store32(out + 20 + 4 * k, h->shape[k]);
    scanzip_store32(out + 32, h->prefix_bytes);
    scanzip_store32(out + 36, crc32c(out, 36));
}

int scanzip_header_read(const uint8_t *in, uint64_t available, struct scanzip_header *h, struct scanzip_why *why)
{
    if (available == 0)
        return scanzip_fail(why, "not a scanzip file (it is empty)");
    if (memcmp(in, SCANZIP_MAGIC, available < 4 ? available : 4) != 0)
        return scanzip_fail(why, "not a scanzip file (it does not start with \"%s\")", SCANZIP_MAGIC);
    if (available < SCANZIP_HEADER_BYTES)
        return scanzip_fail(why, "header: the file ends after %llu of the header's %d bytes: it is truncated",
                            (unsigned long long)available, SCANZIP_HEADER_BYTES);
    if (in[4] < SCANZIP_FIRST_VERSION || in[4] > SCANZIP_VERSION)
        return scanzip_fail(why, "header: format version %u; this scanzip reads versions %d to %d", in[4],
                            SCANZIP_FIRST_VERSION, SCANZIP_VERSION);
    uint32_t stored = scanzip_load32(in + 36), computed = crc32c(in, 36);
    if (stored != computed)
        return scanzip_fail(why, "header: CRC32C mismatch (stored 0x%08x, computed 0x%08x): the file is corrupt",
                            stored, computed);
    if (in[7] != 0)
        return scanzip_fail(why, "header: reserved byte 7 is 0x%02x, not 0: the file is corrupt", in[7]);
    h->version = in[4];
    h->element_bytes = in[5];
    h->axis = in[6];
    h->original_bytes = scanzip_load64(in + 8);
    h->chunk_elements = scanzip_load32(in + 16);
    for (int k = 0; k < 3; k++)
        h->shape[k] = scanzip_load32(in + 20 + 4 * k);
    h->prefix_bytes = scanzip_load32(in + 32);
    struct scanzip_layout layout;
    return scanzip_layout_of(h, &layout, why);
}

void scanzip_record_write(const struct scanzip_record *r, uint8_t out[SCANZIP_RECORD_BYTES])
{
    memset(out, 0, SCANZIP_RECORD_BYTES);
    out[0] = r->method;
    out[1] = r->flags;
    scanzip_store32(out + 4, r->raw_bytes);
    scanzip_store32(out + 8, r->payload_bytes);
    scanzip_store32(out + 12, r->raw_crc);
    scanzip_store32(out + 16, r->payload_crc);
    scanzip_store32(out + 20, crc32c(out, 20));
}

/* "chunk 3 of 7 (bytes 1048640..): " */
static int fail_chunk(struct scanzip_why *why, const struct scanzip_layout *layout, uint64_t index,
                      uint64_t where, const char *format, ...) __attribute__((format(printf, 5, 6)));

static int fail_chunk(struct scanzip_why *why, const struct scanzip_layout *layout, uint64_t index,
                      uint64_t where, const char *format, ...)
{
    int used = snprintf(why->text, sizeof why->text, "chunk %llu of %llu (bytes %llu..): ",
                        (unsigned long long)index + 1, (unsigned long long)layout->chunk_count,
                        (unsigned long long)where);
    va_list args;
    va_start(args, format);
    vsnprintf(why->text + used, sizeof why->text - (size_t)used, format, args);
    va_end(args);
    return -1;
}

int scanzip_record_read(const uint8_t in[SCANZIP_RECORD_BYTES], const struct scanzip_layout *layout,
                        uint64_t index, uint64_t where, struct scanzip_record *r, struct scanzip_why *why)
{
    uint32_t stored = scanzip_load32(in + 20), computed = crc32c(in, 20);
    if (stored != computed)
        return fail_chunk(why, layout, index, where,
                          "record header CRC32C mismatch (stored 0x%08x, computed 0x%08x): the file is corrupt",
                          stored, computed);
    r->method = in[0];
    r->flags = in[1];
    r->raw_bytes = scanzip_load32(in + 4);
    r->payload_bytes = scanzip_load32(in + 8);
    r->raw_crc = scanzip_load32(in + 12);
    r->payload_crc = scanzip_load32(in + 16);
    struct scanzip_chunk_place place = scanzip_chunk_place(layout, index);
    if (in[2] != 0 || in[3] != 0)
        return fail_chunk(why, layout, index, where, "reserved bytes 2..3 are not 0: the file is corrupt");
    if (r->method >= SCANZIP_METHODS)
        return fail_chunk(why, layout, index, where, "method %u is not 0..%u: the file is corrupt", r->method,
                          SCANZIP_METHODS - 1);
    if (!scanzip_flags_valid(r->method, r->flags))
        return fail_chunk(why, layout, index, where, "flags 0x%02x with method %s: the file is corrupt", r->flags,
                          scanzip_method_name(r->method));
    if (layout->version < 2 && (r->flags & SCANZIP_FLAG_DELTA_FIRST))
        return fail_chunk(why, layout, index, where,
                          "flags 0x%02x: delta first in a version-%u file (it came with version 2): "
                          "the file is corrupt", r->flags, layout->version);
    if (r->raw_bytes != place.raw_bytes)
        return fail_chunk(why, layout, index, where, "raw_bytes is %u, the header implies %u: the file is corrupt",
                          r->raw_bytes, place.raw_bytes);
    if (place.stored_only && r->method != SCANZIP_STORED)
        return fail_chunk(why, layout, index, where, "a %s chunk must be stored, not %s: the file is corrupt",
                          index < layout->prefix_chunks ? "prefix" : "tail", scanzip_method_name(r->method));
    unsigned w = scanzip_unit_bytes(r->method, layout->element_bytes);
    uint64_t most = scanzip_max_payload_bytes(w, r->method, r->raw_bytes / w);
    if (r->payload_bytes > most)
        return fail_chunk(why, layout, index, where,
                          "payload_bytes is %u, more than %s ever needs for %u bytes (%llu): the file is corrupt",
                          r->payload_bytes, scanzip_method_name(r->method), r->raw_bytes, (unsigned long long)most);
    return 0;
}

/* ---- Axis order ------------------------------------------------------------ */

void scanzip_reorder(const uint8_t *in, uint8_t *out, const uint32_t shape[3], unsigned w, unsigned axis,
                     bool to_axis)
{
    uint64_t X = shape[0], Y = shape[1], Z = shape[2], listed = 0;
    if (axis == SCANZIP_AXIS_X) {
        memcpy(out, in, X * Y * Z * w);
        return;
    }
    /* axis y lists (y, x, z) fastest first; axis z lists (z, x, y). */
    uint64_t outer = axis == SCANZIP_AXIS_Y ? Z : Y, inner = axis == SCANZIP_AXIS_Y ? Y : Z;
    for (uint64_t a = 0; a < outer; a++) {
        for (uint64_t x = 0; x < X; x++) {
            for (uint64_t b = 0; b < inner; b++, listed++) {
                uint64_t y = axis == SCANZIP_AXIS_Y ? b : a, z = axis == SCANZIP_AXIS_Y ? a : b;
                uint64_t in_file = x + X * (y + Y * z);
                if (to_axis)
                    memcpy(out + listed * w, in + in_file * w, w);
                else
                    memcpy(out + in_file * w, in + listed * w, w);
            }
        }
    }
}

/* ---- Reading and writing streams -------------------------------------------- */

/* Memory for a batch's raw bytes, tens of MiB touched for the first
 * time: in 2 MiB pages where Linux offers them (transparent huge pages,
 * madvise), so that it costs a page fault every 2 MiB rather than every
 * 4 KiB (a 16 MiB chunk: 8 faults, not 4096). Freed with free. */
static void *batch_alloc(uint64_t bytes)
{
#ifdef MADV_HUGEPAGE
    const uint64_t huge = (uint64_t)2 << 20;
    if (bytes >= huge) {
        uint64_t rounded = divide_up(bytes, huge) * huge;
        void *memory = aligned_alloc(huge, rounded);
        if (memory != NULL)
            madvise(memory, rounded, MADV_HUGEPAGE); /* only advice: if refused, 4 KiB pages */
        return memory;
    }
#endif
    return malloc(bytes > 0 ? bytes : 1);
}

static int write_all(FILE *out, const void *bytes, uint64_t size, struct scanzip_why *why)
{
    if (size > 0 && fwrite(bytes, 1, size, out) != size)
        return scanzip_fail(why, "writing the output failed: %s", strerror(errno));
    return 0;
}

static uint64_t read_up_to(FILE *in, void *bytes, uint64_t size)
{
    return size > 0 ? fread(bytes, 1, size, in) : 0;
}

static uint64_t thread_count(const struct scanzip_engine *engine)
{
#ifdef _OPENMP
    if (engine->concurrent)
        return (uint64_t)omp_get_max_threads();
#else
    (void)engine;
#endif
    return 1;
}

/* How many chunks a batch holds: one a thread, more when they are small
 * (BATCH_RAW_BYTES_A_THREAD), fewer when `need` bytes each do not fit in
 * `memory` (0: no bound); at least one, at most the file's chunks.
 *     2 threads, chunks of 16 MiB: 2;  chunks of 64 KiB: 128;
 *     2 threads, 16 MiB chunks needing 144 MiB each, memory 200 MiB: 1 */
static uint64_t batch_chunks(const struct scanzip_engine *engine, const struct scanzip_layout *layout,
                             uint64_t need, uint64_t memory)
{
    uint64_t threads = thread_count(engine);
    uint64_t chunks = threads * BATCH_RAW_BYTES_A_THREAD / layout->chunk_bytes;
    chunks = chunks < threads ? threads : chunks;
    chunks = chunks > BATCH_MAX_CHUNKS ? BATCH_MAX_CHUNKS : chunks;
    if (memory > 0 && need > 0 && memory / need < chunks)
        chunks = memory / need;
    chunks = chunks > layout->chunk_count ? layout->chunk_count : chunks;
    return chunks > 0 ? chunks : 1;
}

/* ---- Memory -------------------------------------------------------------------- */

/* The largest payload a choice can give for a chunk of n elements: auto
 * picks the smallest candidate and stored is one, so never more than the
 * raw bytes; a method, its bound (codec.h). */
static uint64_t largest_payload(const struct scanzip_options *options, uint64_t n)
{
    unsigned w = options->element_bytes;
    if (options->choice == SCANZIP_CHOOSE_AUTO)
        return n * w;
    return scanzip_max_payload_bytes(w, (unsigned)options->choice, n);
}

/* The raw bytes of a file's largest chunk: a whole chunk, or the file. */
static uint64_t largest_chunk(const struct scanzip_options *options, uint64_t original_bytes)
{
    uint64_t chunk_bytes = (uint64_t)options->chunk_elements * options->element_bytes;
    return original_bytes < chunk_bytes ? original_bytes : chunk_bytes;
}

uint64_t scanzip_compress_chunk_need(const struct scanzip_options *options, uint64_t original_bytes)
{
    uint64_t raw = largest_chunk(options, original_bytes), n = raw / options->element_bytes;
    return raw + largest_payload(options, n) + scanzip_kept_runs_bytes(n);
}

/* The least --memory that holds `bytes`, rounded up to KiB below 1 MiB,
 * else to MiB: 150994948 -> "145M", 900004 -> "879K". */
static const char *least_memory(uint64_t bytes, char text[32])
{
    bool small = bytes < ((uint64_t)1 << 20);
    snprintf(text, 32, "%llu%c", (unsigned long long)divide_up(bytes, (uint64_t)1 << (small ? 10 : 20)),
             small ? 'K' : 'M');
    return text;
}

/* A --memory value as the user likely gave it: 104857600 -> "100M",
 * 819200 -> "800K", 1000 -> "1000" (bytes). */
static const char *memory_text(uint64_t bytes, char text[32])
{
    static const char units[] = "GMK";
    for (unsigned k = 0; k < 3; k++) {
        uint64_t unit = (uint64_t)1 << (10 * (3 - k));
        if (bytes % unit == 0) {
            snprintf(text, 32, "%llu%c", (unsigned long long)(bytes / unit), units[k]);
            return text;
        }
    }
    snprintf(text, 32, "%llu", (unsigned long long)bytes);
    return text;
}

int scanzip_check_memory(const struct scanzip_options *options, uint64_t original_bytes, uint64_t memory,
                         struct scanzip_why *why)
{
    uint64_t need = scanzip_compress_chunk_need(options, original_bytes);
    if (memory == 0 || memory >= need)
        return 0;
    uint64_t raw = largest_chunk(options, original_bytes), n = raw / options->element_bytes;
    char text[32], least[32];
    return scanzip_fail(why, "--memory %s is less than one chunk in flight needs with -m %s: %llu bytes "
                        "(%llu raw bytes, the largest payload they can give, %llu bytes, and room for their runs, "
                        "%llu bytes); give at least --memory %s, or a smaller --chunk", memory_text(memory, text),
                        scanzip_choice_name(options->choice), (unsigned long long)need, (unsigned long long)raw,
                        (unsigned long long)largest_payload(options, n),
                        (unsigned long long)scanzip_kept_runs_bytes(n), least_memory(need, least));
}

static void report(const struct scanzip_run *run, uint64_t done, uint64_t total)
{
    if (run != NULL && run->progress.report != NULL)
        run->progress.report(run->progress.context, done, total);
}

/* ---- Compression ------------------------------------------------------------- */

/* Where the raw bytes of a batch come from: the input file, read a batch
 * at a time (axis x), or the whole chunk stream in memory (axis y, z).
 * A regular file is read with pread at its place (fd, from start), so
 * that the threads read their batches at once, each on its own core; a
 * pipe, in turn. */
struct chunk_source {
    FILE *file;
    uint8_t *whole;     /* axis y, z: prefix, elements in axis order, tail */
    uint8_t *batch;     /* axis x: this batch's bytes */
    uint64_t batch_capacity;
    int fd;             /* >= 0: a regular file, read with pread */
    uint64_t start;     /* where the chunk stream starts in it */
};

/* The chunk stream's file, when it is a regular one: its descriptor, and
 * where the stream starts (ftello: past what stdio has read ahead). */
static int positioned_input(FILE *in, uint64_t *start)
{
    struct stat status;
    int fd = fileno(in);
    off_t at = fd >= 0 && fstat(fd, &status) == 0 && S_ISREG(status.st_mode) ? ftello(in) : -1;
    *start = at >= 0 ? (uint64_t)at : 0;
    return at >= 0 ? fd : -1;
}

/* Read size bytes from byte `at` of fd, which ends no sooner; false
 * when it ends sooner or a read fails. */
static bool pread_all(int fd, uint8_t *bytes, uint64_t size, uint64_t at)
{
    for (uint64_t done = 0; done < size;) {
        ssize_t got = pread(fd, bytes + done, size - done, (off_t)(at + done));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false;
        done += (uint64_t)got;
    }
    return true;
}

/* Write size bytes at byte `at` of fd; false, with errno, when a write
 * fails (one that writes nothing: ENOSPC). */
static bool pwrite_all(int fd, const uint8_t *bytes, uint64_t size, uint64_t at)
{
    for (uint64_t done = 0; done < size;) {
        ssize_t wrote = pwrite(fd, bytes + done, size - done, (off_t)(at + done));
        if (wrote < 0 && errno == EINTR)
            continue;
        if (wrote == 0)
            errno = ENOSPC;
        if (wrote <= 0)
            return false;
        done += (uint64_t)wrote;
    }
    return true;
}

static int read_whole(FILE *in, const struct scanzip_header *h, const struct scanzip_layout *layout,
                      struct chunk_source *source, struct scanzip_why *why)
{
    uint64_t volume = layout->element_count * layout->element_bytes;
    source->whole = malloc(layout->original_bytes > 0 ? layout->original_bytes : 1);
    uint8_t *file_order = malloc(volume > 0 ? volume : 1);
    int status = 0;
    if (source->whole == NULL || file_order == NULL)
        status = scanzip_fail(why, "out of memory: --axis %c holds the whole %llu-byte volume twice", "xyz"[h->axis],
                              (unsigned long long)volume);
    else if (read_up_to(in, source->whole, layout->prefix_bytes) != layout->prefix_bytes ||
             read_up_to(in, file_order, volume) != volume)
        status = scanzip_fail(why, "the input ended before its %llu bytes", (unsigned long long)layout->original_bytes);
    else
        scanzip_reorder(file_order, source->whole + layout->prefix_bytes, h->shape, layout->element_bytes, h->axis,
                        true);
    free(file_order);
    return status;
}

/* The raw bytes of the chunk stream [offset, offset + size). */
static const uint8_t *source_bytes(struct chunk_source *source, uint64_t offset, uint64_t size,
                                   struct scanzip_why *why)
{
    if (source->whole != NULL)
        return source->whole + offset;
    if (size > source->batch_capacity) {
        free(source->batch);
        source->batch = batch_alloc(size);
        source->batch_capacity = source->batch != NULL ? size : 0;
        if (source->batch == NULL) {
            scanzip_fail(why, "out of memory (a batch of %llu bytes)", (unsigned long long)size);
            return NULL;
        }
    }
    bool read = source->fd >= 0 ? pread_all(source->fd, source->batch, size, source->start + offset)
                                : read_up_to(source->file, source->batch, size) == size;
    if (!read) {
        scanzip_fail(why, "the input ended early, or could not be read, at byte %llu", (unsigned long long)offset);
        return NULL;
    }
    return source->batch;
}

struct encoded_chunk {
    struct scanzip_record record;
    struct scanzip_encoded encoded;
    int status;
};

static void encode_one(const struct scanzip_engine *engine, const struct scanzip_options *options,
                       const struct scanzip_chunk_place *place, const uint8_t *raw, struct encoded_chunk *c)
{
    struct scanzip_codec_params params = {options->element_bytes, options->frame_length};
    if (place->stored_only) {
        c->encoded.method = SCANZIP_STORED;
        c->encoded.flags = 0;
        c->encoded.payload_bytes = place->raw_bytes;
        c->encoded.payload = malloc(place->raw_bytes > 0 ? place->raw_bytes : 1);
        c->status = c->encoded.payload == NULL ? -1 : 0;
        if (c->status == 0)
            memcpy(c->encoded.payload, raw, place->raw_bytes);
    } else {
        c->status = engine->encode_chunk(&params, options->choice, raw, place->raw_bytes / options->element_bytes,
                                         &c->encoded);
    }
    if (c->status != 0)
        return;
    c->record.method = (uint8_t)c->encoded.method;
    c->record.flags = (uint8_t)c->encoded.flags;
    c->record.raw_bytes = place->raw_bytes;
    c->record.payload_bytes = (uint32_t)c->encoded.payload_bytes;
    c->record.raw_crc = crc32c(raw, place->raw_bytes);
    c->record.payload_crc = crc32c(c->encoded.payload, c->encoded.payload_bytes);
}

/* ---- The pipeline ----------------------------------------------------------- */

/* Both directions run one parallel region a stream, in which each thread
 * loops: take the next job (a group of consecutive chunks) and read it,
 * in turn; code it, alone; write it, in turn (jobs in file order). So a
 * thread reads or writes while the others code, and no thread waits for
 * a serial phase between batches (OpenMP's idle threads spin there).
 *     2 threads, jobs 0 1 2 3:   T0 read0 code0 write0 read2 code2 write2
 *                                T1 .read1 code1 .write1 read3 code3 ...
 * A regular file is read (compressing) or written (decompressing into a
 * new file) at each job's place with pread or pwrite, by all threads at
 * once: the kernel's copies then run on every core, not one at a time
 * (on 16 cores, the reads in turn were most of compressing the atlas).
 * The turn then only orders the rest, and the errors.
 * A thread waits on a condition variable (it sleeps), never spins. */
struct pipeline {
    pthread_mutex_t read_lock; /* held while a thread takes and reads a job */
    pthread_mutex_t lock;      /* guards the fields below */
    pthread_cond_t changed;    /* next_write or used moved */
    uint64_t next_write;       /* the job whose turn it is to write */
    uint64_t used, memory;     /* decompression: bytes of chunks held; the bound (0: none) */
    bool failed;               /* a job failed: the ones after it write nothing */
    /* read_lock guards these: */
    uint64_t next_job, next_chunk;
    bool read_ended; /* a read failed, or a failure was written: take no more jobs */
};

static void pipeline_init(struct pipeline *p, uint64_t memory)
{
    memset(p, 0, sizeof *p);
    pthread_mutex_init(&p->read_lock, NULL);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->changed, NULL);
    p->memory = memory;
}

static void pipeline_destroy(struct pipeline *p)
{
    pthread_mutex_destroy(&p->read_lock);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->changed);
}

/* Wait for job's turn to write; false if a job before it failed. */
static bool wait_turn(struct pipeline *p, uint64_t job)
{
    pthread_mutex_lock(&p->lock);
    while (p->next_write != job)
        pthread_cond_wait(&p->changed, &p->lock);
    bool go = !p->failed;
    pthread_mutex_unlock(&p->lock);
    return go;
}

/* End job's turn: the next job may write; `released` bytes are free. */
static void end_turn(struct pipeline *p, uint64_t released, bool failed)
{
    pthread_mutex_lock(&p->lock);
    p->next_write++;
    p->used -= released;
    p->failed = p->failed || failed;
    pthread_cond_broadcast(&p->changed);
    pthread_mutex_unlock(&p->lock);
}

/* This thread's number in the region, from 0. */
static uint64_t thread_index(void)
{
#ifdef _OPENMP
    return (uint64_t)omp_get_thread_num();
#else
    return 0;
#endif
}

/* The threads of a stream's region, and the chunks a job holds: `batch`
 * chunks in flight (batch_chunks) shared among the threads.
 *     2 threads, batch 16: 2 threads, jobs of 8;  batch 1: 1 thread, jobs of 1 */
static void split_batch(const struct scanzip_engine *engine, uint64_t batch, uint64_t *threads, uint64_t *job_chunks)
{
    uint64_t t = thread_count(engine);
    *threads = t < batch ? t : batch;
    *job_chunks = batch / *threads;
}

/* ---- Compression, continued ------------------------------------------------------- */

/* What a compressing thread shares with the others. */
struct compress_stream {
    const struct scanzip_engine *engine;
    const struct scanzip_options *options;
    const struct scanzip_layout *layout;
    const struct scanzip_run *run;
    struct pipeline pipe;
    FILE *in, *out;
    int fd;         /* a regular file's descriptor (chunk_source), or -1 */
    uint64_t start; /* where in it the chunk stream starts */
    uint8_t *whole;
    uint64_t job_chunks, written;
    struct scanzip_why *why; /* the first failure in file order, written in its turn */
};

/* Write a job's chunks [first, first + count) in order, each payload
 * freed; the stream's bytes grow by theirs. */
static int write_job(struct compress_stream *s, uint64_t first, uint64_t count, struct encoded_chunk *chunks)
{
    int status = 0;
    for (uint64_t k = 0; k < count && status == 0; k++) {
        uint8_t record[SCANZIP_RECORD_BYTES];
        if (chunks[k].status != 0)
            return scanzip_fail(s->why, "encoding chunk %llu failed (out of memory, or a GPU error said above)",
                                (unsigned long long)(first + k + 1));
        scanzip_record_write(&chunks[k].record, record);
        status = write_all(s->out, record, sizeof record, s->why);
        if (status == 0)
            status = write_all(s->out, chunks[k].encoded.payload, chunks[k].encoded.payload_bytes, s->why);
        if (status == 0)
            s->written += sizeof record + chunks[k].encoded.payload_bytes;
    }
    if (status == 0) {
        struct scanzip_chunk_place last = scanzip_chunk_place(s->layout, first + count - 1);
        report(s->run, last.offset + last.raw_bytes, s->layout->original_bytes);
    }
    return status;
}

/* Take the next job and read its raw bytes, in turn: *count 0 when none is left. */
static const uint8_t *take_compress_job(struct compress_stream *s, struct chunk_source *source, uint64_t *job,
                                        uint64_t *first, uint64_t *count, struct scanzip_why *why)
{
    struct pipeline *p = &s->pipe;
    const uint8_t *bytes = NULL;
    pthread_mutex_lock(&p->read_lock);
    *first = p->next_chunk;
    *count = p->read_ended || *first >= s->layout->chunk_count ? 0 : s->layout->chunk_count - *first;
    *count = *count < s->job_chunks ? *count : s->job_chunks;
    if (*count == 0) {
        pthread_mutex_unlock(&p->read_lock);
        return NULL;
    }
    *job = p->next_job++;
    p->next_chunk += *count;
    struct scanzip_chunk_place head = scanzip_chunk_place(s->layout, *first);
    struct scanzip_chunk_place last = scanzip_chunk_place(s->layout, *first + *count - 1);
    uint64_t offset = head.offset, size = last.offset + last.raw_bytes - head.offset;
    if (source->fd < 0) { /* a pipe: read in turn */
        bytes = source_bytes(source, offset, size, why);
        p->read_ended = bytes == NULL;
        pthread_mutex_unlock(&p->read_lock);
        return bytes;
    }
    pthread_mutex_unlock(&p->read_lock);
    bytes = source_bytes(source, offset, size, why);
    if (bytes == NULL) {
        pthread_mutex_lock(&p->read_lock);
        p->read_ended = true;
        pthread_mutex_unlock(&p->read_lock);
    }
    return bytes;
}

/* One thread's loop: take and read a job, encode it, write it in turn. */
static void compress_thread(struct compress_stream *s, struct encoded_chunk *chunks)
{
    struct chunk_source source = {s->in, s->whole, NULL, 0, s->fd, s->start};
    for (;;) {
        uint64_t job = 0, first, count;
        struct scanzip_why read_why;
        const uint8_t *bytes = take_compress_job(s, &source, &job, &first, &count, &read_why);
        if (count == 0)
            break;
        uint64_t base = scanzip_chunk_place(s->layout, first).offset;
        for (uint64_t k = 0; k < count && bytes != NULL; k++) {
            struct scanzip_chunk_place place = scanzip_chunk_place(s->layout, first + k);
            encode_one(s->engine, s->options, &place, bytes + (place.offset - base), &chunks[k]);
        }
        int job_status = -1;
        if (wait_turn(&s->pipe, job)) {
            if (bytes == NULL)
                *s->why = read_why;
            else
                job_status = write_job(s, first, count, chunks);
        }
        for (uint64_t k = 0; k < count; k++) {
            free(chunks[k].encoded.payload);
            chunks[k].encoded.payload = NULL; /* the array serves the next job: an engine that fails leaves it */
        }
        if (job_status != 0) {
            pthread_mutex_lock(&s->pipe.read_lock);
            s->pipe.read_ended = true;
            pthread_mutex_unlock(&s->pipe.read_lock);
        }
        end_turn(&s->pipe, 0, job_status != 0);
    }
    free(source.batch);
}

int scanzip_compress_stream(const struct scanzip_engine *engine, const struct scanzip_options *options,
                            FILE *in, uint64_t original_bytes, FILE *out, struct scanzip_run *run,
                            struct scanzip_why *why)
{
    struct scanzip_header header;
    struct scanzip_layout layout;
    uint8_t header_bytes[SCANZIP_HEADER_BYTES];
    uint64_t memory = run != NULL ? run->memory : 0;
    if (scanzip_plan(options, original_bytes, &header, why) != 0 || scanzip_layout_of(&header, &layout, why) != 0 ||
        scanzip_check_memory(options, original_bytes, memory, why) != 0)
        return -1;
    scanzip_header_write(&header, header_bytes);
    if (write_all(out, header_bytes, sizeof header_bytes, why) != 0)
        return -1;
    struct chunk_source whole = {in, NULL, NULL, 0, -1, 0};
    if (header.axis != SCANZIP_AXIS_X && read_whole(in, &header, &layout, &whole, why) != 0) {
        free(whole.whole);
        return -1;
    }
    struct compress_stream s = {.engine = engine, .options = options, .layout = &layout, .run = run, .in = in,
                                .out = out, .fd = -1, .whole = whole.whole, .written = sizeof header_bytes,
                                .why = why};
    if (whole.whole == NULL)
        s.fd = positioned_input(in, &s.start);
    uint64_t threads;
    split_batch(engine, batch_chunks(engine, &layout, scanzip_compress_chunk_need(options, original_bytes), memory),
                &threads, &s.job_chunks);
    struct encoded_chunk *chunks = calloc(threads * s.job_chunks, sizeof *chunks);
    if (chunks == NULL) {
        free(whole.whole);
        return scanzip_fail(why, "out of memory");
    }
    pipeline_init(&s.pipe, 0);
#ifdef _OPENMP
#pragma omp parallel num_threads((int)threads) if (threads > 1)
#endif
    compress_thread(&s, chunks + thread_index() * s.job_chunks);
    int status = s.pipe.failed ? -1 : 0;
    if (status == 0 && s.fd >= 0 && fseeko(in, (off_t)(s.start + original_bytes), SEEK_SET) != 0) /* as if read */
        status = scanzip_fail(why, "the input could not be read: %s", strerror(errno));
    if (status == 0 && fflush(out) != 0)
        status = scanzip_fail(why, "writing the output failed: %s", strerror(errno));
    if (run != NULL)
        run->compressed_bytes = s.written;
    pipeline_destroy(&s.pipe);
    free(chunks);
    free(whole.whole);
    return status;
}

/* ---- Decompression ------------------------------------------------------------ */

struct decoded_chunk {
    uint64_t where; /* the record's offset in the file */
    struct scanzip_record record;
    uint8_t *payload, *raw;
    int status;
    struct scanzip_why why;
};

/* Read exactly `size` bytes into a buffer from malloc, growing it as the
 * bytes arrive: a forged size runs out of input, not of memory. Returns
 * the bytes read (< size: the input ended). */
static uint64_t read_growing(FILE *in, uint64_t size, uint8_t **buffer)
{
    uint64_t capacity = size < FIRST_READ_BYTES ? size : FIRST_READ_BYTES, got = 0;
    *buffer = malloc(capacity > 0 ? capacity : 1);
    while (*buffer != NULL && got < size) {
        if (got == capacity) {
            capacity = size - capacity < capacity ? size : 2 * capacity;
            uint8_t *bigger = realloc(*buffer, capacity);
            if (bigger == NULL)
                break;
            *buffer = bigger;
        }
        uint64_t piece = read_up_to(in, *buffer + got, capacity - got);
        got += piece;
        if (piece == 0)
            break;
    }
    return *buffer != NULL ? got : 0;
}

/* Read chunk `index`'s record; *where moves past it. */
static int read_record(FILE *in, const struct scanzip_layout *layout, uint64_t index, uint64_t *where,
                       struct decoded_chunk *c, struct scanzip_why *why)
{
    uint8_t record[SCANZIP_RECORD_BYTES];
    c->where = *where;
    uint64_t got = read_up_to(in, record, sizeof record);
    if (got == 0)
        return fail_chunk(why, layout, index, *where, "the file ends before this chunk: it is truncated");
    if (got < sizeof record)
        return fail_chunk(why, layout, index, *where,
                          "the file ends inside the record header (%llu of %d bytes): it is truncated",
                          (unsigned long long)got, SCANZIP_RECORD_BYTES);
    if (scanzip_record_read(record, layout, index, *where, &c->record, why) != 0)
        return -1;
    *where += SCANZIP_RECORD_BYTES;
    return 0;
}

/* Read the payload after chunk `index`'s record; *where moves past it. */
static int read_payload(FILE *in, const struct scanzip_layout *layout, uint64_t index, uint64_t *where,
                        struct decoded_chunk *c, struct scanzip_why *why)
{
    uint64_t got = read_growing(in, c->record.payload_bytes, &c->payload);
    if (c->payload == NULL)
        return fail_chunk(why, layout, index, c->where, "out of memory reading a payload of %u bytes",
                          c->record.payload_bytes);
    if (got < c->record.payload_bytes)
        return fail_chunk(why, layout, index, c->where,
                          "the file ends inside the payload (%llu of %u bytes): it is truncated",
                          (unsigned long long)got, c->record.payload_bytes);
    *where += c->record.payload_bytes;
    return 0;
}

/* Check the payload's CRC, decode it into c->raw (NULL: no memory for
 * it), check the raw CRC. */
static void decode_one(const struct scanzip_engine *engine, const struct scanzip_layout *layout, uint64_t index,
                       struct decoded_chunk *c)
{
    const struct scanzip_record *r = &c->record;
    uint32_t computed = crc32c(c->payload, r->payload_bytes);
    c->status = -1;
    if (computed != r->payload_crc) {
        fail_chunk(&c->why, layout, index, c->where,
                   "payload CRC32C mismatch (stored 0x%08x, computed 0x%08x): the file is corrupt", r->payload_crc,
                   computed);
        return;
    }
    if (c->raw == NULL) {
        fail_chunk(&c->why, layout, index, c->where, "out of memory (%u bytes)", r->raw_bytes);
        return;
    }
    struct scanzip_why reason;
    unsigned w = scanzip_unit_bytes(r->method, layout->element_bytes);
    if (engine->decode_chunk(w, r->method, r->flags, c->payload, r->payload_bytes, c->raw, r->raw_bytes,
                             &reason) != 0) {
        fail_chunk(&c->why, layout, index, c->where, "%s: the file is corrupt", reason.text);
        return;
    }
    computed = crc32c(c->raw, r->raw_bytes);
    if (computed != r->raw_crc) {
        fail_chunk(&c->why, layout, index, c->where,
                   "CRC32C of the decoded bytes mismatch (stored 0x%08x, computed 0x%08x): the file is corrupt",
                   r->raw_crc, computed);
        return;
    }
    c->status = 0;
}

/* Where decoded chunks go: straight to the output, or (axis y, z) the
 * elements into a volume that grows as they arrive, reordered at the end.
 * Into a new regular file (sparse) along x, each thread writes its chunks
 * at their place with pwrite as soon as they are decoded, all at once;
 * elsewhere (a pipe, a device) they are written in turn. */
struct chunk_sink {
    FILE *out;
    const struct scanzip_header *header;
    const struct scanzip_layout *layout;
    uint8_t *volume;
    uint64_t volume_bytes, volume_capacity;
    bool sparse;    /* scanzip_run's: blocks of zeros become holes */
    uint64_t hole;  /* zero bytes not written yet: the next write seeks past them */
    int fd;         /* >= 0: chunks are written with pwrite (decoded_put) */
    uint64_t start; /* where this stream's bytes start in it */
};

/* Sparse output checks blocks of this many bytes: a hole is worth a
 * seek, and a block with data costs a word or two to find so. */
#define SPARSE_BLOCK_BYTES 32768

static bool all_zero(const uint8_t *bytes, uint64_t size)
{
    uint64_t at = 0, or = 0;
    for (; at + 64 <= size && or == 0; at += 64)
        for (unsigned k = 0; k < 8; k++)
            or |= scanzip_load64(bytes + at + 8 * k);
    for (; at < size && or == 0; at++)
        or |= bytes[at];
    return or == 0;
}

/* The bytes of the block at `at` (the last may be short). */
static uint64_t sparse_block(uint64_t size, uint64_t at)
{
    return size - at < SPARSE_BLOCK_BYTES ? size - at : SPARSE_BLOCK_BYTES;
}

/* The next bytes [*at, *end) from `from` on that hold data, whole blocks
 * of it; false when only zeros are left.
 *     blocks [data 0 0 data data], from 0: [0, 1 block); from 1: [3, 5) */
static bool next_data(const uint8_t *bytes, uint64_t size, uint64_t from, uint64_t *at, uint64_t *end)
{
    *at = from;
    while (*at < size && all_zero(bytes + *at, sparse_block(size, *at)))
        *at += sparse_block(size, *at);
    *end = *at;
    while (*end < size && !all_zero(bytes + *end, sparse_block(size, *end)))
        *end += sparse_block(size, *end);
    return *at < size;
}

static int skip_hole(struct chunk_sink *sink, struct scanzip_why *why)
{
    if (sink->hole > 0 && fseeko(sink->out, (off_t)sink->hole, SEEK_CUR) != 0)
        return scanzip_fail(why, "seeking in the output failed: %s", strerror(errno));
    sink->hole = 0;
    return 0;
}

/* Write bytes to the output; sparse, blocks of zeros only add to the hole.
 *     blocks [data 0 0 data] -> write, seek 2 blocks, write */
static int sink_write(struct chunk_sink *sink, const uint8_t *bytes, uint64_t size, struct scanzip_why *why)
{
    if (!sink->sparse)
        return write_all(sink->out, bytes, size, why);
    uint64_t done = 0, at, end;
    for (; next_data(bytes, size, done, &at, &end); done = end) {
        sink->hole += at - done;
        if (skip_hole(sink, why) != 0 || write_all(sink->out, bytes + at, end - at, why) != 0)
            return -1;
    }
    sink->hole += size - done;
    return 0;
}

/* Write bytes at byte `offset` of the sink's file, leaving holes where
 * sink_write would (the file's size is set at the end: sink_finish). */
static int sink_pwrite(const struct chunk_sink *sink, const uint8_t *bytes, uint64_t size, uint64_t offset,
                       struct scanzip_why *why)
{
    for (uint64_t done = 0, at, end; next_data(bytes, size, done, &at, &end); done = end)
        if (!pwrite_all(sink->fd, bytes + at, end - at, sink->start + offset + at))
            return scanzip_fail(why, "writing the output failed: %s", strerror(errno));
    return 0;
}

/* A hole at the end of the output: its last byte written, so that the
 * file has its whole size. */
static int close_hole(struct chunk_sink *sink, struct scanzip_why *why)
{
    if (sink->hole == 0)
        return 0;
    sink->hole--;
    static const uint8_t zero = 0;
    if (skip_hole(sink, why) != 0)
        return -1;
    return write_all(sink->out, &zero, 1, why);
}

static int sink_put(struct chunk_sink *sink, uint64_t index, const uint8_t *raw, uint32_t size,
                    struct scanzip_why *why)
{
    bool element_chunk = index >= sink->layout->prefix_chunks &&
                         index < sink->layout->prefix_chunks + sink->layout->element_chunks;
    if (sink->header->axis == SCANZIP_AXIS_X || !element_chunk)
        return sink_write(sink, raw, size, why);
    if (sink->volume_bytes + size > sink->volume_capacity) {
        uint64_t capacity = 2 * sink->volume_capacity > sink->volume_bytes + size ? 2 * sink->volume_capacity
                                                                                : sink->volume_bytes + size;
        uint8_t *bigger = realloc(sink->volume, capacity);
        if (bigger == NULL)
            return scanzip_fail(why, "out of memory: --axis %c holds the whole volume", "xyz"[sink->header->axis]);
        sink->volume = bigger;
        sink->volume_capacity = capacity;
    }
    memcpy(sink->volume + sink->volume_bytes, raw, size);
    sink->volume_bytes += size;
    return 0;
}

static int sink_finish(struct chunk_sink *sink, struct scanzip_why *why)
{
    if (sink->fd >= 0) { /* written with pwrite: the file's size (a hole at its end), and stdio's place there */
        off_t end = (off_t)(sink->start + sink->layout->original_bytes);
        if (ftruncate(sink->fd, end) != 0 || fseeko(sink->out, end, SEEK_SET) != 0)
            return scanzip_fail(why, "writing the output failed: %s", strerror(errno));
        return 0;
    }
    if (sink->header->axis == SCANZIP_AXIS_X || sink->volume_bytes == 0)
        return close_hole(sink, why);
    uint8_t *file_order = malloc(sink->volume_bytes);
    if (file_order == NULL)
        return scanzip_fail(why, "out of memory: --axis %c holds the whole volume twice", "xyz"[sink->header->axis]);
    scanzip_reorder(sink->volume, file_order, sink->header->shape, sink->layout->element_bytes, sink->header->axis,
                    false);
    int status = sink_write(sink, file_order, sink->volume_bytes, why);
    free(file_order);
    return status == 0 ? close_hole(sink, why) : status;
}

/* What a decompressing thread shares with the others. */
struct decompress_stream {
    const struct scanzip_engine *engine;
    const struct scanzip_layout *layout;
    const struct scanzip_run *run;
    struct pipeline pipe;
    FILE *in;
    struct chunk_sink *sink;
    uint64_t job_chunks;
    /* read_lock guards these: the offset reached, and the record of a
     * chunk that did not fit in the last job's memory (its payload unread) */
    uint64_t where;
    bool held;
    struct decoded_chunk next;
    struct scanzip_why *why; /* the first failure in file order, written in its turn */
};

/* Room for a chunk of `need` bytes under the memory bound: a job's first
 * chunk waits for it (alone if need be), a later one ends the job
 * (false) rather than wait with the job's own chunks held. */
static bool reserve(struct pipeline *p, uint64_t need, bool first_of_job)
{
    pthread_mutex_lock(&p->lock);
    while (first_of_job && p->memory > 0 && p->used > 0 && p->used + need > p->memory)
        pthread_cond_wait(&p->changed, &p->lock);
    bool room = first_of_job || p->memory == 0 || p->used + need <= p->memory;
    p->used += room ? need : 0;
    pthread_mutex_unlock(&p->lock);
    return room;
}

/* Read up to `count` chunks from `first` on into chunks[], as long as
 * they fit in memory; read_lock held. Returns how many were read, their
 * bytes in *bytes; a failure to read the one after them goes to *why
 * and sets *failed. */
static uint64_t read_job(struct decompress_stream *s, uint64_t first, uint64_t count, struct decoded_chunk *chunks,
                         uint64_t *bytes, bool *failed, struct scanzip_why *why)
{
    const struct scanzip_layout *layout = s->layout;
    uint64_t have = 0, memory = s->pipe.memory;
    for (; have < count; have++) {
        struct decoded_chunk *c = &chunks[have];
        if (s->held)
            *c = s->next, s->held = false;
        else if (read_record(s->in, layout, first + have, &s->where, c, why) != 0)
            break;
        uint64_t need = (uint64_t)c->record.payload_bytes + c->record.raw_bytes;
        if (memory > 0 && need > memory) {
            char text[32], least[32];
            fail_chunk(why, layout, first + have, c->where,
                       "it needs %llu bytes in memory (a payload of %u bytes and %u decoded), more than "
                       "--memory %s; give at least --memory %s", (unsigned long long)need,
                       c->record.payload_bytes, c->record.raw_bytes, memory_text(memory, text),
                       least_memory(need, least));
            break;
        }
        if (!reserve(&s->pipe, need, have == 0)) {
            s->next = *c, s->held = true;
            memset(c, 0, sizeof *c);
            *failed = false;
            return have;
        }
        *bytes += need;
        if (read_payload(s->in, layout, first + have, &s->where, c, why) != 0)
            break;
    }
    *failed = have < count;
    return have;
}

/* One job taken and read, in turn; its count is 0 when none is left. */
struct decompress_job {
    uint64_t job, first, count, got, bytes;
    bool read_failed;
    struct scanzip_why read_why;
};

static void take_decompress_job(struct decompress_stream *s, struct decoded_chunk *chunks,
                                struct decompress_job *j)
{
    struct pipeline *p = &s->pipe;
    memset(j, 0, sizeof *j);
    pthread_mutex_lock(&p->read_lock);
    j->first = p->next_chunk;
    j->count = p->read_ended || j->first >= s->layout->chunk_count ? 0 : s->layout->chunk_count - j->first;
    j->count = j->count < s->job_chunks ? j->count : s->job_chunks;
    if (j->count > 0) {
        j->job = p->next_job++;
        memset(chunks, 0, j->count * sizeof *chunks);
        j->got = read_job(s, j->first, j->count, chunks, &j->bytes, &j->read_failed, &j->read_why);
        p->next_chunk += j->got;
        p->read_ended = j->read_failed;
    }
    pthread_mutex_unlock(&p->read_lock);
}

/* Write a job's decoded chunks in order; errors in file order: a bad
 * chunk, then a failed read after it. */
static int write_decoded(struct decompress_stream *s, const struct decompress_job *j, struct decoded_chunk *chunks)
{
    for (uint64_t k = 0; k < j->got; k++) {
        if (chunks[k].status != 0) {
            *s->why = chunks[k].why;
            return -1;
        }
        if (s->sink->fd < 0 && sink_put(s->sink, j->first + k, chunks[k].raw, chunks[k].record.raw_bytes, s->why) != 0)
            return -1;
    }
    if (j->read_failed) {
        *s->why = j->read_why;
        return -1;
    }
    struct scanzip_chunk_place last = scanzip_chunk_place(s->layout, j->first + j->got - 1);
    report(s->run, last.offset + last.raw_bytes, s->layout->original_bytes);
    return 0;
}

/* Write a job's decoded chunks at their places, before its turn
 * (chunk_sink): up to the first that failed, or fails here; its turn
 * says so. */
static void decoded_put(struct decompress_stream *s, const struct decompress_job *j, struct decoded_chunk *chunks)
{
    for (uint64_t k = 0; k < j->got && chunks[k].status == 0; k++) {
        struct scanzip_chunk_place place = scanzip_chunk_place(s->layout, j->first + k);
        if (sink_pwrite(s->sink, chunks[k].raw, chunks[k].record.raw_bytes, place.offset, &chunks[k].why) != 0)
            chunks[k].status = -1;
    }
}

/* A thread's decoded bytes: kept from job to job, so that the kernel
 * does not hand out (and zero) fresh pages for every chunk; under
 * --memory freed after each job, as the bound counts only jobs. */
struct decoded_buffer {
    uint8_t *bytes;
    uint64_t capacity;
};

/* Point each chunk of the job at its place in the buffer, grown to fit
 * (NULL: out of memory, which decode_one reports). */
static void place_decoded(struct decoded_buffer *b, struct decoded_chunk *chunks, uint64_t got)
{
    uint64_t bytes = 1;
    for (uint64_t k = 0; k < got; k++)
        bytes += chunks[k].record.raw_bytes;
    if (bytes > b->capacity) {
        free(b->bytes);
        b->bytes = batch_alloc(bytes);
        b->capacity = b->bytes != NULL ? bytes : 0;
    }
    for (uint64_t k = 0, at = 0; k < got; at += chunks[k++].record.raw_bytes)
        chunks[k].raw = b->bytes != NULL ? b->bytes + at : NULL;
}

/* One thread's loop: take and read a job, check and decode it, write it in turn. */
static void decompress_thread(struct decompress_stream *s, struct decoded_chunk *chunks)
{
    struct decoded_buffer buffer = {NULL, 0};
    for (;;) {
        struct decompress_job j;
        take_decompress_job(s, chunks, &j);
        if (j.count == 0)
            break;
        place_decoded(&buffer, chunks, j.got);
        for (uint64_t k = 0; k < j.got; k++)
            decode_one(s->engine, s->layout, j.first + k, &chunks[k]);
        if (s->sink->fd >= 0)
            decoded_put(s, &j, chunks);
        int status = wait_turn(&s->pipe, j.job) ? write_decoded(s, &j, chunks) : -1;
        for (uint64_t k = 0; k < j.count; k++)
            free(chunks[k].payload);
        if (s->pipe.memory > 0) {
            free(buffer.bytes);
            buffer = (struct decoded_buffer){NULL, 0};
        }
        if (status != 0) {
            pthread_mutex_lock(&s->pipe.read_lock);
            s->pipe.read_ended = true;
            pthread_mutex_unlock(&s->pipe.read_lock);
        }
        end_turn(&s->pipe, j.bytes, status != 0);
    }
    free(buffer.bytes);
}

/* One stream whose first `already` header bytes are in header_bytes, and
 * which starts at byte `start` of the input; *more
 * gets 1 when the next bytes are another stream's magic (they are left in
 * header_bytes), 0 at the end of the input; *length gets the stream's bytes. */
static int decompress_one(const struct scanzip_engine *engine, FILE *in, FILE *out, uint64_t max_output,
                          const struct scanzip_run *run, struct scanzip_header *header,
                          uint8_t header_bytes[SCANZIP_HEADER_BYTES], size_t already, int *more,
                          uint64_t start, uint64_t *length, struct scanzip_why *why)
{
    struct scanzip_layout layout;
    uint64_t got = already + read_up_to(in, header_bytes + already, SCANZIP_HEADER_BYTES - already);
    if (scanzip_header_read(header_bytes, got, header, why) != 0 || scanzip_layout_of(header, &layout, why) != 0)
        return -1;
    if (header->original_bytes > max_output)
        return scanzip_fail(why, "header: the file decodes to %llu bytes, more than the limit of %llu",
                            (unsigned long long)header->original_bytes, (unsigned long long)max_output);
    struct chunk_sink sink = {out, header, &layout, NULL, 0, 0, run != NULL && run->sparse, 0, -1, 0};
    off_t at = -1;
    if (sink.sparse && header->axis == SCANZIP_AXIS_X && fflush(out) == 0 && (at = ftello(out)) >= 0) {
        sink.fd = fileno(out);
        sink.start = (uint64_t)at;
    }
    struct decompress_stream s = {.engine = engine, .layout = &layout, .run = run, .in = in, .sink = &sink,
                                  .where = SCANZIP_HEADER_BYTES, .why = why};
    uint64_t threads;
    split_batch(engine, batch_chunks(engine, &layout, 0, 0), &threads, &s.job_chunks);
    struct decoded_chunk *chunks = malloc(threads * s.job_chunks * sizeof *chunks);
    if (chunks == NULL)
        return scanzip_fail(why, "out of memory");
    pipeline_init(&s.pipe, run != NULL ? run->memory : 0);
#ifdef _OPENMP
#pragma omp parallel num_threads((int)threads) if (threads > 1)
#endif
    decompress_thread(&s, chunks + thread_index() * s.job_chunks);
    int status = s.pipe.failed ? -1 : 0;
    pipeline_destroy(&s.pipe);
    uint64_t where = s.where;
    /* What follows: nothing, another stream (its magic), or garbage. */
    size_t next = status == 0 ? (size_t)read_up_to(in, header_bytes, sizeof SCANZIP_MAGIC - 1) : 0;
    *more = next == sizeof SCANZIP_MAGIC - 1 && memcmp(header_bytes, SCANZIP_MAGIC, next) == 0;
    if (status == 0 && next > 0 && !*more)
        status = scanzip_fail(why, "bytes after the last chunk (from byte %llu on): the file is corrupt",
                              (unsigned long long)(start + where));
    if (status == 0)
        status = sink_finish(&sink, why);
    *length = where;
    free(chunks);
    free(sink.volume);
    return status;
}

/* Streams written one after the other (cat a.scz b.scz) decode as one, as
 * gzip's and zstd's do: after a stream's last chunk, bytes that start with
 * the magic "SCNZ" are the next stream; any others are an error. A failure
 * in stream 2 or later says which stream and where it starts. */
int scanzip_decompress_stream(const struct scanzip_engine *engine, FILE *in, FILE *out, uint64_t max_output,
                              struct scanzip_run *run, struct scanzip_header *header_out, struct scanzip_why *why)
{
    uint8_t header_bytes[SCANZIP_HEADER_BYTES];
    struct scanzip_header header, first = {0};
    uint64_t total = 0, stream = 1, start = 0, length = 0;
    size_t already = 0;
    int more = 0, status;
    for (;; stream++, already = sizeof SCANZIP_MAGIC - 1) {
        length = 0;
        status = decompress_one(engine, in, out, max_output - total, run, &header, header_bytes, already, &more,
                                start, &length, why);
        if (status != 0 && stream > 1) {
            struct scanzip_why inner = *why;
            scanzip_fail(why, "stream %llu, at byte %llu: %s", (unsigned long long)stream,
                         (unsigned long long)start, inner.text);
        }
        if (stream == 1)
            first = header;
        if (status != 0 || !more)
            break;
        total += header.original_bytes;
        start += length;
    }
    if (run != NULL) /* bytes read: a pipe has no ftell */
        run->compressed_bytes = start + length;
    total += status == 0 ? header.original_bytes : 0;
    if (header_out != NULL) {
        *header_out = first;
        header_out->original_bytes = total;
    }
    if (status == 0 && fflush(out) != 0)
        status = scanzip_fail(why, "writing the output failed: %s", strerror(errno));
    return status;
}

/* ---- In memory -------------------------------------------------------------------- */

/* fmemopen of `size` bytes; size 0 gets a stream that is at its end. */
static FILE *open_bytes(const uint8_t *in, uint64_t size)
{
    static uint8_t nothing[1];
    FILE *file = fmemopen(size > 0 ? (void *)in : nothing, size > 0 ? size : 1, "r");
    if (file != NULL && size == 0)
        fgetc(file);
    return file;
}

/* A compression or decompression in memory: the input read from the
 * caller's bytes, the output written to a buffer that open_memstream
 * grows (it sets buffer and buffer_size when the stream is closed). */
struct memory_io {
    FILE *input, *output;
    char *buffer;
    size_t buffer_size;
};

static int memory_open(struct memory_io *io, const uint8_t *in, uint64_t size, struct scanzip_why *why)
{
    io->buffer = NULL;
    io->buffer_size = 0;
    io->input = open_bytes(in, size);
    io->output = open_memstream(&io->buffer, &io->buffer_size);
    if (io->input != NULL && io->output != NULL)
        return 0;
    if (io->input != NULL)
        fclose(io->input);
    if (io->output != NULL)
        fclose(io->output);
    free(io->buffer);
    return scanzip_fail(why, "out of memory (opening memory streams)");
}

/* Close both streams; the buffer is then *out, or freed if status (or
 * the closing) is an error. */
static int memory_close(struct memory_io *io, int status, uint8_t **out, uint64_t *out_size,
                        struct scanzip_why *why)
{
    fclose(io->input);
    if (fclose(io->output) != 0 && status == 0)
        status = scanzip_fail(why, "out of memory (writing to memory)");
    *out = (uint8_t *)io->buffer;
    *out_size = io->buffer_size;
    if (status != 0) {
        free(*out);
        *out = NULL;
        *out_size = 0;
    }
    return status;
}

int scanzip_compress_memory(const struct scanzip_engine *engine, const struct scanzip_options *options,
                            const uint8_t *in, uint64_t size, uint8_t **out, uint64_t *out_size,
                            struct scanzip_why *why)
{
    struct memory_io io;
    if (memory_open(&io, in, size, why) != 0)
        return -1;
    int status = scanzip_compress_stream(engine, options, io.input, size, io.output, NULL, why);
    return memory_close(&io, status, out, out_size, why);
}

int scanzip_decompress_memory(const struct scanzip_engine *engine, const uint8_t *in, uint64_t size,
                              uint64_t max_output, uint8_t **out, uint64_t *out_size, struct scanzip_why *why)
{
    struct memory_io io;
    if (memory_open(&io, in, size, why) != 0)
        return -1;
    int status = scanzip_decompress_stream(engine, io.input, io.output, max_output, NULL, NULL, why);
    return memory_close(&io, status, out, out_size, why);
}
