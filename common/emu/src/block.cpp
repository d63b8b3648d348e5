/*
 * block.cpp: runs the threads of one block, one at a time.
 *
 * Contract: a CUDA thread runs without interruption until it exits, waits
 * at __syncthreads, waits at a warp operation, or naps (__nanosleep: it
 * goes on after the block's other runnable threads had their turn).
 * Threads start, and resume after each barrier, in the order
 * SCANLAB_EMU_ORDER selects, so a missing barrier shows up as a wrong
 * result in some order; the blocks of a launch run one at a time in the
 * same kind of order (block_in_order). Misuse is reported with the call
 * site, block and thread, and fails the launch: threads that exit or wait
 * elsewhere while others wait at __syncthreads, warp masks naming lanes
 * that exited or do not exist, deadlocks (at warp operations, and of a
 * block that only naps: it waits for what no thread of the launch will
 * write, since the other blocks have finished or not started).
 *
 * Speed: a thread that never waits needs no stack of its own. A fiber
 * (a "runner") starts threads one after another as plain calls; when one
 * of them waits, the fiber stays with it and the scheduler starts a new
 * runner for the rest. A barrier-free block thus runs as a loop on one
 * fiber, and a kernel with barriers gets one fiber per thread, without
 * knowing in advance which kind a kernel is. (Starting threads in order
 * as calls is the same as running them as fibers in that order: each
 * would run until it exits or waits anyway.) A waiting or finished thread
 * switches straight to the next one in order; the scheduler only steps in
 * when none is left, to release a barrier or end the block.
 *
 * Blocks that overlap (run_blocks_overlapped): as on a GPU, several blocks
 * of a launch are resident at once, and the scheduler switches between
 * them at random (seeded) points: at the end of a block's pass over its
 * threads, and in the middle of a thread, at its global-memory accesses
 * (access.cpp calls yield_block). Each block keeps its own threads,
 * order, barrier and copy of shared memory (launch.cpp swaps the copies
 * in and out); fibers come from one pool. A block that waits for another
 * naps until that one writes; if every resident block only naps, nobody
 * can end the wait: a deadlock, explained with what the napping thread
 * last read (access.cpp knows who wrote it).
 *
 * With the race check, each thread index keeps a fiber of its own, which
 * ThreadSanitizer sees as one thread; barriers and warp operations are
 * told to it as release/acquire, the only ordering between CUDA threads.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <vector>

#include "internal.h"

#if defined(SCANLAB_EMU_CHECK_RACE)
#include <sanitizer/tsan_interface.h>
#endif

namespace scanlab_emu {

/* Whether the launch being run overlaps its blocks (run_blocks_overlapped). */
bool overlapping;
const void *unused_last_read;
const void **current_last_read = &unused_last_read;

