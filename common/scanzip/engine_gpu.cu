/*
 * engine_gpu.cu: scanzip's GPU engine (engine.h), built from lab 08's
 * cascade (common/cascade.h) and the run-length encoder and bit packing
 * of labs 05 and 06 (rle.h, pack.h).
 *
 * It writes exactly the CPU engine's bytes. Per chunk:
 *
 *   -m cascade   cascade_encode on the GPU, the frame length and delta
 *                chosen there, as the CPU chooses them.
 *   -m auto      cascade_encode, and the sizes of the other methods
 *                measured on the GPU from the same runs: stored n*w, rle
 *                4 + 8*runs, rle8 (w + 1) per piece of at most 255, pack 4
 *                + the packed values (cascade_frame_bytes). scanzip_choose
 *                (codec.h) then picks, as on the CPU; the payload comes
 *                from the GPU when cascade wins, which it does on any data
 *                with runs, and from the CPU codec otherwise. (A method
 *                that measure_others does not measure sends -m auto to
 *                the CPU engine: GPU_MEASURED_METHODS.)
 *   -m stored, rle8, rle, pack, any but cascade: the CPU codec (nothing
 *                there is worth a trip over PCIe).
 *
 * Decoding: cascade chunks on the GPU (cascade_decode checks every field,
 * as the CPU decoder does; when it refuses a payload, the CPU decoder is
 * asked why, for the error message); the other methods on the CPU.
 *
 * Which labs it is built from is the Makefile's TREE: the references
 * (make scanzip), or a student's labs 05, 06 and 08 (make scanzip
 * TREE=labs). Under the CPU emulator it works, slowly: it is never the
 * default there, only --gpu asks for it.
 *
 * Built from the references, it also links lab 08's fast codec
 * (common/fast.h, solutions/08-compressor/fast/): same bytes, five
 * launches a chunk and no wait inside one. Its functions are declared
 * weak here: a student's build has no fast codec, they are NULL, and
 * the student's own cascade_encode and cascade_decode do the work. The
 * fast encoder takes the candidate frame lengths only: --frame 100 goes
 * through lab 08's cascade_encode; -m auto's sizes of the other methods
 * come from labs 05, 06 and 08 whichever writes the cascade payload.
 *
 * Several chunks at once. With the fast codec on a real GPU the engine
 * is concurrent (engine.h): the container encodes a batch of chunks on
 * its threads, and each thread takes one of LANES sets of device
 * buffers. This file and the fast codec are compiled with
 * --default-stream per-thread (the Makefile), so each thread's copies and
 * kernels go to a stream of its own: one chunk crosses PCIe while another
 * one's kernels run, and the CPU's CRC32C of the chunks runs in parallel
 * too. Labs 05, 06 and 08 keep scratch memory between calls and run one
 * call at a time (solutions/08-compressor/cascade.cu, Part D, and
 * grader/support/kept.h): whatever goes through them holds labs_lock.
 * (They are not built for per-thread streams: their work waits for the
 * other threads' streams, and -m auto overlaps less.)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cascade.h"
#include "cuda_check.h"
#include "fast.h"
#include "rle.h"
#include "todo.h"

extern "C" {
#pragma weak cascade_single_pass_temp_bytes
#pragma weak cascade_encode_single_pass
#pragma weak cascade_decode_single_pass
}

extern "C" {
#include "engine.h"
}

#if defined(SCANLAB_EMU)
#define GPU_ENGINE_NAME "gpu (emulated)"
#define GPU_ENGINE_BY_DEFAULT false
#else
#define GPU_ENGINE_NAME "gpu"
#define GPU_ENGINE_BY_DEFAULT true
#endif

/* ---- Device buffers, kept from chunk to chunk ------------------------------ */

/* A lane: one chunk's device buffers, grown to the largest chunk seen. */
struct gpu_buffers {
    size_t n;               /* elements they have room for */
    uint8_t *raw, *payload; /* n * 4 bytes; cascade_max_payload_bytes(n) */
    void *fast_temp;        /* the fast codec's storage, when it is linked */
    uint32_t *fast_results; /* its payload bytes, delta flag, verdict */
};

