/*
 * guarded_malloc.c: see guarded_malloc.h.
 *
 * The linker's --wrap sends every call of cudaMalloc and cudaFree in the
 * program to __wrap_cudaMalloc and __wrap_cudaFree here, and the names
 * __real_cudaMalloc and __real_cudaFree to the runtime's own. One
 * allocation of n bytes becomes
 *
 *     base                   base + GUARD           + n
 *     [ GUARD bytes of 0x3c ][ the n bytes returned ][ GUARD bytes of 0x3c ]
 *
 * and is listed until it is freed: a guarded buffer (guarded_buffer.h),
 * whose zones the grader's own test arrays have too. Not thread-safe: the
 * tests and the functions they call allocate from one thread.
 */
#include <stdint.h>
#include <stdio.h>

#include "guarded_buffer.h"
#include "guarded_malloc.h"

#define GUARD_BYTE 0x3c  /* what an untouched zone holds */
#define MOST_LIVE 64     /* allocations listed at once; past that, unguarded */

cudaError_t __real_cudaMalloc(void **dev_ptr, size_t size);
cudaError_t __real_cudaFree(void *dev_ptr);
cudaError_t __wrap_cudaMalloc(void **dev_ptr, size_t size);
cudaError_t __wrap_cudaFree(void *dev_ptr);

/* Each a buffer of `bytes` bytes (guarded_buffer.h: element 1), its base
 * what the runtime returned. */
static struct guarded_buffer live[MOST_LIVE];
static size_t live_count;
static char found_at_free[256]; /* a zone found written when its allocation was freed */

/* "a device array of 257 4-byte elements (1028 bytes, from cudaMalloc)
 * was written at element 257 (byte 1028), past its end": `at` counts
 * bytes from the array's start, negative before it. */
static void say_written(const struct guarded_buffer *g, long long at, char *why, size_t room)
{
    const char *where = at < 0 ? "before its start" : "past its end";
    if (g->count % 4 == 0)
        snprintf(why, room, "a device array of %zu 4-byte elements (%zu bytes, from cudaMalloc) was written at"
                 " element %lld (byte %lld), %s", g->count / 4, g->count, at < 0 ? (at - 3) / 4 : at / 4, at, where);
    else
        snprintf(why, room, "a device array of %zu bytes (from cudaMalloc) was written at byte %lld, %s", g->count,
                 at, where);
}

/* 1 and why if a byte of g's zones changed (the byte nearest the array is
 * named, and the zones are made whole again), 0 if none did or they cannot
 * be read (a kernel's fault makes every later copy fail: the test says so
 * by itself). */
static int zones_written(const struct guarded_buffer *g, char *why, size_t room)
{
    bool written = false;
    long long at = 0;
    if (guarded_buffer_first_written(g, &written, &at) != cudaSuccess || !written)
        return 0;
    say_written(g, at, why, room);
    guarded_buffer_mend(g);
    return 1;
}

cudaError_t __wrap_cudaMalloc(void **dev_ptr, size_t size)
{
    if (dev_ptr == NULL || size == 0 || live_count == MOST_LIVE)
        return __real_cudaMalloc(dev_ptr, size);
    struct guarded_buffer g = {NULL, NULL, size, 1, GUARDED_MALLOC_GUARD, GUARDED_MALLOC_GUARD,
                               GUARD_BYTE * 0x01010101u, false};
    void *base = NULL;
    cudaError_t err = __real_cudaMalloc(&base, guarded_buffer_bytes(&g));
    if (err == cudaSuccess && (err = guarded_buffer_set_up(&g, base, NULL, POISON)) != cudaSuccess) {
        guarded_buffer_release(&g);
        __real_cudaFree(base);
    }
    if (err != cudaSuccess) {
        *dev_ptr = NULL;
        return err;
    }
    live[live_count++] = g;
    *dev_ptr = g.d;
    return cudaSuccess;
}

cudaError_t __wrap_cudaFree(void *dev_ptr)
{
    for (size_t k = 0; dev_ptr != NULL && k < live_count; k++) {
        struct guarded_buffer g = live[k];
        if (g.d != dev_ptr)
            continue;
        char why[sizeof found_at_free - 32];
        if (found_at_free[0] == '\0' && zones_written(&g, why, sizeof why))
            snprintf(found_at_free, sizeof found_at_free, "%s (found when it was freed)", why);
        guarded_buffer_release(&g);
        live[k] = live[--live_count];
        return __real_cudaFree(g.base);
    }
    return __real_cudaFree(dev_ptr);
}

int guarded_malloc_overrun(char *why, size_t room)
{
    if (found_at_free[0] != '\0') {
        snprintf(why, room, "%s", found_at_free);
        found_at_free[0] = '\0';
        return 1;
    }
    for (size_t k = 0; k < live_count; k++)
        if (zones_written(&live[k], why, room))
            return 1;
    return 0;
}
