/*
 * gpu.cu: the experiments of "How a GPU runs your kernel" (docs/gpu.md).
 * Six small kernels, each showing one idea by changing one thing:
 *
 *   coalescing   read 32-bit words `stride` apart (1 .. 32), the same
 *                number of useful bytes each time;
 *   occupancy    one copy kernel, its dynamic shared memory chosen so
 *                that 1 .. 8 blocks of 256 threads fit on an SM;
 *   latency      a copy by one block per SM, each thread with 1 .. 32
 *                independent loads in flight;
 *   grid_stride  a grid-stride copy of a fixed n, the grid 1/8 of a wave
 *                to 32 waves, and one thread an element beside it;
 *   l2           a working set of 1 MiB .. 1 GiB read again and again,
 *                the same number of reads each time;
 *   roofline     k = 1 .. 1024 dependent FMAs for each element loaded.
 *
 * Usage:
 *
 *   gpu              run every experiment at small sizes and check each
 *                    output against serial code (any backend: docs/build.sh
 *                    runs it on the CPU emulator);
 *   gpu measure      on a GPU (make gpu-examples): the same check, then
 *                    each experiment at its real size, timed as make bench
 *                    times (grader/support/perf/timing.h: device events,
 *                    the median of 10 runs after 2 warm-ups, the L2 cache
 *                    flushed before each), its output checked again after
 *                    timing; one CSV on stdout, a line per row on stderr;
 *   gpu profile      on a GPU, under Nsight Compute (docs/examples/gpu-ncu.sh):
 *                    the check, then each launch of the measurement once,
 *                    between cudaProfilerStart and cudaProfilerStop (for
 *                    ncu --profile-from-start off), and on stdout its
 *                    "experiment,parameter", a line a launch, in order.
 *
 * The CSV's columns:
 *
 *   date,gpu,cuda_driver    the run: the day (UTC), the device, its driver
 *   experiment,parameter    one of the six above, and its variable: the
 *                           stride; blocks per SM; loads per thread;
 *                           waves, or "element" for one thread an element;
 *                           the working set in MiB; k
 *   ms                      the median time of one launch
 *   bytes,gb_per_s          the useful bytes (every word read and written
 *                           once: 8 per element of a copy; 4 per read of
 *                           l2, whose sums are not counted) and bytes / ms
 *   gflop_per_s             roofline: 2k flops an element over ms; else empty
 *   blocks,threads,shared_bytes  the launch: grid, block, dynamic shared
 *                           memory per block
 *   blocks_per_sm,occupancy what cudaOccupancyMaxActiveBlocksPerMultiprocessor
 *                           says fits on an SM, and the warps that makes
 *                           over the SM's most (the theoretical occupancy)
 *   in_flight_bytes         latency: the bytes the grid's resident threads
 *                           have in flight at once (threads x loads x 4);
 *                           else empty
 *   value                   latency: in_flight_bytes over gb_per_s (ns),
 *                           Little's law turned around; gb_per_s counts
 *                           reads and writes, half of them the loads in
 *                           flight, so a load's latency is twice this; a
 *                           device row: its figure; else empty
 *
 * Two more kinds of row come first: experiment "device", whose parameter
 * names a property of cudaGetDeviceProperties (sm_count, l2_bytes,
 * threads_per_sm, shared_bytes_per_sm, registers_per_sm) and whose value
 * is its figure; and experiment "copy", parameter "cudaMemcpy": a
 * device-to-device copy of the copies' 4n bytes, the yardstick of make
 * bench (timing.h's copy_time_ms).
 *
 *   2026-12-02,NVIDIA H200,13.0,coalescing,4,...
 *
 * Exits 1 when an output differs from the serial answer (naming the
 * experiment, element, expected and got), 2 on bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_profiler_api.h>

#include "cuda_check.h"

extern "C" {
#include "perf/timing.h"
}

#define THREADS 256
#define WARMUPS 2
#define REPEATS 10
/* After timing, at the real sizes, this many elements of each output,
 * spread evenly (an odd step: every lane and sector offset comes up), are
 * checked; at the check's sizes, every one. */
#define CHECK_SAMPLES 16384

/* The input: word i of every experiment. */
__host__ __device__ static unsigned value_at(size_t i)
{
    return (unsigned)i * 2654435761u;
}

