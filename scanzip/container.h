/*
 * container.h: scanzip files (format.h): the header, the chunk records,
 * and whole files compressed and decompressed, as streams or in memory.
 *
 * Streams: a file is read and written chunk by chunk, each thread taking
 * a few chunks at a time (read in turn, coded in parallel, written in
 * order), so files larger than memory work. Only --axis y and z hold the whole volume.
 * Memory follows the batch (scanzip_run below says how much).
 *
 * Errors: every function that can fail returns 0 or -1 and, on -1, puts
 * one line in why->text (codec.h: scanzip_why) saying what and where,
 * without the file name (the caller prefixes it), e.g.
 *     chunk 3 of 7 (bytes 1048640..): payload CRC32C mismatch (stored
 *     0x1a2b3c4d, computed 0x5e6f7a8b): the file is corrupt
 * Chunks are counted from 1; "bytes N.." is where the chunk's record
 * starts in the compressed file.
 *
 * A decoder checks every field before it uses it, never allocates more
 * than the data read so far can justify (a forged size fails cleanly),
 * and writes nothing it has not checked: each chunk's payload CRC before
 * decoding, its raw CRC after, before it is written out.
 */
#ifndef SCANZIP_CONTAINER_H
#define SCANZIP_CONTAINER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "codec.h"
#include "engine.h"
#include "format.h"

/* What the user asked for (scanzip compress's options). */
struct scanzip_options {
    unsigned element_bytes;     /* 1, 2 or 4 */
    unsigned axis;              /* SCANZIP_AXIS_X, _Y or _Z */
    uint32_t shape[3];          /* x, y, z; all 0 for no shape */
    uint32_t frame_length;      /* 1 .. SCANZIP_MAX_FRAME_LENGTH, or SCANZIP_FRAME_CHOOSE
                                   (no --frame: per chunk, the best candidate, format.h) */
    uint32_t chunk_elements;    /* 1 .. SCANZIP_MAX_CHUNK_ELEMENTS */
    enum scanzip_choice choice; /* -m */
};

/* The defaults: -w 8, no shape, no --frame (SCANZIP_FRAME_CHOOSE),
 * --chunk 2^24, -m auto. */
struct scanzip_options scanzip_default_options(void);

/* ---- The header and the chunks it implies -------------------------------- */

/* Where the chunks of a file come from, all implied by its header. The
 * chunks in order: prefix_chunks stored ones, element_chunks of elements,
 * then one stored tail chunk when tail_bytes > 0. */
struct scanzip_layout {
    unsigned version; /* the header's: version 1 has no delta-first chunks */
    unsigned element_bytes;
    uint64_t original_bytes;
    uint64_t prefix_bytes, element_count, tail_bytes;
    uint64_t chunk_bytes; /* chunk_elements * element_bytes */
    uint64_t prefix_chunks, element_chunks, chunk_count;
};

/* One chunk: where its raw bytes start in the "chunk stream" (the
 * prefix, the elements in axis order, the tail: original_bytes in all),
 * how many, and whether it must be stored (prefix and tail). */
struct scanzip_chunk_place {
    uint64_t offset;
    uint32_t raw_bytes;
    bool stored_only;
};

/* The header for compressing original_bytes with these options, or -1
 * when they do not fit (a shape larger than the file, a bad -w ...). */
int scanzip_plan(const struct scanzip_options *options, uint64_t original_bytes,
                 struct scanzip_header *header, struct scanzip_why *why);

/* The layout of a valid header; -1 when its fields disagree. */
int scanzip_layout_of(const struct scanzip_header *header, struct scanzip_layout *layout,
                      struct scanzip_why *why);

struct scanzip_chunk_place scanzip_chunk_place(const struct scanzip_layout *layout, uint64_t index);

void scanzip_header_write(const struct scanzip_header *header, uint8_t out[SCANZIP_HEADER_BYTES]);

/* Parse and check the first `available` bytes of a file (at most 40 are
 * read). "not a scanzip file" when the magic is not there (or the file is
 * empty); "truncated" when it stops inside the header. */
int scanzip_header_read(const uint8_t *in, uint64_t available, struct scanzip_header *header,
                        struct scanzip_why *why);

void scanzip_record_write(const struct scanzip_record *record, uint8_t out[SCANZIP_RECORD_BYTES]);

/* Parse and check chunk `index`'s record header: its CRC, its reserved
 * bits, its method and flags, raw_bytes against the layout, and
 * payload_bytes against the most the method can need. `where` is
 * the record's offset in the file, for the message. */
int scanzip_record_read(const uint8_t in[SCANZIP_RECORD_BYTES], const struct scanzip_layout *layout,
                        uint64_t index, uint64_t where, struct scanzip_record *record,
                        struct scanzip_why *why);