namespace {

enum class State : unsigned char { unstarted, running, runnable, at_barrier, at_warp, exited };

struct Thread {
    State state;
    Fiber *fiber;
    Site site; /* where it waits */
    WarpOp op; /* while at a warp operation: */
    unsigned mask;
    int arg, width;
    unsigned long long value, result;
    const void *last_read; /* with blocks overlapping: for the deadlock report */
};

struct Block {
    unsigned n;
    void (*run_thread)(void *);
    void *args;
    std::vector<Thread> threads;
    std::vector<unsigned> order;  /* thread indices in start and resume order */
    unsigned next_start;          /* order[next_start] is the next to start */
    unsigned next_resume;         /* where in order to look for a runnable thread */
    unsigned alive;               /* not exited */
    unsigned at_barrier;
    int passed;                   /* predicates counted by this barrier */
    unsigned barriers;            /* barriers released so far */
    unsigned warp_ops[32];        /* warp operations completed, per warp */
    int barrier_result;
    unsigned current;             /* the running thread */
    Fiber *current_fiber;
    bool failed;
    unsigned long long number;    /* 1, 2, ...: the order in which the launch's blocks started */
    uint3 index;                  /* its blockIdx */
    Fiber *suspended;             /* a thread that yielded to another block mid-run */
    std::vector<char> shared;     /* its shared memory while another block runs */
};

/* The block running now: the only one, or one of the resident ones. */
Block *cur;
/* One slot per block that may be resident at once (one without overlap). */
std::vector<Block> &slots = *new std::vector<Block>(1); /* never destroyed, as in runtime.cpp */
/* __nanosleep calls since any thread started, exited, wrote global memory
 * or passed a barrier. */
unsigned long naps;
/* Fibers free to run new threads, and how many exist. */
std::vector<Fiber *> &idle_fibers = *new std::vector<Fiber *>;
unsigned fibers_created;
/* The blocks of the launch being run: how many have started, finished. */
unsigned long long launch_started, launch_finished;
std::vector<bool> &block_done = *new std::vector<bool>;
Order order_kind = Order::forward;
unsigned long long rng_state;
/* The blocks of a launch in a random order: block k runs k * step + offset
 * (mod their count), a permutation when step and the count are coprime. */
unsigned long long block_step = 1, block_offset = 0;

/* A block that naps this many times while no thread starts, exits or
 * passes a barrier waits for something that will never happen. Warp
 * operations do not count as such events: a warp-wide wait loop passes
 * one (__any_sync) every round. A correct wait loop naps once a pass over
 * the block's runnable threads until one of them makes the store it waits
 * for, which takes as many passes as that thread stops (warp operations,
 * naps) before it: far fewer than 2^20 in these labs. 2^20 naps take
 * about 0.1 s (0.3 s with the race check), so a deadlock is reported at
 * once rather than by the watchdog. */
constexpr unsigned long nap_limit = 1ul << 20;

#if defined(SCANLAB_EMU_CHECK_RACE)
constexpr bool fiber_per_thread = true;
#else
constexpr bool fiber_per_thread = false;
#endif

/* ThreadSanitizer synchronization objects: only their addresses matter.
 * Barriers and warp operations alternate between two objects, so that a
 * thread resuming from one barrier does not acquire what faster threads
 * already released at the next one. */
char block_start, block_end, barrier_sync[2], warp_sync[32][2];

void release(void *sync)
{
#if defined(SCANLAB_EMU_CHECK_RACE)
    __tsan_release(sync);
#else
    (void)sync;
#endif
}

void acquire(void *sync)
{
#if defined(SCANLAB_EMU_CHECK_RACE)
    __tsan_acquire(sync);
#else
    (void)sync;
#endif
}

/* splitmix64: small, seedable, good enough to shuffle threads and to
 * draw the turns of overlapping blocks. Advances *state. */
unsigned long long splitmix64(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

unsigned long long next_random() { return splitmix64(&rng_state); }

void arrange_order()
{
    unsigned n = cur->n;
    for (unsigned k = 0; k < n; k++)
        cur->order[k] = order_kind == Order::reverse ? n - 1 - k : k;
    if (order_kind == Order::random)
        for (unsigned k = n - 1; k > 0; k--)
            std::swap(cur->order[k], cur->order[next_random() % (k + 1)]);
}

void set_coordinates(unsigned t)
{
    if (block_dim.y == 1 && block_dim.z == 1) {
        thread_idx = {t, 0, 0};
        return;
    }
    thread_idx.x = t % block_dim.x;
    thread_idx.y = t / block_dim.x % block_dim.y;
    thread_idx.z = t / (block_dim.x * block_dim.y);
}

/* Makes thread t the running one; its fiber is switched to next. */
void make_current(unsigned t, Fiber *fiber)
{
    current_last_read = &cur->threads[t].last_read;
    cur->current = t;
    cur->current_fiber = fiber;
    cur->threads[t].state = State::running;
    cur->threads[t].fiber = fiber;
    set_coordinates(t);
    note_progress(t);
}

/* The fiber that will start thread t. */
Fiber *take_fiber(unsigned t)
{
    if (fiber_per_thread) {
        Fiber *f = fiber_at(t);
        char name[128];
        snprintf(name, sizeof name, "CUDA block %s thread %s", block_coords().text,
                 thread_coords(t).text);
        name_fiber(f, name);
        return f;
    }
    if (idle_fibers.empty())
        return fiber_at(fibers_created++);
    Fiber *f = idle_fibers.back();
    idle_fibers.pop_back();
    return f;
}

/* Runs thread t on the current fiber until it exits. */
void run_to_exit(unsigned t)
{
    make_current(t, cur->current_fiber);
    naps = 0;
    acquire(&block_start);
    cur->run_thread(cur->args);
    cur->threads[t].state = State::exited;
    cur->alive--;
    naps = 0;
    release(&block_end);
}

/* The fiber to run next, its thread made current: a new runner while
 * threads remain to start, else the next runnable thread in order; or
 * nullptr for the scheduler, when neither is left. */
Fiber *next_fiber()
{
    if (cur->next_start < cur->n) {
        cur->current_fiber = take_fiber(cur->order[cur->next_start]);
        return cur->current_fiber;
    }
    while (cur->next_resume < cur->n) {
        unsigned t = cur->order[cur->next_resume++];
        if (cur->threads[t].state == State::runnable) {
            make_current(t, cur->threads[t].fiber);
            return cur->current_fiber;
        }
    }
    return nullptr;
}

/* From a thread: waits in the given state until resumed. */
void wait(State state)
{
    cur->threads[cur->current].state = state;
    switch_to(next_fiber());
}

} // namespace

/* The error a failed launch leaves sticky (cudaErrorLaunchFailure unless
 * fail_thread named another). */
cudaError_t launch_failure = cudaErrorLaunchFailure;

[[noreturn]] void fail_thread(cudaError_t err)
{
    launch_failure = err;
    cur->failed = true;
    cur->suspended = nullptr;
    switch_to(nullptr);
    abort(); /* unreachable: a failed block resets its fibers */
}

namespace {

[[noreturn]] void fail_in_thread()
{
    fail_thread(cudaErrorLaunchFailure);
}

bool same_site(const Site &x, const Site &y)
{
    return x.line == y.line && (x.what == y.what || strcmp(x.what, y.what) == 0) &&
           (x.file == y.file || strcmp(x.file, y.file) == 0);
}

/* Some thread of the block in the given state, the first in order. */
unsigned find(State state)
{
    for (unsigned t : cur->order)
        if (cur->threads[t].state == state)
            return t;
    return cur->n;
}

/* Threads exited while the others wait at a barrier. A GPU since Volta
 * counts an exited thread as arrived, so such a kernel runs on, and its
 * results may well be right: the tests judge them (a warning, once). The
 * race check, the rubric's line for synchronization, stops there: the
 * same verdict on either backend, whose grade runs the emulator's race
 * check too. True if the launch is stopped. */
bool barrier_skipped_by_exit(const Site &site, unsigned waiting)
{
#if defined(SCANLAB_EMU_CHECK_RACE)
    /* The Programming Guide's rule, which such a barrier breaks. */
    static const char *const barrier_rule =
        "\"__syncthreads() is allowed in conditional code but only if the conditional evaluates "
        "identically across the entire thread block, otherwise the code execution is likely to hang "
        "or produce unintended side effects\" (CUDA C++ Programming Guide, Synchronization Functions)";
    report(site, find(State::exited),
           "divergent %s: this thread exited without reaching it, while thread %s waits there. "
           "%s. Let every thread reach each barrier (keep the threads past n, doing no work) and "
           "return after the last one", site.what, thread_coords(waiting).text, barrier_rule);
    cur->failed = true;
    return true;
#else
    static bool warned = false;
    if (!warned) {
        warned = true;
        report(site, find(State::exited),
               "warning: divergent %s: this thread exited without reaching it, while thread %s "
               "waits there; the kernel goes on as on a GPU, which counts exited threads as "
               "arrived, and the race check (CHECK=race) reports it", site.what,
               thread_coords(waiting).text);
    }
    return false;
#endif
}

/* Releases the barrier if every living thread waits at it; reports a
 * divergent barrier. False if some thread waits elsewhere. */
bool release_barrier()
{
    if (cur->at_barrier == 0 || cur->at_barrier != cur->alive)
        return false;
    unsigned first = find(State::at_barrier);
    const Site &site = cur->threads[first].site;
    if (cur->alive != cur->n && barrier_skipped_by_exit(site, first))
        return true;
    for (unsigned t = 0; t < cur->n; t++) {
        if (cur->threads[t].state == State::exited)
            continue;
        if (!same_site(cur->threads[t].site, site)) {
            const Site &other = cur->threads[t].site;
            report(other, t, "divergent barrier: this thread waits at %s here, while thread %s "
                   "waits at %s at %s:%d", other.what, thread_coords(first).text, site.what,
                   site.file, site.line);
            cur->failed = true;
            return true;
        }
    }
    cur->barrier_result = cur->passed;
    cur->passed = 0;
    cur->at_barrier = 0;
    cur->barriers++;
    naps = 0;
    for (Thread &thread : cur->threads)
        if (thread.state != State::exited)
            thread.state = State::runnable;
    if (order_kind == Order::random)
        arrange_order();
    return true;
}

/* The lane whose value a shuffle returns, by the PTX rules: outside the
 * lane's segment of `width` lanes, a lane keeps its own value. */
unsigned source_lane(WarpOp op, unsigned lane, int arg, int width)
{
    long segment = (32 - width) & 31; /* the lane bits that select the segment */
    long first = lane & segment, last = first | (31 & ~segment), j;
    switch (op) {
    case WarpOp::shfl_up:
        j = (long)lane - (long)(unsigned)arg;
        return j >= first ? (unsigned)j : lane;
    case WarpOp::shfl_down:
        j = (long)lane + (long)(unsigned)arg;
        return j <= last ? (unsigned)j : lane;
    case WarpOp::shfl_xor:
        j = lane ^ (arg & 31);
        return j <= last ? (unsigned)j : lane;
    default:
        j = first | (arg & 31 & ~segment);
        return j <= last ? (unsigned)j : lane;
    }
}

/* Completes the warp operation if every lane of its mask has arrived at
 * one with the same kind and mask. */
void try_complete(unsigned warp, WarpOp op, unsigned mask)
{
    unsigned base = warp * 32;
    unsigned long long ballot = 0;
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(mask >> lane & 1))
            continue;
        if (base + lane >= cur->n)
            return;
        const Thread &other = cur->threads[base + lane];
        if (other.state != State::at_warp || other.op != op ||
            other.mask != mask)
            return;
        ballot |= (unsigned long long)(other.value != 0) << lane;
    }
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(mask >> lane & 1))
            continue;
        Thread &thread = cur->threads[base + lane];
        unsigned src = source_lane(op, lane, thread.arg, thread.width);
        thread.result = op == WarpOp::ballot ? ballot
                        : mask >> src & 1    ? cur->threads[base + src].value
                                             : thread.value;
        thread.state = State::runnable;
    }
    cur->warp_ops[warp]++;
}

