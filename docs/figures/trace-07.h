/*
 * trace-07.h: the events docs/figures/trace-07.cpp records while the
 * reference of lab 07 runs on the CPU emulator, in the order they happen.
 *
 *   trace_watch(d_temp, bytes);          loads and status words: only here
 *   scan_exclusive_single_pass(...);     runs, recorded
 *   n = trace_take(&events);             what happened since the last take
 */
#ifndef SCANLAB_DOCS_TRACE_07_H
#define SCANLAB_DOCS_TRACE_07_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum trace_kind {
    TRACE_SHUFFLE, /* a lane's __shfl_up_sync */
    TRACE_LOAD16,  /* a 16-byte (int4) load in the watched range */
    TRACE_READ,    /* a volatile 8-byte load in the watched range (a status word) */
    TRACE_WRITE    /* a volatile 8-byte store there */
};

struct trace_event {
    enum trace_kind kind;
    unsigned block, thread; /* blockIdx.x, threadIdx.x */
    long long offset;       /* LOAD16, READ, WRITE: bytes from the watched start */
    long long value;        /* SHUFFLE: the value given; READ, WRITE: the word */
    long long got;          /* SHUFFLE: the value got back */
    int delta;              /* SHUFFLE: its delta */
};

/* Record loads and status words only in [start, start + bytes). */
void trace_watch(const void *start, size_t bytes);

/* The events since the last call, in order; the next call starts afresh. */
size_t trace_take(const struct trace_event **taken);

#ifdef __cplusplus
}
#endif

#endif
