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
 * and is listed until it is freed. Not thread-safe: the tests and the
 * functions they call allocate from one thread.
 */
#include <stdint.h>
#include <stdio.h>

#include <sanitizer/asan_interface.h>

#include "guarded_malloc.h"

#define GUARD GUARDED_MALLOC_GUARD
#define GUARD_BYTE 0x3c /* what an untouched zone holds */
#define POISON_BYTE 0xa5 /* what a new array holds, as under the emulator */
#define MOST_LIVE 64    /* allocations listed at once; past that, unguarded */

cudaError_t __real_cudaMalloc(void **dev_ptr, size_t size);
cudaError_t __real_cudaFree(void *dev_ptr);
cudaError_t __wrap_cudaMalloc(void **dev_ptr, size_t size);
cudaError_t __wrap_cudaFree(void *dev_ptr);

struct guarded {
    uint8_t *base; /* what the runtime returned: the front zone's start */
    size_t bytes;  /* what the caller asked for */
};

static struct guarded live[MOST_LIVE];
static size_t live_count;
static char found_at_free[256]; /* a zone found written when its allocation was freed */

/* The ASAN_ macros compile to nothing without AddressSanitizer. */
static void zones_hide(const struct guarded *g)
{
    ASAN_POISON_MEMORY_REGION(g->base, GUARD);
    ASAN_POISON_MEMORY_REGION(g->base + GUARD + g->bytes, GUARD);
}

static void zones_show(const struct guarded *g)
{
    ASAN_UNPOISON_MEMORY_REGION(g->base, GUARD);
    ASAN_UNPOISON_MEMORY_REGION(g->base + GUARD + g->bytes, GUARD);
}

/* Both zones set to GUARD_BYTE (zones shown), and the array between them
 * to the emulator's poison byte, on a GPU too (as poison_gpu.c does for
 * the labs without guards): fresh memory is garbage, never zero. */
static cudaError_t zones_fill(const struct guarded *g)
{
    cudaError_t err = cudaMemset(g->base, GUARD_BYTE, GUARD);
    if (err == cudaSuccess)
        err = cudaMemset(g->base + GUARD, POISON_BYTE, g->bytes);
    return err != cudaSuccess ? err : cudaMemset(g->base + GUARD + g->bytes, GUARD_BYTE, GUARD);
}

/* "a device array of 257 4-byte elements (1028 bytes, from cudaMalloc)
 * was written at element 257 (byte 1028), past its end": `at` counts
 * bytes from the array's start, negative before it. */
static void say_written(const struct guarded *g, long long at, char *why, size_t room)
{
    const char *where = at < 0 ? "before its start" : "past its end";
    if (g->bytes % 4 == 0)
        snprintf(why, room, "a device array of %zu 4-byte elements (%zu bytes, from cudaMalloc) was written at"
                 " element %lld (byte %lld), %s", g->bytes / 4, g->bytes, at < 0 ? (at - 3) / 4 : at / 4, at, where);
    else
        snprintf(why, room, "a device array of %zu bytes (from cudaMalloc) was written at byte %lld, %s", g->bytes,
                 at, where);
}

/* 1 and why if a byte of g's zones changed (the byte nearest the array is
 * named, and the zones are made whole again), 0 if none did or they cannot
 * be read (a kernel's fault makes every later copy fail: the test says so
 * by itself). */
static int zones_written(const struct guarded *g, char *why, size_t room)
{
    uint8_t front[GUARD], back[GUARD];
    int written = 0;
    zones_show(g);
    if (cudaMemcpy(front, g->base, GUARD, cudaMemcpyDeviceToHost) == cudaSuccess &&
        cudaMemcpy(back, g->base + GUARD + g->bytes, GUARD, cudaMemcpyDeviceToHost) == cudaSuccess) {
        for (size_t i = 0; !written && i < GUARD; i++) {
            if (back[i] != GUARD_BYTE) {
                say_written(g, (long long)(g->bytes + i), why, room);
                written = 1;
            } else if (front[GUARD - 1 - i] != GUARD_BYTE) {
                say_written(g, -1 - (long long)i, why, room);
                written = 1;
            }
        }
    }
    if (written)
        zones_fill(g);
    zones_hide(g);
    return written;
}

cudaError_t __wrap_cudaMalloc(void **dev_ptr, size_t size)
{
    if (dev_ptr == NULL || size == 0 || live_count == MOST_LIVE)
        return __real_cudaMalloc(dev_ptr, size);
    struct guarded g = {NULL, size};
    cudaError_t err = __real_cudaMalloc((void **)&g.base, size + 2 * GUARD);
    if (err == cudaSuccess && (err = zones_fill(&g)) != cudaSuccess)
        __real_cudaFree(g.base);
    if (err != cudaSuccess) {
        *dev_ptr = NULL;
        return err;
    }
    zones_hide(&g);
    live[live_count++] = g;
    *dev_ptr = g.base + GUARD;
    return cudaSuccess;
}

cudaError_t __wrap_cudaFree(void *dev_ptr)
{
    for (size_t k = 0; dev_ptr != NULL && k < live_count; k++) {
        struct guarded g = live[k];
        if (g.base + GUARD != dev_ptr)
            continue;
        char why[sizeof found_at_free - 32];
        if (found_at_free[0] == '\0' && zones_written(&g, why, sizeof why))
            snprintf(found_at_free, sizeof found_at_free, "%s (found when it was freed)", why);
        zones_show(&g);
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