/* Explains why the warp operation thread t waits at cannot complete. */
void report_stuck_warp(unsigned t)
{
    const Thread &thread = cur->threads[t];
    unsigned base = t / 32 * 32;
    for (unsigned lane = 0; lane < 32; lane++) {
        unsigned other = base + lane;
        if (!(thread.mask >> lane & 1))
            continue;
        if (other >= cur->n) {
            report(thread.site, t, "%s: mask 0x%08x names lane %u, but the block has only %u "
                   "threads (its last warp is partial)", thread.site.what, thread.mask, lane, cur->n);
            return;
        }
        const Thread &o = cur->threads[other];
        if (o.state == State::exited) {
            report(thread.site, t, "%s: mask 0x%08x names lane %u (thread %s), which has "
                   "exited", thread.site.what, thread.mask, lane, thread_coords(other).text);
            return;
        }
        if (o.state == State::at_barrier || o.op != thread.op || o.mask != thread.mask) {
            report(thread.site, t, "deadlock: %s with mask 0x%08x waits for lane %u "
                   "(thread %s), which waits at %s at %s:%d", thread.site.what, thread.mask,
                   lane, thread_coords(other).text, o.site.what, o.site.file, o.site.line);
            return;
        }
    }
    report(thread.site, t, "deadlock at %s", thread.site.what);
}

