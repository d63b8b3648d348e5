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

/* The first guard that changed, as an index relative to array->d; 0 if none. */
static int first_bad_guard(const struct device_ints *array, long *index)
{
    int guards[2 * GUARD_INTS];
    guards_unpoison(array->d_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    expect_cuda_ok(cudaMemcpy(guards, array->d_base, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
    expect_cuda_ok(cudaMemcpy(guards + GUARD_INTS, array->d + array->n, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
    guards_poison(array->d_base, GUARD_INTS * sizeof(int), array->n * sizeof(int));
    for (long i = 0; i < GUARD_INTS; i++) {
        if (guards[GUARD_INTS + i] != GUARD_VALUE) {
            *index = (long)array->n + i;
            return 1;
        }
        if (guards[GUARD_INTS - 1 - i] != GUARD_VALUE) {
            *index = -1 - i;
            return 1;
        }
    }
    return 0;
}

void expect_guards_intact(const struct test_case *c, const char *name, const struct device_ints *array)
{
    long index;
    if (first_bad_guard(array, &index))
        fail_case(c, "wrote outside %s: index %ld changed, but only indices 0..%ld exist",
                  name, index, (long)array->n - 1);
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

void expect_output_prefix(const struct test_case *c, const char *name,
                          const struct device_ints *out, const int *expected, size_t count)
{
    expect_guards_intact(c, name, out);
    int *got = host_ints(out->n);
    device_ints_download(out, got);
    expect_same_ints(c, name, expected, got, count);
    for (size_t i = count; i < out->n; i++)
        if (got[i] != UNWRITTEN)
            fail_case(c, "%s[%zu] was written (%d), past the %zu it should hold: only %s[0..%zu) may be written",
                      name, i, got[i], count, name, count);
    free(got);
}
