/*
 * Tests of lab 07: the single-pass scan, step by step.
 *
 *   warp::, block::, tiles::  each run of 32, SP_THREADS or SP_TILE elements
 *                             scanned on its own (segments), guards intact
 *   lookback::                the look-back alone, on status words built
 *                             here from known tile sums
 *   single_pass::             the whole scan, with the caller's temporary
 *                             storage (poisoned, guarded, reused)
 *
 * The open edition (make student-release GUIDANCE=open; the Makefile
 * defines SCANLAB_GUIDANCE_OPEN) asks for the whole scan only, designed
 * as the student likes: the steps' tests are not built, and their points
 * go to single_pass:: (rubric.txt, G/O points).
 *
 * Run some tests:  make grade LAB=07 FILTER=lookback/prefixes
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "case_record.h"
#include "check.h"
#include "device.h"
#include "oracle.h"
#include "random.h"
#include "single_pass.h"
#include "todo.h"

/* Under the emulator 64 blocks overlap here, not 4 (cuda_runtime_api.h):
 * the look-back reads back a window of 32 tiles, so a look-back wrong only
 * past its first window needs more than 32 tiles in flight to show, as it
 * does on a GPU, which holds hundreds. Costs this lab's reverse-order pass
 * about 5 s of CPU time. */
const unsigned scanlab_emu_resident_blocks = 64;

/* check(c) for each size of scan_sizes (edges of warps, blocks and lab
 * 03's tiles), then of tile_sizes (this lab's own tile edges). */
static void for_each_size(const char *function, enum fill fill, void (*check)(const struct test_case *c))
{
    require_gpu();
    for (size_t i = 0; i < scan_sizes_count; i++) {
        struct test_case c = test_case_for("07", function, &scan_sizes[i], fill);
        check(&c);
    }
    for (size_t i = 0; i < tile_sizes_count; i++) {
        struct test_case c = test_case_for("07", function, &tile_sizes[i], fill);
        check(&c);
    }
}

/* ---- Segments: warps, blocks, tiles ------------------------------------------ */

/* input[0..n) after `offset` UNWRITTEN ints, in a new host array. */
static int *after_unwritten(const int *input, size_t n, size_t offset)
{
    int *padded = host_ints(n + offset);
    for (size_t i = 0; i < offset; i++)
        padded[i] = UNWRITTEN;
    memcpy(padded + offset, input, n * sizeof(int));
    return padded;
}

/* ---- The steps' tests, in the guided edition only ---------------------------- */
#ifndef SCANLAB_GUIDANCE_OPEN

/* The tile totals of input[0..n): what scan_tiles_exclusive reports. */
static int *oracle_tile_totals(const int *input, size_t n)
{
    size_t tiles = (n + SP_TILE - 1) / SP_TILE;
    int *totals = host_ints(tiles);
    for (size_t t = 0; t < tiles; t++) {
        totals[t] = 0;
        for (size_t i = t * SP_TILE; i < n && i < (t + 1) * SP_TILE; i++)
            totals[t] += input[i];
    }
    return totals;
}

/* One run of a segmented step with its arrays `offset` ints past a
 * 16-byte boundary (0: aligned; 1 or 3: the int4 path must not be
 * taken), out of place: its output, its input untouched, nothing written
 * outside d_out[0..n); for the tile step (segment SP_TILE) also the tile
 * totals. */
