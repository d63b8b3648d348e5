/*
 * Tests of lab 08: scanzip's cascade payload on the GPU (elements in and
 * out, the delta step, the frame choice, the encoder, the decoder and its
 * refusals).
 *
 * Run some tests:  make grade LAB=08 FILTER=encode/chosen
 *
 * The oracle is the grader's serial codec (oracle_codec.h), which writes
 * what scanzip's CPU codec writes (oracle_agreement.c): the GPU's payload
 * must equal its payload byte for byte, and the GPU decoder must refuse
 * what it refuses. rle_encode, rle_decode_search, pack_encode,
 * pack_decode, pack_frame_offsets and the scans are the grader's
 * (their provided.cu in grader/labs/), never the student's labs 05 and 06.
 */
#include <criterion/criterion.h>

#include "cascade_checks.h"
#include "cases.h"
#include "device.h"

/* Sizes, with the edge each one is there for. A test that wants one
 * names it (sizes[BLOCK_PLUS_ONE]): a size added to the list changes what
 * the spreads cover, never which size a test means. */
enum size_name { ONE, TWO, FRAME_OF_8_PLUS_ONE, WARP_PLUS_ONE, BLOCK_PLUS_ONE, MANY_BLOCKS, SIZES };
static const struct size_case sizes[SIZES] = {
    [ONE] = {1, "one element: one run, one frame"},
    [TWO] = {2, "two elements"},
    [FRAME_OF_8_PLUS_ONE] = {9, "a frame of 8 plus one"},
    [WARP_PLUS_ONE] = {33, "a warp plus one"},
    [BLOCK_PLUS_ONE] = {257, "a 256-thread block plus one"},
    [MANY_BLOCKS] = {4097, "many blocks, not a power of two"},
};

/* More than a grid's worth of work for the kernels that loop over their
 * grid: 4096 blocks of 256 (the skeleton's MAX_BLOCKS, the most a launch
 * of parts A to C takes) and 257 values past them, so a kernel that takes
 * one block's worth and stops, launched with at most 4096 blocks, leaves
 * the end undone. One width and fill: noise, so that every value is a run
 * (parts B and C see a million runs too). */
static const struct size_case past_a_grid = {4096 * 256 + 257, "more than a grid's worth: 4096 blocks of 256, and 257"};

static void check_past_a_grid(const char *function, cascade_check_fn check)
{
    struct cascade_case c = cascade_case_of(function, &past_a_grid, 4, CASCADE_FILL_NOISE, SCANZIP_FRAME_CHOOSE,
                                            CASCADE_CHOOSE_DELTA);
    check(&c);
}

/* A step of parts A to C: every size with every width and fill, then
 * past a grid's worth. */
static void check_step(const char *function, cascade_check_fn check)
{
    cascade_check_sizes(function, sizes, SIZES, check);
    check_past_a_grid(function, check);
}

/* Given frame lengths, with delta off and on: 1 (a frame a run), 3 (not
 * a power of two), 128, 100000 (longer than the chunk), and 2^20, the
 * longest the format allows: scanzip --frame 1048576 writes it, and a
 * decoder must take it. Two fills: labels, and the extremes of 8w bits,
 * whose steps of +-2^(8w-1) the chosen payloads store without delta (all
 * ones zigzagged): here the delta is forced on them too. */
static void check_given_frames(const char *function, cascade_check_fn check)
{
    static const uint32_t frames[] = {1, 3, 128, 100000, SCANZIP_MAX_FRAME_LENGTH};
    static const enum cascade_delta deltas[] = {CASCADE_PLAIN, CASCADE_DELTA, CASCADE_CHOOSE_DELTA};
    static const enum cascade_fill fills[] = {CASCADE_FILL_LABELS, CASCADE_FILL_EXTREMES};
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++)
        for (size_t d = 0; d < sizeof deltas / sizeof deltas[0]; d++)
            for (size_t k = 0; k < CASCADE_WIDTHS; k++)
                for (size_t fill = 0; fill < sizeof fills / sizeof fills[0]; fill++) {
                    struct cascade_case c = cascade_case_of(function, &sizes[BLOCK_PLUS_ONE], cascade_widths[k],
                                                            fills[fill], frames[f], deltas[d]);
                    check(&c);
                }
}

/* ---- Part A ------------------------------------------------------------------ */

Test(widen, sizes)
{
    require_gpu();
    check_step("cascade_widen", check_cascade_widen);
}

Test(narrow, sizes)
{
    require_gpu();
    check_step("cascade_narrow", check_cascade_narrow);
}

/* ---- Part B ------------------------------------------------------------------ */

Test(delta, sizes)
{
    require_gpu();
    check_step("cascade_delta", check_cascade_delta);
}

Test(undelta, sizes)
{
    require_gpu();
    check_step("cascade_undelta", check_cascade_undelta);
}

/* ---- Part C ------------------------------------------------------------------ */

Test(frame_bytes, sizes)
{
    require_gpu();
    check_step("cascade_frame_bytes", check_cascade_frame_bytes);
}

/* ---- Part D ------------------------------------------------------------------ */

Test(encode, chosen)
{
    require_gpu();
    cascade_check_sizes("cascade_encode", sizes, SIZES, check_cascade_encode);
}

Test(encode, given_frames)
{
    require_gpu();
    check_given_frames("cascade_encode", check_cascade_encode);
}

Test(encode, arguments)
{
    require_gpu();
    /* Refusing everything is no answer: a valid call must work first. */
    struct cascade_case c = cascade_case_of("cascade_encode", &sizes[WARP_PLUS_ONE], 1, CASCADE_FILL_RUNS,
                                            SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
    check_cascade_encode(&c);
    check_cascade_invalid_arguments();
}

Test(decode, oracle_payloads)
{
    require_gpu();
    cascade_check_sizes("cascade_decode", sizes, SIZES, check_cascade_decode);
    check_given_frames("cascade_decode", check_cascade_decode);
}

Test(decode, damaged)
{
    require_gpu();
    for (size_t k = 0; k < CASCADE_WIDTHS; k++) {
        for (int fill = 0; fill < CASCADE_FILLS; fill++) {
            struct cascade_case c = cascade_case_of("cascade_decode (damaged payloads)", &sizes[BLOCK_PLUS_ONE],
                                                    cascade_widths[k], fill, SCANZIP_FRAME_CHOOSE,
                                                    CASCADE_CHOOSE_DELTA);
            check_cascade_decode_damaged(&c, 12);
        }
    }
}

Test(roundtrip, large)
{
    require_gpu();
    struct size_case size = large_size();
    struct cascade_case c = cascade_case_of("cascade_encode + cascade_decode", &size, 1, CASCADE_FILL_LABELS,
                                            SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA);
    check_cascade_encode(&c);
    check_cascade_decode(&c);
    c.element_bytes = 2;
    c.fill = CASCADE_FILL_SAWTOOTH;
    check_cascade_encode(&c);
    check_cascade_decode(&c);
    /* The longest frame the format allows, full, then a frame of one:
     * sawtooth symbols, one run each, so the runs fill both frames. */
    struct size_case longest = {SCANZIP_MAX_FRAME_LENGTH + 1, "2^20 + 1: a frame of 2^20, the longest, and one more"};
    c = cascade_case_of("cascade_encode + cascade_decode", &longest, 1, CASCADE_FILL_SAWTOOTH,
                        SCANZIP_MAX_FRAME_LENGTH, CASCADE_CHOOSE_DELTA);
    check_cascade_encode(&c);
    check_cascade_decode(&c);
}
