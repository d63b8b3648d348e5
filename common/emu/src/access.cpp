/*
 * access.cpp: every load and store of a kernel, seen by the emulator.
 *
 * Contract: nvcc-emu compiles each .cu file (without a sanitizer) with
 * GCC's ThreadSanitizer instrumentation (or clang's), which calls a
 * function before every load, store and atomic operation that is not on
 * the stack. This file defines those functions itself (libtsan is not
 * linked), and inside a kernel they do what a GPU would show:
 *
 *   alignment  an access of 2, 4, 8 or 16 bytes whose type is aligned to
 *              its size (int, int2, int4, uint4 ...) at an address that is
 *              not a multiple of it stops the kernel with
 *              cudaErrorMisalignedAddress, as a GPU does (x86 would just
 *              load it);
 *   overlap    while the blocks of a launch overlap (launch.cpp,
 *              SCANLAB_EMU_BLOCKS), each global-memory access may hand the
 *              CPU to another block: often (one in two) for memory that
 *              another block has touched in this launch, and for volatile
 *              and atomic accesses; seldom (one in 4096) elsewhere, where
 *              no other block can tell (blocks take turns at barriers
 *              anyway: block.cpp). Each turn costs a copy of shared
 *              memory, so plain private accesses rarely take one.
 *              So a status word written as two stores is seen half
 *              written, and a value published too early is read, as on a
 *              GPU;
 *   races      while blocks overlap, two accesses to the same bytes by
 *              blocks that are both running, at least one a write and at
 *              least one plain (neither volatile nor atomic), are a data
 *              race between blocks: reported with both lines and threads.
 *              A plain load in a wait loop is one: on a GPU the compiler
 *              may keep the value in a register, and the loop never ends.
 *
 * What it remembers: for each 4 bytes of a device allocation of at most
 * 1 MiB, the last write and the last read of this launch (block, thread,
 * line, which bytes, plain or not), in a shadow array allocated the first
 * time blocks overlap on it (28 bytes of shadow for 4 of data). Larger
 * allocations (the grade's largest inputs and outputs) still hand the CPU
 * over, seldom, but are not checked for races: recording every access
 * of the largest arrays made lab 02's reverse-order tests an eighth
 * slower (8.6 s against 7.5 s of CPU), and the same bugs show at the
 * smaller sizes.
 * Not modelled: memory that another block sees late (reordered stores;
 * every store is seen by everyone at once here), and the ordering that
 * __threadfence gives plain accesses between blocks: a plain value passed
 * with a flag and fences is reported as a race.
 *
 * Host code in a .cu file is instrumented too; outside a kernel thread
 * every hook returns at once.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <mach-o/dyld.h>
#else
#include <elf.h>
#endif

#include <map>

#include "internal.h"

namespace scanlab_emu {

namespace {

/* ---- Where an access is: allocations and their shadows -------------------- */

enum Side { written = 0, read = 1 };
constexpr uint8_t bytes_mask = 0x0f, strong = 0x10, atomic_access = 0x20;

/* The last write and the last read of 4 bytes, in this launch. */
struct Cell {
    uint32_t block[2];       /* start number of the block (0: none) */
    uint32_t pc[2];          /* the access's code address, from the program's base */
    uint16_t generation[2];  /* the launch (begin_overlapped_launch) */
    uint16_t thread[2];      /* the thread, linear in its block */
    uint8_t flags[2];        /* which of the 4 bytes (bytes_mask); strong; atomic_access */
};

struct Allocation {
    size_t size;
    Cell *shadow; /* nullptr until blocks overlap on it, or if too large */
};

constexpr size_t largest_tracked = (size_t)1 << 20;

std::map<uintptr_t, Allocation> &allocations = *new std::map<uintptr_t, Allocation>;
/* The allocations found last: a kernel goes back and forth between a few
 * arrays (in, out, flags), each found again without the map. */
struct Found {
    uintptr_t start, end;
    Allocation *allocation;
};
constexpr unsigned found_slots = 4;
Found found[found_slots];
unsigned found_next;
uint16_t generation;

