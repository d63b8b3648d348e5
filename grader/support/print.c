/*
 * print.c: see print.h.
 */
#define _DEFAULT_SOURCE /* strdup, strsep */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "todo.h"

void driver_refuse(const char *what, const char *given, const char *accepted)
{
    fprintf(stderr, "%s='%s' refused: use %s\n", what, given, accepted);
    exit(2);
}

/* text as a whole number from low to high, as C writes it (1025, 0x401,
 * 010): 1 with *value set, else 0. strtoull alone would take "" as 0,
 * "12x" as 12, "-1" as 2^64 - 1 and 2^64 as 2^64 - 1. */
static int read_number(const char *text, unsigned long long low, unsigned long long high,
                       unsigned long long *value)
{
    if (!isdigit((unsigned char)text[0]))
        return 0;
    char *end;
    errno = 0;
    *value = strtoull(text, &end, 0);
    return *end == '\0' && errno == 0 && *value >= low && *value <= high;
}

/* "a whole number from 1 to 2^26": what read_number takes, a power of
 * two 1024 and above written as one. */
static void describe_range(unsigned long long low, unsigned long long high, char *buffer, size_t size)
{
    char top[32];
    if (high >= 1024 && (high & (high - 1)) == 0)
        snprintf(top, sizeof top, "2^%d", __builtin_ctzll(high));
    else
        snprintf(top, sizeof top, "%llu", high);
    if (high == ULLONG_MAX)
        snprintf(buffer, size, "a whole number of %llu or more", low);
    else
        snprintf(buffer, size, "a whole number from %llu to %s", low, top);
}

unsigned long long driver_env_number(const char *name, unsigned long long fallback, unsigned long long low,
                                     unsigned long long high)
{
    const char *text = getenv(name);
    unsigned long long value = fallback;
    if (text != NULL && text[0] != '\0' && !read_number(text, low, high, &value)) {
        char accepted[96];
        describe_range(low, high, accepted, sizeof accepted);
        driver_refuse(name, text, accepted);
    }
    return value;
}

/* N's sizes, each checked: a new array of *count sizes. */
static size_t *read_sizes(const char *text, const struct driver_spec *spec, size_t *count)
{
    size_t pieces = 1;
    for (const char *c = text; *c != '\0'; c++)
        pieces += *c == ',';
    size_t *sizes = malloc(pieces * sizeof *sizes);
    char *copy = strdup(text), *rest = copy, *piece;
    if (sizes == NULL || copy == NULL) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    char accepted[160];
    describe_range(spec->min_n, spec->max_n, accepted, sizeof accepted);
    strcat(accepted, " (1025 or 0x401), or several separated by commas (N=33,1025)");
    *count = 0;
    while ((piece = strsep(&rest, ",")) != NULL) {
        unsigned long long n;
        if (!read_number(piece, spec->min_n, spec->max_n, &n))
            driver_refuse("N", pieces > 1 && piece[0] != '\0' ? piece : text, accepted);
        sizes[(*count)++] = (size_t)n;
    }
    free(copy);
    return sizes;
}

int driver_sizes(int argc, char **argv, const struct driver_spec *spec,
                 int (*drive)(const struct driver_args *args))
{
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s N [SEED [FILL]]   (%s)\n", argv[0], spec->example);
        exit(2);
    }
    unsigned long long seed = 0x5eed;
    if (argc > 2 && !read_number(argv[2], 0, ULLONG_MAX, &seed))
        driver_refuse("SEED", argv[2], "a whole number below 2^64 (42 or 0x5eed)");
    struct driver_args args = {0, seed, argc > 3 ? argv[3] : NULL};
    size_t count;
    size_t *sizes = read_sizes(argv[1], spec, &count);
    int status = 0;
    for (size_t i = 0; i < count && status == 0; i++) {
        if (count > 1)
            printf("== N = %zu\n", sizes[i]);
        fflush(stdout);
        args.n = sizes[i];
        status = drive(&args);
        fflush(stdout);
    }
    free(sizes);
    return status;
}

struct test_case driver_case(const struct driver_args *args, const char *lab)
{
    const char *name = args->fill != NULL ? args->fill : "random";
    for (int f = 0; f < FILL_KINDS; f++)
        if (strcmp(name, fill_name((enum fill)f)) == 0)
            return (struct test_case){lab, "", args->n, "chosen on the command line", (enum fill)f, args->seed, NULL};
    /* "random, ones, ... or bigvalues" */
    char accepted[256] = "";
    for (int f = 0; f < FILL_KINDS; f++) {
        strcat(accepted, f == 0 ? "" : f + 1 < FILL_KINDS ? ", " : " or ");
        strcat(accepted, fill_name((enum fill)f));
    }
    driver_refuse("FILL", name, accepted);
}