/* fill_kernel: d_out[i] = value_at(i), a grid-stride loop. */
__global__ void fill_kernel(unsigned *d_out, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        d_out[i] = value_at(i);
}

/*
 * strided_read_kernel: d_out[i] = d_in[i * stride], a thread an element.
 * A warp reads 32 words `stride` words apart. Stride 1: 128 bytes in
 * four 32-byte sectors, every byte used. Stride 8 or more: 32 sectors for
 * the same 128 useful bytes, 4 of each sector's 32.
 *
 * Example: stride 2, d_in [0 1 2 3 4 5 6 7] -> d_out [0 2 4 6]
 */
__global__ void strided_read_kernel(const unsigned *d_in, unsigned *d_out, size_t n, unsigned stride)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_out[i] = d_in[i * stride];
}

/*
 * copy_kernel: d_out[i] = d_in[i], a thread an element. The occupancy
 * experiment launches it with dynamic shared memory it never touches:
 * the SM must still set that much aside for each block, so the memory
 * decides how many blocks (and warps) share an SM.
 */
__global__ void copy_kernel(const unsigned *d_in, unsigned *d_out, size_t n)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        d_out[i] = d_in[i];
}

/*
 * loads_kernel: a copy in which each thread issues LOADS independent
 * loads before it stores any: LOADS words of each thread on their way
 * from memory at once. Word j of a round is `stride` words after word
 * j - 1, so each load of a warp is still 128 contiguous bytes.
 *
 * Example: LOADS 2, 4 threads in all, n 16: thread 0 loads words 0 and 4,
 * stores them, then loads 8 and 12.
 */
template <int LOADS> __global__ void loads_kernel(const unsigned *d_in, unsigned *d_out, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += LOADS * stride) {
        unsigned v[LOADS];
#pragma unroll
        for (int j = 0; j < LOADS; j++)
            v[j] = i + j * stride < n ? d_in[i + j * stride] : 0;
#pragma unroll
        for (int j = 0; j < LOADS; j++)
            if (i + j * stride < n)
                d_out[i + j * stride] = v[j];
    }
}

/*
 * grid_stride_kernel: d_out[i] = d_in[i] for any grid: thread t copies
 * elements t, t + T, t + 2T, ... where T is every thread of the grid.
 * The grid can then be sized to the GPU (a whole number of waves)
 * instead of to n.
 */
__global__ void grid_stride_kernel(const unsigned *d_in, unsigned *d_out, size_t n)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        d_out[i] = d_in[i];
}

/*
 * reread_kernel: `reads` words of d_in[0 .. mask], wrapping (mask + 1
 * is a power of two), read by a grid-stride loop; thread t's sum into
 * d_sums[t] (so the loads cannot be left out). A working set that fits
 * in L2 comes from L2 after its first pass; a larger one from DRAM.
 *
 * Example: mask 3, reads 8, 2 threads: thread 0 adds words 0 2 0 2.
 */
__global__ void reread_kernel(const unsigned *d_in, size_t mask, size_t reads, unsigned *d_sums)
{
    size_t t = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned sum = 0;
    for (size_t i = t; i < reads; i += (size_t)gridDim.x * blockDim.x)
        sum += d_in[i & mask];
    d_sums[t] = sum;
}

/*
 * fma_kernel: for each element, k dependent fused multiply-adds on the
 * value loaded: 8 bytes moved (a load, a store) for 2k flops. Small k
 * waits on memory; large k on the FMA units.
 *
 * Example: k 2, word 32768 (0.5): 0.5 * 0.999 + 0.001, then again.
 */
__global__ void fma_kernel(const unsigned *d_in, float *d_out, size_t n, int k)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = (float)(d_in[i] & 0xffff) / 65536.0f;
    for (int j = 0; j < k; j++)
        v = fmaf(v, 0.999f, 0.001f);
    d_out[i] = v;
}

/* ---- The host side: launches, serial answers, timing -------------------- */

enum experiment { COALESCING, OCCUPANCY, LATENCY, GRID_STRIDE, L2, ROOFLINE };
static const char *const experiment_names[] = {"coalescing", "occupancy", "latency", "grid_stride", "l2", "roofline"};