/* Every allocation lies in [lowest_start, highest_end). */
uintptr_t lowest_start = UINTPTR_MAX, highest_end;

void forget_found()
{
    for (Found &f : found)
        f = Found{0, 0, nullptr};
}

/* The allocation holding p, its start in *start; nullptr if none does. */
Allocation *find_allocation(uintptr_t p, uintptr_t *start)
{
    static unsigned last;
    if (p < lowest_start || p >= highest_end) /* shared memory, a stack: not in the map */
        return nullptr;
    if (p >= found[last].start && p < found[last].end) {
        *start = found[last].start;
        return found[last].allocation;
    }
    for (unsigned k = 0; k < found_slots; k++) {
        Found &f = found[k];
        if (p >= f.start && p < f.end) {
            *start = f.start;
            last = k;
            return f.allocation;
        }
    }
    auto next = allocations.upper_bound(p);
    if (next == allocations.begin())
        return nullptr;
    --next;
    if (p >= next->first + next->second.size)
        return nullptr;
    *start = next->first;
    last = found_next++ % found_slots;
    found[last] = Found{next->first, next->first + next->second.size, &next->second};
    return &next->second;
}

Cell *shadow_of(Allocation &a)
{
    if (!a.shadow && a.size <= largest_tracked) {
        size_t bytes = (a.size + 3) / 4 * sizeof(Cell);
        void *memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        a.shadow = memory == MAP_FAILED ? nullptr : (Cell *)memory;
    }
    return a.shadow;
}

void free_shadow(Allocation &a)
{
    if (a.shadow)
        munmap(a.shadow, (a.size + 3) / 4 * sizeof(Cell));
    a.shadow = nullptr;
}

/* ---- Source lines of code addresses ------------------------------------- */

/* Code addresses are kept as offsets from the program's load address. */
uintptr_t program_base()
{
    static uintptr_t base = 1;
    if (base == 1) {
        Dl_info info;
        base = 0;
        if (dladdr((void *)&program_base, &info) && info.dli_fbase) {
#if defined(__APPLE__)
            base = (uintptr_t)info.dli_fbase; /* a Mach-O program is always position independent */
#else
            const Elf64_Ehdr *header = (const Elf64_Ehdr *)info.dli_fbase;
            base = header->e_type == ET_DYN ? (uintptr_t)info.dli_fbase : 0;
#endif
        }
    }
    return base;
}

struct SourceLine {
    char file[256];
    int line;
};

/* The file named relative to the working directory, as diagnostics
 * elsewhere name it, when it lies below it. */
const char *relative_path(const char *file)
{
    static char cwd[256];
    /* Built with -fdebug-prefix-map=CLONE=. (the Makefile), the program
     * names its files ./labs/...: relative already. */
    if (strncmp(file, "./", 2) == 0)
        return file + 2;
    if (!cwd[0] && !getcwd(cwd, sizeof cwd - 1))
        return file;
    size_t length = strlen(cwd);
    return strncmp(file, cwd, length) == 0 && file[length] == '/' ? file + length + 1 : file;
}

/* The program's file for addr2line, quoted for the shell: its path, as
 * readlink of /proc/self/exe gives it (macOS: _NSGetExecutablePath). Not
 * /proc/PID/exe, which addr2line (another process) would read through the
 * kernel: under qemu-user (the aarch64 tests on x86-64) that is qemu,
 * while qemu answers the program's own readlink with the program.
 * /proc/PID/exe where the path will not do (a quote in it, or the file
 * rebuilt since: "... (deleted)"). */
const char *program_file()
{
    static char quoted[PATH_MAX + 2];
    if (!quoted[0]) {
        char path[PATH_MAX];
#if defined(__APPLE__)
        uint32_t room = sizeof path;
        ssize_t n = _NSGetExecutablePath(path, &room) == 0 ? (ssize_t)strlen(path) : -1;
#else
        ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
        if (n > 0)
            path[n] = '\0';
#endif
        if (n > 0 && !strchr(path, '\'') && access(path, R_OK) == 0)
            snprintf(quoted, sizeof quoted, "'%s'", path);
        else
#if defined(__APPLE__)
            snprintf(quoted, sizeof quoted, "''"); /* none: atos finds no line, "?" */
#else
            snprintf(quoted, sizeof quoted, "/proc/%d/exe", (int)getpid());
#endif
    }
    return quoted;
}

