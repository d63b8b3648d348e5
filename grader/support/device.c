/*
 * device.c: see device.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "guarded_malloc.h"

#define GUARD_BYTES 0x5a5a5a5au /* what an untouched guard of bytes holds (GUARD_INTS: of ints) */

void require_gpu(void)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0)
        cr_skip_test("no GPU: %s (grade without one: make grade BACKEND=emu)",
                     err != cudaSuccess ? cudaGetErrorString(err) : "no CUDA device");
}

static void expect_cuda_ok(cudaError_t err, const char *what)
{
    if (err != cudaSuccess)
        cr_assert_fail("grader: %s failed: %s (%s)", what, cudaGetErrorName(err), cudaGetErrorString(err));
}

/* ---- The buffer ----------------------------------------------------------- */

struct guarded_buffer guarded_buffer_new(const struct buffer_spec *spec)
{
    struct guarded_buffer b = {NULL, NULL, spec->count, spec->element, GUARD_ZONE_BYTES + spec->shift,
                               spec->ends_allocation ? 0 : GUARD_ZONE_BYTES, spec->guard, spec->on_host};
    void *base;
    if (b.on_host)
        base = host_alloc(guarded_buffer_bytes(&b), 1);
    else
        expect_cuda_ok(cudaMalloc(&base, guarded_buffer_bytes(&b)), "cudaMalloc of a test array");
    expect_cuda_ok(guarded_buffer_set_up(&b, base, spec->values, spec->fill), "setting up a test array");
    return b;
}

void guarded_buffer_free(struct guarded_buffer *b)
{
    guarded_buffer_release(b);
    if (b->on_host)
        free(b->base);
    else
        cudaFree(b->base);
    b->d = b->base = NULL;
}

void guarded_buffer_upload(const struct guarded_buffer *b, const void *values)
{
    expect_cuda_ok(guarded_buffer_copy_in(b, values), "copy to the GPU");
}

void guarded_buffer_download(const struct guarded_buffer *b, void *values)
{
    expect_cuda_ok(guarded_buffer_copy_out(b, values), "copy from the GPU");
}

void *guarded_buffer_read(const struct guarded_buffer *b)
{
    void *values = host_alloc(b->count, b->element);
    guarded_buffer_download(b, values);
    return values;
}

/* "wrote outside d_out: index 257 changed, but only indices 0..256 exist";
 * a byte buffer: "d_raw: byte 1028 was written, past the end of its 1028
 * bytes". */
static void fail_outside(const struct test_case *c, const char *name, const struct guarded_buffer *b,
                         long long at)
{
    if (b->element == 1 && at < 0)
        fail_case(c, "%s: byte -%lld was written, before its start", name, -at);
    if (b->element == 1)
        fail_case(c, "%s: byte %lld was written, past the end of its %zu bytes", name, at, b->count);
    if (b->count == 0)
        fail_case(c, "wrote outside %s: index %lld changed, but n = 0: %s has no elements, and nothing may be "
                  "written", name, at, name);
    fail_case(c, "wrote outside %s: index %lld changed, but only indices 0..%zu exist", name, at, b->count - 1);
}

/* Linked into the tests of the labs whose manifest says GUARDED_NN-name
 * (guarded_malloc.h): NULL elsewhere (macOS, whose linker cannot wrap
 * cudaMalloc; the fast tests). */
#pragma weak guarded_malloc_overrun

void expect_allocations_intact(const struct test_case *c, const char *call)
{
    char why[320];
    if (guarded_malloc_overrun != NULL && guarded_malloc_overrun(why, sizeof why))
        fail_case(c, "%s wrote outside one of the device arrays it allocated: %s. Check the size each array is"
                  " allocated with against the largest index its kernels use (at this n)", call != NULL ? call :
                  c->function, why);
}

void expect_buffer_guards_intact(const struct test_case *c, const char *name, const struct guarded_buffer *b)
{
    bool written;
    long long at;
    expect_cuda_ok(guarded_buffer_first_written(b, &written, &at), "guard check");
    if (written)
        fail_outside(c, name, b, at);
    expect_allocations_intact(c, NULL);
}

void *guarded_buffer_read_checked(const struct test_case *c, const char *name, const struct guarded_buffer *b)
{
    expect_buffer_guards_intact(c, name, b);
    return guarded_buffer_read(b);
}

/* "d_raw was changed at byte 5, from 0x01 to 0x00 (it is const)" */
static void expect_same_bytes(const struct test_case *c, const char *name, const uint8_t *values,
                              const uint8_t *got, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (got[i] != values[i])
            fail_case(c, "%s was changed at byte %zu, from 0x%02x to 0x%02x (it is const)", name, i, values[i],
                      got[i]);
}

void expect_buffer_unchanged(const struct test_case *c, const char *name, const struct guarded_buffer *b,
                             const void *values, enum value_style style)
{
    void *got = guarded_buffer_read_checked(c, name, b);
    char what[96];
    snprintf(what, sizeof what, "%s was changed (it is const)", name);
    if (b->element == 1)
        expect_same_bytes(c, name, values, got, b->count);
    else
        expect_same_values(c, what, values, got, b->count, style);
    free(got);
}

/* ---- The views ------------------------------------------------------------ */

static struct device_ints ints_of(size_t n, const int *values, uint32_t fill)
{
    struct buffer_spec spec = {.count = n, .element = sizeof(int), .values = values, .fill = fill,
                               .guard = GUARD_INTS};
    struct device_ints array = {NULL, guarded_buffer_new(&spec)};
    array.d = array.buffer.d;
    return array;
}

struct device_ints device_ints_new(size_t n)
{
    return ints_of(n, NULL, POISON);
}

