/*
 * examples.h: what the docs' example programs (examples*.c) share: a
 * failed call or check stops the build (must, fail), arrays go to and
 * from the device (device_zeros, to_device, download), and main prints
 * the figure its argument names, from a table (run_example).
 *
 *   #define EXAMPLES_PROGRAM "examples"
 *   #include "examples.h"
 *   static const struct example examples[] = {{"naive", naive}, {"tiled", tiled}};
 *   ... return run_example(examples, 2, argc, argv);
 *
 * `examples bogus` prints "usage: examples naive|tiled" and returns 2.
 */
#ifndef SCANLAB_DOCS_EXAMPLES_H
#define SCANLAB_DOCS_EXAMPLES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime_api.h>

#ifndef EXAMPLES_PROGRAM
#error "define EXAMPLES_PROGRAM (the program's name, for its messages) before including examples.h"
#endif

/* Exit 1 on a failed call: the rows would be wrong, the build must stop. */
static inline void must(const char *what, cudaError_t err)
{
    if (err != cudaSuccess) {
        fprintf(stderr, EXAMPLES_PROGRAM ": %s failed: %s\n", what, cudaGetErrorName(err));
        exit(1);
    }
}

/* Exit 1 on a failed check: the figure would show a wrong result. */
static inline void fail(const char *what)
{
    fprintf(stderr, EXAMPLES_PROGRAM ": %s\n", what);
    exit(1);
}

/* bytes zero bytes on the device. */
static inline void *device_zeros(size_t bytes)
{
    void *d = NULL;
    must("cudaMalloc", cudaMalloc(&d, bytes));
    must("cudaMemset", cudaMemset(d, 0, bytes));
    return d;
}

/* n ints on the device: a copy of values, or zeros when values is NULL. */
static inline int *to_device(const int *values, size_t n)
{
    int *d = device_zeros(n * sizeof(int));
    if (values != NULL)
        must("cudaMemcpy", cudaMemcpy(d, values, n * sizeof(int), cudaMemcpyHostToDevice));
    return d;
}

/* bytes from the device, once the kernels before are done. */
static inline void download(void *host, const void *d, size_t bytes)
{
    must("cudaDeviceSynchronize", cudaDeviceSynchronize());
    must("cudaMemcpy", cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost));
}

/* A figure's name (docs/figure-data.sh passes it) and what prints its rows. */
struct example {
    const char *name;
    void (*print)(void);
};

/* Print the figure argv[1] names; else the usage, and 2. */
static inline int run_example(const struct example *examples, size_t count, int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "";
    for (size_t i = 0; i < count; i++) {
        if (strcmp(name, examples[i].name) == 0) {
            examples[i].print();
            return 0;
        }
    }
    fprintf(stderr, "usage: " EXAMPLES_PROGRAM " ");
    for (size_t i = 0; i < count; i++)
        fprintf(stderr, "%s%s", i > 0 ? "|" : "", examples[i].name);
    fprintf(stderr, "\n");
    return 2;
}

#endif
