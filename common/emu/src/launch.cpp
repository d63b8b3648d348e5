/*
 * launch.cpp: one kernel launch, from k<<<grid, block, shared>>>(args).
 *
 * Contract: checks the configuration as a GPU would (block shape and size,
 * grid shape, dynamic shared memory) and returns a bad one as the launch's
 * CUDA error without running anything; otherwise runs the blocks in the
 * order SCANLAB_EMU_ORDER gives (forward: index order; reverse: the last
 * first; random), each starting with freshly poisoned shared memory so
 * that reading what no thread of the block wrote shows garbage.
 *
 * How the blocks share the time (SCANLAB_EMU_BLOCKS):
 *   sequential    one block runs at a time, start to end: a block can wait
 *                 only for blocks that ran before it (block.cpp reports
 *                 one that waits for more as a deadlock);
 *   overlap[:SEED]  SCANLAB_EMU_RESIDENT blocks (default 4) run at once
 *                 (in launches of at most 8192 blocks; larger ones run in
 *                 sequence),
 *                 as on a GPU, taking turns at random points drawn from
 *                 SEED (default 1), also between a thread's global-memory
 *                 accesses: what a GPU shows only when blocks overlap in
 *                 time (a status word seen half written, a value read
 *                 before its writer finished it, a plain read racing
 *                 another block's write) shows here too (access.cpp).
 * The default is sequential in forward order and overlap in the others;
 * overlap needs the access hooks that nvcc-emu compiles in without a
 * sanitizer, so the memory and race checks run blocks in sequence.
 * A failed check inside a block stops the launch and makes the error
 * sticky, like a kernel fault on a GPU.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#if defined(SCANLAB_EMU_CHECK_MEMORY)
#include <sanitizer/asan_interface.h>
#endif

/* The bounds of the sections holding every static __shared__ variable
 * (see device.h; those of templates: nvcc-emu); weak, since a program may
 * have none. On macOS, getsectiondata finds the one section (clang keeps
 * a template's there too). */
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#include <mach-o/getsect.h>
#else
extern "C" char __start_scanlab_emu_shared[] __attribute__((weak));
extern "C" char __stop_scanlab_emu_shared[] __attribute__((weak));
extern "C" char __start_scanlab_emu_template_shared[] __attribute__((weak));
extern "C" char __stop_scanlab_emu_template_shared[] __attribute__((weak));
#endif

