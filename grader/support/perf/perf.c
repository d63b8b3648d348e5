/*
 * perf.c: the harness of the performance tests (see perf.h): makes every
 * round's input, times both versions round by round, checks every
 * output, prints one line.
 */
#define _DEFAULT_SOURCE /* flock */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include <cuda_profiler_api.h>
#include <string.h>

#include "perf.h"
#include "random.h"
#include "todo.h"

void *perf_host_alloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (p == NULL) {
        fprintf(stderr, "perf: out of host memory (%zu bytes)\n", bytes);
        exit(2);
    }
    return p;
}

void *perf_device_alloc(size_t bytes)
{
    void *d = NULL;
    bench_check(cudaMalloc(&d, bytes ? bytes : 1), "cudaMalloc of a buffer");
    bench_check(cudaMemset(d, 0xAB, bytes ? bytes : 1), "poisoning a buffer");
    return d;
}

void perf_upload(void *d_to, const void *from, size_t bytes)
{
    bench_check(cudaMemcpy(d_to, from, bytes, cudaMemcpyHostToDevice), "uploading an input");
}

int perf_same_count(const char *what, size_t got, size_t expected, char *why, size_t room)
{
    if (got == expected)
        return 1;
    snprintf(why, room, "%s = %zu, expected %zu", what, got, expected);
    return 0;
}

/* ---- The GPU to ourselves while the clocks run --------------------------
 *
 * Several grades may share a GPU (grade.sh): their tests, and this
 * program's untimed work (its context, allocating, uploading, checking,
 * the teardown), hold the lock file SCANLAB_GPU_LOCK shared; the timed
 * runs hold it exclusively, so that nothing else runs on the GPU then.
 * Writers first: whoever wants it exclusively holds PATH.writers shared
 * from before it waits until it is done, and a reader may only start
 * while no one does (it takes PATH.writers exclusively for a moment). So
 * once a program waits to time, no new reader starts; the readers at work
 * finish, and then every program waiting by then times, one after
 * another, before the readers come back. In make batch's perf round, where
 * seven programs a grade each spend about a second setting up and checking
 * for 0.01 to 0.06 s of timed runs, each waiting program then waits for
 * the readers of the moment once for all the programs waiting with it.
 * Without SCANLAB_GPU_LOCK (a grade of one), nothing is locked.          */

struct gpu_lock {
    int gpu, writers; /* the two lock files, or -1 */
};

static int open_lock(const char *path)
{
    int fd = open(path, O_RDONLY | O_CREAT, 0666);
    if (fd < 0)
        fprintf(stderr, "perf: cannot open the lock %s: timing without it\n", path);
    return fd;
}

/* Take the GPU, LOCK_SH or LOCK_EX (writers first, above); what to hand
 * unlock_gpu. */
static struct gpu_lock lock_gpu(int how)
{
    struct gpu_lock lock = {-1, -1};
    const char *path = getenv("SCANLAB_GPU_LOCK");
    if (path == NULL || *path == '\0')
        return lock;
    char writers_path[4096];
    snprintf(writers_path, sizeof writers_path, "%s.writers", path);
    lock.writers = open_lock(writers_path);
    lock.gpu = open_lock(path);
    if (lock.writers >= 0)
        flock(lock.writers, how == LOCK_EX ? LOCK_SH : LOCK_EX);
    if (lock.gpu >= 0)
        flock(lock.gpu, how);
    if (how != LOCK_EX && lock.writers >= 0) {
        close(lock.writers); /* a reader is in: it releases it */
        lock.writers = -1;
    }
    return lock;
}

static void unlock_gpu(struct gpu_lock lock)
{
    if (lock.gpu >= 0)
        close(lock.gpu);
    if (lock.writers >= 0)
        close(lock.writers);
}

/* ---- Timing ------------------------------------------------------------- */

/* Seconds on a monotonic clock: where this program's own time goes, in
 * the line it prints to stderr at its end (grade.sh's perf log). */
static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* cudaMemcpy of n 32-bit values, device to device: the roofline. */
static float roofline_ms(size_t n)
{
    void *d_from = perf_device_alloc(n * 4), *d_to = perf_device_alloc(n * 4);
    float ms = copy_time_ms(d_to, d_from, n * 4, PERF_WARMUP, PERF_ROUNDS - PERF_WARMUP);
    cudaFree(d_from);
    cudaFree(d_to);
    return ms;
}