/* FILE:LINE of the call that returns to the code offset `pc` (addr2line,
 * from binutils, which g++ needs anyway; macOS: atos, from Xcode's
 * command line tools, given the load address and the address itself,
 * prints "kernel (in program) (file.cu:28)"); "?" and 0 if unknown. */
SourceLine source_line(uint32_t pc)
{
    SourceLine where = {"?", 0};
    char command[PATH_MAX + 64];
#if defined(__APPLE__)
    snprintf(command, sizeof command, "atos -o %s -l 0x%lx 0x%lx 2>/dev/null", program_file(),
             (unsigned long)program_base(), (unsigned long)(program_base() + pc - 1));
#else
    snprintf(command, sizeof command, "addr2line -e %s 0x%lx 2>/dev/null", program_file(),
             (unsigned long)(pc - 1));
#endif
    if (FILE *pipe = popen(command, "r")) {
        char line[sizeof where.file];
        if (fgets(line, sizeof line, pipe)) {
            char *text = line;
#if defined(__APPLE__)
            if (char *open = strrchr(line, '(')) /* atos's "(file.cu:28)" */
                text = open + 1;
#endif
            char *colon = strrchr(text, ':');
            if (colon && colon[1] != '?') {
                *colon = '\0';
                where.line = atoi(colon + 1);
                snprintf(where.file, sizeof where.file, "%s", relative_path(text));
            }
        }
        pclose(pipe);
    }
    return where;
}

uint32_t code_offset(void *pc) { return (uint32_t)((uintptr_t)pc - program_base()); }

/* "byte 40 of a 1304-byte allocation from cudaMalloc", or where else. */
void describe_place(uintptr_t p, char *text, size_t size)
{
    uintptr_t start;
    if (Allocation *a = find_allocation(p, &start))
        snprintf(text, size, "byte %zu of a %zu-byte allocation from cudaMalloc",
                 (size_t)(p - start), a->size);
    else
        snprintf(text, size, "%p (shared memory, the stack or host memory)", (void *)p);
}

const char *kind_name(uint8_t flags)
{
    return flags & atomic_access ? "atomic" : flags & strong ? "volatile" : "plain";
}

/* ---- Reports -------------------------------------------------------------- */

[[noreturn]] void misaligned(uintptr_t p, unsigned size, bool write, void *pc)
{
    SourceLine where = source_line(code_offset(pc));
    char place[160];
    describe_place(p, place, sizeof place);
    report({"a load or store", where.file, where.line}, running_thread(),
           "misaligned address: a %u-byte %s at %p (%s), which is not a multiple of %u. "
           "A GPU stops the kernel here with cudaErrorMisalignedAddress: a value of %u bytes "
           "(%s) must start at a multiple of %u. Check the pointer's alignment before a "
           "vector access, and read or write single elements where it is not aligned",
           size, write ? "store" : "load", (void *)p, place, size, size,
           size == 16 ? "int4, uint4, float4" : size == 8 ? "int2, uint2, a 64-bit word" : "an int",
           size);
    fail_thread(cudaErrorMisalignedAddress);
}

[[noreturn]] void race(const Cell &c, Side other, uintptr_t p, unsigned size, uint8_t mine,
                       bool write, void *pc)
{
    SourceLine here = source_line(code_offset(pc)), there = source_line(c.pc[other]);
    char place[160];
    describe_place(p, place, sizeof place);
    Coords block = block_coords_of(c.block[other]);
    /* Two writes that disagree: which lands last is the GPU's timing. */
    const char *advice = write && other == written
        ? "Blocks run at the same time, and this write changed what the other block wrote: which "
          "of the two is left is a matter of timing. Give each block elements of its own, or "
          "combine the values with an atomic (atomicAdd, atomicMax) where they meet"
        : "Blocks run at the same time: a value that another block writes while this one runs "
          "must be written and read with volatile or atomic accesses (a plain load in a wait "
          "loop may be read once and kept in a register, and on a GPU the loop never ends)";
    report({"a load or store", here.file, here.line}, running_thread(),
           "data race between blocks: a %s %u-byte %s of %s, which block %s thread %s, still "
           "running, %s with a %s access at %s:%d. %s",
           kind_name(mine), size, write ? "write" : "read", place, block.text,
           thread_coords(c.thread[other]).text, other == written ? "wrote it" : "read it",
           kind_name(c.flags[other]), there.file, there.line, advice);
    fail_thread(cudaErrorLaunchFailure);
}

