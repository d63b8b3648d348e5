/*
 * device.c: see device.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>
#include <sanitizer/asan_interface.h>

#include "check.h"
#include "device.h"

#define GUARD_INTS 64              /* 256 bytes on each side */
#define GUARD_VALUE 0x6a5a5a5a     /* what an untouched guard holds */
#define POISON_BYTE 0xa5           /* what an unwritten output holds */

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

struct device_ints device_ints_new(size_t n)
{
    struct device_ints array = {NULL, NULL, n};
    size_t total = n + 2 * GUARD_INTS;
    expect_cuda_ok(cudaMalloc((void **)&array.d_base, total * sizeof(int)), "cudaMalloc of a test array");
    array.d = array.d_base + GUARD_INTS;
    int *guards = malloc(GUARD_INTS * sizeof(int));
    cr_assert(guards != NULL, "grader: out of host memory");
    for (size_t i = 0; i < GUARD_INTS; i++)
        guards[i] = GUARD_VALUE;
    expect_cuda_ok(cudaMemcpy(array.d_base, guards, GUARD_INTS * sizeof(int), cudaMemcpyHostToDevice), "guard setup");
    expect_cuda_ok(cudaMemcpy(array.d + n, guards, GUARD_INTS * sizeof(int), cudaMemcpyHostToDevice), "guard setup");
    expect_cuda_ok(cudaMemset(array.d, POISON_BYTE, n * sizeof(int)), "poisoning a test array");
    free(guards);
    guards_poison(array.d_base, GUARD_INTS * sizeof(int), n * sizeof(int));
    return array;
}

/* The ASAN_ macros compile to nothing without AddressSanitizer. */
void guards_poison(void *d_base, size_t guard_bytes, size_t data_bytes)
{
    char *base = d_base;
    ASAN_POISON_MEMORY_REGION(base, guard_bytes);
    ASAN_POISON_MEMORY_REGION(base + guard_bytes + data_bytes, guard_bytes);
}

void guards_unpoison(void *d_base, size_t guard_bytes, size_t data_bytes)
{
    char *base = d_base;
    ASAN_UNPOISON_MEMORY_REGION(base, guard_bytes);
    ASAN_UNPOISON_MEMORY_REGION(base + guard_bytes + data_bytes, guard_bytes);
}

int *host_ints(size_t n)
{
    int *values = malloc((n > 0 ? n : 1) * sizeof(int));
    cr_assert(values != NULL, "grader: out of host memory");
    return values;
}

struct device_ints device_ints_from(const int *values, size_t n)
{
    struct device_ints array = device_ints_new(n);
    device_ints_upload(&array, values);
    return array;
}

struct device_ints device_ints_unwritten(size_t n)
{
    int *values = host_ints(n);
    for (size_t i = 0; i < n; i++)
        values[i] = UNWRITTEN;
    struct device_ints array = device_ints_from(values, n);
    free(values);
    return array;
}

void device_ints_upload(struct device_ints *array, const int *values)
{
    expect_cuda_ok(cudaMemcpy(array->d, values, array->n * sizeof(int), cudaMemcpyHostToDevice), "copy to the GPU");
}

void device_ints_download(const struct device_ints *array, int *values)
{
    expect_cuda_ok(cudaMemcpy(values, array->d, array->n * sizeof(int), cudaMemcpyDeviceToHost), "copy from the GPU");
}

void device_ints_free(struct device_ints *array)
{
    guards_unpoison(array->d_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    cudaFree(array->d_base);
    array->d = array->d_base = NULL;
}

/* The first guard that changed, as an index relative to the data: front
 * and back hold the GUARD_INTS guards before and after its n ints, each
 * `guard` when untouched. 0 if none changed. */
static int first_changed_guard(const int *front, const int *back, size_t n, int guard, long *index)
{
    for (long i = 0; i < GUARD_INTS; i++) {
        if (back[i] != guard) {
            *index = (long)n + i;
            return 1;
        }
        if (front[GUARD_INTS - 1 - i] != guard) {
            *index = -1 - i;
            return 1;
        }
    }
    return 0;
}

static int first_bad_guard(const struct device_ints *array, long *index)
{
    int guards[2 * GUARD_INTS];
    guards_unpoison(array->d_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    expect_cuda_ok(cudaMemcpy(guards, array->d_base, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
    expect_cuda_ok(cudaMemcpy(guards + GUARD_INTS, array->d + array->n, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
    guards_poison(array->d_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    return first_changed_guard(guards, guards + GUARD_INTS, array->n, GUARD_VALUE, index);
}

/* "wrote outside d_out: index 257 changed, but only indices 0..256 exist" */
static void fail_outside(const struct test_case *c, const char *name, long index, size_t n)
{
    if (n == 0)
        fail_case(c, "wrote outside %s: index %ld changed, but n = 0: %s has no elements, and nothing may be written",
                  name, index, name);
    fail_case(c, "wrote outside %s: index %ld changed, but only indices 0..%zu exist", name, index, n - 1);
}

void expect_guards_intact(const struct test_case *c, const char *name, const struct device_ints *array)
{
    long index;
    if (first_bad_guard(array, &index))
        fail_outside(c, name, index, array->n);
}

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

void expect_cuda_success(const struct test_case *c, cudaError_t returned)
{
    expect_implemented();
    char why[512];
    if (cuda_failure(returned, why, sizeof why))
        fail_case(c, "%s", why);
}

void expect_input_unchanged(const struct test_case *c, const char *name,
                            const struct device_ints *array, const int *values)
{
    expect_guards_intact(c, name, array);
    int *got = host_ints(array->n);
    device_ints_download(array, got);
    char what[96];
    snprintf(what, sizeof what, "%s was changed (it is const)", name);
    expect_same_ints(c, what, values, got, array->n);
    free(got);
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
    expect_guards_intact(c, name, out);
    int *got = host_ints(out->n);
    device_ints_download(out, got);
    expect_prefix_then_unwritten(c, name, got, out->n, expected, count);
    free(got);
}

/* ---- Host arrays between guards ---------------------------------------- */

/* GUARD_VALUE, then GUARD_VALUE + 1, ...: the guards of the arrays of one
 * case differ. */
static int next_host_guard(void)
{
    static unsigned arrays;
    return GUARD_VALUE + (int)(arrays++ % 256);
}

struct host_ints_guarded host_ints_guarded_new(const int *values, size_t n)
{
    struct host_ints_guarded array = {NULL, host_ints(n + 2 * GUARD_INTS), n, next_host_guard()};
    array.h = array.h_base + GUARD_INTS;
    for (size_t i = 0; i < GUARD_INTS; i++)
        array.h_base[i] = array.h[n + i] = array.guard;
    for (size_t i = 0; i < n; i++)
        array.h[i] = values != NULL ? values[i] : UNWRITTEN;
    guards_poison(array.h_base, GUARD_INTS * sizeof(int), n * sizeof(int));
    return array;
}

void host_ints_guarded_free(struct host_ints_guarded *array)
{
    guards_unpoison(array->h_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    free(array->h_base);
    array->h = array->h_base = NULL;
}

void expect_host_guards_intact(const struct test_case *c, const char *name, const struct host_ints_guarded *array)
{
    long index;
    guards_unpoison(array->h_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    int changed = first_changed_guard(array->h_base, array->h + array->n, array->n, array->guard, &index);
    guards_poison(array->h_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    if (changed)
        fail_outside(c, name, index, array->n);
}

void expect_host_output_prefix(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *out, const int *expected, size_t count)
{
    expect_host_guards_intact(c, name, out);
    expect_prefix_then_unwritten(c, name, out->h, out->n, expected, count);
}