static void check_segments_at(const struct test_case *c, size_t segment, int inclusive, size_t offset,
                              cudaError_t (*run)(const int *d_in, int *d_out, size_t n, int *d_totals))
{
    size_t n = c->n, tiles = (n + SP_TILE - 1) / SP_TILE;
    int *input = host_ints(n), *scanned = host_ints(n);
    fill_input(input, c);
    oracle_scan_segments(input, scanned, n, segment, inclusive);
    int *padded_input = after_unwritten(input, n, offset), *expected = after_unwritten(scanned, n, offset);
    struct device_ints in = device_ints_from(padded_input, n + offset), out = device_ints_unwritten(n + offset);
    struct device_ints totals = device_ints_unwritten(tiles);

    expect_cuda_success(c, run(in.d + offset, out.d + offset, n, totals.d));

    char what[96];
    snprintf(what, sizeof what, offset ? "d_out (%zu ints past a 16-byte boundary)" : "d_out", offset);
    expect_output_prefix(c, what, &out, expected, n + offset);
    expect_input_unchanged(c, "d_in", &in, padded_input);
    if (segment == SP_TILE) {
        int *expected_totals = oracle_tile_totals(input, n);
        expect_output_prefix(c, "d_tile_totals", &totals, expected_totals, tiles);
        free(expected_totals);
    }
    device_ints_free(&in);
    device_ints_free(&out);
    device_ints_free(&totals);
    free(input);
    free(scanned);
    free(padded_input);
    free(expected);
}

static cudaError_t run_warps(const int *d_in, int *d_out, size_t n, int *d_totals)
{
    (void)d_totals;
    return scan_warps_inclusive(d_in, d_out, n);
}

static cudaError_t run_blocks(const int *d_in, int *d_out, size_t n, int *d_totals)
{
    (void)d_totals;
    return scan_blocks_exclusive(d_in, d_out, n);
}

static void check_warps(const struct test_case *c) { check_segments_at(c, SP_WARP, 1, 0, run_warps); }
static void check_blocks(const struct test_case *c) { check_segments_at(c, SP_THREADS, 0, 0, run_blocks); }
static void check_tiles(const struct test_case *c) { check_segments_at(c, SP_TILE, 0, 0, scan_tiles_exclusive); }

/* The tiles at 1 and 3 ints past a 16-byte boundary. */
static void check_tiles_unaligned(const struct test_case *c)
{
    check_segments_at(c, SP_TILE, 0, 1, scan_tiles_exclusive);
    check_segments_at(c, SP_TILE, 0, 3, scan_tiles_exclusive);
}

Test(warp, sizes) { for_each_size("scan_warps_inclusive", FILL_RANDOM, check_warps); }
Test(block, sizes) { for_each_size("scan_blocks_exclusive", FILL_RANDOM, check_blocks); }
Test(tiles, sizes) { for_each_size("scan_tiles_exclusive", FILL_RANDOM, check_tiles); }
Test(tiles, unaligned) { for_each_size("scan_tiles_exclusive", FILL_RANDOM, check_tiles_unaligned); }

/* ---- The look-back alone ------------------------------------------------------- */

/* How the status words of a look-back case are marked. */
enum marking {
    ALL_INCLUSIVE,      /* every tile knows its prefix: look back one tile */
    ONLY_FIRST,         /* only tile 0 is INCLUSIVE: walk back over every window */
    RANDOM_MIX,         /* INCLUSIVE one time in four */
    EVERY_33RD,         /* the nearest INCLUSIVE just out of one window of 32 */
};

struct lookback_case {
    size_t tiles;
    enum marking marking;
    const char *why;
};

static const struct lookback_case lookback_cases[] = {
    {1, ALL_INCLUSIVE, "one tile: its prefix is 0, nothing to read"},
    {2, ONLY_FIRST, "two tiles: tile 1 reads tile 0"},
    {31, ONLY_FIRST, "31 tiles, only tile 0 INCLUSIVE: tile 30's window runs 2 lanes past tile 0"},
    {32, ONLY_FIRST, "32 tiles, only tile 0 INCLUSIVE: tile 31's window runs 1 lane past tile 0"},
    {33, ONLY_FIRST, "33 tiles, only tile 0 INCLUSIVE: tile 32's window of 32 ends at tile 0"},
    {34, ONLY_FIRST, "34 tiles, only tile 0 INCLUSIVE: tile 33 needs a second window"},
    {1000, ALL_INCLUSIVE, "1000 tiles, all INCLUSIVE: stop at the first word"},
    {1000, ONLY_FIRST, "1000 tiles, only tile 0 INCLUSIVE: up to 32 windows of aggregates"},
    {1000, RANDOM_MIX, "1000 tiles, INCLUSIVE one time in four: stop at the nearest"},
    {1000, EVERY_33RD, "1000 tiles, INCLUSIVE every 33rd: often in the next window"},
};

