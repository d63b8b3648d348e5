/*
 * guarded_buffer.h: an array between two guard zones, on the device or on
 * the host. The grader's test arrays (device.h) and every cudaMalloc of a
 * guarded lab's tests (guarded_malloc.h) are made of it:
 *
 *     base            d                                  d + count * element
 *     [ front guard ][ count elements of `element` bytes ][ back guard ]
 *
 * A guard holds `guard`, its 4 bytes (lowest first) over and over from the
 * zone's start: 0x6a5a5a5a reads 5a 5a 5a 6a 5a 5a 5a 6a ... A write there
 * is found by guarded_buffer_first_written, which names the element
 * nearest the data that changed, as an index from the data's start:
 *
 *     count + 1   the second element past the end
 *     -1          the element just before the start
 *
 * (the zones are read outwards, after first, before second: an element
 * written past the end and one before the start name the one past the end).
 * Under AddressSanitizer the zones are also poisoned while code under test
 * runs, so that a read there stops the program at its line; they are shown
 * only while the grader reads or writes them, and for the free.
 *
 * Contract: nothing here allocates, frees or fails a test. The caller
 * allocates guarded_buffer_bytes() at `base` (cudaMalloc, the runtime's
 * own cudaMalloc under --wrap, malloc), calls guarded_buffer_set_up, and
 * says in its own words what a returned error means. No Criterion: code
 * outside a test program (guarded_malloc.c) uses it too.
 */
#ifndef GRADER_GUARDED_BUFFER_H
#define GRADER_GUARDED_BUFFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#define GUARD_INTS 0x6a5a5a5au /* what an untouched guard of ints or words holds (check.c names it) */
#define GUARD_ZONE_BYTES 256 /* each side; the front one may be a few bytes longer (shift) */
#define POISON 0xa5a5a5a5u   /* what fresh memory holds: under the emulator, and on a GPU
                              * the tests' cudaMalloc (poison_gpu.c, guarded_malloc.c) */
#define GUARD_MAX_SHIFT 15   /* the data at most this many bytes past a 16-byte boundary */

struct guarded_buffer {
    void *d;         /* the data: what the code under test gets */
    uint8_t *base;   /* the allocation: front guard, data, back guard */
    size_t count;    /* elements */
    size_t element;  /* bytes an element: 4 (ints, words) or 1 (bytes) */
    size_t front;    /* guard bytes before the data: GUARD_ZONE_BYTES + a shift */
    size_t back;     /* guard bytes after it: GUARD_ZONE_BYTES, or 0 where the data ends the allocation */
    uint32_t guard;  /* what the guards hold */
    bool on_host;    /* host memory (lab 01): memcpy, never a CUDA call */
};

/* Bytes to allocate: front + count * element + back. */
size_t guarded_buffer_bytes(const struct guarded_buffer *b);

/* Lay b out on base (guarded_buffer_bytes of it), write its guards and
 * its data (values, or `fill` over and over from the data's start when
 * values is NULL), and poison the guards. */
cudaError_t guarded_buffer_set_up(struct guarded_buffer *b, void *base, const void *values, uint32_t fill);

/* The data in from values, or out to values (count * element bytes). */
cudaError_t guarded_buffer_copy_in(const struct guarded_buffer *b, const void *values);
cudaError_t guarded_buffer_copy_out(const struct guarded_buffer *b, void *values);

/* *written: whether any guard byte changed; if so *at is the element
 * nearest the data that did (see above). The zones are left as found. */
cudaError_t guarded_buffer_first_written(const struct guarded_buffer *b, bool *written, long long *at);

/* Both zones as new again, and poisoned. */
cudaError_t guarded_buffer_mend(const struct guarded_buffer *b);

/* The zones unpoisoned, for the caller's free of b->base. */
void guarded_buffer_release(const struct guarded_buffer *b);

#endif
