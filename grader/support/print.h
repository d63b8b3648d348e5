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

/* ---- The command line: run N [SEED [FILL]] ----------------------------
 *
 * make run passes N, SEED and FILL (make run LAB=04 N=16 SEED=0x5eed
 * FILL=sparse); the grade's checks pass "33,1025,4097 0x5eed random".
 * N and SEED are whole numbers as C writes them, 1025 or 0x401 (a
 * leading 0 is octal: 010 is 8), and N may list several sizes separated
 * by commas. A bad N or SEED stops the driver before it runs a size, a
 * bad FILL (or W, FRAME, DELTA, DATA of the labs that read them) as the
 * first size starts: exit status 2, and one line naming the argument
 * and what it takes (driver_refuse):
 *
 *   $ make run LAB=08 N=12x
 *   N='12x' refused: use a whole number from 1 to 2^26 (1025 or 0x401),
 *   or several separated by commas (N=33,1025)
 *
 * (strtoull alone reads 12x as 12, -1 as 2^64 - 1 and an empty N as 0.) */

/* One run of a driver: one size of N, with SEED and FILL. */
struct driver_args {
    size_t n;
    uint64_t seed;    /* 0x5eed when not given, as make run's default */
    const char *fill; /* FILL as given (each lab reads its own names), NULL when not given */
};

/* The largest N of a lab whose arrays are ints: 4 GiB an array. */
#define DRIVER_MAX_N ((size_t)1 << 30)

/* What a lab's driver takes. */
struct driver_spec {
    size_t min_n, max_n; /* the sizes N may be */
    const char *example; /* a make run line, for the usage message */
};

/* The main() of every driver: `drive` prints what one input does, and N
 * may list several sizes: "33,1025,65537" runs drive once per size, in
 * one process, each size's output opened by a line "== N = 1025". The
 * grade's memory and race checks run a driver so: every start of
 * compute-sanitizer costs about half a second of CPU, and racecheck's
 * over one, most of what a check costs at these sizes. Every size is read
 * before the first runs. Returns the first nonzero status of drive, else
 * 0; exits with status 2 on a command line it refuses. */
int driver_sizes(int argc, char **argv, const struct driver_spec *spec,
                 int (*drive)(const struct driver_args *args));

/* What each lab's driver.c defines: its spec, and drive, which prints what
 * one input does. driver_main.c's main hands both to driver_sizes. */
extern const struct driver_spec driver_spec;
int drive(const struct driver_args *args);

/* Stop the driver on an argument it does not take: print
 * "WHAT='GIVEN' refused: use ACCEPTED" and exit with status 2. */
void driver_refuse(const char *what, const char *given, const char *accepted) __attribute__((noreturn));

/* The environment variable `name` (make run passes FRAME=3 on) as a
 * whole number from low to high, read as N is; fallback when unset or
 * empty. Anything else: driver_refuse. */
unsigned long long driver_env_number(const char *name, unsigned long long fallback, unsigned long long low,
                                     unsigned long long high);

/* The arguments as a case of lab `lab`: FILL is one of fill_name's
 * names (cases.h), random when not given. */
struct test_case driver_case(const struct driver_args *args, const char *lab);

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
