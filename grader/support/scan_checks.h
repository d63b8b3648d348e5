/*
 * scan_checks.h: the checks that every scan test is made of. One call runs
 * a function over a whole family of sizes and stops at the first failure,
 * so each Criterion test covers a family (and pays CUDA start-up once).
 */
#ifndef GRADER_SCAN_CHECKS_H
#define GRADER_SCAN_CHECKS_H

#include <stddef.h>

#include <cuda_runtime_api.h>

#include "cases.h"
#include "scan.h"

enum scan_kind { SCAN_EXCLUSIVE, SCAN_INCLUSIVE };

typedef void (*host_scan_fn)(const int *in, int *out, size_t n);

/* How the output array relates to the input. */
enum placement {
    OUT_OF_PLACE,  /* separate arrays; the input must come back unchanged */
    IN_PLACE,      /* out == in */
};

/* One case of a host (lab 01) scan: guards around in and out (out[n], or
 * out[0] when n = 0, is outside), the input untouched, the output exact. */
void check_host_scan(const struct test_case *c, host_scan_fn scan,
                     enum scan_kind kind, enum placement placement);

/* One case of a device scan: guards, input untouched, output exact. */
void check_device_scan(const struct test_case *c, device_scan_fn scan,
                       enum scan_kind kind, enum placement placement);

/* Every size of scan_sizes up to max_n, as check_*_scan does one. */
void check_host_scan_sizes(const char *lab, const char *function, host_scan_fn scan,
                           enum scan_kind kind, enum placement placement, enum fill fill);
void check_device_scan_sizes(const char *lab, const char *function, device_scan_fn scan,
                             enum scan_kind kind, enum placement placement,
                             enum fill fill, size_t max_n);

/* All ones at every size of scan_sizes up to max_n; then all minus ones
 * and FILL_BIG_VALUES, values from INT_MIN to INT_MAX whose every sum of
 * consecutive elements fits in an int (cases.h), at every size up to
 * max_n and 2^16. The sums are exact, so a scan that keeps fewer than 32
 * bits of one (a float buffer) shows. */
void check_device_scan_ones_and_extremes(const char *lab, const char *function, device_scan_fn scan,
                                         enum scan_kind kind, size_t max_n);

/* The one large size of large_size(), random input. */
void check_device_scan_large(const char *lab, const char *function, device_scan_fn scan,
                             enum scan_kind kind);

#endif
