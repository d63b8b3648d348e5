/*
 * examples-07.c: the figures of the lab 07 chapter, from what the
 * reference solution does inside its kernels on the CPU emulator, as
 * docs/figures/trace-07.cpp records it (see examples.c for how
 * docs/figure-data.sh links and runs these programs).
 *
 *   examples-07 warp|block|lanes|lookback
 *
 * warp:     scan_warps_inclusive on one warp of [3 1 7 0 4 1 6 3] x 4:
 *           the value each lane gives to __shfl_up_sync at each delta is
 *           its value after the step before; the last row is the result.
 *
 *             input                [ 3 1 7 0 4 1 6 3 3 1 ... ]
 *               step, offset 1     [ 3 4 8 7 4 5 7 9 6 4 ... ]
 *
 * block:    scan_blocks_exclusive on 256 values: the 8 warp totals that
 *           warp 0 scans (the values lanes 0-7 give to its second
 *           warp_scan_inclusive), their scan step by step, and each
 *           warp's offset (the result at its lane 0).
 * lanes:    scan_tiles_exclusive on one tile of 8192 ints: the byte, from
 *           the tile's start, of each lane's 16-byte load in each round
 *           (the round: the thread's first, second ... load).
 * lookback: scan_exclusive_single_pass on 8 tiles whose sums are
 *           [5 2 7 1 4 3 6 2], every status word access in the order
 *           they happen (run it with SCANLAB_EMU_ORDER=reverse: blocks
 *           overlap). One row per publication, the 8 words as they are
 *           then, or per look-back round (a warp's reads of its
 *           predecessors' words), printed when its last lane has read:
 *           the words it read as each lane found them, perhaps before a
 *           publication printed above (the lanes take turns with other
 *           blocks), the others as they are then. In cells:
 *
 *             -  TILE_INVALID     A5  TILE_AGGREGATE 5     I14  TILE_INCLUSIVE 14
 *             suffix !  published in this row
 *                    ?  read in this row (the word as read)
 *                    +  read, and added to the prefix (back to the nearest
 *                       INCLUSIVE: checked against what the tile publishes)
 *
 *             tile 0 publishes INCL 5    [ I5! - - - - - - - ]
 *             tile 2 reads 0-1           [ I5+ A2+ A7 - - - - - ]
 *
 * Any failed call, or a trace that is not what the reference must do
 * (a lane without its shuffle, a thread without its 8 loads, a published
 * INCLUSIVE that is not the words read plus the tile's own sum), exits 1.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "single_pass.h"
#include "trace-07.h"

#define EXAMPLES_PROGRAM "examples-07"
#include "examples.h"

#define WARPS (SP_THREADS / SP_WARP)
#define ROUNDS (SP_ITEMS / 4)
#define STEPS 5 /* shuffles of a warp scan: deltas 1 2 4 8 16 */

static const int scan_example[8] = {3, 1, 7, 0, 4, 1, 6, 3};

static void row(const char *label, const long long *values, size_t n)
{
    printf("%-28s [", label);
    for (size_t i = 0; i < n; i++)
        printf(" %lld", values[i]);
    printf(" ]\n");
}

/* The events of the run just made, after clearing those of earlier calls. */
static size_t take(const struct trace_event **events)
{
    must("cudaDeviceSynchronize", cudaDeviceSynchronize());
    return trace_take(events);
}

/* given[k][t]: what thread t < threads of block 0 gave to its k-th
 * __shfl_up_sync; each must have made exactly `calls`. */
static void shuffles_given(const struct trace_event *events, size_t count, unsigned threads, unsigned calls,
                           long long given[][SP_WARP])
{
    unsigned made[SP_WARP] = {0};
    for (size_t e = 0; e < count; e++) {
        const struct trace_event *ev = &events[e];
        if (ev->kind != TRACE_SHUFFLE || ev->block != 0 || ev->thread >= threads)
            continue;
        if (made[ev->thread] < calls)
            given[made[ev->thread]][ev->thread] = ev->value;
        made[ev->thread]++;
    }
    for (unsigned t = 0; t < threads; t++)
        if (made[t] != calls)
            fail("a lane of warp 0 did not make the shuffles of its warp scans");
}