/* Three lanes: one chunk being copied in, one in its kernels, one
 * being copied out. A lane holds about 36 bytes an element: 0.6 GB for
 * scanzip's default chunks of 2^24, 2.4 GB for chunks of 2^26. */
#define LANES 3
static struct gpu_buffers lanes[LANES];
static bool lane_busy[LANES];
static int live_lanes = LANES; /* those not retired (lane_for) */
static pthread_mutex_t lanes_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t lane_freed = PTHREAD_COND_INITIALIZER;

/* Labs 05, 06 and 08 run one call at a time, and so does what measures
 * -m auto's other methods through them; one set of its arrays serves. */
static pthread_mutex_t labs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    size_t n;
    int *values, *symbols, *counts;
    uint32_t *widths, *offsets, *words;
    unsigned long long *pieces;
} measured;

/* A free lane (waiting for one when all are taken), and back. */
static struct gpu_buffers *take_lane(void)
{
    pthread_mutex_lock(&lanes_lock);
    for (;;) {
        for (int k = 0; k < LANES; k++) {
            if (!lane_busy[k]) {
                lane_busy[k] = true;
                pthread_mutex_unlock(&lanes_lock);
                return &lanes[k];
            }
        }
        pthread_cond_wait(&lane_freed, &lanes_lock);
    }
}

static void give_lane(struct gpu_buffers *b)
{
    pthread_mutex_lock(&lanes_lock);
    lane_busy[b - lanes] = false;
    pthread_cond_signal(&lane_freed);
    pthread_mutex_unlock(&lanes_lock);
}

static void free_lane(struct gpu_buffers *b)
{
    cudaFree(b->raw);
    cudaFree(b->payload);
    cudaFree(b->fast_temp);
    memset(b, 0, sizeof *b);
}

/* The chunk, its payload and the fast codec's storage, for n elements. */
static cudaError_t buffers_for(struct gpu_buffers *b, size_t n)
{
    if (n <= b->n)
        return cudaSuccess;
    free_lane(b);
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&b->raw, 4 * n));
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&b->payload, cascade_max_payload_bytes(n)));
    if (cascade_single_pass_temp_bytes != NULL) {
        size_t temp_bytes = cascade_single_pass_temp_bytes(n);
        RETURN_IF_CUDA_ERROR(cudaMalloc(&b->fast_temp, temp_bytes + 256));
        b->fast_results = (uint32_t *)((char *)b->fast_temp + temp_bytes);
    }
    b->n = n;
    return cudaSuccess;
}

/* A lane with buffers for n elements. When the GPU has no room for a
 * lane's buffers, that lane is retired (its memory freed, and it stays
 * taken) while another lives: the chunks then share the lanes that fit.
 * NULL, with the error, when the last one does not fit either. */
static struct gpu_buffers *lane_for(size_t n, cudaError_t *err)
{
    for (;;) {
        struct gpu_buffers *b = take_lane();
        if ((*err = buffers_for(b, n)) == cudaSuccess)
            return b;
        cudaGetLastError(); /* an allocation's failure is not sticky: forget it */
        free_lane(b);
        pthread_mutex_lock(&lanes_lock);
        bool last = live_lanes == 1;
        if (!last)
            live_lanes--;
        pthread_mutex_unlock(&lanes_lock);
        if (last) {
            give_lane(b);
            return NULL;
        }
    }
}

/* The arrays measure_others has labs 05, 06 and 08 write, for n elements
 * (the caller holds labs_lock): only -m auto needs them. */
static cudaError_t measured_arrays_for(size_t n)
{
    if (n <= measured.n)
        return cudaSuccess;
    cudaFree(measured.values);
    measured.values = NULL;
    measured.n = 0;
    size_t words = 6 * n + 2; /* values symbols counts widths offsets words, then pieces (a u64) */
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&measured.values, words * sizeof(int)));
    measured.symbols = measured.values + n;
    measured.counts = measured.symbols + n;
    measured.widths = (uint32_t *)(measured.counts + n);
    measured.offsets = measured.widths + n;
    measured.words = measured.offsets + n;
    measured.pieces = (unsigned long long *)(measured.words + n); /* 6n ints in: 8-byte aligned */
    measured.n = n;
    return cudaSuccess;
}