/* Where the napping block stands among the launch's blocks, for the
 * deadlock report (blocks one at a time): the blocks it may wait for have
 * finished or not started, and which have not started depends on the
 * order. In forward order every block before it has finished, so it
 * waits for a value they never wrote, not for a block yet to start. */
void explain_block_order(char *text, size_t size)
{
    unsigned long long later = blocks_total - 1 - blocks_before;
    if (blocks_total == 1) {
        snprintf(text, size, "The launch has no other block, and no thread of this one does "
                 "anything but wait");
        return;
    }
    if (order_kind == Order::forward) {
        snprintf(text, size, "Blocks run here one at a time, in index order: the %llu blocks "
                 "before it have finished and the %llu after it have not started. If it "
                 "waits for an earlier block, that block finished without writing what it "
                 "waits for (in a look-back: a tile that never publishes its INCLUSIVE value, "
                 "or a wait that does not end on an AGGREGATE one); if for a later one, that "
                 "one may never start (a GPU starts blocks in no fixed order: wait only for "
                 "blocks that started before this one). SCANLAB_EMU_ORDER=reverse runs the "
                 "blocks overlapped and names the word it waits for", blocks_before, later);
        return;
    }
    const char *which = order_kind == Order::reverse ? " (those with lower indices)" : "";
    snprintf(text, size, "Blocks run here one at a time, in SCANLAB_EMU_ORDER=%s order: %llu "
             "finished before this one, %llu have not started%s. A block that waits for one "
             "that has not started waits forever here, and may on a GPU, which does not start "
             "blocks in index order (nor all at once) either: wait only for blocks that "
             "started earlier (number tiles with an atomic counter, not blockIdx)",
             order_name(), blocks_before, later, which);
}