static int is_inclusive(enum marking marking, size_t t, uint64_t *state)
{
    switch (marking) {
    case ALL_INCLUSIVE: return 1;
    case ONLY_FIRST: return t == 0;
    case RANDOM_MIX: return t == 0 || random_in_range(state, 0, 3) == 0;
    default: return t % 33 == 0;
    }
}

static const char *flag_name(unsigned flag)
{
    return flag == TILE_INCLUSIVE ? "INCL" : flag == TILE_AGGREGATE ? "AGG" : "INVALID";
}

/* "tiles 38..41: AGG 3, AGG 1, INCL 250, AGG 7" for a message. */
static void describe_words(const tile_status *words, size_t tile, char *text, size_t room)
{
    size_t first = tile >= 4 ? tile - 4 : 0;
    int used = snprintf(text, room, "the words before it, tiles %zu..%zu:", first, tile - 1);
    for (size_t t = first; t < tile && used > 0 && (size_t)used < room; t++)
        used += snprintf(text + used, room - (size_t)used, " %s %d", flag_name(TILE_STATUS_FLAG(words[t])),
                         TILE_STATUS_VALUE(words[t]));
}

/* A look-back case's failure: its words come from the case's seed, so the
 * test itself replays it (make run takes elements, not status words). */
static void lookback_fail(const struct lookback_case *lc, const struct test_case *c, const char *format, ...)
    __attribute__((format(printf, 3, 4), noreturn));

#define LOOKBACK_REPRODUCE "reproduce: make grade LAB=07 FILTER=lookback/prefixes (the same words each run)"

static void lookback_describe(const struct lookback_case *lc, const struct test_case *c, char *head, size_t size)
{
    snprintf(head, size, "scan_lookback_prefixes, %zu tile%s (%s), SEED=0x%llx:", lc->tiles,
             lc->tiles == 1 ? "" : "s", lc->why, (unsigned long long)c->seed);
}

static void lookback_fail(const struct lookback_case *lc, const struct test_case *c, const char *format, ...)
{
    char head[256];
    lookback_describe(lc, c, head, sizeof head);
    va_list args;
    va_start(args, format);
    fail_described(head, LOOKBACK_REPRODUCE, format, args);
}

static void check_lookback(const struct lookback_case *lc)
{
    struct size_case size = {lc->tiles, lc->why};
    struct test_case c = test_case_for("07", "scan_lookback_prefixes", &size, FILL_RANDOM);
    char head[256];
    lookback_describe(lc, &c, head, sizeof head);
    record_running_case(head, LOOKBACK_REPRODUCE); /* tiles, not elements: make run cannot replay it */
    uint64_t state = c.seed;
    tile_status *words = malloc(lc->tiles * sizeof *words);
    int *prefixes = host_ints(lc->tiles), *got = host_ints(lc->tiles);
    cr_assert(words != NULL, "grader: out of host memory");
    int before = 0;
    for (size_t t = 0; t < lc->tiles; t++) {
        /* Negative sums too, as a tile of -1s has: |prefix| < 10^6. */
        int sum = random_in_range(&state, -1000, 1000);
        prefixes[t] = before;
        before += sum;
        words[t] = is_inclusive(lc->marking, t, &state) ? TILE_STATUS(TILE_INCLUSIVE, before)
                                                        : TILE_STATUS(TILE_AGGREGATE, sum);
    }
    /* Two ints a word, in a guarded array: the look-back only reads it. */
    struct device_ints d_words = device_ints_from((const int *)words, 2 * lc->tiles);
    struct device_ints d_prefixes = device_ints_unwritten(lc->tiles);

    /* A failure names the case in tiles and replays it here, not with
     * make run (whose N counts elements). */
    cudaError_t returned = scan_lookback_prefixes((const tile_status *)d_words.d, lc->tiles, d_prefixes.d);
    expect_implemented();
    char why[512];
    if (cuda_failure(returned, why, sizeof why))
        lookback_fail(lc, &c, "%s", why);

    expect_input_unchanged(&c, "d_status", &d_words, (const int *)words);
    expect_guards_intact(&c, "d_prefixes", &d_prefixes);
    device_ints_download(&d_prefixes, got);
    for (size_t t = 0; t < lc->tiles; t++) {
        if (got[t] != prefixes[t]) {
            char text[256];
            describe_words(words, t, text, sizeof text);
            lookback_fail(lc, &c, "tile %zu: expected prefix %d, got %d; %s (look-back adds AGG values "
                          "and stops at the nearest INCL, whose value it adds too)",
                          t, prefixes[t], got[t], text);
        }
    }
    device_ints_free(&d_words);
    device_ints_free(&d_prefixes);
    free(words);
    free(prefixes);
    free(got);
}