/* A CUDA failure: said once on stderr, with the step, as the tool's other
 * errors are; the container then names the chunk. */
static int gpu_failed(const char *step, cudaError_t err)
{
    if (scanlab_todo_function() != NULL) /* built with TREE=labs from a lab not yet written */
        fprintf(stderr, "scanzip: GPU: %s: %s (%s) is not written yet\n", step, scanlab_todo_function(),
                scanlab_todo_file());
    else
        fprintf(stderr, "scanzip: GPU: %s failed: %s (%s)\n", step, cudaGetErrorName(err), cudaGetErrorString(err));
    return -1;
}

/* ---- Measuring the other methods ---------------------------------------------- */

/* rle8 splits runs longer than 255: each run is ceil(count / 255) pairs.
 *     counts [3 600 255]  ->  1 + 3 + 1 = 5 pairs */
__global__ void rle8_pieces_kernel(const int *d_counts, size_t runs, unsigned long long *d_pieces)
{
    unsigned long long pieces = 0;
    for (size_t r = (size_t)blockIdx.x * blockDim.x + threadIdx.x; r < runs; r += (size_t)gridDim.x * blockDim.x)
        pieces += ((unsigned long long)d_counts[r] + SCANZIP_RLE8_MAX_COUNT - 1) / SCANZIP_RLE8_MAX_COUNT;
    for (unsigned apart = 16; apart > 0; apart /= 2) /* one atomic a warp, not a thread */
        pieces += __shfl_down_sync(0xffffffffu, pieces, apart);
    if (threadIdx.x % 32 == 0)
        atomicAdd(d_pieces, pieces);
}

/* The payload of pack for the values in measured.values: with the given
 * frame length, or the best candidate (a tie to the shorter). */
static cudaError_t pack_size(size_t n, uint32_t frame_length, struct scanzip_size *size)
{
    const uint32_t *values = (const uint32_t *)measured.values;
    if (frame_length != SCANZIP_FRAME_CHOOSE) {
        size_t words = 0;
        RETURN_IF_CUDA_ERROR(pack_encode(values, n, frame_length, measured.widths, measured.offsets,
                                         measured.words, &words));
        size->bytes = 4 + pack_frame_count(n, frame_length) + 4 * (uint64_t)words;
        size->frame_length = frame_length;
        return cudaSuccess;
    }
    uint64_t candidates[SCANZIP_FRAME_CANDIDATES];
    RETURN_IF_CUDA_ERROR(cascade_frame_bytes(values, n, candidates));
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++) {
        if (k == 0 || 4 + candidates[k] < size->bytes) {
            size->bytes = 4 + candidates[k];
            size->frame_length = SCANZIP_FIRST_FRAME_CANDIDATE << k;
        }
    }
    return cudaSuccess;
}

/* The sizes scanzip_choose compares, all but cascade's (filled by the
 * caller from cascade_encode), for the chunk in b->raw; through labs 05,
 * 06 and 08, so the caller holds labs_lock. */
static cudaError_t measure_others(struct gpu_buffers *b, unsigned w, size_t n, uint32_t frame_length,
                                  struct scanzip_sizes *sizes)
{
    size_t runs = 0;
    unsigned long long pieces = 0;
    RETURN_IF_CUDA_ERROR(measured_arrays_for(n));
    RETURN_IF_CUDA_ERROR(cascade_widen(b->raw, n, w, measured.values));
    RETURN_IF_CUDA_ERROR(rle_encode(measured.values, n, measured.symbols, measured.counts, &runs));
    RETURN_IF_CUDA_ERROR(cudaMemset(measured.pieces, 0, sizeof pieces));
    unsigned blocks = (unsigned)(runs / 256 + 1 < 4096 ? runs / 256 + 1 : 4096);
    rle8_pieces_kernel<<<blocks, 256>>>(measured.counts, runs, measured.pieces);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&pieces, measured.pieces, sizeof pieces, cudaMemcpyDeviceToHost));
    sizes->of[SCANZIP_STORED][0].bytes = (uint64_t)n * w;
    sizes->of[SCANZIP_RLE8][0].bytes = pieces * (w + 1);
    sizes->of[SCANZIP_RLE][0].bytes = 4 + 8 * (uint64_t)runs;
    return pack_size(n, frame_length, &sizes->of[SCANZIP_PACK][0]);
}

