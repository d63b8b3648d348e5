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
    unsigned long naps;           /* __nanosleep calls since a thread started, exited or passed a barrier */
    std::vector<Fiber *> idle;    /* fibers free to run new threads */
    unsigned fibers;              /* fibers created so far */
};

Block b;
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

/* splitmix64: small, seedable, good enough to shuffle threads. */
unsigned long long next_random()
{
    unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void arrange_order()
{
    unsigned n = b.n;
    for (unsigned k = 0; k < n; k++)
        b.order[k] = order_kind == Order::reverse ? n - 1 - k : k;
    if (order_kind == Order::random)
        for (unsigned k = n - 1; k > 0; k--)
            std::swap(b.order[k], b.order[next_random() % (k + 1)]);
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
    b.current = t;
    b.current_fiber = fiber;
    b.threads[t].state = State::running;
    b.threads[t].fiber = fiber;
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
    if (b.idle.empty())
        return fiber_at(b.fibers++);
    Fiber *f = b.idle.back();
    b.idle.pop_back();
    return f;
}

/* Runs thread t on the current fiber until it exits. */
void run_to_exit(unsigned t)
{
    make_current(t, b.current_fiber);
    b.naps = 0;
    acquire(&block_start);
    b.run_thread(b.args);
    b.threads[t].state = State::exited;
    b.alive--;
    b.naps = 0;
    release(&block_end);
}

/* The fiber to run next, its thread made current: a new runner while
 * threads remain to start, else the next runnable thread in order; or
 * nullptr for the scheduler, when neither is left. */
Fiber *next_fiber()
{
    if (b.next_start < b.n) {
        b.current_fiber = take_fiber(b.order[b.next_start]);
        return b.current_fiber;
    }
    while (b.next_resume < b.n) {
        unsigned t = b.order[b.next_resume++];
        if (b.threads[t].state == State::runnable) {
            make_current(t, b.threads[t].fiber);
            return b.current_fiber;
        }
    }
    return nullptr;
}

/* From a thread: waits in the given state until resumed. */
void wait(State state)
{
    b.threads[b.current].state = state;
    switch_to(next_fiber());
}

/* From a thread whose check failed: never returns (the fiber is reset). */
[[noreturn]] void fail_in_thread()
{
    b.failed = true;
    switch_to(nullptr);
    abort(); /* unreachable: a failed block resets its fibers */
}

bool same_site(const Site &x, const Site &y)
{
    return x.line == y.line && (x.what == y.what || strcmp(x.what, y.what) == 0) &&
           (x.file == y.file || strcmp(x.file, y.file) == 0);
}

/* Some thread of the block in the given state, the first in order. */
unsigned find(State state)
{
    for (unsigned t : b.order)
        if (b.threads[t].state == state)
            return t;
    return b.n;
}

/* Releases the barrier if every living thread waits at it; reports a
 * divergent barrier. False if some thread waits elsewhere. */
bool release_barrier()
{
    if (b.at_barrier == 0 || b.at_barrier != b.alive)
        return false;
    unsigned first = find(State::at_barrier);
    const Site &site = b.threads[first].site;
    if (b.alive != b.n) {
        report(site, find(State::exited),
               "divergent %s: this thread exited without reaching it, while thread %s "
               "waits there",
               site.what, thread_coords(first).text);
        b.failed = true;
        return true;
    }
    for (unsigned t = 0; t < b.n; t++) {
        if (!same_site(b.threads[t].site, site)) {
            const Site &other = b.threads[t].site;
            report(other, t, "divergent barrier: this thread waits at %s here, while thread %s "
                   "waits at %s at %s:%d", other.what, thread_coords(first).text, site.what,
                   site.file, site.line);
            b.failed = true;
            return true;
        }
    }
    b.barrier_result = b.passed;
    b.passed = 0;
    b.at_barrier = 0;
    b.barriers++;
    b.naps = 0;
    for (Thread &thread : b.threads)
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
        if (base + lane >= b.n)
            return;
        const Thread &other = b.threads[base + lane];
        if (other.state != State::at_warp || other.op != op ||
            other.mask != mask)
            return;
        ballot |= (unsigned long long)(other.value != 0) << lane;
    }
    for (unsigned lane = 0; lane < 32; lane++) {
        if (!(mask >> lane & 1))
            continue;
        Thread &thread = b.threads[base + lane];
        unsigned src = source_lane(op, lane, thread.arg, thread.width);
        thread.result = op == WarpOp::ballot ? ballot
                        : mask >> src & 1    ? b.threads[base + src].value
                                             : thread.value;
        thread.state = State::runnable;
    }
    b.warp_ops[warp]++;
}