Test(lookback, prefixes)
{
    require_gpu();
    for (size_t i = 0; i < sizeof lookback_cases / sizeof lookback_cases[0]; i++)
        check_lookback(&lookback_cases[i]);
}

#endif /* SCANLAB_GUIDANCE_OPEN */

/* ---- The whole scan -------------------------------------------------------------- */

/* Temporary storage as a caller hands it over: poisoned (not zero: the
 * call must clear it), between guards, exactly temp_bytes long. */
static struct device_ints temp_storage(const struct test_case *c, size_t *bytes)
{
    scanlab_todo_clear();
    *bytes = scan_single_pass_temp_bytes(c->n);
    expect_implemented();
    size_t tiles = (c->n + SP_TILE - 1) / SP_TILE;
    if (*bytes < tiles * sizeof(tile_status))
        fail_case(c, "scan_single_pass_temp_bytes(%zu) is %zu bytes, too few for one 8-byte status word "
                  "for each of the %zu tiles", c->n, *bytes, tiles);
    *bytes = (*bytes + sizeof(int) - 1) / sizeof(int) * sizeof(int);
    return device_ints_new(*bytes / sizeof(int));
}

/* The whole scan of one case, at `offset` ints past a 16-byte boundary,
 * in place or not, `calls` times in a row with the same storage and a
 * fresh input each time (so storage left dirty by a call shows). */
static void check_single_pass(const struct test_case *c, size_t offset, int in_place, int calls)
{
    size_t n = c->n, temp_bytes;
    struct device_ints temp = temp_storage(c, &temp_bytes);
    int *values = host_ints(n), *scanned = host_ints(n);
    for (int call = 0; call < calls; call++) {
        struct test_case this_call = *c;
        this_call.seed = c->seed + (uint64_t)call;
        record_test_case(&this_call);
        fill_input(values, &this_call);
        oracle_scan_exclusive(values, scanned, n);
        int *input = after_unwritten(values, n, offset), *expected = after_unwritten(scanned, n, offset);
        struct device_ints in = device_ints_from(input, n + offset);
        struct device_ints out = in_place ? in : device_ints_unwritten(n + offset);

        /* d_temp holds 0xa5 bytes, not zeros: a scan that does not clear it
         * reads a tile counter of 0xa5a5a5a5 and crashes or fails here. */
        expect_cuda_success(&this_call, scan_exclusive_single_pass(in.d + offset, out.d + offset, n,
                                                                   temp.d, temp_bytes));

        char what[128];
        snprintf(what, sizeof what, "%s%s%s", in_place ? "in place" : "d_out",
                 offset ? ", 1 or 3 ints past a 16-byte boundary" : "",
                 call > 0 ? ", second call with the same temporary storage" : "");
        expect_output_prefix(&this_call, what, &out, expected, n + offset);
        expect_guards_intact(&this_call, "d_temp", &temp);
        if (!in_place) {
            expect_input_unchanged(&this_call, "d_in", &in, input);
            device_ints_free(&out);
        }
        device_ints_free(&in);
        free(input);
        free(expected);
    }
    device_ints_free(&temp);
    free(values);
    free(scanned);
}