/* The methods -m auto measures on the GPU: measure_others's and cascade.
 * A method added to codec.c's table after them is not measured here, and
 * -m auto then runs on the CPU engine (the same bytes, more slowly) until
 * measure_others measures it too. */
#define GPU_MEASURED_METHODS (SCANZIP_CASCADE + 1)

/* Whether chunks of this -m go to the GPU: cascade, and auto. */
static bool on_gpu(enum scanzip_choice choice)
{
    return choice == SCANZIP_CHOOSE_CASCADE ||
           (choice == SCANZIP_CHOOSE_AUTO && GPU_MEASURED_METHODS == SCANZIP_METHODS);
}

/* ---- CUDA's start, overlapped with reading the input ----------------------------- */

/* The first CUDA call that needs a context makes it: 0.41 s against 0.16
 * s for --cpu on an H100 machine (docs/scanzip.md#gpu). gpu_start, called
 * once the engine is chosen, has a thread make it (cudaFree(NULL)) while
 * the tool opens its files and the container reads the first batch; the
 * first chunk that goes to the GPU waits for that thread (gpu_ready), and
 * so does exit, so that CUDA is never torn down under it. */
static pthread_mutex_t start_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t starter;
static bool started, starter_running;

static void *make_context(void *unused)
{
    (void)unused;
    cudaFree(NULL); /* an error here comes back from the first chunk's own calls */
    return NULL;
}

static void gpu_ready(void)
{
    pthread_mutex_lock(&start_lock);
    if (starter_running)
        pthread_join(starter, NULL);
    starter_running = false;
    pthread_mutex_unlock(&start_lock);
}

static void gpu_start(enum scanzip_choice choice)
{
    if (!on_gpu(choice))
        return; /* the CPU codec does it all: no context needed */
    pthread_mutex_lock(&start_lock);
    if (!started) {
        started = true;
        atexit(gpu_ready);
        starter_running = pthread_create(&starter, NULL, make_context, NULL) == 0;
    }
    pthread_mutex_unlock(&start_lock);
}

/* ---- The engine ------------------------------------------------------------------ */

/* What encode_on_lane leaves to the CPU codec: a method other than
 * cascade, its flags, frame length and payload size, as measured. */
struct cpu_choice {
    unsigned method, flags;
    struct scanzip_size size;
};

/* A payload the CPU codec writes: for the methods the GPU leaves to it. */
static int cpu_payload(const struct scanzip_codec_params *params, const struct cpu_choice *cpu, const uint8_t *raw,
                       size_t n, struct scanzip_encoded *out)
{
    struct scanzip_codec_params chosen = *params;
    chosen.frame_length = cpu->size.frame_length;
    out->method = cpu->method;
    out->flags = cpu->flags;
    out->payload = (uint8_t *)malloc(cpu->size.bytes > 0 ? cpu->size.bytes : 1);
    if (out->payload == NULL)
        return -1;
    out->payload_bytes = scanzip_encode_payload(&chosen, cpu->method, cpu->flags, raw, n, out->payload);
    return out->payload_bytes == cpu->size.bytes ? 0 : -1;
}

/* The chunk in b->raw as a cascade payload in b->payload: by the
 * fast codec when it is linked and takes the frame length, else lab 08's. */