/* One launch of one experiment, and what its output must be. */
struct launch {
    enum experiment experiment;
    const unsigned *d_in;
    unsigned *d_out;
    size_t n;        /* elements (l2: words read) */
    size_t arg;      /* stride; loads; mask (l2); k */
    unsigned blocks;
    size_t shared;   /* dynamic shared memory per block */
    size_t outputs;  /* words of d_out written */
};

/* The kernel with LOADS loads in flight (1, 2, 4, ... 32), by its number. */
static void (*loads_kernel_for(size_t loads))(const unsigned *, unsigned *, size_t)
{
    switch (loads) {
    case 1: return loads_kernel<1>;
    case 2: return loads_kernel<2>;
    case 4: return loads_kernel<4>;
    case 8: return loads_kernel<8>;
    case 16: return loads_kernel<16>;
    default: return loads_kernel<32>;
    }
}

/* The kernel a launch runs, for cudaOccupancyMaxActiveBlocksPerMultiprocessor. */
static const void *kernel_of(const struct launch *l)
{
    switch (l->experiment) {
    case COALESCING: return (const void *)strided_read_kernel;
    case LATENCY: return (const void *)loads_kernel_for(l->arg);
    case GRID_STRIDE: return l->arg == 0 ? (const void *)copy_kernel : (const void *)grid_stride_kernel;
    case L2: return (const void *)reread_kernel;
    case ROOFLINE: return (const void *)fma_kernel;
    default: return (const void *)copy_kernel;
    }
}

/* timing.h's timed_fn: queue the launch. */
static cudaError_t run_launch(void *context)
{
    const struct launch *l = (const struct launch *)context;
    switch (l->experiment) {
    case COALESCING:
        strided_read_kernel<<<l->blocks, THREADS>>>(l->d_in, l->d_out, l->n, (unsigned)l->arg);
        break;
    case OCCUPANCY:
        copy_kernel<<<l->blocks, THREADS, l->shared>>>(l->d_in, l->d_out, l->n);
        break;
    case LATENCY:
        loads_kernel_for(l->arg)<<<l->blocks, THREADS>>>(l->d_in, l->d_out, l->n);
        break;
    case GRID_STRIDE:
        if (l->arg == 0)
            copy_kernel<<<l->blocks, THREADS>>>(l->d_in, l->d_out, l->n);
        else
            grid_stride_kernel<<<l->blocks, THREADS>>>(l->d_in, l->d_out, l->n);
        break;
    case L2:
        reread_kernel<<<l->blocks, THREADS>>>(l->d_in, l->arg, l->n, l->d_out);
        break;
    case ROOFLINE:
        fma_kernel<<<l->blocks, THREADS>>>(l->d_in, (float *)l->d_out, l->n, (int)l->arg);
        break;
    }
    return cudaGetLastError();
}

/* The serial answer for word i of the launch's output. */
static unsigned expected(const struct launch *l, size_t i)
{
    switch (l->experiment) {
    case COALESCING:
        return value_at(i * l->arg);
    case L2: {
        unsigned sum = 0;
        for (size_t j = i; j < l->n; j += (size_t)l->blocks * THREADS)
            sum += value_at(j & l->arg);
        return sum;
    }
    case ROOFLINE: {
        float v = (float)(value_at(i) & 0xffff) / 65536.0f;
        for (size_t j = 0; j < l->arg; j++)
            v = fmaf(v, 0.999f, 0.001f);
        unsigned bits;
        memcpy(&bits, &v, sizeof bits);
        return bits;
    }
    default:
        return value_at(i);
    }
}

static void must(const char *what, cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "gpu: %s: %s\n", what, cudaGetErrorString(err));
        exit(1);
    }
}

/* 1 if word i of got is the serial answer; else says so. */
static int word_right(const struct launch *l, const char *parameter, const unsigned *got, size_t i)
{
    unsigned want = expected(l, i);
    if (got[i] == want)
        return 1;
    fprintf(stderr, "gpu: %s %s: element %zu is 0x%08x, expected 0x%08x\n", experiment_names[l->experiment],
            parameter, i, got[i], want);
    return 0;
}

/* 1 if the launch's output matches the serial answers: every word, or
 * CHECK_SAMPLES of them spread evenly and the last. */
