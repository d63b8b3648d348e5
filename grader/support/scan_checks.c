/*
 * scan_checks.c: see scan_checks.h.
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "check.h"
#include "device.h"
#include "oracle.h"
#include "scan_checks.h"
#include "todo.h"

/* Host arrays of one case: the input, the oracle's answer, the output. */
struct host_arrays {
    int *input, *expected, *got;
};

static struct host_arrays host_arrays_new(const struct test_case *c, enum scan_kind kind)
{
    struct host_arrays arrays = {host_ints(c->n), host_ints(c->n), host_ints(c->n)};
    fill_input(arrays.input, c);
    if (kind == SCAN_EXCLUSIVE)
        oracle_scan_exclusive(arrays.input, arrays.expected, c->n);
    else
        oracle_scan_inclusive(arrays.input, arrays.expected, c->n);
    return arrays;
}

static void host_arrays_free(struct host_arrays *arrays)
{
    free(arrays->input);
    free(arrays->expected);
    free(arrays->got);
}

void check_host_scan(const struct test_case *c, host_scan_fn scan,
                     enum scan_kind kind, enum placement placement)
{
    struct host_arrays arrays = host_arrays_new(c, kind);
    struct host_ints_guarded in = host_ints_guarded_new(arrays.input, c->n);
    struct host_ints_guarded out = placement == IN_PLACE ? in : host_ints_guarded_new(NULL, c->n);

    scan(in.h, out.h, c->n);

    expect_implemented();
    expect_host_guards_intact(c, placement == IN_PLACE ? "out (== in)" : "out", &out);
    if (placement == OUT_OF_PLACE) {
        expect_host_guards_intact(c, "in", &in);
        expect_same_ints(c, "the input was changed (it is const)", arrays.input, in.h, c->n);
    }
    expect_same_ints(c, placement == IN_PLACE ? "in place" : NULL, arrays.expected, out.h, c->n);

    if (placement == OUT_OF_PLACE)
        host_ints_guarded_free(&out);
    host_ints_guarded_free(&in);
    host_arrays_free(&arrays);
}

void check_device_scan(const struct test_case *c, device_scan_fn scan,
                       enum scan_kind kind, enum placement placement)
{
    struct host_arrays arrays = host_arrays_new(c, kind);
    struct device_ints in = device_ints_new(c->n);
    device_ints_upload(&in, arrays.input);
    struct device_ints out = placement == IN_PLACE ? in : device_ints_new(c->n);

    expect_cuda_success(c, scan(in.d, out.d, c->n));

    expect_guards_intact(c, "d_out", &out);
    if (placement == OUT_OF_PLACE) {
        expect_guards_intact(c, "d_in", &in);
        device_ints_download(&in, arrays.got);
        expect_same_ints(c, "d_in was changed (it is const)", arrays.input, arrays.got, c->n);
    }
    device_ints_download(&out, arrays.got);
    expect_same_ints(c, placement == IN_PLACE ? "in place" : NULL, arrays.expected, arrays.got, c->n);

    if (placement == OUT_OF_PLACE)
        device_ints_free(&out);
    device_ints_free(&in);
    host_arrays_free(&arrays);
}

void check_host_scan_sizes(const char *lab, const char *function, host_scan_fn scan,
                           enum scan_kind kind, enum placement placement, enum fill fill)
{
    for (size_t i = 0; i < scan_sizes_count; i++) {
        struct test_case c = test_case_for(lab, function, &scan_sizes[i], fill);
        check_host_scan(&c, scan, kind, placement);
    }
}

void check_device_scan_large(const char *lab, const char *function, device_scan_fn scan,
                             enum scan_kind kind)
{
    require_gpu();
    struct size_case large = large_size();
    struct test_case c = test_case_for(lab, function, &large, FILL_RANDOM);
    check_device_scan(&c, scan, kind, OUT_OF_PLACE);
}

void check_device_scan_sizes(const char *lab, const char *function, device_scan_fn scan,
                             enum scan_kind kind, enum placement placement,
                             enum fill fill, size_t max_n)
{
    require_gpu();
    for (size_t i = 0; i < scan_sizes_count && scan_sizes[i].n <= max_n; i++) {
        struct test_case c = test_case_for(lab, function, &scan_sizes[i], fill);
        check_device_scan(&c, scan, kind, placement);
    }
}

/* The extremes stop at 2^16, many blocks and tiles: what they add is
 * values, and the sizes past it (2^20 + 1, the large size) are the
 * random and all-ones tests'; at 2^20 + 1 they would double a lab's
 * test time under the emulator. */
#define EXTREMES_MAX_N ((size_t)65536)

void check_device_scan_ones_and_extremes(const char *lab, const char *function, device_scan_fn scan,
                                         enum scan_kind kind, size_t max_n)
{
    check_device_scan_sizes(lab, function, scan, kind, OUT_OF_PLACE, FILL_ONES, max_n);
    size_t top = max_n < EXTREMES_MAX_N ? max_n : EXTREMES_MAX_N;
    check_device_scan_sizes(lab, function, scan, kind, OUT_OF_PLACE, FILL_MINUS_ONES, top);
    check_device_scan_sizes(lab, function, scan, kind, OUT_OF_PLACE, FILL_BIG_VALUES, top);
}