static cudaError_t encode_cascade(struct gpu_buffers *b, size_t n, unsigned w, uint32_t frame_length, size_t *bytes,
                                  bool *delta)
{
    cudaError_t err = cudaErrorInvalidValue; /* what the fast encoder says of a frame it does not take */
    if (cascade_encode_single_pass != NULL)
        err = cascade_encode_single_pass(b->raw, n, w, frame_length, CASCADE_CHOOSE_DELTA, b->payload,
                                         &b->fast_results[0], &b->fast_results[1], b->fast_temp,
                                         cascade_single_pass_temp_bytes(n));
    if (err == cudaErrorInvalidValue) {
        pthread_mutex_lock(&labs_lock);
        err = cascade_encode(b->raw, n, w, frame_length, CASCADE_CHOOSE_DELTA, b->payload, bytes, delta);
        pthread_mutex_unlock(&labs_lock);
        return err;
    }
    RETURN_IF_CUDA_ERROR(err);
    uint32_t results[2];
    RETURN_IF_CUDA_ERROR(cudaMemcpy(results, b->fast_results, sizeof results, cudaMemcpyDeviceToHost));
    *bytes = results[0];
    *delta = results[1] != 0;
    return cudaSuccess;
}

/* The payload in b->payload decoded into b->raw: by the fast
 * codec when it is linked, else lab 08's. CASCADE_INVALID_PAYLOAD for a
 * payload either refuses. */
static cudaError_t decode_cascade(struct gpu_buffers *b, uint64_t payload_bytes, unsigned w, bool delta, size_t n)
{
    if (cascade_decode_single_pass == NULL) {
        pthread_mutex_lock(&labs_lock);
        cudaError_t err = cascade_decode(b->payload, payload_bytes, w, delta, b->raw, n);
        pthread_mutex_unlock(&labs_lock);
        return err;
    }
    uint32_t valid = 0;
    RETURN_IF_CUDA_ERROR(cascade_decode_single_pass(b->payload, payload_bytes, w, delta, b->raw, n,
                                                    &b->fast_results[2], b->fast_temp,
                                                    cascade_single_pass_temp_bytes(n)));
    RETURN_IF_CUDA_ERROR(cudaMemcpy(&valid, &b->fast_results[2], sizeof valid, cudaMemcpyDeviceToHost));
    return valid ? cudaSuccess : CASCADE_INVALID_PAYLOAD;
}

/* gpu_encode_chunk's work on lane b: the cascade payload into out, or
 * (returning 1) the method -m auto picked instead, into *cpu. */
static int encode_on_lane(struct gpu_buffers *b, const struct scanzip_codec_params *params,
                          enum scanzip_choice choice, const uint8_t *raw, size_t n, struct scanzip_encoded *out,
                          struct cpu_choice *cpu)
{
    unsigned w = params->element_bytes;
    cudaError_t err;
    if ((err = cudaMemcpy(b->raw, raw, n * w, cudaMemcpyHostToDevice)) != cudaSuccess)
        return gpu_failed("copying the chunk to the GPU", err);
    size_t cascade_bytes = 0;
    bool delta = false;
    if ((err = encode_cascade(b, n, w, params->frame_length, &cascade_bytes, &delta)) != cudaSuccess)
        return gpu_failed("cascade_encode", err);

    unsigned method = SCANZIP_CASCADE, flags = delta ? SCANZIP_FLAG_DELTA : 0;
    struct scanzip_sizes sizes;
    memset(&sizes, 0, sizeof sizes);
    if (choice == SCANZIP_CHOOSE_AUTO) {
        pthread_mutex_lock(&labs_lock);
        err = measure_others(b, w, n, params->frame_length, &sizes);
        pthread_mutex_unlock(&labs_lock);
        if (err != cudaSuccess)
            return gpu_failed("measuring the other methods", err);
        /* cascade_encode kept the smaller of plain and delta, plain on a
         * tie: a delta payload was strictly smaller than the plain one. */
        sizes.of[SCANZIP_CASCADE][SCANZIP_FLAG_DELTA].bytes = cascade_bytes;
        sizes.of[SCANZIP_CASCADE][0].bytes = cascade_bytes + (delta ? 1 : 0);
        scanzip_choose(SCANZIP_CHOOSE_AUTO, &sizes, &method, &flags);
    }
    if (method != SCANZIP_CASCADE) {
        cpu->method = method;
        cpu->flags = flags;
        cpu->size = sizes.of[method][flags];
        return 1;
    }
    out->method = SCANZIP_CASCADE;
    out->flags = flags;
    out->payload_bytes = cascade_bytes;
    out->payload = (uint8_t *)malloc(cascade_bytes);
    if (out->payload == NULL)
        return -1;
    if ((err = cudaMemcpy(out->payload, b->payload, cascade_bytes, cudaMemcpyDeviceToHost)) != cudaSuccess) {
        free(out->payload);
        out->payload = NULL;
        return gpu_failed("copying the payload back", err);
    }
    return 0;
}

