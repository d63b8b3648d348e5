/*
 * measure_choice.c: the CPU engine measures less than scanzip_measure
 * and writes without looking for the runs again (codec.h:
 * scanzip_measure_choice, scanzip_encode_measured, scanzip_runs); its
 * files must not change. For every choice, family, width, size and
 * frame option, the method and flags it picks, their size, and the
 * payload's bytes are those of scanzip_measure and
 * scanzip_encode_payload, whether it kept the chunk's runs, ran out of
 * room for them, or was given none; the runs it kept are the chunk's,
 * element by element; pack is left unmeasured only where another
 * candidate is truly smaller; and the run counts it hands the encoder
 * are the ones the payload starts with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "codec.h"
#include "support.h"

/* codec.h's example: [7 7 7 9], frames of 128. Under auto, pack (9
 * bytes) is not measured, since rle8 has 4; the cascade+delta size
 * carries its 2 runs. */
Test(measure_choice, example)
{
    const uint8_t raw[] = {7, 7, 7, 9};
    struct scanzip_codec_params params = {1, 128};
    struct scanzip_sizes all, some;
    scanzip_measure(&params, raw, 4, &all);
    scanzip_measure_choice(&params, SCANZIP_CHOOSE_AUTO, raw, 4, NULL, &some);
    const char *head = "[7 7 7 9], frames of 128";
    if (all.of[SCANZIP_PACK][0].bytes != 9)
        fail_scanzip("measure_choice/example", head, "scanzip_measure sizes pack at %llu bytes, expected 9",
                     (unsigned long long)all.of[SCANZIP_PACK][0].bytes);
    if (some.of[SCANZIP_PACK][0].bytes != SCANZIP_UNMEASURED)
        fail_scanzip("measure_choice/example", head,
                     "-m auto measured pack (%llu bytes), though rle8's 4 are below its bound of 9",
                     (unsigned long long)some.of[SCANZIP_PACK][0].bytes);
    const struct scanzip_size *delta = &some.of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA];
    if (delta->bytes != 18 || delta->frame_length != 128 || delta->runs != 2)
        fail_scanzip("measure_choice/example", head, "cascade+delta is {%llu, %u, %u}, expected {18, 128, 2}",
                     (unsigned long long)delta->bytes, delta->frame_length, delta->runs);
}

/* The run count a payload starts with: rle's and cascade's first u32. */
static void check_runs(const char *head, unsigned method, const struct scanzip_size *size, const uint8_t *payload)
{
    if (method != SCANZIP_RLE && method != SCANZIP_CASCADE)
        return;
    uint32_t written = scanzip_load32(payload);
    if (size->runs != written)
        fail_scanzip("measure_choice/same_files", head, "%s: measured %u runs, the payload has %u",
                     scanzip_method_name(method), size->runs, written);
}

/* Pack left out under auto: only where a candidate it would have lost to
 * is strictly smaller than its true size. */
static void check_pack_left_out(const char *head, const struct scanzip_sizes *all, const struct scanzip_sizes *some)
{
    uint64_t pack = all->of[SCANZIP_PACK][0].bytes;
    if (some->of[SCANZIP_PACK][0].bytes != SCANZIP_UNMEASURED)
        return;
    for (unsigned m = 0; m < SCANZIP_METHODS; m++)
        for (unsigned f = 0; f < SCANZIP_FLAG_VARIANTS; f++)
            if (m != SCANZIP_PACK && scanzip_flags_valid(m, f) && some->of[m][f].bytes < pack)
                return;
    fail_scanzip("measure_choice/same_files", head,
                 "-m auto left pack (%llu bytes) unmeasured, but no other candidate is smaller",
                 (unsigned long long)pack);
}

/* The runs kept are the chunk's when they fit in keep, else none:
 * [7 7 7 9 9 4] -> symbols [7 9 4], ends [3 5 6]. */
static void check_kept(const char *head, unsigned w, const uint8_t *raw, size_t n, const struct scanzip_runs *keep)
{
    size_t runs = 0;
    for (size_t i = 0; i < n; i++)
        runs += i == 0 || element_at(raw, i, w) != element_at(raw, i - 1, w);
    size_t expected = runs <= keep->capacity ? runs : 0;
    if (keep->count != expected)
        fail_scanzip("measure_choice/same_files", head, "%zu runs, room for %zu: kept %zu, expected %zu", runs,
                     keep->capacity, keep->count, expected);
    for (size_t r = 0, start = 0; r < keep->count; start = keep->ends[r++]) {
        size_t end = r + 1 < runs ? start + 1 : n;
        while (end < n && element_at(raw, end, w) == element_at(raw, start, w))
            end++;
        if (keep->ends[r] != end || keep->symbols[r] != element_at(raw, start, w))
            fail_scanzip("measure_choice/same_files", head,
                         "kept run %zu is (symbol %u, end %u); elements %zu.. are %u to element %zu", r,
                         keep->symbols[r], keep->ends[r], start, element_at(raw, start, w), end);
    }
}

