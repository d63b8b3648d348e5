/*
 * Driver of lab 08 (make run LAB=08): one chunk through every step of the
 * cascade, each beside the oracle (oracle_codec.h): the elements widened, the runs
 * (the grader's rle_encode), the deltas, the bytes of each candidate frame
 * length, the payload byte by byte, the decoder on the oracle's payload
 * and on that payload cut short (each cut refused), and a round trip.
 *
 *   $ make run LAB=08 N=16 FILL=labels W=1 FRAME=0 DELTA=choose
 *
 * FILL: labels, runs, sawtooth, noise (or random), constant, extremes. From the
 * environment (make passes them on): W, the element bytes (1, 2 or 4; 1
 * if unset); FRAME, the frame length (0, the default: choose); DELTA,
 * plain, delta or choose (the default). PAYLOAD, a file of a damaged
 * payload that a failing test wrote (its reproduce line names it): that
 * payload decoded instead, beside the oracle's verdict on it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cascade.h"
#include "guarded_buffer.h"
#include "oracle_cascade.h"
#include "oracle_codec.h"
#include "print.h"
#include "rle.h"

/* DELTA from the environment: plain, delta, or choose (also when unset). */
static enum cascade_delta env_delta(void)
{
    const char *text = getenv("DELTA");
    if (text == NULL || text[0] == '\0' || strcmp(text, "choose") == 0)
        return CASCADE_CHOOSE_DELTA;
    if (strcmp(text, "plain") == 0)
        return CASCADE_PLAIN;
    if (strcmp(text, "delta") == 0)
        return CASCADE_DELTA;
    driver_refuse("DELTA", text, "plain, delta or choose");
}

/* W from the environment: the bytes of an element, 1 (also when unset),
 * 2 or 4. */
static unsigned env_element_bytes(void)
{
    const char *text = getenv("W");
    if (text == NULL || text[0] == '\0' || strcmp(text, "1") == 0)
        return 1;
    if (strcmp(text, "2") == 0 || strcmp(text, "4") == 0)
        return (unsigned)(text[0] - '0');
    driver_refuse("W", text, "1, 2 or 4 (the bytes of an element)");
}

/* The arguments and W, FRAME and DELTA as one case; FILL labels when
 * not given. */
static struct cascade_case driver_cascade_case(const struct driver_args *args)
{
    struct cascade_case c = {{"08", "make run", args->n, "from the command line", FILL_RANDOM, args->seed,
                              &cascade_case_words}, 1, CASCADE_FILL_LABELS, 0, CASCADE_CHOOSE_DELTA, NULL};
    int fill = args->fill != NULL ? cascade_fill_from_name(args->fill) : CASCADE_FILL_LABELS;
    if (fill < 0)
        driver_refuse("FILL", args->fill, "labels, runs, sawtooth, noise (or random), constant or extremes");
    c.fill = (enum cascade_fill)fill;
    c.element_bytes = env_element_bytes();
    c.frame_length = (uint32_t)driver_env_number("FRAME", 0, 0, SCANZIP_MAX_FRAME_LENGTH);
    c.delta = env_delta();
    return c;
}