static int gpu_encode_chunk(const struct scanzip_codec_params *params, enum scanzip_choice choice,
                            const uint8_t *raw, size_t n, struct scanzip_encoded *out)
{
    if (n == 0 || !on_gpu(choice))
        return scanzip_cpu_engine.encode_chunk(params, choice, raw, n, out);
    gpu_ready();
    cudaError_t err;
    struct gpu_buffers *b = lane_for(n, &err);
    if (b == NULL)
        return gpu_failed("allocating the chunk's buffers", err);
    struct cpu_choice cpu = {SCANZIP_STORED, 0, {0, 0}};
    int status = encode_on_lane(b, params, choice, raw, n, out, &cpu);
    give_lane(b); /* before the CPU codec's work, which needs no lane */
    return status == 1 ? cpu_payload(params, &cpu, raw, n, out) : status;
}

static int gpu_decode_chunk(unsigned element_bytes, unsigned method, unsigned flags, const uint8_t *payload,
                            uint64_t payload_bytes, uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why)
{
    uint64_t n = raw_bytes / element_bytes;
    if (method != SCANZIP_CASCADE || n == 0 || raw_bytes % element_bytes != 0 || n > CASCADE_MAX_N ||
        payload_bytes > cascade_max_payload_bytes(n) || (flags & ~SCANZIP_FLAG_DELTA) != 0)
        return scanzip_cpu_engine.decode_chunk(element_bytes, method, flags, payload, payload_bytes, raw, raw_bytes,
                                               why);
    gpu_ready();
    cudaError_t err;
    struct gpu_buffers *b = lane_for(n, &err);
    if (b != NULL) {
        err = cudaMemcpy(b->payload, payload, payload_bytes, cudaMemcpyHostToDevice);
        if (err == cudaSuccess)
            err = decode_cascade(b, payload_bytes, element_bytes, flags & SCANZIP_FLAG_DELTA, n);
        if (err == cudaSuccess)
            err = cudaMemcpy(raw, b->raw, raw_bytes, cudaMemcpyDeviceToHost);
        give_lane(b);
    }
    if (err == CASCADE_INVALID_PAYLOAD) /* the CPU decoder says why, in words */
        return scanzip_cpu_engine.decode_chunk(element_bytes, method, flags, payload, payload_bytes, raw, raw_bytes,
                                               why);
    if (err != cudaSuccess && scanlab_todo_function() != NULL)
        return scanzip_fail(why, "GPU: %s (%s) is not written yet", scanlab_todo_function(), scanlab_todo_file());
    if (err != cudaSuccess)
        return scanzip_fail(why, "GPU: cascade_decode failed: %s (%s)", cudaGetErrorName(err),
                            cudaGetErrorString(err));
    return 0;
}

/* Concurrent (several chunks on the GPU at once) when the fast codec is
 * linked and the GPU is real: under the emulator, one chunk at a time. */
static struct scanzip_engine gpu_engine = {
    GPU_ENGINE_NAME, false, GPU_ENGINE_BY_DEFAULT, gpu_encode_chunk, gpu_decode_chunk, gpu_start,
};

static const char *missing_reason = "no CUDA device was found";

const struct scanzip_engine *scanzip_gpu_engine(void)
{
    static int have_gpu = -1;
    if (have_gpu < 0) {
        int count = 0;
        cudaError_t err = cudaGetDeviceCount(&count);
        have_gpu = err == cudaSuccess && count > 0;
#if !defined(SCANLAB_EMU)
        gpu_engine.concurrent = cascade_encode_single_pass != NULL;
#endif
        if (err != cudaSuccess)
            missing_reason = cudaGetErrorString(err);
    }
    return have_gpu ? &gpu_engine : NULL;
}

const char *scanzip_gpu_missing_reason(void)
{
    return missing_reason;
}