/* After a failed block: fibers abandoned mid-kernel start afresh. */
void reset_fibers()
{
    idle_fibers.clear();
    for (unsigned i = 0; i < fibers_created; i++) {
        reset_fiber(fiber_at(i));
        if (!fiber_per_thread)
            idle_fibers.push_back(fiber_at(i));
    }
}

/* Makes blk a fresh block of the launch, the number-th to start, at index. */
void start_block(Block &blk, unsigned long long number, uint3 index)
{
    cur = &blk;
    for (Thread &thread : blk.threads)
        thread = Thread{};
    blk.next_start = 0;
    blk.alive = blk.n;
    blk.at_barrier = 0;
    blk.passed = 0;
    blk.barriers = 0;
    for (unsigned &count : blk.warp_ops)
        count = 0;
    blk.failed = false;
    blk.number = number;
    blk.index = index;
    blk.suspended = nullptr;
    naps = 0;
    arrange_order();
    release(&block_start);
}

} // namespace

void set_order(Order order, unsigned long long seed)
{
    order_kind = order;
    rng_state = seed;
}

const char *order_name()
{
    return order_kind == Order::forward ? "forward" : order_kind == Order::reverse ? "reverse" : "random";
}

namespace {

unsigned long long gcd(unsigned long long a, unsigned long long b)
{
    while (b != 0) {
        unsigned long long r = a % b;
        a = b;
        b = r;
    }
    return a;
}

} // namespace

