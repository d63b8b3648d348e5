/*
 * device.c: see device.h.
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

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
    cudaFree(array->d_base);
    array->d = array->d_base = NULL;
}

/* The first guard that changed, as an index relative to array->d; 0 if none. */
static int first_bad_guard(const struct device_ints *array, long *index)
{
    int guards[2 * GUARD_INTS];
    expect_cuda_ok(cudaMemcpy(guards, array->d_base, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
    expect_cuda_ok(cudaMemcpy(guards + GUARD_INTS, array->d + array->n, GUARD_INTS * sizeof(int), cudaMemcpyDeviceToHost), "guard check");
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

void expect_cuda_success(const struct test_case *c, cudaError_t returned)
{
    expect_implemented();
    if (returned != cudaSuccess)
        fail_case(c, "returned %s (%s)", cudaGetErrorName(returned), cudaGetErrorString(returned));
    cudaError_t err = cudaDeviceSynchronize();
    if (err == cudaSuccess)
        err = cudaGetLastError();
    if (err != cudaSuccess)
        fail_case(c, "a kernel failed: %s (%s)", cudaGetErrorName(err), cudaGetErrorString(err));
}
