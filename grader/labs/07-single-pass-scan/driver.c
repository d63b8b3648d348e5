/*
 * Driver of lab 07 (make run LAB=07): each step of the single-pass scan on
 * one input, beside the grader's answer: the warp scans, the block scans,
 * the tile scans and their totals, the look-back on status words built
 * from the oracle's tile totals (every third tile INCLUSIVE, the others
 * AGGREGATE, tile 0 INCLUSIVE), and the whole scan.
 *
 *   $ make run LAB=07 N=20000 FILL=ones
 *
 * The open edition (SCANLAB_GUIDANCE_OPEN: the student designs the scan,
 * no steps are asked for) runs the whole scan alone.
 *
 * Every array holds exactly its n elements: grade.sh's memory and race
 * checks run this driver, and a read one past the end must fall outside.
 */
#include <stdio.h>
#include <stdlib.h>

#include "host.h"
#include "oracle.h"
#include "print.h"
#include "single_pass.h"

/* Under the emulator 64 blocks overlap here, not 4 (cuda_runtime_api.h):
 * the look-back reads back a window of 32 tiles, so a look-back wrong only
 * past its first window needs more than 32 tiles in flight to show, as it
 * does on a GPU, which holds hundreds. Costs this lab's reverse-order pass
 * about 5 s of CPU time. */
const unsigned scanlab_emu_resident_blocks = 64;

#ifndef SCANLAB_GUIDANCE_OPEN
/* A segmented step (each segment of the input scanned on its own): its
 * output and the verdict. */
static void run_segments(const char *function, device_scan_fn step, const int *input, size_t n, size_t segment,
                         int inclusive)
{
    int *expected = host_ints(n);
    oracle_scan_segments(input, expected, n, segment, inclusive);
    run_device_scan(function, step, input, expected, n);
    free(expected);
}

/* The tile step: the tiles' scans, then their totals. Returns the
 * oracle's totals (tiles of them), for the look-back. */
static int *run_tiles(const int *input, size_t n, size_t tiles)
{
    int *expected = malloc((n + 1) * sizeof(int)), *totals = malloc((tiles + 1) * sizeof(int));
    if (!expected || !totals)
        exit(1);
    oracle_scan_segments(input, expected, n, SP_TILE, 0);
    for (size_t t = 0; t < tiles; t++) {
        size_t last = (t + 1) * SP_TILE < n ? (t + 1) * SP_TILE - 1 : n - 1;
        totals[t] = expected[last] + input[last];
    }
    int *d_in = device_copy(input, n), *d_out = device_copy(NULL, n), *d_totals = device_copy(NULL, tiles);
    if (driver_call_ok("scan_tiles_exclusive", scan_tiles_exclusive(d_in, d_out, n, d_totals))) {
        print_device_result("scan_tiles_exclusive", d_out, expected, n);
        print_device_result("  tile totals", d_totals, totals, tiles);
    }
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_totals);
    free(expected);
    return totals;
}

/* The look-back alone, on status words made from the oracle's totals. */
static void run_lookback(const int *totals, size_t tiles)
{
    tile_status *words = malloc((tiles + 1) * sizeof *words);
    int *prefixes = malloc((tiles + 1) * sizeof(int));
    if (!words || !prefixes)
        exit(1);
    int before = 0;
    printf("%-24s", "  status words");
    for (size_t t = 0; t < tiles; t++) {
        prefixes[t] = before;
        before += totals[t];
        words[t] = t % 3 == 0 ? TILE_STATUS(TILE_INCLUSIVE, before) : TILE_STATUS(TILE_AGGREGATE, totals[t]);
        if (t < 8)
            printf(" [%s %d]", TILE_STATUS_FLAG(words[t]) == TILE_INCLUSIVE ? "INCL" : "AGG", TILE_STATUS_VALUE(words[t]));
    }
    printf("%s\n", tiles > 8 ? " ..." : "");
    tile_status *d_words;
    exit_on_cuda_error(cudaMalloc((void **)&d_words, tiles * sizeof *d_words), "cudaMalloc");
    exit_on_cuda_error(cudaMemcpy(d_words, words, tiles * sizeof *words, cudaMemcpyHostToDevice), "cudaMemcpy");
    int *d_prefixes = device_copy(NULL, tiles);
    if (driver_call_ok("scan_lookback_prefixes", scan_lookback_prefixes(d_words, tiles, d_prefixes)))
        print_device_result("scan_lookback_prefixes", d_prefixes, prefixes, tiles);
    cudaFree(d_words);
    cudaFree(d_prefixes);
    free(words);
    free(prefixes);
}

/* Every step, each beside the oracle's answer. */
static void run_steps(const int *input, size_t n, size_t tiles)
{
    run_segments("scan_warps_inclusive", scan_warps_inclusive, input, n, SP_WARP, 1);
    run_segments("scan_blocks_exclusive", scan_blocks_exclusive, input, n, SP_THREADS, 0);
    int *totals = run_tiles(input, n, tiles);
    run_lookback(totals, tiles);
    free(totals);
}
#endif /* SCANLAB_GUIDANCE_OPEN */

/* The whole scan, with temporary storage of the size it asks for. */
static void run_single_pass(const int *input, const int *expected, size_t n)
{
    size_t bytes = scan_single_pass_temp_bytes(n);
    if (!driver_is_written("scan_single_pass_temp_bytes"))
        return;
    printf("%-24s %zu bytes of temporary storage\n", "", bytes);
    void *d_temp;
    exit_on_cuda_error(cudaMalloc(&d_temp, bytes > 0 ? bytes : 1), "cudaMalloc");
    int *d_in = device_copy(input, n), *d_out = device_copy(NULL, n);
    if (driver_call_ok("scan_exclusive_single_pass", scan_exclusive_single_pass(d_in, d_out, n, d_temp, bytes)))
        print_device_result("scan_exclusive_single_pass", d_out, expected, n);
    cudaFree(d_temp);
    cudaFree(d_in);
    cudaFree(d_out);
}

int drive(const struct driver_args *args)
{
    struct test_case c = driver_case(args, "07");
    int *input = driver_input(&c), *expected = driver_input(&c);
    oracle_scan_exclusive(input, expected, c.n);
    size_t tiles = (c.n + SP_TILE - 1) / SP_TILE;
    printf("n = %zu: %zu tile%s of %d (%d threads x %d elements)\n", c.n, tiles, tiles == 1 ? "" : "s",
           SP_TILE, SP_THREADS, SP_ITEMS);
    print_ints("input", input, c.n);
    if (c.n > 0) {
#ifndef SCANLAB_GUIDANCE_OPEN
        run_steps(input, c.n, tiles);
#endif
        run_single_pass(input, expected, c.n);
    }
    print_ints("expected", expected, c.n);
    free(input);
    free(expected);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {0, DRIVER_MAX_N, "make run LAB=07 N=16 SEED=0x5eed FILL=random"};
