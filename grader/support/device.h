/*
 * device.h: GPU plumbing for tests, so that each test reads as what it
 * checks: make input, run the student's function, compare.
 *
 * Device arrays come with guard zones on both sides. A kernel that writes
 * one element past the end of its output usually corrupts nothing anyone
 * looks at, and passes; here it fails with the index it wrote. A read past
 * the end changes no guard; under AddressSanitizer (the emulator's
 * CHECK=memory) the guards are also poisoned, so a read there stops the
 * test at the kernel's line.
 */
#ifndef GRADER_DEVICE_H
#define GRADER_DEVICE_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "cases.h"

struct device_ints {
    int *d;       /* the n ints the function under test may use */
    int *d_base;  /* the allocation, guards included */
    size_t n;
};

/* What an output array holds before a call (device_ints_unwritten): any
 * of it left where the function may not write is fine, anything else there
 * was written by mistake. */
#define UNWRITTEN 0x0badcafe

/* n ints of host memory (at least one), or the test fails. */
int *host_ints(size_t n);

/* Skip the test (never pass it) when this machine has no CUDA device. */
void require_gpu(void);

/* n ints of device memory filled with a poison pattern, between guards. */
struct device_ints device_ints_new(size_t n);
void device_ints_upload(struct device_ints *array, const int *values);
void device_ints_download(const struct device_ints *array, int *values);
void device_ints_free(struct device_ints *array);

/* n ints on the device holding values[0..n), or all UNWRITTEN. */
struct device_ints device_ints_from(const int *values, size_t n);
struct device_ints device_ints_unwritten(size_t n);

/* An input must come back as it went in (it is const), guards and all. */
void expect_input_unchanged(const struct test_case *c, const char *name,
                            const struct device_ints *array, const int *values);

/* An output: guards intact, expected[0..count) in front, and nothing
 * written after it. */
void expect_output_prefix(const struct test_case *c, const char *name,
                          const struct device_ints *out, const int *expected, size_t count);

/* The guard zones of an allocation of guard + data + guard bytes, seen by
 * AddressSanitizer as poisoned (any access stops the program with its
 * line) or not (the grader reads them, or frees the allocation). They do
 * nothing without AddressSanitizer, and on a real GPU. */
void guards_poison(void *d_base, size_t guard_bytes, size_t data_bytes);
void guards_unpoison(void *d_base, size_t guard_bytes, size_t data_bytes);

/* Fail the test if anything wrote into the guard zones of `array`,
 * naming the array and the first index written outside [0, n). */
void expect_guards_intact(const struct test_case *c, const char *name,
                          const struct device_ints *array);

/* ---- The same on the host: lab 01's functions run on the CPU ---------- */

/* n ints of host memory between guard zones, as device_ints_new makes
 * them on the device: out[n], or out[0] when n = 0,
 * is a guard, so a function that writes one element past the end fails
 * with the index it wrote; under AddressSanitizer (CHECK=memory) the
 * guards are poisoned too, and any access there stops the test at its
 * line. No CUDA call: lab 01's tests never touch the GPU. */
struct host_ints_guarded {
    int *h;       /* the n ints the function under test may use */
    int *h_base;  /* the allocation, guards included */
    size_t n;
    int guard;    /* what its guards hold: each array its own, so in[0]
                   * copied to out[0] at n = 0 still changes a guard */
};

/* Holding values[0..n), or all UNWRITTEN when values is NULL. */
struct host_ints_guarded host_ints_guarded_new(const int *values, size_t n);
void host_ints_guarded_free(struct host_ints_guarded *array);

/* As expect_guards_intact and expect_output_prefix, on the host. */
void expect_host_guards_intact(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *array);
void expect_host_output_prefix(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *out, const int *expected, size_t count);

/* After a student's function returned `returned`: wait for its work.
 * NULL if all went well; else why not, in words, written into why: the
 * error it returned, a kernel's fault, or a CUDA call inside it that
 * failed unreported. */
const char *cuda_failure(cudaError_t returned, char *why, size_t room);

/* After calling a student's GPU function: fail the test if it is still a
 * stub, returned an error, or launched a kernel that failed. */
void expect_cuda_success(const struct test_case *c, cudaError_t returned);

#endif