/* One timed run: a round and a side; then a wait for the whole device,
 * so work the function left on streams of its own still counts. */
struct run_of {
    int round;
    enum perf_side side;
};

static cudaError_t run_task(void *context)
{
    struct run_of *what = context;
    cudaError_t err = perf_task.run(what->round, what->side);
    return err != cudaSuccess ? err : cudaDeviceSynchronize();
}

/* What the rounds found. */
struct results {
    float ms[PERF_SIDES][PERF_ROUNDS];
    int sides;            /* 1: the student's alone; 2: and the reference's */
    int failed_round;     /* -1 if every run ran */
    enum perf_side failed_side;
    cudaError_t error;
    int todo;             /* the student's version is the skeleton's stub */
};

/* Who runs at `turn` of `round`: the student first in even rounds, second
 * in odd ones, so neither always runs on a GPU the other just warmed.
 *     round 0: student, reference   round 1: reference, student   ...   */
static enum perf_side side_at(int round, int turn)
{
    return (enum perf_side)((round + turn) % 2);
}

static void time_rounds(struct results *results)
{
    results->failed_round = -1;
    for (int round = 0; round < PERF_ROUNDS; round++) {
        for (int turn = 0; turn < results->sides; turn++) {
            struct run_of what = {round, results->sides == 2 ? side_at(round, turn) : PERF_STUDENT};
            scanlab_todo_clear();
            cudaError_t err = timed_run_ms(run_task, &what, &results->ms[what.side][round]);
            if (what.side == PERF_STUDENT && scanlab_todo_function() != NULL) {
                results->todo = 1;
                return;
            }
            if (err != cudaSuccess) {
                results->failed_round = round;
                results->failed_side = what.side;
                results->error = err;
                return;
            }
        }
    }
}

/* ---- The report ---------------------------------------------------------- */

static size_t n;
static float copy_ms;

static void report(const char *verdict, float ms, const char *reference_ms, const char *ratio,
                   const char *message)
{
    double bytes = perf_task.bytes_moved != NULL ? perf_task.bytes_moved() : 8.0 * n;
    printf("perf\t%s\t%s\t%zu\t%.4f\t%.4f\t%s\t%s\t%s\t%.0f\n", verdict, perf_task.function, n, ms, copy_ms,
           reference_ms, ratio, message, bytes);
}

/* 1 if every output of every run is right; else 0 and why (the
 * student's outputs first). The outputs are checked four at a time (the
 * tasks' checks share nothing): the program holds the GPU while it
 * checks, and 32 outputs of 2^24 values copied back and compared one
 * after another took up to 1.1 s on an H100. */
static int check_all(const struct results *results, char *why, size_t room)
{
    static char mismatch[PERF_SIDES][PERF_ROUNDS][400];
    int right[PERF_SIDES][PERF_ROUNDS];
#pragma omp parallel for collapse(2) schedule(dynamic) num_threads(4)
    for (int side = 0; side < results->sides; side++)
        for (int round = 0; round < PERF_ROUNDS; round++)
            right[side][round] = perf_task.check(round, (enum perf_side)side, mismatch[side][round],
                                                 sizeof mismatch[side][round]);
    for (int side = 0; side < results->sides; side++) {
        for (int round = 0; round < PERF_ROUNDS; round++) {
            if (right[side][round])
                continue;
            if (side == PERF_REFERENCE)
                snprintf(why, room, "the reference's output was wrong in round %d of %d, all of the code "
                         "under test's right: did it write outside its own output? %s", round + 1,
                         PERF_ROUNDS, mismatch[side][round]);
            else
                snprintf(why, room, "wrong output in round %d of %d (each round has a fresh input): %s%s",
                         round + 1, PERF_ROUNDS, mismatch[side][round],
                         round > 0 ? " (the earlier rounds were right: is an earlier answer replayed, or a race that shows only sometimes?)" : "");
            return 0;
        }
    }
    return 1;
}