/* Explains why the warp operation thread t waits at cannot complete. */
void report_stuck_warp(unsigned t)
{
    const Thread &thread = b.threads[t];
    unsigned base = t / 32 * 32;
    for (unsigned lane = 0; lane < 32; lane++) {
        unsigned other = base + lane;
        if (!(thread.mask >> lane & 1))
            continue;
        if (other >= b.n) {
            report(thread.site, t, "%s: mask 0x%08x names lane %u, but the block has only %u "
                   "threads (its last warp is partial)", thread.site.what, thread.mask, lane, b.n);
            return;
        }
        const Thread &o = b.threads[other];
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
 * deadlock report: the blocks it may wait for have finished or not
 * started, and which have not started depends on the order. */
void explain_block_order(char *text, size_t size)
{
    unsigned long long later = blocks_total - 1 - blocks_before;
    if (blocks_total == 1) {
        snprintf(text, size, "The launch has no other block, and no thread of this one does "
                 "anything but wait");
        return;
    }
    if (later == 0) {
        snprintf(text, size, "Blocks run here one at a time, and the launch's %llu other "
                 "blocks finished before this one: only this block could end the wait",
                 blocks_total - 1);
        return;
    }
    const char *which = order_kind == Order::forward   ? " (those with higher indices)"
                        : order_kind == Order::reverse ? " (those with lower indices)"
                                                       : "";
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
    b.idle.clear();
    for (unsigned i = 0; i < b.fibers; i++) {
        reset_fiber(fiber_at(i));
        if (!fiber_per_thread)
            b.idle.push_back(fiber_at(i));
    }
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
    b.n = n;
    b.run_thread = run_thread;
    b.args = args;
    b.threads.resize(n);
    b.order.resize(n);
    if (fiber_per_thread && b.fibers < n) {
        /* Created here, on the host thread: ThreadSanitizer would see the
         * fiber table grow under one CUDA thread and read under another. */
        fiber_at(n - 1);
        b.fibers = n;
    }
}

bool run_block()
{
    for (Thread &thread : b.threads)
        thread = Thread{};
    b.next_start = 0;
    b.alive = b.n;
    b.at_barrier = 0;
    b.passed = 0;
    b.barriers = 0;
    for (unsigned &count : b.warp_ops)
        count = 0;
    b.failed = false;
    b.naps = 0;
    arrange_order();
    release(&block_start);
    while (!b.failed && b.alive > 0) {
        b.next_resume = 0; /* a pass over the threads, in order */
        if (Fiber *f = next_fiber()) {
            switch_to(f);
        } else if (!release_barrier()) {
            report_stuck_warp(find(State::at_warp));
            b.failed = true;
        }
    }
    acquire(&block_end);
    if (b.failed)
        reset_fibers();
    return !b.failed;
}

void fiber_main()
{
    for (;;) {
        Fiber *self = b.current_fiber;
        do
            run_to_exit(b.order[b.next_start++]);
        while (!fiber_per_thread && b.next_start < b.n);
        if (!fiber_per_thread)
            b.idle.push_back(self);
        switch_to(next_fiber());
    }
}

int block_barrier(int predicate, Site site)
{
    Thread &thread = b.threads[b.current];
    unsigned parity = b.barriers % 2;
    thread.site = site;
    b.passed += predicate != 0;
    b.at_barrier++;
    release(&barrier_sync[parity]);
    wait(State::at_barrier);
    acquire(&barrier_sync[parity]);
    return b.barrier_result;
}

unsigned long long warp_op(WarpOp op, unsigned mask, unsigned long long value, int arg,
                           int width, Site site)
{
    unsigned t = b.current, lane = t % 32, warp = t / 32;
    if (!(mask >> lane & 1)) {
        report(site, t, "%s: mask 0x%08x does not name the calling lane %u", site.what, mask,
               lane);
        fail_in_thread();
    }
    if (width < 1 || width > 32 || (width & (width - 1)) != 0) {
        report(site, t, "%s: width %d is not a power of two from 1 to 32", site.what, width);
        fail_in_thread();
    }
    unsigned parity = b.warp_ops[warp] % 2;
    b.threads[t] = Thread{State::at_warp, b.current_fiber, site, op, mask, arg, width, value, 0};
    release(&warp_sync[warp][parity]);
    try_complete(warp, op, mask);
    switch_to(next_fiber());
    acquire(&warp_sync[warp][parity]);
    return b.threads[t].result;
}

void nap(Site site)
{
    unsigned t = b.current;
    b.threads[t].site = site;
    if (++b.naps >= nap_limit) {
        char why[512];
        explain_block_order(why, sizeof why);
        /* The explanation first: the grade shows only the report's start. */
        report(site, t, "deadlock: this thread sleeps in a wait loop that no thread will end. "
               "%s. This block called __nanosleep %lu times since a thread last started, "
               "finished or passed a barrier", why, b.naps);
        fail_in_thread();
    }
    wait(State::runnable);
}

unsigned active_mask()
{
    unsigned base = b.current / 32 * 32, mask = 0;
    for (unsigned lane = 0; lane < 32 && base + lane < b.n; lane++)
        if (b.threads[base + lane].state != State::exited)
            mask |= 1u << lane;
    return mask;
}

} // namespace scanlab_emu
