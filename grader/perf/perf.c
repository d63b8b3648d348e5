/*
 * perf.c: the harness of the performance tests (see perf.h): times
 * perf_task on fresh inputs, checks every output, prints one line.
 */
#include <stdio.h>
#include <stdlib.h>

#include "perf.h"
#include "random.h"
#include "todo.h"

#define RUNS (PERF_WARMUP + PERF_REPEATS)

void *perf_host_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL) {
        fprintf(stderr, "perf: out of host memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

void perf_poison(void *d_buffer, size_t bytes)
{
    bench_check(cudaMemset(d_buffer, 0xAB, bytes), "poisoning an output buffer");
}

void *perf_device_alloc(size_t bytes)
{
    void *d = NULL;
    bench_check(cudaMalloc(&d, bytes ? bytes : 1), "cudaMalloc of a buffer");
    perf_poison(d, bytes ? bytes : 1);
    return d;
}

void perf_upload(void *d_to, const void *from, size_t bytes)
{
    bench_check(cudaMemcpy(d_to, from, bytes, cudaMemcpyHostToDevice), "uploading an input");
}

/* ---- The yardstick and the task, as timing.h's timed functions ---------- */

struct copy_buffers {
    void *d_from, *d_to;
    size_t bytes;
};

static cudaError_t run_copy(void *context)
{
    struct copy_buffers *copy = context;
    return cudaMemcpyAsync(copy->d_to, copy->d_from, copy->bytes, cudaMemcpyDeviceToDevice, 0);
}

/* The call, then a wait for the whole device: work the function left on
 * streams of its own still counts, as the clock stops only after it. */
static cudaError_t run_task(void *context)
{
    (void)context;
    cudaError_t err = perf_task.run();
    return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

/* cudaMemcpy of n 32-bit values, device to device: the roofline. */
static float copy_time_ms(size_t n)
{
    struct copy_buffers copy = {perf_device_alloc(n * 4), perf_device_alloc(n * 4), n * 4};
    float ms = median_time_ms(run_copy, &copy, PERF_WARMUP, PERF_REPEATS);
    cudaFree(copy.d_from);
    cudaFree(copy.d_to);
    return ms;
}

static void report(const char *verdict, size_t n, float ms, float copy_ms, const char *message)
{
    printf("perf\t%s\t%s\t%zu\t%.4f\t%.4f\t%s\n", verdict, perf_task.function, n, ms, copy_ms, message);
}


int main(int argc, char **argv)
{
    char *end = NULL;
    size_t n = argc == 3 ? (size_t)strtoull(argv[1], &end, 0) : 0;
    if (argc != 3 || *end != '\0' || n == 0) {
        fprintf(stderr, "usage: %s N SEED   (N > 0 values; see grader/perf/perf.h)\n", argv[0]);
        return 2;
    }
    uint64_t seed = strtoull(argv[2], NULL, 0);
    float copy_ms = copy_time_ms(n);
    perf_task.setup(n);

    float times[RUNS];
    char why[512];
    /* Every run's seed is the next number of a sequence started at SEED,
     * not SEED + r: random.c's generator steps its state by a constant,
     * so seeds one step apart give the same numbers shifted by one, and
     * inputs that can share an answer. */
    uint64_t seeds = seed;
    for (int r = 0; r < RUNS; r++) {
        perf_task.fill(random_next(&seeds));
        scanlab_todo_clear();
        cudaError_t err = timed_run_ms(run_task, NULL, &times[r]);
        if (scanlab_todo_function() != NULL) {
            report("todo", n, 0, copy_ms, "not written yet (it is the skeleton's stub)");
            return 0;
        }
        if (err != cudaSuccess) {
            snprintf(why, sizeof why, "run %d of %d failed: %s (%s)", r + 1, RUNS, cudaGetErrorName(err),
                     cudaGetErrorString(err));
            report("error", n, 0, copy_ms, why);
            return 0;
        }
        char mismatch[400] = "";
        if (!perf_task.check(mismatch, sizeof mismatch)) {
            snprintf(why, sizeof why, "wrong output on run %d of %d (each run has a fresh input): %s%s", r + 1,
                     RUNS, mismatch, r > 0 ? " (the earlier runs were right: is an earlier answer replayed?)" : "");
            report("wrong", n, 0, copy_ms, why);
            return 0;
        }
    }
    float ms = median_of(times + PERF_WARMUP, PERF_REPEATS);
    snprintf(why, sizeof why, "%d runs (%d to warm up), each on a fresh input, every output checked", RUNS,
             PERF_WARMUP);
    report("ok", n, ms, copy_ms, why);
    return 0;
}
