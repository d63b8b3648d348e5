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
 *   delta first  format.h's rule (fewer runs of deltas than of elements)
 *                is counted on the GPU first (delta_first_pays_kernel).
 *                Where it makes delta first a candidate, a map kernel
 *                writes the chunk's zigzag deltas into a scratch buffer
 *                (delta_first_kernel) and the same cascade encoder runs
 *                on them; the smaller payload wins, a tie to the lower
 *                flags, as scanzip_choose (encode_best_cascade).
 *
 * Decoding: cascade chunks on the GPU (cascade_decode checks every field,
 * as the CPU decoder does; when it refuses a payload, the CPU decoder is
 * asked why, for the error message); the other methods on the CPU. A
 * delta-first chunk is cascade's decoding, then a scan: lab 08's own
 * cascade_undelta (unzigzag, lab 03's scan_exclusive_tiled, each
 * element's delta added, 8w bits kept), the function that undoes the run
 * symbols' delta. It is exactly that operation on any n, runs under the
 * emulator and is in a student's build too (CUB's DeviceScan is neither).
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
    unsigned long long *runs; /* delta_first_pays_kernel's two counts */
    uint8_t *deltas;        /* n * 4 bytes, from the first delta-first chunk on (deltas_for) */
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
    cudaFree(b->runs);
    cudaFree(b->deltas);
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
    RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&b->runs, 2 * sizeof *b->runs));
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

/* ---- Whether delta first is a candidate ------------------------------------------ */

/* Element i of a chunk of w-byte little-endian elements; 0 before the first. */
__device__ uint32_t element_before(const uint8_t *raw, size_t i, size_t back, unsigned w)
{
    if (i < back)
        return 0;
    const uint8_t *p = raw + (i - back) * w;
    uint32_t v = 0;
    for (unsigned k = 0; k < w; k++)
        v |= (uint32_t)p[k] << (8 * k);
    return v;
}

/* Format.h's rule, counted as scanzip_delta_first_pays counts it: a run
 * of elements starts at i where x[i] != x[i-1], a run of deltas where
 * d[i] != d[i-1] (d[i] = x[i] - x[i-1] modulo 2^(8w), x[-1] = 0); both
 * start at i = 0. d_runs[0] gets the elements', d_runs[1] the deltas'.
 *     [5 6 7 8 8 8]: starts of runs [1 1 1 1 0 0], of deltas [1 1 0 0 1 0] */
__global__ void delta_first_pays_kernel(const uint8_t *raw, size_t n, unsigned w, unsigned long long *d_runs)
{
    uint32_t mask = w == 4 ? 0xffffffffu : (1u << (8 * w)) - 1;
    unsigned long long elements = 0, deltas = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t x = element_before(raw, i, 0, w), x1 = element_before(raw, i, 1, w), x2 = element_before(raw, i, 2, w);
        elements += i == 0 || x != x1;
        deltas += i == 0 || ((x - x1) & mask) != ((x1 - x2) & mask);
    }
    for (unsigned apart = 16; apart > 0; apart /= 2) { /* one atomic a warp, not a thread */
        elements += __shfl_down_sync(0xffffffffu, elements, apart);
        deltas += __shfl_down_sync(0xffffffffu, deltas, apart);
    }
    if (threadIdx.x % 32 == 0) {
        atomicAdd(&d_runs[0], elements);
        atomicAdd(&d_runs[1], deltas);
    }
}

/* Delta first's elements: zigzag(x[i] - x[i-1]) in 8w bits, x[-1] = 0,
 * as w-byte elements, for the cascade encoder to take as a chunk.
 *     w = 1, [5 6 7 8 8 8]  ->  deltas [5 1 1 1 0 0]  ->  [10 2 2 2 0 0] */
__global__ void delta_first_kernel(const uint8_t *raw, size_t n, unsigned w, uint8_t *deltas)
{
    unsigned bits = 8 * w;
    uint32_t mask = w == 4 ? 0xffffffffu : (1u << bits) - 1;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t d = (element_before(raw, i, 0, w) - element_before(raw, i, 1, w)) & mask;
        uint32_t z = ((d << 1) & mask) ^ ((d >> (bits - 1)) & 1 ? mask : 0);
        for (unsigned k = 0; k < w; k++)
            deltas[i * w + k] = (uint8_t)(z >> (8 * k));
    }
}

/* The lane's scratch buffer for delta first, on its first use. */
static cudaError_t deltas_for(struct gpu_buffers *b)
{
    if (b->deltas == NULL)
        RETURN_IF_CUDA_ERROR(cudaMalloc((void **)&b->deltas, 4 * b->n));
    return cudaSuccess;
}

