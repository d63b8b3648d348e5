/*
 * print.h: what the lab drivers (make run) share: reading the command
 * line, moving arrays to and from the GPU, and printing them in rows.
 *
 *   $ make run LAB=02 N=8 FILL=random SEED=0x5eed
 *   input         [  60   -3   81  ... ]
 */
#ifndef DRIVER_PRINT_H
#define DRIVER_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "cases.h"
#include "scan.h"

/* The main() of every driver: `drive` prints what one input does, and
 * argv[1], the size, may list several: "33,1025,65537" runs drive once
 * per size, in one process, each size's output opened by a line
 * "== N = 1025". The grade's memory and race checks run a driver so:
 * every start of compute-sanitizer costs about half a second of CPU, and
 * racecheck's over one, most of what a check costs at these sizes.
 * Returns the first nonzero status of drive, else 0. */
int driver_sizes(int argc, char **argv, int (*drive)(int argc, char **argv));

/* Read "N SEED FILL" into a case of lab `lab`; exit with usage if wrong. */
struct test_case driver_case(int argc, char **argv, const char *lab);

/* The case's input, in a new host array of exactly n ints (malloc(0) when
 * n = 0): under AddressSanitizer an access one past its end is an overrun,
 * which lab 01's memory check, whose functions get these arrays, reports. */
int *driver_input(const struct test_case *c);

/* Print label and values; long arrays show their two ends. */
void print_ints(const char *label, const int *values, size_t n);

/* The same for unsigned words, in hex or decimal. */
void print_words(const char *label, const uint32_t *values, size_t n, int hex);

/* Exit with the CUDA error's name and `what` if err is not cudaSuccess. */
void exit_on_cuda_error(cudaError_t err, const char *what);

/* Print a device array (n ints) the same way. */
void print_device_ints(const char *label, const int *d_values, size_t n);

/* A device copy of values[0..n), or of n zeros when values is NULL. */
int *device_copy(const int *values, size_t n);

/* After calling `function`: 1 unless it is still a TODO_STUDENT() stub,
 * which it says. */
int driver_is_written(const char *function);

/* After calling `function`: say whether it is unwritten or failed.
 * Returns 1 when the result can be printed. */
int driver_call_ok(const char *function, cudaError_t returned);

/* Compare with the oracle and print "matches" or the first mismatch. */
void print_verdict(const char *function, const int *expected, const int *got, size_t n);

/* Download d_got[0..n), print it under `label` and the verdict. */
void print_device_result(const char *label, const int *d_got, const int *expected, size_t n);

/* Run a device scan on input, print its output and the verdict. */
void run_device_scan(const char *function, device_scan_fn scan, const int *input,
                     const int *expected, size_t n);

#endif