static void check_whole(const struct test_case *c) { check_single_pass(c, 0, 0, 1); }
static void check_whole_in_place(const struct test_case *c) { check_single_pass(c, 0, 1, 1); }
static void check_whole_twice(const struct test_case *c) { check_single_pass(c, 0, 0, 2); }
static void check_whole_unaligned(const struct test_case *c)
{
    check_single_pass(c, 1, 0, 1);
    check_single_pass(c, 3, 0, 1);
}

Test(single_pass, sizes) { for_each_size("scan_exclusive_single_pass", FILL_RANDOM, check_whole); }

/* All ones: element i of the result is i, so a tile with a wrong prefix
 * shows at its first element (a multiple of 8192), off by whole tiles.
 * Then all minus ones: every tile's aggregate and prefix is negative, so a
 * status word whose value's sign spills into its flag (a negative value
 * read as "prefix ready", or a flag read as part of the value) shows.
 * Then values from INT_MIN to INT_MAX whose every sum of consecutive
 * elements fits in an int (FILL_BIG_VALUES, cases.h): every prefix lies
 * in [INT_MIN, -1], near -2^30 at each tile's edge, so a status word that
 * keeps fewer than 32 bits of a value, or a prefix carried in a type that
 * cannot hold it (a float), shows; the sums stay exact. */
Test(single_pass, all_ones)
{
    for_each_size("scan_exclusive_single_pass", FILL_ONES, check_whole);
    for_each_size("scan_exclusive_single_pass", FILL_MINUS_ONES, check_whole);
    for_each_size("scan_exclusive_single_pass", FILL_BIG_VALUES, check_whole);
}

Test(single_pass, in_place) { for_each_size("scan_exclusive_single_pass", FILL_RANDOM, check_whole_in_place); }
Test(single_pass, unaligned) { for_each_size("scan_exclusive_single_pass", FILL_RANDOM, check_whole_unaligned); }
Test(single_pass, reuse_temp) { for_each_size("scan_exclusive_single_pass", FILL_RANDOM, check_whole_twice); }

Test(single_pass, large, .timeout = 120)
{
    require_gpu();
    struct size_case large = large_size();
    struct test_case c = test_case_for("07", "scan_exclusive_single_pass", &large, FILL_RANDOM);
    check_single_pass(&c, 0, 0, 1);
}

/* The storage contract: too little is refused, n = 0 needs nothing, a
 * NULL pointer with n > 0 is an error. */
Test(single_pass, temp_storage)
{
    require_gpu();
    const struct size_case size = {3 * SP_TILE + 5, "three tiles and 5"};
    struct test_case c = test_case_for("07", "scan_exclusive_single_pass", &size, FILL_RANDOM);
    size_t bytes;
    struct device_ints temp = temp_storage(&c, &bytes);
    struct device_ints in = device_ints_new(c.n), out = device_ints_unwritten(c.n);
    cudaError_t err = scan_exclusive_single_pass(in.d, out.d, c.n, temp.d, bytes - sizeof(tile_status));
    expect_implemented();
    if (err != cudaErrorInvalidValue)
        fail_case(&c, "temp_bytes %zu, less than scan_single_pass_temp_bytes(n) = %zu: expected "
                  "cudaErrorInvalidValue, got %s (and nothing written)", bytes - sizeof(tile_status),
                  scan_single_pass_temp_bytes(c.n), cudaGetErrorName(err));
    cudaGetLastError();
    expect_guards_intact(&c, "d_temp", &temp);
    if ((err = scan_exclusive_single_pass(NULL, NULL, 0, NULL, 0)) != cudaSuccess)
        fail_case(&c, "n = 0 with NULL pointers: expected cudaSuccess (nothing to do), got %s",
                  cudaGetErrorName(err));
    if ((err = scan_exclusive_single_pass(NULL, out.d, c.n, temp.d, bytes)) != cudaErrorInvalidValue)
        fail_case(&c, "d_in NULL with n > 0: expected cudaErrorInvalidValue, got %s", cudaGetErrorName(err));
    cudaGetLastError();
    device_ints_free(&temp);
    device_ints_free(&in);
    device_ints_free(&out);
}