void arrange_blocks(unsigned long long total)
{
    block_step = 1;
    block_offset = 0;
    if (order_kind != Order::random || total < 2)
        return;
    block_offset = next_random() % total;
    block_step = next_random() % total | 1;
    while (gcd(block_step, total) != 1)
        block_step = (block_step + 2) % total;
}

unsigned long long block_in_order(unsigned long long k, unsigned long long total)
{
    switch (order_kind) {
    case Order::reverse:
        return total - 1 - k;
    case Order::random:
        return (unsigned long long)(((unsigned __int128)k * block_step + block_offset) % total);
    default:
        return k;
    }
}

void begin_blocks(unsigned n, void (*run_thread)(void *), void *args)
{
    slots.resize(1);
    cur = &slots[0];
    launch_failure = cudaErrorLaunchFailure;
    cur->n = n;
    cur->run_thread = run_thread;
    cur->args = args;
    cur->threads.resize(n);
    cur->order.resize(n);
    if (fiber_per_thread && fibers_created < n) {
        /* Created here, on the host thread: ThreadSanitizer would see the
         * fiber table grow under one CUDA thread and read under another. */
        fiber_at(n - 1);
        fibers_created = n;
    }
}

bool run_block()
{
    start_block(*cur, blocks_before + 1, block_idx);
    while (!cur->failed && cur->alive > 0) {
        cur->next_resume = 0; /* a pass over the threads, in order */
        if (Fiber *f = next_fiber()) {
            switch_to(f);
        } else if (!release_barrier()) {
            report_stuck_warp(find(State::at_warp));
            cur->failed = true;
        }
    }
    acquire(&block_end);
    if (cur->failed)
        reset_fibers();
    return !cur->failed;
}

/* ---- Blocks that overlap --------------------------------------------------- */

namespace {

/* Where the scheduler switches blocks: its own generator, seeded by
 * SCANLAB_EMU_BLOCKS, so that the thread orders stay what they were. */
unsigned long long switch_state;
/* The block whose shared memory is in place. */
Block *shown;

/* Puts blk's shared memory in place, keeping the previous block's. */
void show(Block *blk)
{
    if (shown == blk)
        return;
    if (shown)
        save_shared_memory(shown->shared.data());
    load_shared_memory(blk->shared.data());
    shown = blk;
}

/* One turn of the running block: its yielded thread goes on, or a pass
 * over its threads in order, or its barrier is released. */
void step_block()
{
    if (Fiber *f = cur->suspended) {
        cur->suspended = nullptr;
        current_last_read = &cur->threads[cur->current].last_read;
        set_coordinates(cur->current);
        note_progress(cur->current);
        switch_to(f);
        return;
    }
    cur->next_resume = 0;
    if (Fiber *f = next_fiber()) {
        switch_to(f);
    } else if (!release_barrier()) {
        report_stuck_warp(find(State::at_warp));
        cur->failed = true;
    }
}

/* Slot blk takes the next block of the launch, in the launch's order. */
void start_next_block(Block &blk, unsigned long long total)
{
    unsigned long long linear = block_in_order(launch_started, total);
    unsigned row = grid_dim.x, rows = grid_dim.y;
    uint3 index = {(unsigned)(linear % row), (unsigned)(linear / row % rows),
                   (unsigned)(linear / ((unsigned long long)row * rows))};
    launch_started++;
    blk.shared.assign(shared_memory_bytes(), (char)poison_byte);
    start_block(blk, launch_started, index);
}

} // namespace


void yield_block()
{
    cur->suspended = cur->current_fiber;
    switch_to(nullptr);
}

unsigned long long running_block_number() { return cur->number; }

unsigned running_thread() { return cur->current; }

bool block_running(unsigned long long number)
{
    return number > 0 && number <= launch_started && !block_done[number - 1];
}

unsigned long long blocks_started() { return launch_started; }

unsigned long long blocks_finished() { return launch_finished; }

unsigned blocks_resident() { return (unsigned)slots.size(); }

