/*
 * invalid_payloads.c: the decoder of each method refuses a payload that
 * is not a valid encoding, with a reason that names the field, and never
 * writes past the chunk. (A real file would fail its CRC first; these
 * payloads go straight to scanzip_decode_payload, as from a buggy
 * encoder or an engine under test.)
 */
#include <string.h>

#include <criterion/criterion.h>

#include "codec.h"

struct bad_payload {
    const char *what;
    unsigned w, method, flags;
    uint8_t bytes[40];
    size_t size, raw_bytes;
    const char *message;
};

static const struct bad_payload cases[] = {
    {"rle8: a count of 0", 1, SCANZIP_RLE8, 0, {7, 3, 9, 0}, 4, 4, "run 1 has a count of 0"},
    {"rle8: counts add up to 3 of 4", 1, SCANZIP_RLE8, 0, {7, 2, 9, 1}, 4, 4, "add up to 3, the chunk has 4"},
    {"rle8: counts add up to 5 of 4", 1, SCANZIP_RLE8, 0, {7, 4, 9, 1}, 4, 4, "add up to 5, more than the chunk's 4"},
    {"rle8: half a pair", 2, SCANZIP_RLE8, 0, {7, 0, 4, 9}, 4, 8, "not whole (symbol, count) pairs of 3 bytes"},
    {"rle: a symbol of 9 bits with -w 8", 1, SCANZIP_RLE, 0, {1, 0, 0, 0, 0, 1, 0, 0, 4, 0, 0, 0}, 12, 4,
     "symbol 0 is 0x100, more than 8 bits"},
    {"rle: 1000 runs in 12 bytes", 1, SCANZIP_RLE, 0, {0xe8, 3, 0, 0, 7, 0, 0, 0, 4, 0, 0, 0}, 12, 4,
     "1000 runs need 8004 bytes"},
    {"pack: frame length 0", 1, SCANZIP_PACK, 0, {0, 0, 0, 0, 4, 0x77, 0x97, 0, 0}, 9, 4, "frame length 0"},
    {"pack: a width of 9 with -w 8", 1, SCANZIP_PACK, 0, {0x80, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 0}, 13, 4,
     "frame 0 has width 9, more than 8 bits"},
    {"pack: a word too many", 1, SCANZIP_PACK, 0, {0x80, 0, 0, 0, 4, 0x77, 0x97, 0, 0, 0, 0, 0, 0}, 13, 4,
     "the frames need 9 bytes, the payload has 13"},
    {"pack: padding bits set", 1, SCANZIP_PACK, 0, {0x80, 0, 0, 0, 4, 0x77, 0x97, 1, 0}, 9, 4, "unused high bits"},
    {"cascade: 5 runs in a chunk of 4", 1, SCANZIP_CASCADE, 0, {5, 0, 0, 0, 0x80, 0, 0, 0}, 8, 4,
     "5 runs, more than the chunk's 4 elements"},
    {"cascade: counts words missing", 1, SCANZIP_CASCADE, 0, {2, 0, 0, 0, 0x80, 0, 0, 0, 4, 0x97, 0, 0, 0, 2}, 14, 4,
     "ends inside the count words"},
    /* codec.h's delta-first payload of [5 6 7 8 8 8], damaged: */
    {"cascade delta first: counts-1 [0 2 0] add up to 5 of 6", 1, SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST,
     {3, 0, 0, 0, 0x80, 0, 0, 0, 0x04, 0x2a, 0, 0, 0, 0x02, 0x08, 0, 0, 0}, 18, 6, "add up to 5, the chunk has 6"},
    {"cascade delta first: its last word cut off", 1, SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST,
     {3, 0, 0, 0, 0x80, 0, 0, 0, 0x04, 0x2a, 0, 0, 0, 0x02}, 14, 6, "ends inside the count words"},
    {"cascade delta first: a symbol width of 9 with -w 8", 1, SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST,
     {3, 0, 0, 0, 0x80, 0, 0, 0, 0x09, 0x2a, 0, 0, 0, 0x02, 0x18, 0, 0, 0}, 18, 6,
     "symbol frame 0 has width 9, more than 8 bits"},
    {"cascade delta first: 7 runs in a chunk of 6", 1, SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST | SCANZIP_FLAG_DELTA,
     {7, 0, 0, 0, 0x80, 0, 0, 0}, 8, 6, "7 runs, more than the chunk's 6 elements"},
    {"stored: 3 bytes for 4", 1, SCANZIP_STORED, 0, {1, 2, 3}, 3, 4, "the payload has 3 bytes, the chunk 4"},
    {"delta on pack", 1, SCANZIP_PACK, SCANZIP_FLAG_DELTA, {0x80, 0, 0, 0, 4, 0x77, 0x97, 0, 0}, 9, 4,
     "flags 0x01 with method pack"},
    {"delta first on rle", 1, SCANZIP_RLE, SCANZIP_FLAG_DELTA_FIRST, {0, 0, 0, 0}, 4, 0, "flags 0x02 with method rle"},
    {"flags bit 2 on cascade", 1, SCANZIP_CASCADE, 4, {0, 0, 0, 0, 1, 0, 0, 0}, 8, 0,
     "flags 0x04 with method cascade"},
    {"method 7", 1, 7, 0, {0}, 1, 4, "unknown method 7"},
};

Test(invalid_payloads, each_field)
{
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint8_t raw[16 + 8];
        struct scanzip_why why = {""};
        memset(raw, 0xee, sizeof raw);
        int status = scanzip_decode_payload(cases[c].w, cases[c].method, cases[c].flags, cases[c].bytes,
                                            cases[c].size, raw, cases[c].raw_bytes, &why);
        cr_assert(status != 0, "invalid_payloads/each_field: %s: decoded without an error", cases[c].what);
        cr_assert(strstr(why.text, cases[c].message) != NULL,
                  "invalid_payloads/each_field: %s: the reason \"%s\" does not say \"%s\"", cases[c].what, why.text,
                  cases[c].message);
        for (size_t i = cases[c].raw_bytes; i < sizeof raw; i++)
            cr_assert(raw[i] == 0xee, "invalid_payloads/each_field: %s: byte %zu past the %zu-byte chunk was written",
                      cases[c].what, i, cases[c].raw_bytes);
    }
}