static int output_right(const struct launch *l, const char *parameter)
{
    unsigned *got = (unsigned *)malloc(l->outputs * sizeof(unsigned));
    if (got == NULL)
        must("malloc", cudaErrorMemoryAllocation);
    must("cudaMemcpy", cudaMemcpy(got, l->d_out, l->outputs * sizeof(unsigned), cudaMemcpyDeviceToHost));
    size_t step = l->outputs <= CHECK_SAMPLES ? 1 : (l->outputs / CHECK_SAMPLES) | 1;
    int right = word_right(l, parameter, got, l->outputs - 1);
    for (size_t i = 0; i < l->outputs && right; i += step)
        right = word_right(l, parameter, got, i);
    free(got);
    return right;
}

/* check: small sizes, outputs checked; measure: the real sizes, timed,
 * a CSV row each; profile: the real sizes, each launch once. */
enum mode { CHECK, MEASURE, PROFILE };

/* The GPU, the sizes of one pass, and what it does with each launch. */
struct run {
    struct cudaDeviceProp prop;
    int driver;
    char day[16];
    enum mode mode;
    unsigned *d_in, *d_out;
    size_t n;              /* words of each copy, elements of the roofline */
    size_t l2_min, l2_max; /* working sets, in words (powers of two) */
    size_t l2_reads;       /* words each l2 launch reads */
};

/* The check's sizes: n not a whole number of blocks, working sets of
 * 1 to 16 KiB; the measurement's: 256 MiB copies, 1 MiB to 1 GiB sets. */
static const size_t check_n = 5000, check_l2_min = 256, check_l2_max = 4096, check_l2_reads = 16384;
static const size_t real_n = (size_t)1 << 26, real_l2_min = (size_t)1 << 18, real_l2_max = (size_t)1 << 28,
                    real_l2_reads = (size_t)1 << 30;
/* The largest stride: d_in holds n * MAX_STRIDE words. */
#define MAX_STRIDE 32

static int blocks_per_sm(const void *kernel, size_t shared)
{
    int blocks = 0;
    must("cudaOccupancyMaxActiveBlocksPerMultiprocessor",
         cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, THREADS, shared));
    return blocks;
}

/* The start of a CSV row: the run, the experiment and its parameter. */
static void row_start(const struct run *r, const char *experiment, const char *parameter)
{
    printf("%s,%s,%d.%d,%s,%s,", r->day, r->prop.name, r->driver / 1000, r->driver % 1000 / 10, experiment, parameter);
}

/* A row of experiment "device": one property and its figure. */
static void device_row(const struct run *r, const char *property, double value)
{
    row_start(r, "device", property);
    printf(",,,,,,,,,,%.0f\n", value);
}

/* The rows of the device, and of cudaMemcpy moving the copies' bytes. */
static void yardsticks(const struct run *r)
{
    device_row(r, "sm_count", r->prop.multiProcessorCount);
    device_row(r, "l2_bytes", r->prop.l2CacheSize);
    device_row(r, "threads_per_sm", r->prop.maxThreadsPerMultiProcessor);
    device_row(r, "shared_bytes_per_sm", (double)r->prop.sharedMemPerMultiprocessor);
    device_row(r, "registers_per_sm", r->prop.regsPerMultiprocessor);
    float ms = copy_time_ms(r->d_out, r->d_in, r->n * sizeof(unsigned), WARMUPS, REPEATS);
    row_start(r, "copy", "cudaMemcpy");
    printf("%.4f,%.0f,%.1f,,,,,,,,\n", ms, 8.0 * r->n, 8.0 * r->n / 1e9 / (ms / 1e3));
    fprintf(stderr, "  %-11s %-8s %9.4f ms %8.1f GB/s\n", "copy", "memcpy", ms, 8.0 * r->n / 1e9 / (ms / 1e3));
}

