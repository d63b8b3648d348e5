/*
 * Lab 08's performance test (perf.h): cascade_encode of 8-bit labels (an
 * atlas: runs of 1 to 60 of a few labels, grader/labs/08-compressor/oracle_cascade.h),
 * the frame length and delta chosen, as `scanzip -m cascade` asks for.
 *     raw [7 7 7 9]  ->  payload 02000000 80000000 04 97000000 02 02000000
 * Every payload is compared byte for byte with the oracle's (oracle_codec.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cascade.h"
#include "oracle_cascade.h"
#include "perf.h"

PERF_VERSIONS(cascade_encode)

static size_t n;
static struct {
    uint8_t *raw, *expected; /* host: the input and the oracle's payload */
    size_t expected_bytes;
    int expected_delta;
    uint8_t *d_raw;
    uint8_t *d_payload[PERF_SIDES];
    size_t payload_bytes[PERF_SIDES];
    bool delta[PERF_SIDES];
} rounds[PERF_ROUNDS];

static void setup(size_t count)
{
    n = count < CASCADE_MAX_N ? count : CASCADE_MAX_N;
    for (int round = 0; round < PERF_ROUNDS; round++) {
        rounds[round].d_raw = perf_device_alloc(n);
        for (int side = 0; side < PERF_SIDES; side++) {
            /* the room the contract promises, whatever the data */
            rounds[round].d_payload[side] = perf_device_alloc(cascade_max_payload_bytes(n));
            rounds[round].payload_bytes[side] = (size_t)-1;
        }
    }
}

static void make_input(int round, uint64_t seed)
{
    struct cascade_case c = {{"08", "cascade_encode", n, "the performance test", FILL_RANDOM, seed,
                              &cascade_case_words}, 1, CASCADE_FILL_LABELS, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA,
                              NULL};
    rounds[round].raw = cascade_case_raw(&c);
    rounds[round].expected = cascade_oracle_payload(&c, rounds[round].raw, &rounds[round].expected_bytes,
                                                    &rounds[round].expected_delta);
}

static void upload(int round)
{
    perf_upload(rounds[round].d_raw, rounds[round].raw, n);
}

static cudaError_t run(int round, enum perf_side side)
{
    return version_of(side)(rounds[round].d_raw, n, 1, SCANZIP_FRAME_CHOOSE, CASCADE_CHOOSE_DELTA,
                            rounds[round].d_payload[side], &rounds[round].payload_bytes[side],
                            &rounds[round].delta[side]);
}

static int check(int round, enum perf_side side, char *why, size_t room)
{
    size_t bytes = rounds[round].payload_bytes[side], expected = rounds[round].expected_bytes;
    if (bytes != expected || rounds[round].delta[side] != (rounds[round].expected_delta != 0)) {
        snprintf(why, room, "*payload_bytes = %zu, *delta_used = %d; expected %zu and %d", bytes,
                 rounds[round].delta[side], expected, rounds[round].expected_delta);
        return 0;
    }
    uint8_t *got = perf_host_alloc(bytes);
    bench_check(cudaMemcpy(got, rounds[round].d_payload[side], bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    size_t i = memcmp(got, rounds[round].expected, bytes) == 0 ? bytes : 0;
    while (i < bytes && got[i] == rounds[round].expected[i])
        i++;
    if (i < bytes)
        snprintf(why, room, "payload byte %zu: expected 0x%02x, got 0x%02x", i, rounds[round].expected[i], got[i]);
    free(got);
    return i == bytes;
}

/* n bytes read, the payload written (the rounds' mean) */
static double bytes_moved(void)
{
    double payload = 0;
    for (int round = 0; round < PERF_ROUNDS; round++)
        payload += (double)rounds[round].expected_bytes / PERF_ROUNDS;
    return (double)n + payload;
}

const struct perf_task perf_task = {"cascade_encode", setup, make_input, upload, run, check, has_reference,
                                    bytes_moved};
