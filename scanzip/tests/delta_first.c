/*
 * delta_first.c: cascade with delta first (format.h, flags bit 1): the
 * rule that decides when it is measured, its payloads round trip for
 * every family, width and frame length, and the counters it is for
 * compress as nvCOMP's Cascaded does (42.4x on its 16-bit counters).
 *
 * The known bytes of a delta-first payload and file are in
 * known_answers.c, its refused payloads in invalid_payloads.c, its
 * flipped bytes in corrupt.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "codec.h"
#include "support.h"

/* format.h's examples of the rule, and what scanzip_measure leaves out. */
Test(delta_first, rule)
{
    static const struct {
        const char *what;
        unsigned w;
        uint32_t values[6];
        size_t n;
        bool pays;
    } cases[] = {
        {"[5 6 7 8 8 8]: 4 runs, deltas [5 1 1 1 0 0] 3", 1, {5, 6, 7, 8, 8, 8}, 6, true},
        {"[7 7 7 9]: 2 runs, deltas [7 0 0 2] 3", 1, {7, 7, 7, 9}, 4, false},
        {"[0 1 2 3 4 5] -w 16: 6 runs, deltas [0 1 1 1 1 1] 2", 2, {0, 1, 2, 3, 4, 5}, 6, true},
        {"[3 3 3 3]: 1 run, deltas [3 0 0 0] 2", 1, {3, 3, 3, 3}, 4, false},
        {"[0xffffffff 0xffffffff] -w 32: 1 run, deltas [-1 0] 2", 4, {0xffffffffu, 0xffffffffu}, 2, false},
        {"[0xffffffff 0xfffffffe 0xfffffffd] -w 32: 3 runs, deltas all -1: 1", 4,
         {0xffffffffu, 0xfffffffeu, 0xfffffffdu}, 3, true},
        {"an empty chunk: 0 runs of each", 1, {0}, 0, false},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint8_t raw[6 * 4];
        for (size_t i = 0; i < cases[c].n; i++)
            memcpy(raw + i * cases[c].w, &cases[c].values[i], cases[c].w);
        bool pays = scanzip_delta_first_pays(cases[c].w, raw, cases[c].n);
        cr_assert(pays == cases[c].pays, "delta_first/rule: %s: scanzip_delta_first_pays says %d, format.h's rule %d",
                  cases[c].what, pays, cases[c].pays);
        struct scanzip_codec_params params = {cases[c].w, 128};
        struct scanzip_sizes sizes;
        scanzip_measure(&params, raw, cases[c].n, &sizes);
        for (unsigned f = SCANZIP_FLAG_DELTA_FIRST; f < SCANZIP_FLAG_VARIANTS; f++) {
            bool measured = scanzip_payload_size(&sizes, SCANZIP_CASCADE, f) != SCANZIP_UNMEASURED;
            cr_assert(measured == cases[c].pays, "delta_first/rule: %s: scanzip_measure %s flags %u", cases[c].what,
                      measured ? "measured" : "left out", f);
        }
    }
}

/* Every family, width and frame length, both delta-first variants, asked
 * for by name (whatever the rule says): the payload has the size
 * measured for it, stays within the method's bound and decodes back. */