/* Whether the chunk in b->raw makes delta first a candidate (format.h). */
static cudaError_t delta_first_pays(struct gpu_buffers *b, size_t n, unsigned w, bool *pays)
{
    unsigned long long runs[2];
    RETURN_IF_CUDA_ERROR(cudaMemset(b->runs, 0, sizeof runs));
    unsigned blocks = (unsigned)(n / 256 + 1 < 4096 ? n / 256 + 1 : 4096);
    delta_first_pays_kernel<<<blocks, 256>>>(b->raw, n, w, b->runs);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    RETURN_IF_CUDA_ERROR(cudaMemcpy(runs, b->runs, sizeof runs, cudaMemcpyDeviceToHost));
    *pays = runs[1] < runs[0];
    return cudaSuccess;
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

/* The chunk d_raw (b->raw or b->deltas) as a cascade payload in
 * b->payload, delta or not as it packs smaller: by the fast codec when it
 * is linked and takes the frame length, else lab 08's. */
static cudaError_t encode_cascade(struct gpu_buffers *b, const uint8_t *d_raw, size_t n, unsigned w,
                                  uint32_t frame_length, size_t *bytes, bool *delta)
{
    cudaError_t err = cudaErrorInvalidValue; /* what the fast encoder says of a frame it does not take */
    if (cascade_encode_single_pass != NULL)
        err = cascade_encode_single_pass(d_raw, n, w, frame_length, CASCADE_CHOOSE_DELTA, b->payload,
                                         &b->fast_results[0], &b->fast_results[1], b->fast_temp,
                                         cascade_single_pass_temp_bytes(n));
    if (err == cudaErrorInvalidValue) {
        pthread_mutex_lock(&labs_lock);
        err = cascade_encode(d_raw, n, w, frame_length, CASCADE_CHOOSE_DELTA, b->payload, bytes, delta);
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

/* Cascade's decoding of b->payload into b->raw (with delta first: the
 * zigzag deltas): by the fast codec when it is linked, else lab 08's.
 * CASCADE_INVALID_PAYLOAD for a payload either refuses. */
static cudaError_t decode_elements(struct gpu_buffers *b, uint64_t payload_bytes, unsigned w, bool delta, size_t n)
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

/* Cascade's variants for the chunk in b->raw, each with its frame
 * length chosen: lab 08's encoder gives the smaller of flags 0 and delta
 * (plain), and, where delta first is a candidate, of delta first and
 * both (first). */
struct cascade_variants {
    size_t plain_bytes, first_bytes;
    bool plain_delta, first_delta, delta_first_pays;
    size_t bytes;   /* the smallest, whose payload is in b->payload */
    unsigned flags; /* and its flags */
};

/* The smallest cascade payload of the chunk in b->raw into b->payload: on
 * the elements, then (when pays) on their deltas; a tie keeps the lower
 * flags, as scanzip_choose. When delta first loses, the elements' payload
 * is written again over its. */
static cudaError_t encode_best_cascade(struct gpu_buffers *b, size_t n, unsigned w, uint32_t frame_length,
                                       bool pays, struct cascade_variants *v)
{
    RETURN_IF_CUDA_ERROR(encode_cascade(b, b->raw, n, w, frame_length, &v->plain_bytes, &v->plain_delta));
    v->delta_first_pays = pays;
    v->bytes = v->plain_bytes;
    v->flags = v->plain_delta ? SCANZIP_FLAG_DELTA : 0;
    if (!pays)
        return cudaSuccess;
    RETURN_IF_CUDA_ERROR(deltas_for(b));
    delta_first_kernel<<<(unsigned)(n / 256 + 1 < 4096 ? n / 256 + 1 : 4096), 256>>>(b->raw, n, w, b->deltas);
    RETURN_IF_CUDA_ERROR(cudaGetLastError());
    RETURN_IF_CUDA_ERROR(encode_cascade(b, b->deltas, n, w, frame_length, &v->first_bytes, &v->first_delta));
    if (v->first_bytes < v->plain_bytes) {
        v->bytes = v->first_bytes;
        v->flags = SCANZIP_FLAG_DELTA_FIRST | (v->first_delta ? SCANZIP_FLAG_DELTA : 0);
        return cudaSuccess;
    }
    return encode_cascade(b, b->raw, n, w, frame_length, &v->plain_bytes, &v->plain_delta);
}

/* Delta first's scan, once cascade's decoding has put the zigzag deltas
 * in b->raw: widened into b->deltas, lab 08's cascade_undelta (unzigzag,
 * an inclusive scan, 8w bits kept) into b->payload (8 + 10n bytes, no
 * longer needed), narrowed back into b->raw.
 *     w = 1, [10 2 2 2 0 0]  ->  [5 1 1 1 0 0]  ->  [5 6 7 8 8 8] */
static cudaError_t undo_delta_first(struct gpu_buffers *b, unsigned w, size_t n)
{
    RETURN_IF_CUDA_ERROR(deltas_for(b));
    pthread_mutex_lock(&labs_lock);
    cudaError_t err = cascade_widen(b->raw, n, w, (int *)b->deltas);
    if (err == cudaSuccess)
        err = cascade_undelta((const uint32_t *)b->deltas, n, w, (int *)b->payload);
    if (err == cudaSuccess)
        err = cascade_narrow((const int *)b->payload, n, w, b->raw);
    pthread_mutex_unlock(&labs_lock);
    return err;
}

/* The payload in b->payload decoded into b->raw, delta first undone. */
static cudaError_t decode_cascade(struct gpu_buffers *b, uint64_t payload_bytes, unsigned w, unsigned flags, size_t n)
{
    RETURN_IF_CUDA_ERROR(decode_elements(b, payload_bytes, w, (flags & SCANZIP_FLAG_DELTA) != 0, n));
    return flags & SCANZIP_FLAG_DELTA_FIRST ? undo_delta_first(b, w, n) : cudaSuccess;
}

/* Sizes for scanzip_choose that make it pick among cascade's variants as
 * from the CPU's four sizes. Lab 08's encoder gives the smaller of flags
 * 0 and delta and which; so the loser gets the winner's size, plus one
 * when it was delta (a tie keeps the lower flags, so delta won only by
 * being strictly smaller). The same for delta first and both; they are
 * SCANZIP_UNMEASURED where the rule leaves them out, as on the CPU. */
static void cascade_sizes(const struct cascade_variants *v, struct scanzip_size of[SCANZIP_FLAG_VARIANTS])
{
    of[0].bytes = v->plain_bytes + (v->plain_delta ? 1 : 0);
    of[SCANZIP_FLAG_DELTA].bytes = v->plain_bytes;
    of[SCANZIP_FLAG_DELTA_FIRST].bytes =
        v->delta_first_pays ? v->first_bytes + (v->first_delta ? 1 : 0) : SCANZIP_UNMEASURED;
    of[SCANZIP_FLAG_DELTA_FIRST | SCANZIP_FLAG_DELTA].bytes =
        v->delta_first_pays ? v->first_bytes : SCANZIP_UNMEASURED;
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
    bool pays = false;
    struct cascade_variants v;
    if ((err = delta_first_pays(b, n, w, &pays)) != cudaSuccess)
        return gpu_failed("counting the runs of deltas", err);
    if ((err = encode_best_cascade(b, n, w, params->frame_length, pays, &v)) != cudaSuccess)
        return gpu_failed("cascade_encode", err);

    unsigned method = SCANZIP_CASCADE, flags = v.flags;
    if (choice == SCANZIP_CHOOSE_AUTO) {
        struct scanzip_sizes sizes;
        memset(&sizes, 0, sizeof sizes);
        pthread_mutex_lock(&labs_lock);
        err = measure_others(b, w, n, params->frame_length, &sizes);
        pthread_mutex_unlock(&labs_lock);
        if (err != cudaSuccess)
            return gpu_failed("measuring the other methods", err);
        cascade_sizes(&v, sizes.of[SCANZIP_CASCADE]);
        scanzip_choose(SCANZIP_CHOOSE_AUTO, &sizes, &method, &flags);
        if (method != SCANZIP_CASCADE) {
            cpu->method = method;
            cpu->flags = flags;
            cpu->size = sizes.of[method][flags];
            return 1;
        }
    }
    out->method = SCANZIP_CASCADE;
    out->flags = flags;
    out->payload_bytes = v.bytes;
    out->payload = (uint8_t *)malloc(v.bytes);
    if (out->payload == NULL)
        return -1;
    if ((err = cudaMemcpy(out->payload, b->payload, v.bytes, cudaMemcpyDeviceToHost)) != cudaSuccess) {
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
    struct cpu_choice cpu = {SCANZIP_STORED, 0, {0, 0, 0, 0}};
    int status = encode_on_lane(b, params, choice, raw, n, out, &cpu);
    give_lane(b); /* before the CPU codec's work, which needs no lane */
    return status == 1 ? cpu_payload(params, &cpu, raw, n, out) : status;
}

static int gpu_decode_chunk(unsigned element_bytes, unsigned method, unsigned flags, const uint8_t *payload,
                            uint64_t payload_bytes, uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why)
{
    uint64_t n = raw_bytes / element_bytes;
    if (method != SCANZIP_CASCADE || n == 0 || raw_bytes % element_bytes != 0 || n > CASCADE_MAX_N ||
        payload_bytes > cascade_max_payload_bytes(n) || (flags & ~(SCANZIP_FLAG_DELTA | SCANZIP_FLAG_DELTA_FIRST)) != 0)
        return scanzip_cpu_engine.decode_chunk(element_bytes, method, flags, payload, payload_bytes, raw, raw_bytes,
                                               why);
    gpu_ready();
    cudaError_t err;
    struct gpu_buffers *b = lane_for(n, &err);
    if (b != NULL) {
        err = cudaMemcpy(b->payload, payload, payload_bytes, cudaMemcpyHostToDevice);
        if (err == cudaSuccess)
            err = decode_cascade(b, payload_bytes, element_bytes, flags, n);
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
