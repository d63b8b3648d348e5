/*
 * trace-07.cpp: what the reference of lab 07 does inside its kernels, as
 * the CPU emulator runs them, for the figures of the lab 07 chapter
 * (docs/figures/examples-07.c prints them).
 *
 * Contract: docs/figure-data.sh links examples-07 with
 *
 *   -Wl,--wrap=_ZN11scanlab_emu7warp_opENS_6WarpOpEjyiiNS_4SiteE
 *   -Wl,--wrap=__tsan_read16
 *   -Wl,--wrap=__tsan_volatile_read8 -Wl,--wrap=__tsan_volatile_write8
 *
 * so that the calls that solutions/07-single-pass-scan/single_pass_scan.cu
 * compiles to, for each warp operation (scanlab_emu::warp_op) and before
 * each 16-byte load and each volatile 8-byte load and store (the hooks
 * nvcc-emu instruments every access with: common/emu/src/access.cpp),
 * come here first. Each wrapper calls the emulator's own function, so the
 * kernel runs exactly as without the tracer, and records an event:
 *
 *   TRACE_SHUFFLE  a lane's __shfl_up_sync: its delta, the value it gave
 *                  and the value it got back;
 *   TRACE_LOAD16   a 16-byte load (an int4) in the watched range: where;
 *   TRACE_READ, TRACE_WRITE  a volatile 8-byte load or store (a status
 *                  word) in the watched range: where, and the word.
 *
 * Each event also names the CUDA block and thread (x only: lab 07's
 * launches are one-dimensional). Events are recorded in the order the
 * accesses happen: after the emulator's hook returns (it may hand the CPU
 * to another block first), the access itself follows at once. A store's
 * word is read back at the next event, or by trace_take, once it has been
 * stored. Nothing is computed here. This file is compiled by g++ without
 * the access hooks: its own loads and stores are the tracer's, not the
 * kernel's.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "scanlab_emu/runtime.h"

#include "trace-07.h"

namespace {

constexpr size_t most_events = 1 << 18;
trace_event events[most_events];
size_t recorded;
const char *watched_start; /* TRACE_LOAD16, TRACE_READ, TRACE_WRITE: only here */
size_t watched_bytes;
trace_event *unstored; /* a TRACE_WRITE whose word is not read back yet */

void read_back_store()
{
    if (unstored != nullptr)
        unstored->value = (long long)*(const uint64_t *)(watched_start + unstored->offset);
    unstored = nullptr;
}

trace_event *record(trace_kind kind)
{
    read_back_store();
    if (recorded == most_events) {
        fprintf(stderr, "trace-07: more than %zu events; trace a smaller run\n", most_events);
        exit(1);
    }
    trace_event *e = &events[recorded++];
    *e = trace_event{kind, scanlab_emu::block_idx.x, scanlab_emu::thread_idx.x, 0, 0, 0, 0};
    return e;
}

/* The byte offset of p in the watched range, or -1. */
long long watched_offset(const void *p)
{
    const char *c = (const char *)p;
    if (watched_start == nullptr || c < watched_start || c >= watched_start + watched_bytes)
        return -1;
    return c - watched_start;
}

} // namespace

extern "C" void trace_watch(const void *start, size_t bytes)
{
    read_back_store();
    watched_start = (const char *)start;
    watched_bytes = bytes;
}

extern "C" size_t trace_take(const trace_event **taken)
{
    read_back_store();
    *taken = events;
    size_t count = recorded;
    recorded = 0;
    return count;
}

/* ---- The wrapped functions (see the contract above) ---------------------- */

namespace scanlab_emu {
extern "C" unsigned long long __real__ZN11scanlab_emu7warp_opENS_6WarpOpEjyiiNS_4SiteE(
    WarpOp op, unsigned mask, unsigned long long value, int arg, int width, Site site);
extern "C" unsigned long long __wrap__ZN11scanlab_emu7warp_opENS_6WarpOpEjyiiNS_4SiteE(
    WarpOp op, unsigned mask, unsigned long long value, int arg, int width, Site site)
{
    unsigned long long got =
        __real__ZN11scanlab_emu7warp_opENS_6WarpOpEjyiiNS_4SiteE(op, mask, value, arg, width, site);
    if (op == WarpOp::shfl_up) {
        trace_event *e = record(TRACE_SHUFFLE);
        e->delta = arg;
        e->value = (int)(unsigned)value;
        e->got = (int)(unsigned)got;
    }
    return got;
}
} // namespace scanlab_emu

extern "C" {
void __real___tsan_read16(void *p);
void __real___tsan_volatile_read8(void *p);
void __real___tsan_volatile_write8(void *p);

void __wrap___tsan_read16(void *p)
{
    __real___tsan_read16(p);
    long long offset = watched_offset(p);
    if (offset >= 0)
        record(TRACE_LOAD16)->offset = offset;
}

void __wrap___tsan_volatile_read8(void *p)
{
    __real___tsan_volatile_read8(p);
    long long offset = watched_offset(p);
    if (offset < 0)
        return;
    trace_event *e = record(TRACE_READ);
    e->offset = offset;
    e->value = (long long)*(const uint64_t *)p; /* what the load about to run reads */
}

void __wrap___tsan_volatile_write8(void *p)
{
    __real___tsan_volatile_write8(p);
    long long offset = watched_offset(p);
    if (offset < 0)
        return;
    unstored = record(TRACE_WRITE);
    unstored->offset = offset;
}
}