static void report_results(struct results *results)
{
    char why[768];
    if (results->todo) {
        report("todo", 0, "-", "-", "not written yet (it is the skeleton's stub)");
        return;
    }
    /* The reference never fails on its own: when it does, the code under
     * test ran just before it and left the GPU broken, or wrote outside
     * its own buffers. */
    if (results->failed_round >= 0) {
        snprintf(why, sizeof why, "round %d of %d failed%s: %s (%s)", results->failed_round + 1, PERF_ROUNDS,
                 results->failed_side == PERF_STUDENT ? "" : " in the reference's run, just after the code under test",
                 cudaGetErrorName(results->error), cudaGetErrorString(results->error));
        report("error", 0, "-", "-", why);
        return;
    }
    if (!check_all(results, why, sizeof why)) {
        report("wrong", 0, "-", "-", why);
        return;
    }
    int timed = PERF_ROUNDS - PERF_WARMUP;
    float student[PERF_ROUNDS], reference[PERF_ROUNDS], pairs[PERF_ROUNDS / 2];
    for (int i = 0; i < timed; i++) {
        student[i] = results->ms[PERF_STUDENT][PERF_WARMUP + i];
        reference[i] = results->ms[PERF_REFERENCE][PERF_WARMUP + i];
    }
    /* A pair of rounds, one in each order: the geometric mean of their
     * two ratios, so that a version that gains from running first (or
     * second) in a round gains it once each way. */
    for (int k = 0; k < timed / 2; k++)
        pairs[k] = sqrtf(student[2 * k] / reference[2 * k] * student[2 * k + 1] / reference[2 * k + 1]);
    float ms = median_of(student, timed);
    if (results->sides == 1) {
        snprintf(why, sizeof why, "%d runs (%d to warm up), each on a fresh input, every output checked; "
                 "no reference linked in to compare with", PERF_ROUNDS, PERF_WARMUP);
        report("ok", ms, "-", "-", why);
        return;
    }
    float reference_ms = median_of(reference, timed), ratio = median_of(pairs, timed / 2);
    char reference_text[32], ratio_text[32];
    snprintf(reference_text, sizeof reference_text, "%.4f", reference_ms);
    snprintf(ratio_text, sizeof ratio_text, "%.4f", ratio);
    /* median_of sorted the pairs: the first is the least, the last the most. */
    snprintf(why, sizeof why, "%d rounds (%d to warm up), each on a fresh input, both versions in turn, "
             "every output checked; per pair of rounds %.2fx to %.2fx", PERF_ROUNDS, PERF_WARMUP, pairs[0],
             pairs[timed / 2 - 1]);
    report("ok", ms, reference_text, ratio_text, why);
}

/* Every round's input, made on the CPU's threads and uploaded. Each
 * round's seed is the next number of a sequence started at SEED, not
 * SEED + r: random.c's generator steps its state by a constant, so seeds
 * one step apart give the same numbers shifted by one, and inputs that
 * can share an answer. */
static void make_inputs(uint64_t seed)
{
    uint64_t seeds[PERF_ROUNDS], sequence = seed;
    for (int round = 0; round < PERF_ROUNDS; round++)
        seeds[round] = random_next(&sequence);
#pragma omp parallel for schedule(dynamic)
    for (int round = 0; round < PERF_ROUNDS; round++) {
        perf_task.make_input(round, seeds[round]);
        perf_task.upload(round);
    }
    bench_check(cudaDeviceSynchronize(), "uploading the inputs");
}

/* ---- One call for a profiler ---------------------------------------------
 *
 * With SCANLAB_PROFILE=student or reference (make profile, under ncu
 * --profile-from-start off), the program times nothing: it runs that
 * side's function once to warm up (round 0), then once more between
 * cudaProfilerStart and cudaProfilerStop (round 1), so the profiler sees
 * exactly the kernels of one call on a warm GPU, checks that call's
 * output, and prints
 *
 *   profile  VERDICT  FUNCTION  N  SIDE  BYTES  MESSAGE
 *
 * VERDICT as perf's: ok, wrong, error, todo; or none when the reference
 * was asked for and not linked in (a student's copy). */
static void profile_report(const char *verdict, const char *side, const char *message)
{
    double bytes = perf_task.bytes_moved != NULL ? perf_task.bytes_moved() : 8.0 * n;
    printf("profile\t%s\t%s\t%zu\t%s\t%.0f\t%s\n", verdict, perf_task.function, n, side, bytes, message);
}