/* ---- Races and turns -------------------------------------------------------- */

/* Whether side `side` of c is a conflicting access by another running block. */
bool conflicts(const Cell &c, Side side, uint32_t block, uint8_t mine)
{
    return c.generation[side] == generation && c.block[side] != 0 && c.block[side] != block &&
           (c.flags[side] & mine & bytes_mask) &&
           !((mine & strong) && (c.flags[side] & strong)) && block_running(c.block[side]);
}

/* A write that met another running block's write of the same bytes:
 * a race only if it changes them. Blocks that each write the one value
 * (a flag set to 1, a sentinel) leave the result as either write alone
 * would, and CUDA code does so on purpose (compute-sanitizer's racecheck,
 * which sees shared memory only, never says otherwise). The write happens
 * after its hook returns, so the bytes it found are kept here and compared
 * at the thread's next access or switch (settle_pending_write). */
struct PendingWrite {
    bool armed;
    uintptr_t p;
    unsigned size;
    uint8_t found[16]; /* the other block's bytes, before this write */
    Cell cell;         /* the other block's record, for the report */
    uint8_t mine;
    void *pc;
};
PendingWrite pending;

void defer_write_race(const Cell &c, uintptr_t p, unsigned size, uint8_t mine, void *pc)
{
    if (size > sizeof pending.found) /* wider than any access a kernel makes */
        race(c, written, p, size, mine, true, pc);
    pending = PendingWrite{true, p, size, {}, c, mine, pc};
    memcpy(pending.found, (const void *)p, size);
}

/* The cells of [p, p + size) in an allocation starting at `start`. */
struct Cells {
    uintptr_t first, last;
};

Cells cells_of(uintptr_t start, uintptr_t p, unsigned size)
{
    return Cells{(p - start) / 4, (p + size - 1 - start) / 4};
}

/* Whether the access meets another block's access of this launch that
 * could tell the order of the two: that block wrote the bytes, or this
 * write meets its read. (Blocks that only read the same input cannot.) */
bool touched(const Cell *shadow, uintptr_t start, uintptr_t p, unsigned size, bool write)
{
    uint32_t block = (uint32_t)running_block_number();
    Cells cells = cells_of(start, p, size);
    for (uintptr_t cell = cells.first; cell <= cells.last; cell++)
        for (Side side : {written, read})
            if ((side == written || write) && shadow[cell].generation[side] == generation &&
                shadow[cell].block[side] != 0 && shadow[cell].block[side] != block)
                return true;
    return false;
}

/* Checks an access to the cells of [p, p + size) in shadow for races
 * with other running blocks, then records it. */
void record(Cell *shadow, uintptr_t start, uintptr_t p, unsigned size, uint8_t kind, bool write,
            void *pc)
{
    uint32_t block = (uint32_t)running_block_number();
    Cells cells = cells_of(start, p, size);
    for (uintptr_t cell = cells.first; cell <= cells.last; cell++) {
        uintptr_t first_byte = start + cell * 4;
        unsigned low = p > first_byte ? (unsigned)(p - first_byte) : 0;
        unsigned high = p + size < first_byte + 4 ? (unsigned)(p + size - first_byte) : 4;
        uint8_t mine = (uint8_t)(kind | (((1u << high) - 1) & ~((1u << low) - 1)));
        Cell &c = shadow[cell];
        if (conflicts(c, written, block, mine) && !(write && pending.armed && pending.p == p)) {
            if (!write)
                race(c, written, p, size, mine, write, pc);
            defer_write_race(c, p, size, mine, pc);
        }
        if (write && conflicts(c, read, block, mine))
            race(c, read, p, size, mine, write, pc);
        Side side = write ? written : read;
        c.block[side] = block;
        c.pc[side] = code_offset(pc);
        c.generation[side] = generation;
        c.thread[side] = (uint16_t)running_thread();
        c.flags[side] = mine;
    }
}

