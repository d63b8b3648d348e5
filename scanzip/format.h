/*
 * format.h: the scanzip container format, version 2, byte by byte.
 *
 * A .scz file is a file header, then chunk records in order, and nothing
 * after the last record. Every integer is little-endian. The bytes are
 * fully determined by the input and the options (-w, --axis, --shape,
 * --frame, --chunk, -m): either engine (the CPU one, engine_cpu.c, or
 * the GPU one from lab 08, engine_gpu.cu) must write exactly the same file.
 *
 * File header, 40 bytes:
 *
 *     offset size field
 *      0     4    magic "SCNZ"
 *      4     1    version: 2 (what this scanzip writes) or 1 (it still
 *                 reads them: version 1 is version 2 without delta-first
 *                 chunks, flags bit 1 below)
 *      5     1    element_bytes: 1, 2 or 4 (-w 8, 16, 32)
 *      6     1    axis: 0 = elements in file order (x fastest),
 *                       1 = y fastest, 2 = z fastest (these need a shape)
 *      7     1    reserved, 0
 *      8     8    original_bytes: the size of the original file
 *     16     4    chunk_elements: elements per chunk, 1..2^26 (the last may be shorter)
 *     20     4    shape_x
 *     24     4    shape_y
 *     28     4    shape_z    (0 0 0 when no shape was given)
 *     32     4    prefix_bytes: leading bytes kept verbatim (a volume's own
 *                 header): original_bytes - x*y*z*element_bytes; 0 without a shape
 *     36     4    CRC32C of bytes 0..35
 *
 * The original is cut into three parts, and each part into chunks:
 *
 *     prefix    prefix_bytes, in stored chunks of chunk_elements*element_bytes
 *               bytes (the last may be shorter)
 *     elements  n elements of element_bytes, listed with the chosen axis
 *               fastest (below), in chunks of chunk_elements elements
 *     tail      the last original_bytes % element_bytes bytes that do not
 *               fill an element, as one stored chunk (none when 0; always
 *               0 with a shape, whose prefix takes up the slack)
 *
 *     e.g. 10 bytes, -w 32, --chunk 1:  elements [0..4) [4..8), tail [8..10)
 *          -> 3 chunks: 4 bytes, 4 bytes, 2 bytes (stored)
 *
 * Without a shape, n = original_bytes / element_bytes. With a shape
 * X,Y,Z, n = X*Y*Z and the element at (x, y, z) is element x + X*(y + Y*z)
 * of the file. Axis 1 lists them y fastest, then x, then z; axis 2 lists
 * them z fastest, then x, then y (the other two keep their file order):
 *
 *     shape 2,2,1, elements [a b c d] (a=(0,0) b=(1,0) c=(0,1) d=(1,1))
 *     axis 0 -> [a b c d]      axis 1 -> [a c b d]
 *
 * Chunk record: a 24-byte record header, then payload_bytes of payload.
 *
 *     offset size field
 *      0     1    method: 0 stored, 1 rle8, 2 rle, 3 pack, 4 cascade
 *      1     1    flags (cascade only; the other bits are 0):
 *                   bit 0 = delta: the run symbols are zigzag deltas
 *                   bit 1 = delta first: the elements are zigzag deltas
 *                           before the runs are found (version 2 only)
 *                 Both may be set: deltas of the elements, then runs, then
 *                 deltas of the run symbols.
 *      2     2    reserved, 0
 *      4     4    raw_bytes: the bytes this chunk decodes to
 *      8     4    payload_bytes
 *     12     4    CRC32C of the raw (decoded) bytes
 *     16     4    CRC32C of the payload
 *     20     4    CRC32C of bytes 0..19 of this record header
 *
 * The payloads are described in codec.h, with an example of each.
 *
 * Frame lengths. pack and cascade payloads store their own u32
 * frame_length, so the decoder takes any of 1..2^20. With --frame N the
 * encoder writes N. Without it, it picks per chunk, and every engine must
 * pick the same way:
 *
 *     the candidates are 8, 16, 32, 64, 128, 256; the payload is written
 *     with the candidate that makes it smallest, and a tie goes to the
 *     smallest such frame length.
 *
 * Cascade has one frame length for both its streams, so "smallest" is the
 * whole payload (symbols + counts), and it is chosen separately for each
 * of its variants (flags 0, delta, delta first, both) before they are
 * compared (codec.h: scanzip_choose).
 * Why: a chunk of long runs of zeros around short runs of detail wants
 * short frames (a long run's wide count spoils only its own frame of 8),
 * a chunk of smooth values wants long frames (fewer width bytes):
 *
 *     counts-1 [0 0 0 0 0 0 0 999, then 120 zeros]
 *     frame 128: one frame of width 10: 1 width byte + 1280 bits = 161 bytes
 *     frame 8:   a frame of width 10, then 15 of width 0 (no bits):
 *                16 width bytes + 80 bits                     =  28 bytes
 *
 * Versions. This scanzip writes version 2 into every file: the header is
 * written before any chunk is encoded (scanzip streams), so it cannot
 * say whether a chunk will use delta first. It reads versions 1 and 2.
 * A version-1 file never has flags bit 1 (it did not exist): a record
 * that has it in a version-1 file is refused as corrupt. A reader of
 * version 1 only refuses every version-2 file with one line, e.g.
 *     header: format version 2; this scanzip reads version 1
 *
 * Which cascade variants a chunk measures. Cascade's payload is chosen
 * per chunk (-m cascade and auto) as the smallest of its variants, but
 * the two delta-first variants cost a second pass over the chunk, so
 * they are measured only when this rule, the same in every engine, says
 * they may pay:
 *
 *     with x[-1] = 0 and d[i] = x[i] - x[i-1] modulo 2^(8w), count the
 *     runs of x and the runs of d (a run starts at i = 0 and wherever a
 *     value differs from the one before it). Delta first (flags 2 and 3)
 *     is a candidate when runs(d) < runs(x), strictly. Otherwise those
 *     variants are not candidates, whatever their size.
 *
 *     [5 6 7 8 8 8]  runs (5)(6)(7)(8 8 8): 4   d [5 1 1 1 0 0]: 3  -> candidate
 *     [7 7 7 9]      runs (7 7 7)(9): 2         d [7 0 0 2]: 3      -> not
 *     0 1 2 ... 65535 0 1 ... (-w 16)  n runs   d [0 1 1 1 ...]: 2  -> candidate
 *
 * Run counts are all that cascade's payload grows with, so this misses
 * few wins: a chunk of runs (labels, masks) has about twice as many runs
 * of deltas (each edge makes a delta, then a run of zeros) and is not
 * measured twice; a counter, a ramp or a sawtooth has one run of deltas
 * where it had one run an element.
 */