static int profile_one_call(const char *side_name)
{
    enum perf_side side = strcmp(side_name, "reference") == 0 ? PERF_REFERENCE : PERF_STUDENT;
    if (side == PERF_REFERENCE && !perf_task.has_reference()) {
        profile_report("none", side_name, "no reference linked in (a student's copy has none)");
        return 0;
    }
    char why[768];
    for (int round = 0; round < 2; round++) {
        struct run_of what = {round, side};
        scanlab_todo_clear();
        if (round == 1)
            bench_check(cudaProfilerStart(), "starting the profiler's range");
        cudaError_t err = run_task(&what);
        if (round == 1)
            bench_check(cudaProfilerStop(), "stopping the profiler's range");
        if (side == PERF_STUDENT && scanlab_todo_function() != NULL) {
            profile_report("todo", side_name, "not written yet (it is the skeleton's stub)");
            return 0;
        }
        if (err != cudaSuccess) {
            snprintf(why, sizeof why, "call %d failed: %s (%s)", round + 1, cudaGetErrorName(err),
                     cudaGetErrorString(err));
            profile_report("error", side_name, why);
            return 0;
        }
    }
    if (!perf_task.check(1, side, why, sizeof why)) {
        profile_report("wrong", side_name, why);
        return 0;
    }
    profile_report("ok", side_name, "one call profiled after one to warm up; its output checked");
    return 0;
}

int main(int argc, char **argv)
{
    char *end = NULL;
    n = argc == 3 ? (size_t)strtoull(argv[1], &end, 0) : 0;
    if (argc != 3 || *end != '\0' || n == 0) {
        fprintf(stderr, "usage: %s N SEED   (N > 0 values; see grader/support/perf/perf.h)\n", argv[0]);
        return 2;
    }
    uint64_t seed = strtoull(argv[2], NULL, 0);
    const char *profile_side = getenv("SCANLAB_PROFILE");
    if (profile_side != NULL && strcmp(profile_side, "student") != 0 && strcmp(profile_side, "reference") != 0) {
        fprintf(stderr, "%s: SCANLAB_PROFILE=%s: student or reference\n", argv[0], profile_side);
        return 2;
    }
    if (profile_side != NULL) {
        perf_task.setup(n);
        make_inputs(seed);
        return profile_one_call(profile_side);
    }
    /* All the GPU work outside the clocks holds the GPU shared, from the
     * context this program creates (its first CUDA call, in setup) to its
     * end: allocating and poisoning gigabytes, uploading, checking, and
     * freeing it all as the process exits (the lock goes with the process,
     * so after the CUDA runtime has torn its context down). None of that
     * may run beside another grade's timed runs, which hold it
     * exclusively: in a batch of 33 grades on an H100 where only the
     * inputs were made under the lock, the reference's median times came
     * out at up to 20 times its time alone, and its ratio to itself from
     * 0.82x to 1.04x; with all of it under the lock, 0.96x to 1.05x. With
     * only the context made before the lock (it is made one at a time for
     * the whole machine, so that would have shortened the round), 0.59x to
     * 1.40x. Making the inputs, like checking the outputs, also keeps CPUs
     * busy, which the timed runs' launches need. The line this program
     * prints to stderr at its end says where its time went. */
    double mark[6];
    mark[0] = now_seconds();
    struct gpu_lock lock = lock_gpu(LOCK_SH);
    mark[1] = now_seconds();
    perf_task.setup(n);
    make_inputs(seed);
    unlock_gpu(lock);
    mark[2] = now_seconds();

    static struct results results;
    results.sides = perf_task.has_reference() ? 2 : 1;
    lock = lock_gpu(LOCK_EX);
    mark[3] = now_seconds();
    copy_ms = roofline_ms(n);
    time_rounds(&results);
    unlock_gpu(lock);
    mark[4] = now_seconds();

    lock_gpu(LOCK_SH); /* held to the end: the checks, then the teardown */
    mark[5] = now_seconds();
    report_results(&results);
    fprintf(stderr, "perf: seconds: setup %.3f (the context, allocating, the inputs, uploading); timed runs %.3f; "
            "checks %.3f; waiting for the GPU %.3f\n", mark[2] - mark[1], mark[4] - mark[3], now_seconds() - mark[5],
            mark[1] - mark[0] + mark[3] - mark[2] + mark[5] - mark[4]);
    return 0;
}
