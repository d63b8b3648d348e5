/*
 * device.h: GPU plumbing for tests, so that each test reads as what it
 * checks: make input, run the student's function, compare.
 *
 * Every array a test hands a function is one guarded buffer
 * (guarded_buffer.h): its data between guard zones of 256 bytes. A kernel
 * that writes one element past the end of its output usually corrupts
 * nothing anyone looks at, and passes; here it fails with the index it
 * wrote. A read past the end changes no guard; under AddressSanitizer (the
 * emulator's CHECK=memory) the guards are also poisoned, so a read there
 * stops the test at the kernel's line.
 *
 * One buffer, typed views: a view is the buffer and its data as the
 * function under test takes it (x.d), made by the view's constructor;
 * the rest works on the buffer (&x.buffer), whatever the view (the ints
 * view, which most labs use, keeps its shorthands: device_ints_free,
 * expect_output_prefix, ...):
 *
 *     struct device_ints   int *d       labs 02-07, ints, told by index
 *     struct device_words  uint32_t *d  lab 06, 32-bit words, told by index
 *     struct device_bytes  uint8_t *d   lab 08, bytes, told by byte
 *     struct host_ints_guarded  int *h  lab 01, on the host: no CUDA call
 *
 * A guard written fails the case (check.h: fail_case) with what is there:
 *
 *     wrote outside d_out: index 257 changed, but only indices 0..256 exist
 *     d_raw: byte 1028 was written, past the end of its 1028 bytes
 */
#ifndef GRADER_DEVICE_H
#define GRADER_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "cases.h"
#include "check.h"
#include "guarded_buffer.h"
#include "host.h"

/* What an output array holds before a call (device_ints_unwritten): any
 * of it left where the function may not write is fine, anything else there
 * was written by mistake. */
#define UNWRITTEN 0x0badcafe

/* Skip the test (never pass it) when this machine has no CUDA device. */
void require_gpu(void);

/* ---- The buffer ----------------------------------------------------------- */

/* A new buffer: its elements, where they lie, what its guards hold. */
struct buffer_spec {
    size_t count, element; /* count elements of `element` bytes (1 or 4) */
    const void *values;    /* what the data holds; NULL: `fill` over and over */
    uint32_t fill;
    uint32_t guard;        /* what the guards hold */
    size_t shift;          /* the data this many bytes past a 16-byte boundary (bytes only) */
    bool ends_allocation;  /* no back guard: a read past the data leaves the allocation */
    bool on_host;          /* host memory (lab 01) */
};

struct guarded_buffer guarded_buffer_new(const struct buffer_spec *spec);
void guarded_buffer_free(struct guarded_buffer *b);

/* The data from the host, back to it, or (read) into a new host array. */
void guarded_buffer_upload(const struct guarded_buffer *b, const void *values);
void guarded_buffer_download(const struct guarded_buffer *b, void *values);
void *guarded_buffer_read(const struct guarded_buffer *b);

/* Fail the case if anything wrote into the guards of `name`, naming the
 * first element (or byte) written outside it; then as
 * expect_allocations_intact. */
void expect_buffer_guards_intact(const struct test_case *c, const char *name, const struct guarded_buffer *b);

/* Fail the case if CALL (NULL: the case's function) wrote outside an
 * array that it allocated itself, where every cudaMalloc lies between
 * guard zones (guarded_malloc.h): "scan_exclusive_tiled wrote outside one
 * of the device arrays it allocated: a device array of 4100 4-byte
 * elements ... was written at element 4100 (byte 16400), past its end". */
void expect_allocations_intact(const struct test_case *c, const char *call);

/* The data (host_alloc'd), once its guards are found intact. */
void *guarded_buffer_read_checked(const struct test_case *c, const char *name, const struct guarded_buffer *b);