/* Run one launch (timed, to measure), check its output, write its row. */
static int measure(const struct run *r, struct launch *l, const char *parameter, double bytes, double flops,
                   double in_flight)
{
    float ms = 0;
    // A poisoned output: a kernel that writes nothing cannot pass on the
    // last experiment's answers.
    must("cudaMemset", cudaMemset(l->d_out, 0xab, l->outputs * sizeof(unsigned)));
    if (r->mode == MEASURE)
        ms = median_time_ms(run_launch, l, WARMUPS, REPEATS);
    else
        must(experiment_names[l->experiment], run_launch(l));
    must("cudaDeviceSynchronize", cudaDeviceSynchronize());
    if (!output_right(l, parameter))
        return 0;
    if (r->mode == PROFILE)
        printf("%s,%s\n", experiment_names[l->experiment], parameter);
    if (r->mode != MEASURE)
        return 1;
    int per_sm = blocks_per_sm(kernel_of(l), l->shared);
    double occupancy = (double)per_sm * THREADS / r->prop.maxThreadsPerMultiProcessor;
    double gb_per_s = bytes / 1e9 / (ms / 1e3);
    row_start(r, experiment_names[l->experiment], parameter);
    printf("%.4f,%.0f,%.1f,", ms, bytes, gb_per_s);
    if (flops > 0)
        printf("%.1f", flops / 1e9 / (ms / 1e3));
    printf(",%u,%d,%zu,%d,%.3f,", l->blocks, THREADS, l->shared, per_sm, occupancy);
    if (in_flight > 0)
        printf("%.0f,%.0f", in_flight, in_flight / gb_per_s);
    else
        putchar(',');
    putchar('\n');
    fprintf(stderr, "  %-11s %-8s %9.4f ms %8.1f GB/s\n", experiment_names[l->experiment], parameter, ms, gb_per_s);
    return 1;
}

/* The launch of experiment e over the run's arrays. */
static struct launch launch_of(const struct run *r, enum experiment e, size_t n, size_t arg, unsigned blocks)
{
    struct launch l = {e, r->d_in, r->d_out, n, arg, blocks, 0, n};
    return l;
}

static int coalescing(const struct run *r)
{
    int right = 1;
    for (size_t stride = 1; stride <= MAX_STRIDE; stride *= 2) {
        struct launch l = launch_of(r, COALESCING, r->n, stride, blocks_for(r->n, THREADS));
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%zu", stride);
        right &= measure(r, &l, parameter, 8.0 * r->n, 0, 0);
    }
    return right;
}

/* The most dynamic shared memory (in KiB steps) with which `blocks`
 * blocks of copy_kernel still fit on one SM. */
static size_t shared_for(const struct run *r, int blocks)
{
    size_t shared = r->prop.sharedMemPerMultiprocessor / blocks;
    if (shared > r->prop.sharedMemPerBlockOptin)
        shared = r->prop.sharedMemPerBlockOptin;
    shared -= shared % 1024;
    while (shared > 0 && blocks_per_sm((const void *)copy_kernel, shared) < blocks)
        shared -= 1024;
    return shared;
}

static int occupancy(const struct run *r)
{
    int right = 1, most = r->prop.maxThreadsPerMultiProcessor / THREADS;
    must("cudaFuncSetAttribute", cudaFuncSetAttribute(copy_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                      (int)r->prop.sharedMemPerBlockOptin));
    for (int blocks = 1; blocks <= most; blocks++) {
        struct launch l = launch_of(r, OCCUPANCY, r->n, 0, blocks_for(r->n, THREADS));
        l.shared = shared_for(r, blocks);
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%d", blocks);
        right &= measure(r, &l, parameter, 8.0 * r->n, 0, 0);
    }
    return right;
}

static int latency(const struct run *r)
{
    int right = 1;
    unsigned blocks = (unsigned)r->prop.multiProcessorCount;
    for (size_t loads = 1; loads <= 32; loads *= 2) {
        struct launch l = launch_of(r, LATENCY, r->n, loads, blocks);
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%zu", loads);
        right &= measure(r, &l, parameter, 8.0 * r->n, 0, 4.0 * blocks * THREADS * loads);
    }
    return right;
}

/* Waves of 1/8 .. 32 (eighths of the blocks that fit on the GPU at
 * once), then one thread an element. */
static int grid_stride(const struct run *r)
{
    int right = 1;
    size_t wave = (size_t)r->prop.multiProcessorCount * blocks_per_sm((const void *)grid_stride_kernel, 0);
    for (size_t eighths = 1; eighths <= 32 * 8; eighths *= 2) {
        size_t blocks = wave * eighths / 8 > 0 ? wave * eighths / 8 : 1;
        struct launch l = launch_of(r, GRID_STRIDE, r->n, 1, (unsigned)blocks);
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%g", eighths / 8.0);
        right &= measure(r, &l, parameter, 8.0 * r->n, 0, 0);
    }
    struct launch l = launch_of(r, GRID_STRIDE, r->n, 0, blocks_for(r->n, THREADS));
    return measure(r, &l, "element", 8.0 * r->n, 0, 0) && right;
}