/* Lab 07, step A: one warp's five shuffle steps. */
static void warp(void)
{
    int in[SP_WARP], out[SP_WARP];
    for (int i = 0; i < SP_WARP; i++)
        in[i] = scan_example[i % 8];
    int *d_in = to_device(in, SP_WARP), *d_out = to_device(NULL, SP_WARP);
    const struct trace_event *events;
    take(&events);
    must("scan_warps_inclusive", scan_warps_inclusive(d_in, d_out, SP_WARP));
    size_t count = take(&events);
    long long given[STEPS][SP_WARP];
    shuffles_given(events, count, SP_WARP, STEPS, given);
    download(out, d_out, SP_WARP * sizeof(int));
    long long result[SP_WARP];
    for (int i = 0; i < SP_WARP; i++) {
        if (given[0][i] != in[i])
            fail("lane gave its shuffle of delta 1 something else than its input");
        result[i] = out[i];
    }
    char label[64];
    row("input", given[0], SP_WARP);
    for (int step = 0; step < STEPS; step++) {
        snprintf(label, sizeof label, "  step, offset %d", 1 << step);
        row(label, step + 1 < STEPS ? given[step + 1] : result, SP_WARP);
    }
    cudaFree(d_in);
    cudaFree(d_out);
}

/* Lab 07, step B: the warp totals of one block, their scan, the offsets. */
static void block(void)
{
    int in[SP_THREADS], out[SP_THREADS];
    unsigned seed = 0x5eed;
    for (int i = 0; i < SP_THREADS; i++) {
        seed = seed * 1103515245u + 12345u;
        in[i] = (int)(seed >> 16) % 10; /* 0..9 */
    }
    int *d_in = to_device(in, SP_THREADS), *d_out = to_device(NULL, SP_THREADS);
    const struct trace_event *events;
    take(&events);
    must("scan_blocks_exclusive", scan_blocks_exclusive(d_in, d_out, SP_THREADS));
    size_t count = take(&events);
    /* Each thread scans its value (5 shuffles); warp 0 then the totals (5 more). */
    long long given[2 * STEPS][SP_WARP];
    shuffles_given(events, count, SP_WARP, 2 * STEPS, given);
    download(out, d_out, SP_THREADS * sizeof(int));
    long long offsets[WARPS];
    for (int w = 0; w < WARPS; w++) {
        long long sum = 0;
        for (int i = 0; i < SP_WARP; i++)
            sum += in[w * SP_WARP + i];
        if (given[STEPS][w] != sum)
            fail("a warp total that warp 0 scans is not the warp's sum");
        offsets[w] = out[w * SP_WARP];
    }
    char label[64];
    row("warp totals", given[STEPS], WARPS);
    for (int step = 0; step < 3; step++) { /* with 8 totals, offsets 8 and 16 change nothing */
        snprintf(label, sizeof label, "  warp 0, offset %d", 1 << step);
        row(label, given[STEPS + step + 1], WARPS);
    }
    row("warp offsets", offsets, WARPS);
    cudaFree(d_in);
    cudaFree(d_out);
}