namespace scanlab_emu {

uint3 thread_idx, block_idx;
dim3 block_dim, grid_dim;
/* A guard after the largest size catches overruns with the memory check. */
constexpr size_t dynamic_shared_guard = 4096;
alignas(256) char dynamic_shared[dynamic_shared_max + dynamic_shared_guard];
const LaunchConfig *running_launch;
unsigned long long blocks_before, blocks_total;

namespace {

/* How the blocks of a launch share the time (SCANLAB_EMU_BLOCKS). A
 * launch of more blocks than overlap_most runs them in sequence anyway:
 * blocks that overlap cost about three times as much (every access is
 * recorded; turns copy shared memory), and what they show, a test shows
 * at its smaller sizes too. (A grade's largest inputs, 2^22 + 7 elements,
 * make 16385 blocks of 256 threads; lab 06's 2^26 values, 65536 blocks:
 * overlapped, that test alone took 23 s of a grade.) */
bool overlap_blocks;
constexpr unsigned long long overlap_most = 8192;
unsigned long long overlap_seed = 1;
unsigned resident_blocks = 4;
/* However many blocks SCANLAB_EMU_RESIDENT allows, the resident threads
 * are at most those of eight Hopper SMs (2048 each): every CUDA thread
 * is a fiber with its own stack, and 64 blocks of 1024 threads would map
 * more stacks than Linux allows a process (vm.max_map_count, 65530). */
constexpr unsigned long long resident_threads_most = 8 * 2048;

/* The blocks of launch c resident at once while they overlap. */
unsigned resident_for(const LaunchConfig &c)
{
    unsigned long long threads = (unsigned long long)c.block.x * c.block.y * c.block.z;
    unsigned long long fit = resident_threads_most / threads;
    return fit == 0 ? 1 : fit < resident_blocks ? (unsigned)fit : resident_blocks;
}

void format_coords(Coords &c, unsigned x, unsigned y, unsigned z)
{
    snprintf(c.text, sizeof c.text, "(%u,%u,%u)", x, y, z);
}

void read_order()
{
    const char *text = getenv("SCANLAB_EMU_ORDER");
    if (!text || !*text || strcmp(text, "forward") == 0)
        set_order(Order::forward, 0);
    else if (strcmp(text, "reverse") == 0)
        set_order(Order::reverse, 0);
    else if (strcmp(text, "random") == 0)
        set_order(Order::random, 1);
    else if (strncmp(text, "random:", 7) == 0)
        set_order(Order::random, strtoull(text + 7, nullptr, 0));
    else {
        fprintf(stderr, "scanlab-emu: SCANLAB_EMU_ORDER=%s: expected forward, reverse, random "
                "or random:SEED\n", text);
        exit(2);
    }
    overlap_blocks = text && *text && strcmp(text, "forward") != 0;
}

/* SCANLAB_EMU_BLOCKS and SCANLAB_EMU_RESIDENT (after read_order); a
 * program's own scanlab_emu_resident_blocks, where it has one, in place
 * of 4 when SCANLAB_EMU_RESIDENT is unset. Without
 * the access hooks (a sanitizer's build) blocks cannot take turns in the
 * middle of a thread, so they run in sequence. */
void read_blocks()
{
    const char *text = getenv("SCANLAB_EMU_BLOCKS");
    if (!text || !*text) {
    } else if (strcmp(text, "sequential") == 0) {
        overlap_blocks = false;
    } else if (strcmp(text, "overlap") == 0) {
        overlap_blocks = true;
    } else if (strncmp(text, "overlap:", 8) == 0) {
        overlap_blocks = true;
        overlap_seed = strtoull(text + 8, nullptr, 0);
    } else {
        fprintf(stderr, "scanlab-emu: SCANLAB_EMU_BLOCKS=%s: expected sequential, overlap or "
                "overlap:SEED\n", text);
        exit(2);
    }
    if (&scanlab_emu_resident_blocks != nullptr && scanlab_emu_resident_blocks > 0)
        resident_blocks = scanlab_emu_resident_blocks;
    const char *resident = getenv("SCANLAB_EMU_RESIDENT");
    if (resident && atoi(resident) > 0)
        resident_blocks = (unsigned)atoi(resident);
#if defined(SCANLAB_EMU_CHECK_MEMORY) || defined(SCANLAB_EMU_CHECK_RACE)
    overlap_blocks = false;
#endif
}

/* Reports a launch that cannot run; returns err. */
cudaError_t refuse(const LaunchConfig &c, cudaError_t err, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

cudaError_t refuse(const LaunchConfig &c, cudaError_t err, const char *format, ...)
{
    fprintf(stderr, "scanlab-emu: %s:%d: launch of kernel '%s' fails with %s: ", c.file, c.line,
            c.kernel, cudaGetErrorName(err));
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fputc('\n', stderr);
    return err;
}

cudaError_t check_config(const LaunchConfig &c, const void *kernel)
{
    const dim3 &g = c.grid, &b = c.block;
    unsigned long long threads = (unsigned long long)b.x * b.y * b.z;
    if (threads == 0 || threads > 1024 || b.x > 1024 || b.y > 1024 || b.z > 64)
        return refuse(c, cudaErrorInvalidConfiguration, "block (%u,%u,%u) has %llu threads; a "
                      "block has 1 to 1024, at most 1024 in x and y and 64 in z",
                      b.x, b.y, b.z, threads);
    if (g.x == 0 || g.y == 0 || g.z == 0 || g.x > 2147483647u || g.y > 65535 || g.z > 65535)
        return refuse(c, cudaErrorInvalidConfiguration, "grid (%u,%u,%u): a grid has 1 to "
                      "2^31-1 blocks in x and 1 to 65535 in y and z", g.x, g.y, g.z);
    size_t limit = dynamic_shared_limit(kernel);
    if (c.shared > limit)
        return refuse(c, cudaErrorInvalidValue, "%zu bytes of dynamic shared memory, over the "
                      "limit of %zu (cudaFuncSetAttribute with "
                      "cudaFuncAttributeMaxDynamicSharedMemorySize raises it up to %zu)",
                      c.shared, limit, dynamic_shared_max);
    return cudaSuccess;
}

/* Fills memory with the poison byte. With the memory check, the redzones
 * AddressSanitizer keeps between shared variables are skipped. */
void poison(char *p, size_t size)
{
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    char *end = p + size;
    while (p < end) {
        char *bad = (char *)__asan_region_is_poisoned(p, (size_t)(end - p));
        char *stop = bad ? bad : end;
        memset(p, poison_byte, (size_t)(stop - p));
        for (p = stop; p < end && __asan_address_is_poisoned(p); p++)
            continue;
    }
#else
    memset(p, poison_byte, size);
#endif
}

/* With the memory check, the bytes past this launch's dynamic shared
 * memory are inaccessible ("use-after-poison" in the reports). */
void fence_dynamic_shared([[maybe_unused]] size_t bytes)
{
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    __asan_unpoison_memory_region(dynamic_shared, bytes);
    __asan_poison_memory_region(dynamic_shared + bytes, sizeof dynamic_shared - bytes);
#endif
}

/* The static __shared__ variables: two sections, each maybe empty. */
struct SharedSection {
    char *start;
    size_t bytes;
};

SharedSection static_shared(int k)
{
#if defined(__APPLE__)
    /* image 0: the program itself */
    const mach_header_64 *program = (const mach_header_64 *)_dyld_get_image_header(0);
    unsigned long bytes = 0;
    char *start = k == 0 ? (char *)getsectiondata(program, "__DATA", "scanlab_shared", &bytes) : nullptr;
    return start ? SharedSection{start, (size_t)bytes} : SharedSection{nullptr, 0};
#else
    char *start = k == 0 ? __start_scanlab_emu_shared : __start_scanlab_emu_template_shared;
    char *stop = k == 0 ? __stop_scanlab_emu_shared : __stop_scanlab_emu_template_shared;
    return start ? SharedSection{start, (size_t)(stop - start)} : SharedSection{nullptr, 0};
#endif
}

size_t static_shared_bytes() { return static_shared(0).bytes + static_shared(1).bytes; }

/* The blocks one at a time, in the order SCANLAB_EMU_ORDER gives them. */
bool run_blocks_in_sequence(const LaunchConfig &c)
{
    unsigned long long row = c.grid.x, layer = row * c.grid.y, total = layer * c.grid.z;
    for (unsigned long long k = 0; k < total; k++) {
        blocks_before = k;
        unsigned long long linear = block_in_order(k, total);
        block_idx = {(unsigned)(linear % row), (unsigned)(linear / row % c.grid.y), (unsigned)(linear / layer)};
        for (int section = 0; section < 2; section++)
            poison(static_shared(section).start, static_shared(section).bytes);
        poison(dynamic_shared, c.shared);
        if (!run_block())
            return false;
    }
    return true;
}

void run_blocks(const LaunchConfig &c)
{
    unsigned long long total = (unsigned long long)c.grid.x * c.grid.y * c.grid.z;
    blocks_total = total;
    arrange_blocks(total);
    bool ok;
    if (overlap_blocks && total > 1 && total <= overlap_most) {
        /* Each launch its own turns, the same in every run. */
        static unsigned long long launches;
        begin_overlapped_launch();
        ok = run_blocks_overlapped(total, resident_for(c),
                                   overlap_seed + 0x9e3779b97f4a7c15ull * launches++);
    } else {
        ok = run_blocks_in_sequence(c);
    }
    if (!ok)
        record_kernel_failure(launch_failure);
}

} // namespace

size_t shared_memory_bytes()
{
    return static_shared_bytes() + running_launch->shared;
}

void save_shared_memory(char *to)
{
    for (int section = 0; section < 2; section++) {
        SharedSection part = static_shared(section);
        if (part.bytes)
            memcpy(to, part.start, part.bytes);
        to += part.bytes;
    }
    memcpy(to, dynamic_shared, running_launch->shared);
}

void load_shared_memory(const char *from)
{
    for (int section = 0; section < 2; section++) {
        SharedSection part = static_shared(section);
        if (part.bytes)
            memcpy(part.start, from, part.bytes);
        from += part.bytes;
    }
    memcpy(dynamic_shared, from, running_launch->shared);
}

Coords block_coords_of(unsigned long long number)
{
    unsigned long long linear = block_in_order(number - 1, blocks_total);
    unsigned long long row = grid_dim.x, layer = row * grid_dim.y;
    Coords c;
    format_coords(c, (unsigned)(linear % row), (unsigned)(linear / row % grid_dim.y),
                  (unsigned)(linear / layer));
    return c;
}

Coords block_coords()
{
    Coords c;
    format_coords(c, block_idx.x, block_idx.y, block_idx.z);
    return c;
}

Coords thread_coords(unsigned t)
{
    Coords c;
    format_coords(c, t % block_dim.x, t / block_dim.x % block_dim.y,
                  t / (block_dim.x * block_dim.y));
    return c;
}

void report(const Site &site, unsigned thread, const char *format, ...)
{
    const LaunchConfig &c = *running_launch;
    fprintf(stderr, "scanlab-emu: %s:%d: kernel '%s' block %s thread %s: ", site.file,
            site.line, c.kernel, block_coords().text, thread_coords(thread).text);
    va_list args;
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, " [launched at %s:%d]\n", c.file, c.line);
}

void launch(const LaunchConfig &config, const void *kernel, void (*run_thread)(void *),
            void *args)
{
    static bool order_read = false;
    if (!order_read) {
        read_order();
        read_blocks();
        order_read = true;
    }
    if (sticky_error() != cudaSuccess) {
        record_error(sticky_error());
        return;
    }
    if (record_error(check_config(config, kernel)) != cudaSuccess)
        return;
    block_dim = config.block;
    grid_dim = config.grid;
    running_launch = &config;
    begin_blocks(config.block.x * config.block.y * config.block.z, run_thread, args);
    fence_dynamic_shared(config.shared);
    watch_launch(true);
    run_blocks(config);
    watch_launch(false);
    running_launch = nullptr;
}

} // namespace scanlab_emu
