/*
 * host.h: the grader's one host allocator.
 *
 * Every host array of the grader (a test's inputs and expected outputs,
 * the oracles' results, a guarded array of lab 01) comes from host_alloc:
 * never NULL, never zero bytes (a size of 0 gets one, so that n = 0 needs
 * no special case), and a count * size too large for a size_t is out of
 * memory, not a short array.
 *
 * Out of memory, a test program fails the test (check.c defines
 * host_out_of_memory with Criterion); a program without Criterion (make
 * run's drivers, the perf programs, the benchmarks) prints the same words
 * and exits with status 1.
 */
#ifndef GRADER_HOST_H
#define GRADER_HOST_H

#include <stddef.h>

/* count elements of `size` bytes, from malloc (free() them). */
void *host_alloc(size_t count, size_t size);

/* n ints (at least one), or the test fails. */
int *host_ints(size_t n);

/* In a test program, the test fails with `words`; declared weak where it
 * is called, so that programs without Criterion link without it. */
void host_out_of_memory(const char *words) __attribute__((noreturn));

#endif