/* Lab 07, step C: which lane loads which 16 bytes of a tile, round by round. */
static void lanes(void)
{
    int *d_in = to_device(NULL, SP_TILE), *d_out = to_device(NULL, SP_TILE), *d_totals = to_device(NULL, 1);
    const struct trace_event *events;
    take(&events);
    trace_watch(d_in, SP_TILE * sizeof(int));
    must("scan_tiles_exclusive", scan_tiles_exclusive(d_in, d_out, SP_TILE, d_totals));
    size_t count = take(&events);
    trace_watch(NULL, 0);
    static long long at[ROUNDS][SP_THREADS];
    unsigned loads[SP_THREADS] = {0};
    for (size_t e = 0; e < count; e++) {
        const struct trace_event *ev = &events[e];
        if (ev->kind != TRACE_LOAD16)
            continue;
        if (ev->thread >= SP_THREADS || loads[ev->thread] >= ROUNDS)
            fail("a thread made more than its 8 int4 loads");
        at[loads[ev->thread]++][ev->thread] = ev->offset;
    }
    for (unsigned t = 0; t < SP_THREADS; t++)
        if (loads[t] != ROUNDS)
            fail("a thread did not make its 8 int4 loads");
    char label[64];
    const int shown[][2] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {0, 5}, {0, 6}, {0, 7}, {1, 0}, {7, 7}};
    for (size_t s = 0; s < sizeof shown / sizeof shown[0]; s++) {
        int w = shown[s][0], r = shown[s][1];
        snprintf(label, sizeof label, "warp %d, round %d", w, r);
        row(label, &at[r][w * SP_WARP], SP_WARP);
    }
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_totals);
}

/* ---- The look-back ------------------------------------------------------------ */

#define TILES 8
static const int tile_sums[TILES] = {5, 2, 7, 1, 4, 3, 6, 2};

struct lookback {
    tile_status word[TILES];    /* as they are now */
    int tile_of_block[TILES];   /* the tile a block writes, or reads the words before */
    /* The round the block is in: the words it read, as read, and how many. */
    tile_status seen[TILES][TILES]; /* [block][tile] */
    int reads[TILES];
    /* The last round printed, to fold repeats: its block and words. */
    int last_block, repeats;
    char last_cells[256], last_label[64];
};

static int flag_of(tile_status w) { return (int)TILE_STATUS_FLAG(w); }

/* One cell: "-", "A5" or "I14", and its mark. */
static void cell(char *text, size_t size, tile_status w, char mark)
{
    if (flag_of(w) == TILE_INVALID)
        snprintf(text, size, " -%c", mark == ' ' ? '\0' : mark);
    else
        snprintf(text, size, " %c%d%c", flag_of(w) == TILE_INCLUSIVE ? 'I' : 'A', TILE_STATUS_VALUE(w),
                 mark == ' ' ? '\0' : mark);
}

static void flush_repeat(struct lookback *lb)
{
    if (lb->last_block < 0)
        return;
    char label[96];
    if (lb->repeats > 1)
        snprintf(label, sizeof label, "%s (x%d)", lb->last_label, lb->repeats);
    else
        snprintf(label, sizeof label, "%s", lb->last_label);
    printf("%-28s [%s ]\n", label, lb->last_cells);
    lb->last_block = -1;
}

static void print_publication(struct lookback *lb, int tile)
{
    flush_repeat(lb);
    char label[64], cells[256] = "", one[32];
    tile_status w = lb->word[tile];
    snprintf(label, sizeof label, "tile %d publishes %s %d", tile,
             flag_of(w) == TILE_INCLUSIVE ? "INCL" : "AGG", TILE_STATUS_VALUE(w));
    for (int t = 0; t < TILES; t++) {
        cell(one, sizeof one, lb->word[t], t == tile ? '!' : ' ');
        strcat(cells, one);
    }
    printf("%-28s [%s ]\n", label, cells);
}

