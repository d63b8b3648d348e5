/*
 * guarded_malloc.h: every device allocation of a test program between
 * guard zones, the student's own included.
 *
 * The grader's arrays have guard zones (device.h), but the arrays a
 * function allocates for itself do not: lab 08's decoder keeps scratch
 * arrays of n elements, and a payload that says it has n + 1 runs makes
 * a decoder that trusts it write one symbol past its array, where no
 * test looked. A program linked with guarded_malloc.c and
 *
 *     -Xlinker --wrap=cudaMalloc -Xlinker --wrap=cudaFree
 *
 * (GUARDED_NN-name in its lab.mk) gets every cudaMalloc between two zones
 * of GUARDED_MALLOC_GUARD bytes holding a known byte (a guarded buffer,
 * guarded_buffer.h, as the grader's own arrays are), poisoned for
 * AddressSanitizer (CHECK=memory under the emulator), and the data as
 * aligned as cudaMalloc's. After a call, guarded_malloc_overrun says
 * whether anything wrote into a zone, in words:
 *
 *     byte 1028 of a 1028-byte device allocation (257 4-byte elements)
 *     was written: the first byte past its end
 *
 * A zone is also read when its allocation is freed (the student's
 * temporary arrays), and what it found is told at the next check. A
 * write that lands past a zone's 256 bytes is not seen; a read into one
 * is seen only by AddressSanitizer.
 */
#ifndef GRADER_GUARDED_MALLOC_H
#define GRADER_GUARDED_MALLOC_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#define GUARDED_MALLOC_GUARD 256 /* bytes each side: cudaMalloc's alignment kept */

/* 1 and why (the first allocation written outside its bytes since the last
 * call, its zones made whole again), or 0. Code that also runs in programs
 * without guarded_malloc.c (make run's driver, the fast tests) declares it
 * weak there (#pragma weak guarded_malloc_overrun): it is then NULL, and
 * the check is skipped. The definition is strong, so a second one (a
 * student's, to silence the check) fails the link. */
int guarded_malloc_overrun(char *why, size_t room);

#endif