#ifndef SCANZIP_FORMAT_H
#define SCANZIP_FORMAT_H

#include <stdint.h>

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "scanzip reads and writes its little-endian fields with memcpy: it needs a little-endian machine"
#endif

#define SCANZIP_MAGIC "SCNZ"
#define SCANZIP_VERSION 2       /* the version written */
#define SCANZIP_FIRST_VERSION 1 /* the oldest one read */
#define SCANZIP_HEADER_BYTES 40
#define SCANZIP_RECORD_BYTES 24

/* Chunks: at most lab 06's PACK_MAX_N elements, so a chunk's packed
 * stream never exceeds 2^31 bits and every size fits in 32 bits. */
#define SCANZIP_MAX_CHUNK_ELEMENTS (UINT32_C(1) << 26)
#define SCANZIP_DEFAULT_CHUNK_ELEMENTS (UINT32_C(1) << 24)

/* Frames of pack and cascade: 1..2^20 values each. */
#define SCANZIP_MAX_FRAME_LENGTH (UINT32_C(1) << 20)

/* A frame_length option of 0: no --frame, choose per chunk (above) among
 * SCANZIP_FRAME_CANDIDATES lengths, the first SCANZIP_FIRST_FRAME_CANDIDATE
 * and each twice the one before: 8 16 32 64 128 256. Each candidate being
 * a multiple of the one before lets the encoder size them all in one
 * pass (codec.c: frame_sizer). */
#define SCANZIP_FRAME_CHOOSE 0
#define SCANZIP_FRAME_CANDIDATES 6
#define SCANZIP_FIRST_FRAME_CANDIDATE 8

/* rle8 stores a count in one byte: longer runs are split. */
#define SCANZIP_RLE8_MAX_COUNT 255

/* A record's method byte. Everything else about a method is its row in
 * codec.c's table (codec.h: scanzip_methods); a new method takes the next
 * id here and a row there. */
enum scanzip_method_id {
    SCANZIP_STORED = 0,
    SCANZIP_RLE8 = 1,
    SCANZIP_RLE = 2,
    SCANZIP_PACK = 3,
    SCANZIP_CASCADE = 4,
};
#define SCANZIP_METHODS 5

/* flags bit 0: cascade's run symbols are zigzag deltas. */
#define SCANZIP_FLAG_DELTA 1
/* flags bit 1: cascade's elements are zigzag deltas before the runs are
 * found (version 2). Its decoder is cascade's, then a scan: an inclusive
 * prefix sum of the unzigzagged deltas (codec.h). */
#define SCANZIP_FLAG_DELTA_FIRST 2

enum scanzip_axis {
    SCANZIP_AXIS_X = 0,
    SCANZIP_AXIS_Y = 1,
    SCANZIP_AXIS_Z = 2,
};

/* The file header's fields (magic, reserved and CRC are implied). */
struct scanzip_header {
    uint8_t version; /* read: 1 or 2; written: always SCANZIP_VERSION */
    uint8_t element_bytes;
    uint8_t axis;
    uint64_t original_bytes;
    uint32_t chunk_elements;
    uint32_t shape[3]; /* x, y, z */
    uint32_t prefix_bytes;
};

/* A chunk record header's fields (reserved and its own CRC are implied). */
struct scanzip_record {
    uint8_t method;
    uint8_t flags;
    uint32_t raw_bytes;
    uint32_t payload_bytes;
    uint32_t raw_crc;
    uint32_t payload_crc;
};

/* Little-endian fields at any alignment. */
#include <string.h>
static inline uint32_t scanzip_load32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}
static inline uint64_t scanzip_load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline void scanzip_store32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}
static inline void scanzip_store64(uint8_t *p, uint64_t v)
{
    memcpy(p, &v, 8);
}

#endif