/* A finished round of block b: the words it read, those it adds marked. */
static void print_round(struct lookback *lb, int b)
{
    int tile = lb->tile_of_block[b], waits = 0, stop = -1;
    for (int t = 0; t < tile; t++)
        if (flag_of(lb->seen[b][t]) == TILE_INVALID)
            waits = 1;
    for (int t = tile - 1; t >= 0 && stop < 0; t--)
        if (flag_of(lb->seen[b][t]) == TILE_INCLUSIVE)
            stop = t;
    char label[64], cells[256] = "", one[32];
    char span[16];
    if (tile > 1)
        snprintf(span, sizeof span, "0-%d", tile - 1);
    else
        snprintf(span, sizeof span, "0");
    snprintf(label, sizeof label, "tile %d reads %s%s", tile, span, waits ? ", waits" : "");
    for (int t = 0; t < TILES; t++) {
        char mark = t >= tile ? ' ' : waits || t < stop ? '?' : '+';
        cell(one, sizeof one, t < tile ? lb->seen[b][t] : lb->word[t], mark);
        strcat(cells, one);
    }
    if (lb->last_block == b && strcmp(cells, lb->last_cells) == 0 && strcmp(label, lb->last_label) == 0) {
        lb->repeats++;
    } else {
        flush_repeat(lb);
        lb->last_block = b;
        lb->repeats = 1;
        snprintf(lb->last_cells, sizeof lb->last_cells, "%s", cells);
        snprintf(lb->last_label, sizeof lb->last_label, "%s", label);
    }
    lb->reads[b] = 0;
}

/* The prefix a round of block b adds up: back to the nearest INCLUSIVE. */
static long long round_prefix(const struct lookback *lb, int b)
{
    long long prefix = 0;
    for (int t = lb->tile_of_block[b] - 1; t >= 0; t--) {
        prefix += TILE_STATUS_VALUE(lb->seen[b][t]);
        if (flag_of(lb->seen[b][t]) == TILE_INCLUSIVE)
            return prefix;
    }
    fail("a look-back round that saw no INCLUSIVE word ended");
    return 0;
}

static void lookback(void)
{
    static int in[TILES * SP_TILE];
    for (int t = 0; t < TILES; t++)
        in[t * SP_TILE] = tile_sums[t];
    size_t n = TILES * SP_TILE, bytes = scan_single_pass_temp_bytes(n);
    int *d_in = to_device(in, n), *d_out = to_device(NULL, n);
    char *d_temp = NULL;
    must("cudaMalloc", cudaMalloc((void **)&d_temp, bytes));
    /* The status words are the storage's last TILES words (single_pass_scan.cu). */
    const struct trace_event *events;
    take(&events);
    trace_watch(d_temp + bytes - TILES * sizeof(tile_status), TILES * sizeof(tile_status));
    must("scan_exclusive_single_pass", scan_exclusive_single_pass(d_in, d_out, n, d_temp, bytes));
    size_t count = take(&events);
    trace_watch(NULL, 0);

    static struct lookback lb;
    memset(&lb, 0, sizeof lb);
    lb.last_block = -1;
    for (size_t e = 0; e < count; e++) {
        const struct trace_event *ev = &events[e];
        int b = (int)ev->block, t = (int)(ev->offset / sizeof(tile_status));
        if ((ev->kind != TRACE_READ && ev->kind != TRACE_WRITE) || b >= TILES)
            continue;
        if (ev->kind == TRACE_WRITE) {
            lb.tile_of_block[b] = t;
            if (flag_of(ev->value) == TILE_INCLUSIVE && t > 0 &&
                TILE_STATUS_VALUE(ev->value) != round_prefix(&lb, b) + TILE_STATUS_VALUE(lb.word[t]))
                fail("a tile published an INCLUSIVE value that is not the words it read plus its own sum");
            lb.word[t] = (tile_status)ev->value;
            print_publication(&lb, t);
            continue;
        }
        /* Lane k of warp 0 reads the word of tile - 1 - k. */
        lb.tile_of_block[b] = t + 1 + (int)(ev->thread % SP_WARP);
        lb.seen[b][t] = (tile_status)ev->value;
        if (++lb.reads[b] == lb.tile_of_block[b])
            print_round(&lb, b);
    }
    flush_repeat(&lb);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_temp);
}

int main(int argc, char **argv)
{
    static const struct example examples[] = {
        {"warp", warp}, {"block", block}, {"lanes", lanes}, {"lookback", lookback}};
    return run_example(examples, sizeof examples / sizeof examples[0], argc, argv);
}