void note_write() { naps = 0; }

unsigned long long switch_random() { return splitmix64(&switch_state); }

bool run_blocks_overlapped(unsigned long long total, unsigned resident, unsigned long long seed)
{
    Block model = slots[0];
    slots.assign(total < resident ? total : resident, model);
    block_done.assign(total, false);
    launch_started = launch_finished = 0;
    switch_state = seed;
    shown = nullptr;
    overlapping = true;
    std::vector<Block *> active;
    for (Block &blk : slots) {
        start_next_block(blk, total);
        active.push_back(&blk);
    }
    bool ok = true;
    while (ok && !active.empty()) {
        size_t k = active.size() == 1 ? 0 : switch_random() % active.size();
        show(cur = active[k]);
        block_idx = cur->index;
        step_block();
        ok = !cur->failed;
        if (!ok || cur->alive > 0)
            continue;
        acquire(&block_end);
        block_done[cur->number - 1] = true;
        launch_finished++;
        shown = nullptr; /* its shared memory is not needed any more */
        if (launch_started < total)
            start_next_block(*cur, total);
        else
            active.erase(active.begin() + (long)k);
    }
    overlapping = false;
    if (!ok)
        reset_fibers();
    return ok;
}

void fiber_main()
{
    for (;;) {
        Fiber *self = cur->current_fiber;
        do
            run_to_exit(cur->order[cur->next_start++]);
        while (!fiber_per_thread && cur->next_start < cur->n);
        if (!fiber_per_thread)
            idle_fibers.push_back(self);
        switch_to(next_fiber());
    }
}

int block_barrier(int predicate, Site site)
{
    Thread &thread = cur->threads[cur->current];
    unsigned parity = cur->barriers % 2;
    thread.site = site;
    cur->passed += predicate != 0;
    cur->at_barrier++;
    release(&barrier_sync[parity]);
    wait(State::at_barrier);
    acquire(&barrier_sync[parity]);
    return cur->barrier_result;
}

unsigned long long warp_op(WarpOp op, unsigned mask, unsigned long long value, int arg,
                           int width, Site site)
{
    unsigned t = cur->current, lane = t % 32, warp = t / 32;
    if (!(mask >> lane & 1)) {
        report(site, t, "%s: mask 0x%08x does not name the calling lane %u", site.what, mask,
               lane);
        fail_in_thread();
    }
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
        report(site, t, "%s: width %d is not a power of two from 1 to 32", site.what, width);
        fail_in_thread();
    }
    unsigned parity = cur->warp_ops[warp] % 2;
    cur->threads[t] = Thread{State::at_warp, cur->current_fiber, site, op, mask, arg, width, value, 0,
                             cur->threads[t].last_read};
    release(&warp_sync[warp][parity]);
    try_complete(warp, op, mask);
    switch_to(next_fiber());
    acquire(&warp_sync[warp][parity]);
    return cur->threads[t].result;
}

void nap(Site site)
{
    unsigned t = cur->current;
    cur->threads[t].site = site;
    if (++naps >= nap_limit) {
        char why[1024];
        if (overlapping)
            explain_overlapped_wait(cur->threads[t].last_read, why, sizeof why);
        else
            explain_block_order(why, sizeof why);
        /* The explanation first: the grade shows only the report's start. */
        report(site, t, "deadlock: this thread sleeps in a wait loop that no thread will end. "
               "%s. The blocks called __nanosleep %lu times since a thread last started, "
               "finished%s or passed a barrier", why, naps, overlapping ? ", wrote global memory" : "");
        fail_in_thread();
    }
    wait(State::runnable);
}

unsigned active_mask()
{
    unsigned base = cur->current / 32 * 32, mask = 0;
    for (unsigned lane = 0; lane < 32 && base + lane < cur->n; lane++)
        if (cur->threads[base + lane].state != State::exited)
            mask |= 1u << lane;
    return mask;
}

} // namespace scanlab_emu