int *driver_input(const struct test_case *c)
{
    int *values = malloc(c->n * sizeof(int));
    if (values == NULL && c->n > 0) {
        fprintf(stderr, "out of host memory for %zu ints\n", c->n);
        exit(1);
    }
    fill_input(values, c);
    return values;
}

/* The index printed after i in a row of n: a long row shows its first and
 * last 12 elements with " ..." between them. */
static size_t next_shown(size_t i, size_t n)
{
    const size_t shown_at_each_end = 12;
    if (n > 2 * shown_at_each_end && i + 1 == shown_at_each_end) {
        printf(" ...");
        return n - shown_at_each_end;
    }
    return i + 1;
}

void print_ints(const char *label, const int *values, size_t n)
{
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i = next_shown(i, n))
        printf(" %d", values[i]);
    printf(" ]\n");
}

void print_words(const char *label, const uint32_t *values, size_t n, int hex)
{
    printf("%-24s [", label);
    for (size_t i = 0; i < n; i = next_shown(i, n))
        printf(hex ? " 0x%08x" : " %u", values[i]);
    printf(" ]\n");
}

void exit_on_cuda_error(cudaError_t err, const char *what)
{
    if (err != cudaSuccess) {
        fprintf(stderr, "%s failed: %s (%s)\n", what, cudaGetErrorName(err), cudaGetErrorString(err));
        exit(1);
    }
}

void print_device_ints(const char *label, const int *d_values, size_t n)
{
    int *values = malloc((n + 1) * sizeof(int));
    if (values == NULL)
        exit(1);
    exit_on_cuda_error(cudaMemcpy(values, d_values, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
    print_ints(label, values, n);
    free(values);
}

int *device_copy(const int *values, size_t n)
{
    /* Exactly n ints (one for n = 0): the checks of grade.sh run this
     * driver under a bounds checker, which must see a read of d[n]. */
    size_t count = n > 0 ? n : 1;
    int *d_values;
    exit_on_cuda_error(cudaMalloc((void **)&d_values, count * sizeof(int)), "cudaMalloc");
    if (values != NULL)
        exit_on_cuda_error(cudaMemcpy(d_values, values, n * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
    else
        exit_on_cuda_error(cudaMemset(d_values, 0, count * sizeof(int)), "cudaMemset");
    return d_values;
}

int driver_is_written(const char *function)
{
    if (scanlab_todo_function() == NULL)
        return 1;
    printf("%-24s not implemented yet (%s)\n", function, scanlab_todo_file());
    scanlab_todo_clear();
    return 0;
}

int driver_call_ok(const char *function, cudaError_t returned)
{
    if (!driver_is_written(function))
        return 0;
    cudaError_t err = returned != cudaSuccess ? returned : cudaDeviceSynchronize();
    if (err != cudaSuccess) {
        printf("%-24s failed: %s (%s)\n", function, cudaGetErrorName(err), cudaGetErrorString(err));
        cudaGetLastError();
        return 0;
    }
    return 1;
}

void print_device_result(const char *label, const int *d_got, const int *expected, size_t n)
{
    int *got = malloc((n + 1) * sizeof(int));
    if (got == NULL)
        exit(1);
    exit_on_cuda_error(cudaMemcpy(got, d_got, n * sizeof(int), cudaMemcpyDeviceToHost), "cudaMemcpy");
    print_ints(label, got, n);
    print_verdict(label, expected, got, n);
    free(got);
}

void run_device_scan(const char *function, device_scan_fn scan, const int *input,
                     const int *expected, size_t n)
{
    int *d_in = device_copy(input, n), *d_out = device_copy(NULL, n);
    if (driver_call_ok(function, scan(d_in, d_out, n)))
        print_device_result(function, d_out, expected, n);
    cudaFree(d_in);
    cudaFree(d_out);
}

void print_verdict(const char *function, const int *expected, const int *got, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (expected[i] != got[i]) {
            printf("%-24s WRONG: first mismatch at index %zu: expected %d, got %d\n", function, i, expected[i], got[i]);
            return;
        }
    }
    printf("%-24s matches the grader's oracle\n", function);
}