/* Whether this access hands the CPU to another block: one time in two
 * where another block could tell (touched), else one time in about
 * 4096, counted down so that most accesses draw nothing. */
bool take_turn(bool touched)
{
    static unsigned countdown = 1;
    if (touched)
        return (switch_random() & 1) == 0;
    if (--countdown > 0)
        return false;
    countdown = 1 + (unsigned)(switch_random() % 8191);
    return true;
}

/* An access of a kernel thread while blocks overlap: a turn for another
 * block first, maybe, then the access is checked and recorded, as it
 * happens right after the hook returns. */
void overlapped_access(uintptr_t p, unsigned size, uint8_t kind, bool write, void *pc)
{
    uintptr_t start;
    Allocation *a = find_allocation(p, &start);
    if (!a)
        return; /* shared memory, the stack: no other block sees it */
    Cell *shadow = shadow_of(*a);
    if (take_turn((kind & strong) || (shadow && touched(shadow, start, p, size, write))))
        yield_block();
    if (shadow)
        record(shadow, start, p, size, kind, write, pc);
    if (write)
        note_write();
    else
        *current_last_read = (const void *)p;
}

/* Every hook: alignment, then the overlapping blocks' part. */
[[maybe_unused]] inline void on_access(void *address, unsigned size, uint8_t kind, bool write, bool aligned,
                      void *pc)
{
    if (!in_kernel_thread)
        return;
    if (pending.armed)
        settle_pending_write();
    uintptr_t p = (uintptr_t)address;
    if (aligned && (p & (size - 1)) != 0)
        misaligned(p, size, write, pc);
    if (overlapping)
        overlapped_access(p, size, kind, write, pc);
}

} // namespace

void settle_pending_write()
{
    if (!pending.armed)
        return;
    pending.armed = false;
    if (memcmp(pending.found, (const void *)pending.p, pending.size) != 0)
        race(pending.cell, written, pending.p, pending.size, pending.mine, true, pending.pc);
}

void track_allocation(const void *start, size_t size)
{
    allocations[(uintptr_t)start] = Allocation{size, nullptr};
    if ((uintptr_t)start < lowest_start)
        lowest_start = (uintptr_t)start;
    if ((uintptr_t)start + size > highest_end)
        highest_end = (uintptr_t)start + size;
    forget_found();
}

void forget_allocation(const void *start)
{
    auto entry = allocations.find((uintptr_t)start);
    if (entry == allocations.end())
        return;
    free_shadow(entry->second);
    allocations.erase(entry);
    forget_found();
}

void begin_overlapped_launch()
{
    if (++generation == 0) { /* wrapped: old records could pass for new ones */
        for (auto &allocation : allocations)
            free_shadow(allocation.second);
        generation = 1;
    }
}

void explain_overlapped_wait(const void *last_read, char *text, size_t size)
{
    unsigned long long unstarted = blocks_total - blocks_started();
    int used = snprintf(text, size, "The %u blocks running at once here (as on a GPU, which "
                        "holds only so many) all wait; %llu of the launch's %llu blocks have "
                        "finished, %llu have not started. ", blocks_resident(),
                        blocks_finished(), blocks_total, unstarted);
    text += used;
    size -= (size_t)used;
    uintptr_t p = (uintptr_t)last_read, start = 0;
    Allocation *a = last_read ? find_allocation(p, &start) : nullptr;
    Cell *shadow = a ? a->shadow : nullptr;
    char place[160];
    describe_place(p, place, sizeof place);
    const Cell *c = shadow ? &shadow[(p - start) / 4] : nullptr;
    if (c && c->generation[written] == generation && c->block[written] != 0) {
        SourceLine there = source_line(c->pc[written]);
        bool running = block_running(c->block[written]);
        snprintf(text, size, "This thread last read %s, which block %s thread %s wrote last, "
                 "at %s:%d, and that block %s: nothing will change that word again (in a "
                 "look-back: a tile waiting for a predecessor's INCLUSIVE value that is "
                 "never published, or a wait that does not end on an AGGREGATE one)",
                 place, block_coords_of(c->block[written]).text,
                 thread_coords(c->thread[written]).text, there.file, there.line,
                 running ? "waits too" : "has finished");
    } else if (last_read && unstarted > 0) {
        snprintf(text, size, "This thread last read %s, which no block of this launch has "
                 "written. A block that waits for one that has not started waits forever, "
                 "here and on a GPU, which starts blocks in no fixed order and only as others "
                 "finish: wait only for blocks that started before this one (number tiles "
                 "with an atomic counter, not blockIdx)", place);
    } else {
        snprintf(text, size, "This thread last read %s, which no block of this launch has "
                 "written, and every block has started: nothing will write it",
                 last_read ? place : "nothing in global memory");
    }
}

} // namespace scanlab_emu