/* ---- Axis order ---------------------------------------------------------- */

/* Elements of a shape x,y,z from file order into axis order (format.h),
 * or back (to_axis false). in and out do not overlap. */
void scanzip_reorder(const uint8_t *in, uint8_t *out, const uint32_t shape[3], unsigned element_bytes,
                     unsigned axis, bool to_axis);

/* ---- Whole files ----------------------------------------------------------- */

/* Told about progress now and then, in bytes of the original file. */
struct scanzip_progress {
    void (*report)(void *context, uint64_t done, uint64_t total);
    void *context;
};

/* ---- Memory ---------------------------------------------------------------
 *
 * Each thread holds the chunks of its job ("in flight"): compressing,
 * their raw bytes (read in one piece), their payloads until each is
 * written, and the runs the CPU engine keeps while it encodes one
 * (codec.h: scanzip_kept_runs_bytes, at most half the chunk at 8 bits);
 * decompressing, their payloads and their decoded bytes. So
 *
 *     peak ~ chunks in flight x (chunk bytes + payload bytes + runs) + the program (~2 MiB)
 *
 * Chunks in flight: one a thread (OpenMP), more when chunks are small (up
 * to 4 MiB of them a thread), fewer under run->memory. The payload is
 * what the method writes: at most the chunk with -m auto (stored is a
 * candidate), up to 8 bytes an element with -m rle on data without runs.
 * With --axis y or z the whole volume is held besides, twice at worst.
 * scanzip's defaults (chunks of 16 MiB, 8 bits), 2 threads: -m auto
 * 2 x (16 + 16 + 8) MiB at most; on random data 2 x (16 + 16) MiB (its
 * runs are too many to keep, and keeping stops at once), with -m rle
 * 2 x (16 + 128) MiB.
 */

/* How a stream runs besides its files: at most `memory` bytes of chunks
 * in flight (0: no bound but the batch's), progress, and (set on return,
 * also on failure) the bytes of the compressed side written or read:
 * what -v prints, which ftell cannot tell of a pipe. sparse: the output
 * is a new regular file, so decompressing may seek over blocks of zero
 * bytes rather than write them (holes, as zstd --sparse). */
struct scanzip_run {
    uint64_t memory;
    struct scanzip_progress progress;
    uint64_t compressed_bytes;
    bool sparse;
};

/* The bytes one chunk in flight can need when compressing original_bytes
 * with these options: the largest chunk's raw bytes and the largest
 * payload the choice can give for it (auto: its raw bytes; a method: its
 * bound, codec.h: scanzip_max_payload_bytes). */
uint64_t scanzip_compress_chunk_need(const struct scanzip_options *options, uint64_t original_bytes);

/* -1 when memory (not 0) is less than scanzip_compress_chunk_need: the
 * message names the least --memory that works. */
int scanzip_check_memory(const struct scanzip_options *options, uint64_t original_bytes, uint64_t memory,
                         struct scanzip_why *why);

/* Compress original_bytes from `in` (which must have that many) to `out`.
 * run may be NULL (no bound, no progress). */
int scanzip_compress_stream(const struct scanzip_engine *engine, const struct scanzip_options *options,
                            FILE *in, uint64_t original_bytes, FILE *out, struct scanzip_run *run,
                            struct scanzip_why *why);

/* Decompress `in` to `out`; refuses a file that decodes to more than
 * max_output bytes (UINT64_MAX: no limit). Everything written was
 * checked; on error, what was written so far is a correct prefix of the
 * original, and the caller should remove it. header (may be NULL) gets
 * the file's header. Files written one after the other (cat a.scz b.scz)
 * decode as one: after a file's last chunk, bytes that start with the
 * magic are the next file's; header then is the first one's, with
 * original_bytes the sum of all. Under run->memory, the chunks held at
 * once are those whose payloads and decoded bytes fit; a chunk that needs more
 * alone is an error that names the least --memory that works. */
int scanzip_decompress_stream(const struct scanzip_engine *engine, FILE *in, FILE *out, uint64_t max_output,
                              struct scanzip_run *run, struct scanzip_header *header, struct scanzip_why *why);

/* The same in memory: *out is from malloc (free it), also on size 0. */
int scanzip_compress_memory(const struct scanzip_engine *engine, const struct scanzip_options *options,
                            const uint8_t *in, uint64_t size, uint8_t **out, uint64_t *out_size,
                            struct scanzip_why *why);
int scanzip_decompress_memory(const struct scanzip_engine *engine, const uint8_t *in, uint64_t size,
                              uint64_t max_output, uint8_t **out, uint64_t *out_size,
                              struct scanzip_why *why);

#endif