/* One wave of reread_kernel on each working set. */
static int l2(const struct run *r)
{
    int right = 1;
    unsigned blocks = (unsigned)(r->prop.multiProcessorCount * blocks_per_sm((const void *)reread_kernel, 0));
    for (size_t words = r->l2_min; words <= r->l2_max; words *= 2) {
        struct launch l = launch_of(r, L2, r->l2_reads, words - 1, blocks);
        l.outputs = (size_t)blocks * THREADS;
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%g", words * 4.0 / (1 << 20));
        right &= measure(r, &l, parameter, 4.0 * r->l2_reads, 0, 0);
    }
    return right;
}

static int roofline(const struct run *r)
{
    int right = 1;
    for (size_t k = 1; k <= 1024; k *= 2) {
        struct launch l = launch_of(r, ROOFLINE, r->n, k, blocks_for(r->n, THREADS));
        char parameter[32];
        snprintf(parameter, sizeof parameter, "%zu", k);
        right &= measure(r, &l, parameter, 8.0 * r->n, 2.0 * k * r->n, 0);
    }
    return right;
}

/* One pass of every experiment at the given sizes: 1 if every output
 * was right. */
static int run_all(enum mode mode, size_t n, size_t l2_min, size_t l2_max, size_t l2_reads)
{
    struct run r;
    memset(&r, 0, sizeof r);
    r.mode = mode;
    r.n = n, r.l2_min = l2_min, r.l2_max = l2_max, r.l2_reads = l2_reads;
    must("cudaGetDeviceProperties", cudaGetDeviceProperties(&r.prop, 0));
    must("cudaDriverGetVersion", cudaDriverGetVersion(&r.driver));
    for (char *c = r.prop.name; *c; c++)
        if (*c == ',')
            *c = ';';
    time_t now = time(NULL);
    strftime(r.day, sizeof r.day, "%Y-%m-%d", gmtime(&now));
    size_t in_words = n * MAX_STRIDE > l2_max ? n * MAX_STRIDE : l2_max;
    must("cudaMalloc", cudaMalloc((void **)&r.d_in, in_words * sizeof(unsigned)));
    // d_out holds n words, or l2's sums: a word for each thread of a wave.
    size_t wave_threads = (size_t)r.prop.multiProcessorCount * r.prop.maxThreadsPerMultiProcessor;
    must("cudaMalloc", cudaMalloc((void **)&r.d_out, (n > wave_threads ? n : wave_threads) * sizeof(unsigned)));
    fill_kernel<<<(unsigned)r.prop.multiProcessorCount * 8, THREADS>>>(r.d_in, in_words);
    must("fill_kernel", cudaGetLastError());
    if (mode == MEASURE)
        yardsticks(&r);
    if (mode == PROFILE)
        must("cudaProfilerStart", cudaProfilerStart());
    int right = coalescing(&r) & occupancy(&r) & latency(&r) & grid_stride(&r) & l2(&r) & roofline(&r);
    if (mode == PROFILE)
        must("cudaProfilerStop", cudaProfilerStop());
    must("cudaFree", cudaFree(r.d_in));
    must("cudaFree", cudaFree(r.d_out));
    return right;
}

int main(int argc, char **argv)
{
    enum mode mode = CHECK;
    if (argc == 2 && strcmp(argv[1], "measure") == 0)
        mode = MEASURE;
    else if (argc == 2 && strcmp(argv[1], "profile") == 0)
        mode = PROFILE;
    else if (argc != 1) {
        fprintf(stderr, "usage: gpu [measure | profile]   (both on a GPU: the CSV, or a run for ncu)\n");
        return 2;
    }
    if (!run_all(CHECK, check_n, check_l2_min, check_l2_max, check_l2_reads))
        return 1;
    fprintf(stderr, "gpu: every experiment matches the serial answers\n");
    if (mode == CHECK)
        return 0;
    if (mode == MEASURE)
        printf("date,gpu,cuda_driver,experiment,parameter,ms,bytes,gb_per_s,gflop_per_s,blocks,threads,shared_bytes,"
               "blocks_per_sm,occupancy,in_flight_bytes,value\n");
    return run_all(mode, real_n, real_l2_min, real_l2_max, real_l2_reads) ? 0 : 1;
}