/* Room for the runs: none, for all of them, or for two batches (codec.c:
 * RUN_BATCH), which larger chunks outgrow on the way. */
enum keeping { KEEP_NONE, KEEP_ALL, KEEP_SOME, KEEPINGS };

/* One chunk under one choice: the engine's way against the full one. */
static void check_chunk(const char *head, const struct scanzip_codec_params *params, enum scanzip_choice choice,
                        enum keeping keeping, const uint8_t *raw, size_t n)
{
    struct scanzip_sizes all, some;
    unsigned method, flags, method_some, flags_some;
    size_t room = keeping == KEEP_ALL ? n : keeping == KEEP_SOME ? 512 : 0;
    struct scanzip_runs keep = {malloc(room * 4 + 1), malloc(room * 4 + 1), room, 0};
    scanzip_measure(params, raw, n, &all);
    scanzip_measure_choice(params, choice, raw, n, keeping == KEEP_NONE ? NULL : &keep, &some);
    if (keeping != KEEP_NONE)
        check_kept(head, params->element_bytes, raw, n, &keep);
    scanzip_choose(choice, &all, &method, &flags);
    scanzip_choose(choice, &some, &method_some, &flags_some);
    char name[32], name_some[32];
    scanzip_variant_name(method, flags, name, sizeof name);
    if (method != method_some || flags != flags_some)
        fail_scanzip("measure_choice/same_files", head, "-m %s picks %s, scanzip_measure's sizes %s",
                     scanzip_choice_name(choice), scanzip_variant_name(method_some, flags_some, name_some, 32), name);
    if (choice == SCANZIP_CHOOSE_AUTO)
        check_pack_left_out(head, &all, &some);
    const struct scanzip_size *size = &some.of[method][flags];
    if (size->bytes != all.of[method][flags].bytes || size->frame_length != all.of[method][flags].frame_length)
        fail_scanzip("measure_choice/same_files", head, "%s: %llu bytes with frame %u, scanzip_measure %llu with %u",
                     name, (unsigned long long)size->bytes, size->frame_length,
                     (unsigned long long)all.of[method][flags].bytes, all.of[method][flags].frame_length);
    uint8_t *measured = malloc(size->bytes + 1), *counted = malloc(size->bytes + 1);
    struct scanzip_codec_params chosen = *params;
    chosen.frame_length = scanzip_payload_frame(&all, method, flags);
    uint64_t bytes = scanzip_encode_measured(params, &some, method, flags, raw, n, measured);
    uint64_t expected = scanzip_encode_payload(&chosen, method, flags, raw, n, counted);
    if (bytes != expected || memcmp(measured, counted, expected) != 0)
        fail_scanzip("measure_choice/same_files", head, "%s: scanzip_encode_measured wrote %llu bytes, not the %llu "
                     "of scanzip_encode_payload", name, (unsigned long long)bytes, (unsigned long long)expected);
    check_runs(head, method, size, measured);
    free(measured);
    free(counted);
    free(keep.symbols);
    free(keep.ends);
}

/* Every choice, family, width, frame option, room for the runs, and
 * sizes from none to many frames of 256 (and blocks of 64 bytes: the
 * run search's, codec.c). */
Test(measure_choice, same_files)
{
    static const size_t counts[] = {0, 1, 7, 64, 257, 5000};
    static const uint32_t frames[] = {SCANZIP_FRAME_CHOOSE, 3, 128};
    for (unsigned w = 1; w <= 4; w *= 2)
        for (int family = 0; family < FAMILIES; family++)
            for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
                size_t n = counts[c];
                uint64_t seed = 0x3ea5c000u + (uint64_t)family * 17 + c;
                uint8_t *raw = malloc(n * w + 1);
                fill_family(raw, n * w, (enum family)family, w, seed);
                for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++)
                    for (unsigned choice = 0; choice <= SCANZIP_CHOOSE_AUTO; choice++)
                        for (int keeping = 0; keeping < KEEPINGS; keeping++) {
                            struct scanzip_codec_params params = {w, frames[f]};
                            char head[300];
                            snprintf(head, sizeof head, "-m %s -w %u --frame %u (0: none), family \"%s\", %zu "
                                     "elements, seed 0x%llx, room for %s runs",
                                     scanzip_choice_name((enum scanzip_choice)choice), 8 * w, frames[f],
                                     family_name(family), n, (unsigned long long)seed,
                                     (const char *[]){"no", "all", "512"}[keeping]);
                            check_chunk(head, &params, (enum scanzip_choice)choice, (enum keeping)keeping, raw, n);
                        }
                free(raw);
            }
}