/* An input must come back as it went in (it is const), guards and all:
 * "d_in was changed (it is const): first mismatch at index 3: ..." in the
 * style given; a byte buffer tells the byte, "d_raw was changed at byte
 * 5, from 0x01 to 0x00 (it is const)" (style unused). */
void expect_buffer_unchanged(const struct test_case *c, const char *name, const struct guarded_buffer *b,
                             const void *values, enum value_style style);

/* ---- The views ------------------------------------------------------------ */

struct device_ints {
    int *d;
    struct guarded_buffer buffer;
};

struct device_words {
    uint32_t *d;
    struct guarded_buffer buffer;
};

struct device_bytes {
    uint8_t *d;
    struct guarded_buffer buffer;
};

/* n ints between guards: POISON (new), holding values[0..n) (from), or
 * all UNWRITTEN (unwritten). */
struct device_ints device_ints_new(size_t n);
struct device_ints device_ints_from(const int *values, size_t n);
struct device_ints device_ints_unwritten(size_t n);

/* n words between guards, holding values, or `fill` everywhere if NULL. */
struct device_words device_words_new(size_t n, const uint32_t *values, uint32_t fill);

/* `bytes` bytes holding data (or the byte `fill` everywhere if NULL),
 * `shift` bytes past a 16-byte boundary, ending the allocation when
 * ends_allocation (an input: CHECK=memory then sees a read past it). */
struct device_bytes device_bytes_new(const void *data, size_t bytes, uint8_t fill, size_t shift,
                                     bool ends_allocation);

/* The bytes, as guarded_buffer_read_checked reads them. */
uint8_t *device_bytes_read(const struct test_case *c, const char *name, const struct device_bytes *b);

/* The views' shorthands, on their buffers. */
void device_words_free(struct device_words *array);
void device_bytes_free(struct device_bytes *array);
void device_ints_upload(struct device_ints *array, const int *values);
void device_ints_download(const struct device_ints *array, int *values);
void device_ints_free(struct device_ints *array);
void expect_guards_intact(const struct test_case *c, const char *name, const struct device_ints *array);
void expect_input_unchanged(const struct test_case *c, const char *name,
                            const struct device_ints *array, const int *values);

/* An output: guards intact, expected[0..count) in front, and nothing
 * written after it. */
void expect_output_prefix(const struct test_case *c, const char *name,
                          const struct device_ints *out, const int *expected, size_t count);

/* ---- The same on the host: lab 01's functions run on the CPU ---------- */

/* n ints of host memory between guard zones, as device_ints_new makes
 * them on the device: out[n], or out[0] when n = 0, is a guard, so a
 * function that writes one element past the end fails with the index it
 * wrote. Each array's guards hold a value of their own, so in[0] copied
 * to out[0] at n = 0 still changes a guard. */
struct host_ints_guarded {
    int *h;
    struct guarded_buffer buffer;
};

/* Holding values[0..n), or all UNWRITTEN when values is NULL. */
struct host_ints_guarded host_ints_guarded_new(const int *values, size_t n);
void host_ints_guarded_free(struct host_ints_guarded *array);

/* As expect_guards_intact and expect_output_prefix, on the host. */
void expect_host_guards_intact(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *array);
void expect_host_output_prefix(const struct test_case *c, const char *name,
                               const struct host_ints_guarded *out, const int *expected, size_t count);

/* ---- After a call ---------------------------------------------------------- */

/* After a student's function returned `returned`: wait for its work.
 * NULL if all went well; else why not, in words, written into why: the
 * error it returned, a kernel's fault, or a CUDA call inside it that
 * failed unreported. */
const char *cuda_failure(cudaError_t returned, char *why, size_t room);

/* After calling a student's GPU function: fail the case if it is still a
 * stub, returned an error, or launched a kernel that failed; `what` (or
 * NULL) heads the reason. */
void expect_call_success(const struct test_case *c, const char *what, cudaError_t returned);
void expect_cuda_success(const struct test_case *c, cudaError_t returned); /* what NULL */

#endif