/* ---- The hooks GCC's -fsanitize=thread calls (its ABI, libtsan's names) ----
 * Only in the library without a sanitizer: the race check links libtsan,
 * whose functions these are. */
#if !defined(SCANLAB_EMU_CHECK_MEMORY) && !defined(SCANLAB_EMU_CHECK_RACE)

using scanlab_emu::on_access;
using scanlab_emu::strong;
using scanlab_emu::atomic_access;
#define CALLER __builtin_return_address(0)

#define SCANLAB_EMU_PLAIN_HOOKS(n)                                                              \
    extern "C" void __tsan_read##n(void *p) { on_access(p, n, 0, false, n > 1, CALLER); }    \
    extern "C" void __tsan_write##n(void *p) { on_access(p, n, 0, true, n > 1, CALLER); }    \
    extern "C" void __tsan_unaligned_read##n(void *p) { on_access(p, n, 0, false, false, CALLER); } \
    extern "C" void __tsan_unaligned_write##n(void *p) { on_access(p, n, 0, true, false, CALLER); } \
    extern "C" void __tsan_volatile_read##n(void *p) { on_access(p, n, strong, false, n > 1, CALLER); } \
    extern "C" void __tsan_volatile_write##n(void *p) { on_access(p, n, strong, true, n > 1, CALLER); }
SCANLAB_EMU_PLAIN_HOOKS(1)
SCANLAB_EMU_PLAIN_HOOKS(2)
SCANLAB_EMU_PLAIN_HOOKS(4)
SCANLAB_EMU_PLAIN_HOOKS(8)
SCANLAB_EMU_PLAIN_HOOKS(16)

/* A range (a large aggregate): checked as accesses of up to 16 bytes. */
static void range_access(void *p, unsigned long size, bool write, void *pc)
{
    for (unsigned long done = 0; done < size; done += 16)
        on_access((char *)p + done, size - done < 16 ? (unsigned)(size - done) : 16, 0, write,
                  false, pc);
}
extern "C" void __tsan_read_range(void *p, unsigned long size) { range_access(p, size, false, CALLER); }
extern "C" void __tsan_write_range(void *p, unsigned long size) { range_access(p, size, true, CALLER); }

/* clang 16 and later call these in place of memcpy, memmove and memset
 * (copies of structs among them: int4 v = *p): the ranges' accesses, then
 * the operation, as libtsan does. (Earlier clangs and GCC call the real
 * functions, which no hook sees.) */
extern "C" void *__tsan_memcpy(void *to, const void *from, unsigned long size)
{
    range_access((void *)from, size, false, CALLER);
    range_access(to, size, true, CALLER);
    return memcpy(to, from, size);
}
extern "C" void *__tsan_memmove(void *to, const void *from, unsigned long size)
{
    range_access((void *)from, size, false, CALLER);
    range_access(to, size, true, CALLER);
    return memmove(to, from, size);
}
extern "C" void *__tsan_memset(void *to, int value, unsigned long size)
{
    range_access(to, size, true, CALLER);
    return memset(to, value, size);
}

