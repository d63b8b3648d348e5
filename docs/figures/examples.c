/*
 * examples.c: the worked examples of the docs, computed by the reference
 * solutions. docs/figure-data.sh links this file with the objects of
 * solutions/ built for the CPU emulator (make BACKEND=emu TREE=solutions
 * build) and keeps what it prints in docs/data/figures/, from which
 * docs/build.sh draws the SVG figures (arrays-to-svg.awk).
 *
 *   examples FIGURE      FIGURE: scan-cpu naive upsweep downsweep tiled compact
 *
 * It prints rows in the format of the lab drivers (make run):
 *
 *   input                    [ 3 1 7 0 4 1 6 3 ]
 *     step, offset 1         [ 3 4 8 7 4 5 7 9 ]
 *
 * The lab drivers take N, SEED and FILL; the course's examples need exact
 * arrays ([3 1 7 0 4 1 6 3] and [1 0 2 0 0 3]), hence this program. Every
 * row comes from a call of a reference function; none is typed in here
 * except the inputs. Any failed call exits 1, so the build fails loudly.
 */
#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime_api.h>

#include "compact.h"
#include "scan.h"

#define EXAMPLES_PROGRAM "examples"
#include "examples.h"

static const int scan_example[8] = {3, 1, 7, 0, 4, 1, 6, 3};
static const int compact_example[6] = {1, 0, 2, 0, 0, 3};

static void row(const char *label, const int *values, size_t n)
{
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i++)
        printf(" %d", values[i]);
    printf(" ]\n");
}

static void device_row(const char *label, const int *d, size_t n)
{
    int host[64];
    if (n > 64)
        exit(1);
    download(host, d, n * sizeof(int));
    row(label, host, n);
}

/* Lab 01: the two serial scans. */
static void scan_cpu(void)
{
    int out[8];
    row("input", scan_example, 8);
    scan_exclusive_cpu(scan_example, out, 8);
    row("exclusive", out, 8);
    scan_inclusive_cpu(scan_example, out, 8);
    row("inclusive", out, 8);
}

/* Lab 02: one scan_naive_step per offset, ping-ponging two buffers. */
static void naive(void)
{
    int *d_a = to_device(scan_example, 8), *d_b = to_device(NULL, 8);
    char label[64];
    row("input", scan_example, 8);
    for (size_t offset = 1; offset < 8; offset *= 2) {
        must("scan_naive_step", scan_naive_step(d_a, d_b, 8, offset));
        snprintf(label, sizeof label, "  step, offset %zu", offset);
        device_row(label, d_b, 8);
        int *swap = d_a;
        d_a = d_b;
        d_b = swap;
    }
    cudaFree(d_a);
    cudaFree(d_b);
}

/* Lab 03, part A: the sweeps level by level, as blelloch_sweeps runs them. */
static void sweeps(int up)
{
    int *d_tree = to_device(scan_example, 8);
    char label[64];
    if (up)
        row("input", scan_example, 8);
    for (size_t stride = 1; stride < 8; stride *= 2) {
        must("scan_upsweep_level", scan_upsweep_level(d_tree, 8, stride));
        snprintf(label, sizeof label, "  up-sweep, stride %zu", stride);
        if (up)
            device_row(label, d_tree, 8);
    }
    if (!up) {
        must("cudaMemset", cudaMemset(d_tree + 7, 0, sizeof(int)));
        device_row("  root cleared", d_tree, 8);
        for (size_t stride = 4; stride >= 1; stride /= 2) {
            must("scan_downsweep_level", scan_downsweep_level(d_tree, 8, stride));
            snprintf(label, sizeof label, "  down-sweep, stride %zu", stride);
            device_row(label, d_tree, 8);
        }
    }
    cudaFree(d_tree);
}

/* Lab 03, part B: where each tile of n = 3000 ones starts, after the tiled
 * scan: the tile offsets, i.e. the exclusive scan of the tile sums. */
static void tiled(void)
{
    enum { N = 3000 };
    static int ones[N], out[N];
    for (int i = 0; i < N; i++)
        ones[i] = 1;
    int *d_in = to_device(ones, N), *d_out = to_device(NULL, N);
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_in, d_out, N));
    must("cudaMemcpy", cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    int sums[3], starts[3];
    for (int t = 0; t < 3; t++)
        starts[t] = out[t * SCAN_TILE];
    /* Each tile's sum, read off the scan: where the next tile starts minus
     * where this one does (the last: the total minus its start). */
    for (int t = 0; t < 2; t++)
        sums[t] = starts[t + 1] - starts[t];
    sums[2] = out[N - 1] + ones[N - 1] - starts[2];
    row("tile sums", sums, 3);
    row("tile offsets", starts, 3);
    cudaFree(d_in);
    cudaFree(d_out);
}

/* Lab 04: map, scan, scatter on [1 0 2 0 0 3]. */
static void compact(void)
{
    int *d_in = to_device(compact_example, 6), *d_flags = to_device(NULL, 6);
    int *d_positions = to_device(NULL, 6), *d_out = to_device(NULL, 6);
    int flags[6], positions[6];
    row("in", compact_example, 6);
    must("compact_flags", compact_flags(d_in, d_flags, 6, KEEP_NONZERO, 0));
    device_row("flags", d_flags, 6);
    must("scan_exclusive_tiled", scan_exclusive_tiled(d_flags, d_positions, 6));
    device_row("scan", d_positions, 6);
    must("compact_scatter", compact_scatter(d_in, d_flags, d_positions, d_out, 6));
    must("cudaMemcpy", cudaMemcpy(flags, d_flags, sizeof flags, cudaMemcpyDeviceToHost));
    must("cudaMemcpy", cudaMemcpy(positions, d_positions, sizeof positions, cudaMemcpyDeviceToHost));
    size_t kept = (size_t)(positions[5] + flags[5]);
    device_row("out", d_out, kept);
    cudaFree(d_in);
    cudaFree(d_flags);
    cudaFree(d_positions);
    cudaFree(d_out);
}

static void upsweep(void)
{
    sweeps(1);
}

static void downsweep(void)
{
    sweeps(0);
}

int main(int argc, char **argv)
{
    static const struct example examples[] = {
        {"scan-cpu", scan_cpu}, {"naive", naive}, {"upsweep", upsweep},
        {"downsweep", downsweep}, {"tiled", tiled}, {"compact", compact},
    };
    return run_example(examples, sizeof examples / sizeof examples[0], argc, argv);
}