static void *download(const void *d_data, size_t bytes)
{
    void *data = malloc(bytes > 0 ? bytes : 1);
    if (data == NULL) {
        fprintf(stderr, "out of host memory\n");
        exit(1);
    }
    exit_on_cuda_error(cudaMemcpy(data, d_data, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
    return data;
}

/* Exactly `bytes` of device memory (at least 1), holding data or zeros. */
static void *device_bytes(const void *data, size_t bytes)
{
    void *d_data;
    exit_on_cuda_error(cudaMalloc(&d_data, bytes > 0 ? bytes : 1), "cudaMalloc");
    exit_on_cuda_error(cudaMemset(d_data, 0, bytes > 0 ? bytes : 1), "cudaMemset");
    if (data != NULL)
        exit_on_cuda_error(cudaMemcpy(d_data, data, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
    return d_data;
}

static void print_bytes(const char *label, const uint8_t *bytes, size_t count)
{
    printf("%-24s", label);
    for (size_t i = 0; i < count && i < 48; i++)
        printf(" %02x", bytes[i]);
    printf(count > 48 ? " ... (%zu bytes)\n" : "   (%zu bytes)\n", count);
}

/* "matches the oracle", or where it does not. */
static void print_byte_verdict(const char *function, const uint8_t *expected, size_t expected_bytes,
                               const uint8_t *got, size_t got_bytes)
{
    for (size_t i = 0; i < expected_bytes && i < got_bytes; i++) {
        if (expected[i] != got[i]) {
            printf("%-24s WRONG: first mismatch at byte %zu: expected 0x%02x, got 0x%02x\n", function, i,
                   expected[i], got[i]);
            return;
        }
    }
    if (expected_bytes != got_bytes)
        printf("%-24s WRONG: %zu bytes, expected %zu\n", function, got_bytes, expected_bytes);
    else
        printf("%-24s matches the oracle\n", function);
}

/* The steps alone: widen, runs, deltas, candidate frame bytes. */
static void show_steps(const struct cascade_case *c, const uint8_t *d_raw)
{
    size_t n = c->base.n, runs = 0;
    unsigned w = c->element_bytes;
    int *d_values = device_bytes(NULL, n * sizeof(int)), *d_symbols = device_bytes(NULL, n * sizeof(int));
    int *d_counts = device_bytes(NULL, n * sizeof(int));
    uint32_t *d_zigzag = device_bytes(NULL, n * sizeof(uint32_t));
    if (driver_call_ok("cascade_widen", cascade_widen(d_raw, n, w, d_values)))
        print_device_ints("cascade_widen", d_values, n);
    exit_on_cuda_error(rle_encode(d_values, n, d_symbols, d_counts, &runs), "rle_encode (the grader's)");
    print_device_ints("symbols (rle_encode)", d_symbols, runs);
    print_device_ints("counts", d_counts, runs);
    if (driver_call_ok("cascade_delta", cascade_delta(d_symbols, runs, w, d_zigzag))) {
        uint32_t *zigzag = download(d_zigzag, runs * sizeof(uint32_t));
        print_words("cascade_delta", zigzag, runs, 0);
        free(zigzag);
    }
    if (driver_call_ok("cascade_undelta", cascade_undelta(d_zigzag, runs, w, d_values)))
        print_device_ints("cascade_undelta", d_values, runs);
    uint64_t bytes[SCANZIP_FRAME_CANDIDATES];
    if (driver_call_ok("cascade_frame_bytes", cascade_frame_bytes((const uint32_t *)d_symbols, runs, bytes))) {
        printf("%-24s symbols packed with frames of", "cascade_frame_bytes");
        for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
            printf(" %u: %llu", SCANZIP_FIRST_FRAME_CANDIDATE << k, (unsigned long long)bytes[k]);
        printf(" bytes\n");
    }
    cudaFree(d_values);
    cudaFree(d_symbols);
    cudaFree(d_counts);
    cudaFree(d_zigzag);
}

/* A cut payload on the device, where a read past it is seen by the bounds
 * checks' runs of this driver (check::memory): under the emulator between
 * guard zones, which AddressSanitizer poisons (a copy past an allocation
 * itself the emulator's cudaMemcpy refuses with an error, not a finding);
 * on a GPU in an allocation of exactly its bytes (at least 1), as
 * compute-sanitizer's memcheck wants it. */
struct cut_payload {
    struct guarded_buffer zones;
    uint8_t *d;
};

static struct cut_payload cut_payload_of(const uint8_t *payload, size_t bytes)
{
    struct cut_payload cut = {{NULL, NULL, bytes, 1, GUARD_ZONE_BYTES, GUARD_ZONE_BYTES, 0x5a5a5a5au, false}, NULL};
#ifdef SCANLAB_EMULATOR
    void *base = NULL;
    exit_on_cuda_error(cudaMalloc(&base, guarded_buffer_bytes(&cut.zones)), "cudaMalloc");
    exit_on_cuda_error(guarded_buffer_set_up(&cut.zones, base, payload, 0), "guard zones");
    cut.d = cut.zones.d;
#else
    cut.d = device_bytes(payload, bytes);
#endif
    return cut;
}

static void cut_payload_free(struct cut_payload *cut)
{
#ifdef SCANLAB_EMULATOR
    guarded_buffer_release(&cut->zones);
    cudaFree(cut->zones.base);
#else
    cudaFree(cut->d);
#endif
}

/* The oracle's payload cut inside its 8-byte header (0 to 7 bytes) and by
 * its last byte: each refused, without a read past it. The tests judge
 * many more damages; this one is there for the bounds checks. */
static void show_cuts_refused(const struct cascade_case *c, const uint8_t *payload, size_t bytes, bool delta,
                              uint8_t *d_decoded)
{
    size_t cuts[9] = {0, 1, 2, 3, 4, 5, 6, 7, bytes - 1};
    for (size_t k = 0; k < sizeof cuts / sizeof cuts[0]; k++) {
        struct cut_payload cut = cut_payload_of(payload, cuts[k]);
        cudaError_t err = cascade_decode(cut.d, cuts[k], c->element_bytes, delta, d_decoded, c->base.n);
        cut_payload_free(&cut);
        if (err != CASCADE_INVALID_PAYLOAD) {
            printf("%-24s WRONG: the payload cut to %zu bytes: returned %s, not CASCADE_INVALID_PAYLOAD\n",
                   "cascade_decode (cut)", cuts[k], cudaGetErrorName(err));
            return;
        }
    }
    printf("%-24s cut to 0..7 bytes (inside the header) and to %zu (its last byte cut): refused\n",
           "cascade_decode (cut)", bytes - 1);
}

/* PAYLOAD=FILE: the bytes of FILE decoded as the test decoded them (the
 * delta flag of the oracle's payload of the case), in a guarded buffer,
 * and judged against the oracle: refused by both, or decoded alike. */
static int drive_payload(const struct cascade_case *c, const char *path)
{
    size_t n = c->base.n, raw_bytes = n * c->element_bytes, oracle_bytes = 0, room = cascade_max_payload_bytes(n) + 64;
    int oracle_delta = 0;
    uint8_t *raw = cascade_case_raw(c), *payload = malloc(room), *oracle_raw = malloc(raw_bytes);
    free(cascade_oracle_payload(c, raw, &oracle_bytes, &oracle_delta));
    FILE *file = fopen(path, "rb");
    if (file == NULL || payload == NULL || oracle_raw == NULL) {
        printf("PAYLOAD=%s cannot be read (%s): the test writes it again when it fails again\n", path,
               strerror(errno));
        return 1;
    }
    size_t bytes = fread(payload, 1, room, file);
    fclose(file);
    printf("n = %zu, w = %u, the payload of %s (%zu bytes), decoded with delta %s as the test decodes it\n\n", n,
           c->element_bytes, path, bytes, oracle_delta ? "on" : "off");
    print_bytes("payload", payload, bytes);
    char why[ORACLE_WHY] = "";
    bool refused = oracle_cascade_decode(payload, bytes, c->element_bytes, oracle_delta != 0, oracle_raw, n, why) != 0;
    printf("%-24s %s%s\n", "oracle", refused ? "refuses it: " : "decodes it", why);
    uint8_t *d_decoded = device_bytes(NULL, raw_bytes);
    struct cut_payload guarded = cut_payload_of(payload, bytes);
    cudaError_t err = cascade_decode(guarded.d, bytes, c->element_bytes, oracle_delta != 0, d_decoded, n);
    cut_payload_free(&guarded);
    if (refused) {
        printf("%-24s %s%s\n", "cascade_decode", err == CASCADE_INVALID_PAYLOAD ? "refused it: right" : "WRONG: returned ",
               err == CASCADE_INVALID_PAYLOAD ? "" : cudaGetErrorName(err));
    } else if (driver_call_ok("cascade_decode", err)) {
        uint8_t *got = download(d_decoded, raw_bytes);
        print_bytes("cascade_decode", got, raw_bytes);
        print_byte_verdict("cascade_decode", oracle_raw, raw_bytes, got, raw_bytes);
        free(got);
    }
    cudaFree(d_decoded);
    free(raw), free(payload), free(oracle_raw);
    return 0;
}

int drive(const struct driver_args *args)
{
    struct cascade_case c = driver_cascade_case(args);
    const char *payload_file = getenv("PAYLOAD");
    if (payload_file != NULL && payload_file[0] != '\0')
        return drive_payload(&c, payload_file);
    size_t n = c.base.n, raw_bytes = n * c.element_bytes, oracle_bytes = 0;
    int oracle_delta = 0;
    uint8_t *raw = cascade_case_raw(&c);
    uint8_t *oracle = cascade_oracle_payload(&c, raw, &oracle_bytes, &oracle_delta);
    printf("n = %zu, w = %u, FILL=%s, frame length %u%s, delta %s\n\n", n, c.element_bytes,
           cascade_fill_name(c.fill), c.frame_length, c.frame_length == 0 ? " (choose)" : "",
           cascade_delta_name(c.delta));
    print_bytes("raw", raw, raw_bytes);
    uint8_t *d_raw = device_bytes(raw, raw_bytes);
    show_steps(&c, d_raw);

    printf("\nthe payload, the decoder, a round trip\n");
    print_bytes("oracle payload", oracle, oracle_bytes);
    printf("%-24s delta %s\n", "oracle", oracle_delta ? "on" : "off");
    size_t room = cascade_max_payload_bytes(n), got_bytes = 0;
    bool delta_used = false;
    uint8_t *d_payload = device_bytes(NULL, room), *d_decoded = device_bytes(NULL, raw_bytes);
    if (driver_call_ok("cascade_encode", cascade_encode(d_raw, n, c.element_bytes, c.frame_length, c.delta,
                                                        d_payload, &got_bytes, &delta_used))) {
        uint8_t *got = download(d_payload, got_bytes < room ? got_bytes : room);
        print_bytes("cascade_encode", got, got_bytes < room ? got_bytes : room);
        printf("%-24s delta %s\n", "cascade_encode", delta_used ? "on" : "off");
        print_byte_verdict("cascade_encode", oracle, oracle_bytes, got, got_bytes);
        free(got);
    }
    uint8_t *d_oracle = device_bytes(oracle, oracle_bytes);
    if (driver_call_ok("cascade_decode", cascade_decode(d_oracle, oracle_bytes, c.element_bytes, oracle_delta,
                                                        d_decoded, n))) {
        uint8_t *got = download(d_decoded, raw_bytes);
        print_bytes("cascade_decode (oracle's)", got, raw_bytes);
        print_byte_verdict("cascade_decode", raw, raw_bytes, got, raw_bytes);
        free(got);
        show_cuts_refused(&c, oracle, oracle_bytes, oracle_delta != 0, d_decoded);
    }
    cudaFree(d_raw);
    cudaFree(d_payload);
    cudaFree(d_decoded);
    cudaFree(d_oracle);
    free(raw);
    free(oracle);
    return 0;
}

/* The sizes N may be, and the usage line (grader/support/driver_main.c). */
const struct driver_spec driver_spec = {1, CASCADE_MAX_N, "make run LAB=08 N=16 SEED=0x5eed FILL=labels "
                                                              "W=1|2|4 FRAME=0|1..1048576 DELTA=plain|delta|choose"};