extern "C" void __tsan_init(void) {}
extern "C" void __tsan_func_entry(void *) {}
extern "C" void __tsan_func_exit(void) {}
extern "C" void __tsan_vptr_update(void **, void *) {}
extern "C" void __tsan_vptr_read(void **) {}
/* __threadfence orders nothing here: every store is seen at once. */
extern "C" void __tsan_atomic_thread_fence(int) {}
extern "C" void __tsan_atomic_signal_fence(int) {}

/* Atomics: the hook (a turn may be handed to another block first), then
 * the operation, whole: no other block runs in between. */
#define SCANLAB_EMU_ATOMIC_HOOKS(bits, T)                                                       \
    extern "C" T __tsan_atomic##bits##_load(const volatile T *a, int)                           \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, false, true, CALLER);            \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                            \
    }                                                                                           \
    extern "C" void __tsan_atomic##bits##_store(volatile T *a, T v, int)                        \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, true, true, CALLER);             \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                               \
    }                                                                                           \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, exchange_n)                                                  \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_add)                                                  \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_sub)                                                  \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_and)                                                  \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_or)                                                   \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_xor)                                                  \
    SCANLAB_EMU_ATOMIC_RMW(bits, T, fetch_nand)                                                 \
    extern "C" int __tsan_atomic##bits##_compare_exchange_strong(volatile T *a, T *expected,    \
                                                                 T v, int, int)                 \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, true, true, CALLER);             \
        return __atomic_compare_exchange_n(a, expected, v, false, __ATOMIC_SEQ_CST,             \
                                           __ATOMIC_SEQ_CST);                                   \
    }                                                                                           \
    extern "C" int __tsan_atomic##bits##_compare_exchange_weak(volatile T *a, T *expected, T v, \
                                                               int, int)                        \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, true, true, CALLER);             \
        return __atomic_compare_exchange_n(a, expected, v, false, __ATOMIC_SEQ_CST,             \
                                           __ATOMIC_SEQ_CST);                                   \
    }                                                                                           \
    extern "C" T __tsan_atomic##bits##_compare_exchange_val(volatile T *a, T expected, T v,     \
                                                            int, int)                           \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, true, true, CALLER);             \
        __atomic_compare_exchange_n(a, &expected, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
        return expected;                                                                        \
    }
/* exchange_n (the builtin's name) hooks __tsan_atomicN_exchange. */
#define SCANLAB_EMU_ATOMIC_NAME(bits, op) SCANLAB_EMU_ATOMIC_NAME_##op(bits)
#define SCANLAB_EMU_ATOMIC_NAME_exchange_n(bits) __tsan_atomic##bits##_exchange
#define SCANLAB_EMU_ATOMIC_NAME_fetch_add(bits) __tsan_atomic##bits##_fetch_add
#define SCANLAB_EMU_ATOMIC_NAME_fetch_sub(bits) __tsan_atomic##bits##_fetch_sub
#define SCANLAB_EMU_ATOMIC_NAME_fetch_and(bits) __tsan_atomic##bits##_fetch_and
#define SCANLAB_EMU_ATOMIC_NAME_fetch_or(bits) __tsan_atomic##bits##_fetch_or
#define SCANLAB_EMU_ATOMIC_NAME_fetch_xor(bits) __tsan_atomic##bits##_fetch_xor
#define SCANLAB_EMU_ATOMIC_NAME_fetch_nand(bits) __tsan_atomic##bits##_fetch_nand
#define SCANLAB_EMU_ATOMIC_RMW(bits, T, op)                                                     \
    extern "C" T SCANLAB_EMU_ATOMIC_NAME(bits, op)(volatile T *a, T v, int)                      \
    {                                                                                           \
        on_access((void *)a, bits / 8, strong | atomic_access, true, true, CALLER);             \
        return __atomic_##op(a, v, __ATOMIC_SEQ_CST);                                           \
    }
SCANLAB_EMU_ATOMIC_HOOKS(8, uint8_t)
SCANLAB_EMU_ATOMIC_HOOKS(16, uint16_t)
SCANLAB_EMU_ATOMIC_HOOKS(32, uint32_t)
SCANLAB_EMU_ATOMIC_HOOKS(64, uint64_t)

#endif
