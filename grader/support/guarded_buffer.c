/*
 * guarded_buffer.c: see guarded_buffer.h.
 */
#include <stdlib.h>
#include <string.h>

#include <sanitizer/asan_interface.h>

#include "guarded_buffer.h"
#include "host.h"

#define ZONE_MOST (GUARD_ZONE_BYTES + GUARD_MAX_SHIFT)

size_t guarded_buffer_bytes(const struct guarded_buffer *b)
{
    return b->front + b->count * b->element + b->back;
}

static uint8_t *back_zone(const struct guarded_buffer *b)
{
    return (uint8_t *)b->d + b->count * b->element;
}

/* The ASAN_ macros compile to nothing without AddressSanitizer. */
static void zones_hide(const struct guarded_buffer *b)
{
    ASAN_POISON_MEMORY_REGION(b->base, b->front);
    ASAN_POISON_MEMORY_REGION(back_zone(b), b->back);
}

static void zones_show(const struct guarded_buffer *b)
{
    ASAN_UNPOISON_MEMORY_REGION(b->base, b->front);
    ASAN_UNPOISON_MEMORY_REGION(back_zone(b), b->back);
}

/* bytes[0..count) = pattern's 4 bytes, lowest first, over and over. */
static void pattern_fill(uint8_t *bytes, size_t count, uint32_t pattern)
{
    for (size_t i = 0; i < count; i++)
        bytes[i] = (uint8_t)(pattern >> (8 * (i % 4)));
}

static cudaError_t copy(const struct guarded_buffer *b, void *to, const void *from, size_t bytes,
                        enum cudaMemcpyKind kind)
{
    if (!b->on_host)
        return cudaMemcpy(to, from, bytes, kind);
    if (bytes > 0)
        memcpy(to, from, bytes);
    return cudaSuccess;
}

/* Both zones hold the guard (shown while written; left shown). */
static cudaError_t zones_write(const struct guarded_buffer *b)
{
    uint8_t zone[ZONE_MOST];
    pattern_fill(zone, sizeof zone, b->guard);
    zones_show(b);
    cudaError_t err = copy(b, b->base, zone, b->front, cudaMemcpyHostToDevice);
    return err != cudaSuccess ? err : copy(b, back_zone(b), zone, b->back, cudaMemcpyHostToDevice);
}

/* The data holds `fill` over and over: one cudaMemset when its 4 bytes
 * are one byte (the poison 0xa5a5a5a5), else a copy of a host image
 * (UNWRITTEN, 0x0badcafe). */
static cudaError_t data_fill(const struct guarded_buffer *b, uint32_t fill)
{
    size_t bytes = b->count * b->element;
    if (b->on_host) {
        pattern_fill(b->d, bytes, fill);
        return cudaSuccess;
    }
    if (fill == (fill & 0xff) * 0x01010101u)
        return cudaMemset(b->d, (int)(fill & 0xff), bytes);
    uint8_t *image = host_alloc(bytes, 1);
    pattern_fill(image, bytes, fill);
    cudaError_t err = guarded_buffer_copy_in(b, image);
    free(image);
    return err;
}

cudaError_t guarded_buffer_set_up(struct guarded_buffer *b, void *base, const void *values, uint32_t fill)
{
    if (b->front > ZONE_MOST || b->back > GUARD_ZONE_BYTES || b->front % b->element != 0 ||
        b->back % b->element != 0)
        return cudaErrorInvalidValue;
    b->base = base;
    b->d = b->base + b->front;
    cudaError_t err = zones_write(b);
    if (err == cudaSuccess)
        err = values != NULL ? guarded_buffer_copy_in(b, values) : data_fill(b, fill);
    zones_hide(b);
    return err;
}

cudaError_t guarded_buffer_copy_in(const struct guarded_buffer *b, const void *values)
{
    return copy(b, b->d, values, b->count * b->element, cudaMemcpyHostToDevice);
}

cudaError_t guarded_buffer_copy_out(const struct guarded_buffer *b, void *values)
{
    return copy(b, values, b->d, b->count * b->element, cudaMemcpyDeviceToHost);
}

/* Element i of a zone (of e bytes) differs from the guard's. */
static bool changed(const uint8_t *zone, const uint8_t *guard, size_t i, size_t e)
{
    return memcmp(zone + i * e, guard + i * e, e) != 0;
}

cudaError_t guarded_buffer_first_written(const struct guarded_buffer *b, bool *written, long long *at)
{
    uint8_t front[ZONE_MOST], back[ZONE_MOST], guard[ZONE_MOST];
    zones_show(b);
    cudaError_t err = copy(b, front, b->base, b->front, cudaMemcpyDeviceToHost);
    if (err == cudaSuccess)
        err = copy(b, back, back_zone(b), b->back, cudaMemcpyDeviceToHost);
    zones_hide(b);
    *written = false;
    if (err != cudaSuccess)
        return err;
    pattern_fill(guard, sizeof guard, b->guard);
    size_t e = b->element, front_count = b->front / e, back_count = b->back / e;
    for (size_t i = 0; !*written && (i < front_count || i < back_count); i++) {
        if (i < back_count && changed(back, guard, i, e)) {
            *at = (long long)(b->count + i);
            *written = true;
        } else if (i < front_count && changed(front, guard, front_count - 1 - i, e)) {
            *at = -1 - (long long)i;
            *written = true;
        }
    }
    return cudaSuccess;
}

cudaError_t guarded_buffer_mend(const struct guarded_buffer *b)
{
    cudaError_t err = zones_write(b);
    zones_hide(b);
    return err;
}

void guarded_buffer_release(const struct guarded_buffer *b)
{
    zones_show(b);
}