struct device_ints device_ints_from(const int *values, size_t n)
{
    return ints_of(n, values, 0);
}

struct device_ints device_ints_unwritten(size_t n)
{
    return ints_of(n, NULL, UNWRITTEN);
}

struct device_words device_words_new(size_t n, const uint32_t *values, uint32_t fill)
{
    struct buffer_spec spec = {.count = n, .element = sizeof(uint32_t), .values = values, .fill = fill,
                               .guard = GUARD_INTS};
    struct device_words array = {NULL, guarded_buffer_new(&spec)};
    array.d = array.buffer.d;
    return array;
}

struct device_bytes device_bytes_new(const void *data, size_t bytes, uint8_t fill, size_t shift,
                                     bool ends_allocation)
{
    struct buffer_spec spec = {.count = bytes, .element = 1, .values = data, .fill = fill * 0x01010101u,
                               .guard = GUARD_BYTES, .shift = shift, .ends_allocation = ends_allocation};
    struct device_bytes array = {NULL, guarded_buffer_new(&spec)};
    array.d = array.buffer.d;
    return array;
}

uint8_t *device_bytes_read(const struct test_case *c, const char *name, const struct device_bytes *b)
{
    return guarded_buffer_read_checked(c, name, &b->buffer);
}

void device_words_free(struct device_words *array)
{
    guarded_buffer_free(&array->buffer);
    array->d = NULL;
}

void device_bytes_free(struct device_bytes *array)
{
    guarded_buffer_free(&array->buffer);
    array->d = NULL;
}

void device_ints_upload(struct device_ints *array, const int *values)
{
    guarded_buffer_upload(&array->buffer, values);
}

void device_ints_download(const struct device_ints *array, int *values)
{
    guarded_buffer_download(&array->buffer, values);
}

void device_ints_free(struct device_ints *array)
{
    guarded_buffer_free(&array->buffer);
    array->d = NULL;
}

void expect_guards_intact(const struct test_case *c, const char *name, const struct device_ints *array)
{
    expect_buffer_guards_intact(c, name, &array->buffer);
}

void expect_input_unchanged(const struct test_case *c, const char *name,
                            const struct device_ints *array, const int *values)
{
    expect_buffer_unchanged(c, name, &array->buffer, values, VALUES_DECIMAL);
}

/* got[0..count) as expected, and got[count..n) still UNWRITTEN. */
static void expect_prefix_then_unwritten(const struct test_case *c, const char *name, const int *got, size_t n,
                                         const int *expected, size_t count)
{
    expect_same_ints(c, name, expected, got, count);
    for (size_t i = count; i < n; i++)
        if (got[i] != UNWRITTEN)
            fail_case(c, "%s[%zu] was written (%d), past the %zu it should hold: only %s[0..%zu) may be written",
                      name, i, got[i], count, name, count);
}

void expect_output_prefix(const struct test_case *c, const char *name,
                          const struct device_ints *out, const int *expected, size_t count)
{
    int *got = guarded_buffer_read_checked(c, name, &out->buffer);
    expect_prefix_then_unwritten(c, name, got, out->buffer.count, expected, count);
    free(got);
}

/* ---- Host arrays between guards ---------------------------------------- */

/* GUARD_INTS, then GUARD_INTS + 1, ...: the guards of the arrays of one
 * case differ. */
static uint32_t next_host_guard(void)
{
    static unsigned arrays;
    return GUARD_INTS + arrays++ % 256;
}

struct host_ints_guarded host_ints_guarded_new(const int *values, size_t n)
{
    struct buffer_spec spec = {.count = n, .element = sizeof(int), .values = values, .fill = UNWRITTEN,
                               .guard = next_host_guard(), .on_host = true};
    struct host_ints_guarded array = {NULL, guarded_buffer_new(&spec)};
    array.h = array.buffer.d;
    return array;
}

void host_ints_guarded_free(struct host_ints_guarded *array)
{
    guarded_buffer_free(&array->buffer);
    array->h = NULL;
}

void expect_host_guards_intact(const struct test_case *c, const char *name, const struct host_ints_guarded *array)
{
    expect_buffer_guards_intact(c, name, &array->buffer);
}

void expect_host_output_prefix(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *out, const int *expected, size_t count)
{
    expect_host_guards_intact(c, name, out);
    expect_prefix_then_unwritten(c, name, out->h, out->buffer.count, expected, count);
}

/* ---- After a call ---------------------------------------------------------- */

const char *cuda_failure(cudaError_t returned, char *why, size_t room)
{
    if (returned != cudaSuccess) {
        snprintf(why, room, "returned %s (%s)", cudaGetErrorName(returned), cudaGetErrorString(returned));
        return why;
    }
    cudaError_t err = cudaDeviceSynchronize();
    if (err == cudaSuccess)
        err = cudaGetLastError();
    if (err == cudaSuccess)
        return NULL;
    /* An allocation that failed inside the function is no kernel's fault:
     * say so, with the two usual causes. */
    snprintf(why, room, "%s: %s (%s)",
             err == cudaErrorMemoryAllocation
                 ? "out of device memory inside the function (an allocation too large, or one "
                   "on every call and never freed?)"
                 : "a kernel failed",
             cudaGetErrorName(err), cudaGetErrorString(err));
    return why;
}

void expect_call_success(const struct test_case *c, const char *what, cudaError_t returned)
{
    expect_implemented();
    char why[512];
    if (cuda_failure(returned, why, sizeof why))
        fail_case(c, "%s%s%s", what != NULL ? what : "", what != NULL ? ": " : "", why);
}

void expect_cuda_success(const struct test_case *c, cudaError_t returned)
{
    expect_call_success(c, NULL, returned);
}