Test(delta_first, payload_round_trips)
{
    static const size_t counts[] = {0, 1, 2, 7, 257, 1000};
    static const uint32_t frames[] = {1, 3, 128, SCANZIP_FRAME_CHOOSE};
    for (unsigned w = 1; w <= 4; w *= 2)
        for (int family = 0; family < FAMILIES; family++)
            for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
                size_t n = counts[k];
                uint8_t *raw = malloc(n * w + 1), *back = malloc(n * w + 1);
                uint8_t *payload = malloc(scanzip_max_payload_bytes(w, SCANZIP_CASCADE, n));
                fill_family(raw, n * w, (enum family)family, w, 0xdf00 + k);
                for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++)
                    for (unsigned flags = SCANZIP_FLAG_DELTA_FIRST; flags < SCANZIP_FLAG_VARIANTS; flags++) {
                        char head[200], name[32];
                        snprintf(head, sizeof head, "%s, family \"%s\", %zu elements of %u bits, frame %u",
                                 scanzip_variant_name(SCANZIP_CASCADE, flags, name, sizeof name), family_name(family),
                                 n, 8 * w, frames[f]);
                        struct scanzip_codec_params params = {w, frames[f]};
                        struct scanzip_why why = {""};
                        uint64_t bytes = scanzip_encode_payload(&params, SCANZIP_CASCADE, flags, raw, n, payload);
                        if (bytes > scanzip_max_payload_bytes(w, SCANZIP_CASCADE, n))
                            fail_scanzip("delta_first/payload_round_trips", head, "%llu bytes, more than the bound",
                                         (unsigned long long)bytes);
                        if (scanzip_decode_payload(w, SCANZIP_CASCADE, flags, payload, bytes, back, n * w, &why) != 0)
                            fail_scanzip("delta_first/payload_round_trips", head, "refused its own payload: %s",
                                         why.text);
                        if (n > 0 && memcmp(back, raw, n * w) != 0)
                            fail_scanzip("delta_first/payload_round_trips", head, "decoded other elements");
                    }
                free(raw);
                free(back);
                free(payload);
            }
}

/* The first record's method and flags, after the header. */
static unsigned first_flags(const uint8_t *file)
{
    return file[SCANZIP_HEADER_BYTES + 1];
}

/* n elements of a 16-bit counter: 0 1 2 ... 65535 0 1 ... */
static uint8_t *counter16(size_t n)
{
    uint8_t *raw = malloc(2 * n);
    for (size_t i = 0; i < n; i++) {
        uint16_t v = (uint16_t)i;
        memcpy(raw + 2 * i, &v, 2);
    }
    return raw;
}

/* The target of issue #28: a 16-bit sawtooth of 2^20 elements at a
 * ratio of at least 42 with -m auto (nvCOMP's Cascaded: 42.4x), with
 * the default chunks and with chunks of 4096 elements (8 KiB, where each
 * record's 24 bytes weigh). Before delta first, cascade found no runs
 * in it: its plain variant is printed beside, for the record. */
Test(delta_first, counters)
{
    size_t n = (size_t)1 << 20;
    uint8_t *raw = counter16(n);
    static const uint32_t chunks[] = {SCANZIP_DEFAULT_CHUNK_ELEMENTS, 4096};
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        struct scanzip_options o = test_options(SCANZIP_CHOOSE_AUTO, 2, chunks[c], SCANZIP_FRAME_CHOOSE);
        char text[200];
        describe_options(&o, text, sizeof text);
        uint64_t size, back_size;
        uint8_t *file = compress_or_fail("delta_first/counters", &o, raw, 2 * n, &size), *back;
        double ratio = (double)(2 * n) / (double)size;
        struct scanzip_why why = {""};
        if (scanzip_decompress_memory(&scanzip_cpu_engine, file, size, UINT64_MAX, &back, &back_size, &why) != 0 ||
            back_size != 2 * n || memcmp(back, raw, 2 * n) != 0)
            fail_scanzip("delta_first/counters", text, "the counters do not come back: %s", why.text);
        if (first_flags(file) != SCANZIP_FLAG_DELTA_FIRST)
            fail_scanzip("delta_first/counters", text, "the first chunk has flags 0x%02x, expected delta first",
                         first_flags(file));
        if (ratio < 42.0)
            fail_scanzip("delta_first/counters", text, "ratio %.2f, less than nvCOMP Cascaded's 42.4", ratio);
        struct scanzip_codec_params params = {2, SCANZIP_FRAME_CHOOSE};
        struct scanzip_sizes sizes;
        uint32_t in_chunk = chunks[c] < n ? chunks[c] : (uint32_t)n;
        scanzip_measure(&params, raw, in_chunk, &sizes);
        printf("delta_first/counters: 2^20 16-bit counters, %s: ratio %.1f (%llu bytes); a chunk's cascade "
               "payload: %llu bytes plain, %llu delta first\n", text, ratio, (unsigned long long)size,
               (unsigned long long)scanzip_payload_size(&sizes, SCANZIP_CASCADE, 0),
               (unsigned long long)scanzip_payload_size(&sizes, SCANZIP_CASCADE, SCANZIP_FLAG_DELTA_FIRST));
        free(file);
        free(back);
    }
    free(raw);
}
