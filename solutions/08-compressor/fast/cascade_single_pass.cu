/*
 * cascade_single_pass.cu: lab 08's cascade in five launches, the fast
 * reference (common/fast.h). Not a student's task: lab 08 teaches the
 * cascade as a composition of labs 05 and 06 in cascade.cu beside it.
 *
 * Lab 08's cascade_encode widens the elements to ints, calls lab 05's
 * encoder and lab 06's packer as libraries and reads every size back to
 * the host: about 25 launches and 10 waits a chunk. On an H100 it
 * compresses the 128 MiB atlas at 40 GB/s of uncompressed data (chunks
 * of 2^24) and decompresses it at 25, where a copy of it runs at 1435;
 * this version, at 194 and 318 a chunk a call, and at 334 and 618 with
 * the file's 8 chunks in one batch (make bench BENCH=cascade, versions
 * 2 and 3, 2026-11-27; each step's time is on docs/performance.md). A
 * compressor's work is in its first pass, over the elements; everything
 * after it works on the runs, 1/27 of the atlas. So the elements are read
 * once, as the bytes they are, and the runs' passes are few and never
 * wait for the host: every size stays on the device, in a plan the
 * kernels pass on.
 *
 *   raw (w = 1)    07 07 07 09 09 00              n = 6
 *   1 runs         symbols [7 9 0]  counts [3 2 1]   lab 05's one-pass
 *                  encoder, its tiles staged from bytes (stage_elements)
 *   2 candidates   the packed bits of counts - 1 [2 1 0], of the symbols
 *                  and of their zigzag deltas [14 4 17], with each frame
 *                  length 8 ... 256; the last block to finish picks the
 *                  frame and the delta as scanzip's CPU codec does, and
 *                  writes the header and the stream positions (the plan)
 *   3 frames       each chosen frame's width (the OR of its values) and
 *                  its bit offset in its stream: a block scan and lab 07's
 *                  look-back, for both streams at once; the width bytes
 *   4 words        each payload word built by one thread from the values
 *                  whose bits it holds, starting at the frame that step 3
 *                  noted for its first bit
 *
 * and the decoder reverses it, checking every field on the device:
 *
 *   1, 2 offsets   each stream's frame offsets from its width bytes (a
 *                  block scan and look-back); a width too wide, a stream
 *                  past the payload's end, or unused high bits set make
 *                  the payload invalid
 *   3 runs         each run's symbol and count unpacked; the counts
 *                  scanned into the runs' starts and the deltas into the
 *                  symbols (two look-backs); the counts must add up to
 *                  n; each tile of step 4 gets the run that holds its
 *                  first element
 *   4 expand       a tile of 4096 output elements per block: its runs,
 *                  from step 3's note, staged in shared memory, each
 *                  thread writing 32 bytes at once
 *
 * A payload's verdict is a device word, written by the last launch: a
 * caller queues chunk after chunk and reads the verdicts once. Or it
 * hands over the whole file (cascade_encode_batch, cascade_decode_batch):
 * each step is then one launch for all the chunks (below, "A batch").
 *
 * Built from the fast run-length encoder's pieces (rle_pieces.cuh), and
 * through them the one-pass compaction's and lab 07's.
 */
#include "../../05-rle/fast/rle_pieces.cuh"

#include "cascade.h"
#include "fast.h"

enum { SYMBOLS, COUNTS, STREAMS };                         /* the payload's two packed streams */
enum { BITS_COUNTS, BITS_PLAIN, BITS_DELTA, MEASURED };    /* the encoder's three candidates */

#define RUNS_A_THREAD 4                       /* encode steps 2-3: 4 consecutive runs a thread */
#define FRAME_TILE (SP_THREADS * RUNS_A_THREAD) /* runs a tile of encode steps 2-3: whole frames of 8..256 */
#define FRAMES_A_THREAD 4                     /* decode steps 1-2: 4 consecutive frames a thread */
#define WIDTH_TILE (SP_THREADS * FRAMES_A_THREAD) /* frames a tile of decode steps 1-2 */
#define RUN_TILE (SP_THREADS * 4)             /* runs of a tile of decode step 3 */
#define EXPAND_TILE 4096                      /* output elements a block of decode step 4 */
#define EXPAND_BYTES 32                       /* output bytes a thread of decode step 4: 2 uint4 stores */
#define MOST_BLOCKS 1024                      /* grid-stride and tile-taking kernels: enough for any GPU */

/*
 * The plan: what one step leaves the next, in device memory (the start
 * of the temporary storage, zeroed by each call). Positions are payload
 * offsets in bytes:
 *
 *     [runs u32][frame u32][symbol widths][symbol words][count widths][count words]
 *      0         4          8              words_at[0]   widths_at[1]  words_at[1]
 */
struct plan {
    uint32_t invalid;                   /* decoder: a field out of range */
    uint32_t runs, frame_length, frames, delta;
    uint32_t widths_at[STREAMS], words_at[STREAMS], words[STREAMS];
    uint32_t candidates_done;           /* encoder step 2: blocks finished */
    unsigned long long bits[MEASURED][SCANZIP_FRAME_CANDIDATES]; /* encoder step 2's sums */
};

/* ---- Small pieces ------------------------------------------------------------ */

/* All ones in the low `bits` bits (8 -> 0xff, 32 -> 0xffffffff). */
__host__ __device__ inline uint32_t element_mask(unsigned bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

/* The bits a frame of values takes: those of their OR (0 -> 0, 5 -> 3). */
__device__ inline unsigned width_of(uint32_t value)
{
    return 32 - __clz((int)value);
}

/* The values of the frame of `length` starting at value i of count. */
__device__ inline size_t values_in_frame(size_t length, size_t count, size_t i)
{
    return count - i < length ? count - i : length;
}

/* Zigzag a difference modulo 2^bits, and back (cascade.h, Part B):
 *     bits 8: 0 -> 0, 1 -> 2, 0xff (-1) -> 1, 0xf8 (-8) -> 15             */
__device__ inline uint32_t zigzag_of(uint32_t difference, unsigned bits)
{
    uint32_t sign = difference >> (bits - 1) & 1;
    return ((difference << 1) ^ (0u - sign)) & element_mask(bits);
}

__device__ inline uint32_t unzigzag_of(uint32_t zigzag, unsigned bits)
{
    return ((zigzag >> 1) ^ (0u - (zigzag & 1))) & element_mask(bits);
}

/* Element i of w little-endian bytes. */
__device__ inline uint32_t element_at(const uint8_t *d_raw, size_t i, unsigned w)
{
    uint32_t value = 0;
    for (unsigned b = 0; b < w; b++)
        value |= (uint32_t)d_raw[i * w + b] << (8 * b);
    return value;
}

/* A little-endian u32 at any alignment. */
__device__ inline uint32_t u32_at(const uint8_t *at)
{
    return at[0] | (uint32_t)at[1] << 8 | (uint32_t)at[2] << 16 | (uint32_t)at[3] << 24;
}

__device__ inline void put_u32(uint8_t *at, uint32_t value)
{
    for (int b = 0; b < 4; b++)
        at[b] = (uint8_t)(value >> (8 * b));
}

/* A symbol's delta stream value: its difference from the one before,
 * modulo 2^bits, zigzagged. */
__device__ inline uint32_t delta_of(uint32_t symbol, uint32_t previous, unsigned bits)
{
    return zigzag_of((symbol - previous) & element_mask(bits), bits);
}

/* The symbol stream's value r: the symbol, or its delta (from 0 for r = 0). */
__device__ inline uint32_t symbol_value(const uint32_t *d_symbols, size_t r, unsigned bits, bool delta)
{
    if (!delta)
        return d_symbols[r];
    return delta_of(d_symbols[r], r == 0 ? 0 : d_symbols[r - 1], bits);
}

/*
 * frame_ors: ors[k] = the OR of the values of the frame of 8 << k (8 to
 * 256) that holds this thread's runs, in a block of 4 runs a thread whose
 * frames start at thread 0; `own` is the OR of the thread's 4. A frame of
 * 8 is 2 threads, and each length twice the one before: shuffles 1, 2,
 * 4, 8, 16 lanes apart make 8 ... 128, and two warps' ORs in warp_or[]
 * make 256. Every thread of the block calls it.
 *     own [0 0 | 5 0 | ...] (threads 0-3)  ->  ors[0] [0 0 5 5 ...]  ors[1] [5 5 5 5 ...]
 */
__device__ void frame_ors(uint32_t own, uint32_t ors[SCANZIP_FRAME_CANDIDATES], uint32_t *warp_or)
{
    for (int k = 0; k < SCANZIP_FRAME_CANDIDATES - 1; k++) {
        own |= __shfl_xor_sync(FULL_MASK, own, 1 << k);
        ors[k] = own;
    }
    unsigned warp = threadIdx.x / SP_WARP;
    __syncthreads(); /* warp_or[] read by an earlier call */
    if (threadIdx.x % SP_WARP == 0)
        warp_or[warp] = own;
    __syncthreads();
    ors[SCANZIP_FRAME_CANDIDATES - 1] = warp_or[warp & ~1u] | warp_or[warp | 1u];
}

/* The sum of `value` over the warp, in every lane (lab 07's warp_sum, for
 * the candidates' 64-bit bit counts). */
__device__ inline unsigned long long warp_sum_u64(unsigned long long value)
{
    for (int offset = SP_WARP / 2; offset > 0; offset /= 2)
        value += __shfl_xor_sync(FULL_MASK, value, offset);
    return value;
}

/* Whether this thread holds the first runs of a frame of 8 << k, with
 * 4 runs a thread: every 2 << k threads. */
__device__ inline bool leads_frame(int k)
{
    return threadIdx.x % (2u << k) == 0;
}

/*
 * The thread's 4 runs from `first` (zeros past runs): counts - 1, the
 * symbols, and the symbols' zigzag deltas (the delta of run 0 is from 0).
 * Read as int4 where lab 05's load_runs can.
 *     symbols [7 9 0], counts [3 2 1]  ->  [2 1 0], [7 9 0], deltas [14 4 17]
 */
struct four_runs {
    uint32_t counts[RUNS_A_THREAD], symbols[RUNS_A_THREAD], deltas[RUNS_A_THREAD];
};

__device__ struct four_runs load_four_runs(const uint32_t *d_symbols, const uint32_t *d_counts, size_t runs,
                                           size_t first, unsigned bits)
{
    struct four_runs four;
    int4 counts = load_runs((const int *)d_counts, runs, first), symbols = load_runs((const int *)d_symbols, runs, first);
    uint32_t count[4] = {(uint32_t)counts.x, (uint32_t)counts.y, (uint32_t)counts.z, (uint32_t)counts.w};
    uint32_t symbol[4] = {(uint32_t)symbols.x, (uint32_t)symbols.y, (uint32_t)symbols.z, (uint32_t)symbols.w};
    uint32_t previous = first == 0 || first > runs ? 0 : d_symbols[first - 1];
    for (int j = 0; j < RUNS_A_THREAD; j++) {
        bool inside = first + j < runs;
        four.counts[j] = inside ? count[j] - 1 : 0;
        four.symbols[j] = symbol[j];
        four.deltas[j] = inside ? delta_of(symbol[j], previous, bits) : 0;
        previous = symbol[j];
    }
    return four;
}

__device__ inline uint32_t or_of_four(const uint32_t values[RUNS_A_THREAD])
{
    return values[0] | values[1] | values[2] | values[3];
}

/* ---- Encode step 1: runs of w-byte elements ------------------------------------ */

/*
 * stage_whole_tile: a whole tile's SP_TILE elements of W bytes, 16-byte
 * aligned, into tile_in as ints: each thread loads its 2W uint4 at
 * once (consecutive threads, consecutive vectors), then unpacks them. A
 * uint4 holds 16 / W elements:
 *     W = 2, bytes 34 12 ff 00 ...  ->  [0x1234 0x00ff ...]
 * Loading 4 bytes at a time, a thread had one load in flight and the
 * step took 50 us a chunk of 2^24 bytes (H100, ncu), about 340 GB/s.
 */
template <unsigned W>
__device__ void stage_whole_tile(const uint8_t *tile_bytes, int *tile_in)
{
    const unsigned per_thread = SP_TILE * W / 16 / SP_THREADS, per_word = 4 / W;
    uint4 vectors[per_thread];
    for (unsigned r = 0; r < per_thread; r++)
        vectors[r] = ((const uint4 *)tile_bytes)[r * SP_THREADS + threadIdx.x];
    for (unsigned r = 0; r < per_thread; r++) {
        const uint32_t words[4] = {vectors[r].x, vectors[r].y, vectors[r].z, vectors[r].w};
        int *out = tile_in + (r * SP_THREADS + threadIdx.x) * (16 / W);
        for (unsigned q = 0; q < 4; q++)
            for (unsigned k = 0; k < per_word; k++)
                out[q * per_word + k] = (int)((words[q] >> (8 * W * k % 32)) & element_mask(8 * W));
    }
}

/*
 * stage_elements: the tile's SP_TILE elements and the 4 after it into
 * tile_in as ints (zeros past n), for lab 05's encode_staged_tile. A
 * whole tile of aligned bytes goes through stage_whole_tile; the last
 * tile, or unaligned bytes, a 32-bit word (4/w elements) at a time where
 * the word lies inside the n * w bytes and d_raw is 4-byte aligned, else
 * an element at a time:
 *     w = 2, bytes 34 12 ff 00  ->  word 0x00ff1234  ->  [0x1234 0x00ff]
 */
__device__ void stage_elements(const uint8_t *d_raw, size_t n, unsigned w, size_t first, int *tile_in)
{
    if ((uintptr_t)d_raw % 16 == 0 && first + TILE_IN_INTS <= n) {
        const uint8_t *tile_bytes = d_raw + first * w;
        if (w == 1)
            stage_whole_tile<1>(tile_bytes, tile_in);
        else if (w == 2)
            stage_whole_tile<2>(tile_bytes, tile_in);
        else
            stage_whole_tile<4>(tile_bytes, tile_in);
        if (threadIdx.x < TILE_IN_INTS - SP_TILE)
            tile_in[SP_TILE + threadIdx.x] = (int)element_at(d_raw, first + SP_TILE + threadIdx.x, w);
        return;
    }
    unsigned per_word = 4 / w, bits = 8 * w;
    bool aligned = (uintptr_t)d_raw % 4 == 0;
    for (unsigned q = threadIdx.x; q < TILE_IN_INTS / per_word; q += SP_THREADS) {
        size_t byte = (first + (size_t)q * per_word) * w;
        if (aligned && byte + 4 <= n * w) {
            uint32_t word = *(const uint32_t *)(d_raw + byte);
            for (unsigned k = 0; k < per_word; k++)
                tile_in[q * per_word + k] = (int)((word >> (bits * k % 32)) & element_mask(bits));
        } else {
            for (unsigned k = 0; k < per_word; k++) {
                size_t i = first + q * per_word + k;
                tile_in[q * per_word + k] = i < n ? (int)element_at(d_raw, i, w) : 0;
            }
        }
    }
}

/* encode_runs: a tile of the chunk's runs (a batch's last chunk may have
 * fewer tiles than the grid: the blocks past them return). */
__device__ void encode_runs(const uint8_t *d_raw, size_t n, unsigned w, uint32_t *d_symbols, uint32_t *d_counts,
                            struct plan *plan, tile_status *d_status, unsigned *d_next_tile)
{
    extern __shared__ int4 staging[];
    int *tile_in = (int *)staging;
    size_t tile = take_tile_number(d_next_tile), tiles = (n + SP_TILE - 1) / SP_TILE;
    if (tile >= tiles)
        return;
    stage_elements(d_raw, n, w, tile * SP_TILE, tile_in);
    __syncthreads();
    encode_staged_tile(tile_in, (unsigned short *)(tile_in + TILE_IN_INTS), tile, tiles, n, (int *)d_symbols,
                       (int *)d_counts, (int *)&plan->runs, d_status);
}

/* ---- Encode step 2: the candidates, and the choice ------------------------------ */

/* The payload's bytes with frames of `length`, its symbols taking
 * symbol_bits and its counts count_bits: a width byte a frame and a
 * stream, then whole words (format.h). */
__device__ uint64_t payload_bytes_with(size_t runs, size_t length, uint64_t symbol_bits, uint64_t count_bits)
{
    uint64_t frames = (runs + length - 1) / length;
    return 8 + 2 * frames + 4 * ((symbol_bits + 31) / 32) + 4 * ((count_bits + 31) / 32);
}

/*
 * choose: what scanzip's CPU codec picks (codec.h: scanzip_choose), from
 * the candidates' bits: with and without delta, the smallest payload, a
 * tie going to the shorter frame; then delta only if strictly smaller (or
 * forced). It writes the plan, the header, and the caller's two words.
 */
__device__ void choose(struct plan *plan, uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payload,
                       uint32_t *d_payload_bytes, uint32_t *d_delta_used)
{
    volatile unsigned long long(*bits)[SCANZIP_FRAME_CANDIDATES] = plan->bits;
    size_t runs = plan->runs;
    uint64_t best[2] = {0, 0};
    unsigned best_k[2] = {0, 0};
    for (int with_delta = 0; with_delta < 2; with_delta++) {
        bool first = true;
        for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++) {
            size_t length = (size_t)SCANZIP_FIRST_FRAME_CANDIDATE << k;
            if (frame_length != SCANZIP_FRAME_CHOOSE && frame_length != length)
                continue;
            uint64_t bytes = payload_bytes_with(runs, length, bits[with_delta ? BITS_DELTA : BITS_PLAIN][k],
                                                bits[BITS_COUNTS][k]);
            if (first || bytes < best[with_delta]) {
                best[with_delta] = bytes;
                best_k[with_delta] = k;
            }
            first = false;
        }
    }
    bool use_delta = delta == CASCADE_DELTA || (delta == CASCADE_CHOOSE_DELTA && best[1] < best[0]);
    unsigned k = best_k[use_delta];
    uint32_t length = SCANZIP_FIRST_FRAME_CANDIDATE << k, frames = (uint32_t)((runs + length - 1) / length);
    plan->frame_length = length;
    plan->frames = frames;
    plan->delta = use_delta;
    plan->widths_at[SYMBOLS] = 8;
    plan->words_at[SYMBOLS] = 8 + frames;
    plan->words[SYMBOLS] = (uint32_t)((bits[use_delta ? BITS_DELTA : BITS_PLAIN][k] + 31) / 32);
    plan->widths_at[COUNTS] = plan->words_at[SYMBOLS] + 4 * plan->words[SYMBOLS];
    plan->words_at[COUNTS] = plan->widths_at[COUNTS] + frames;
    plan->words[COUNTS] = (uint32_t)((bits[BITS_COUNTS][k] + 31) / 32);
    put_u32(d_payload, (uint32_t)runs);
    put_u32(d_payload + 4, length);
    *d_payload_bytes = plan->words_at[COUNTS] + 4 * plan->words[COUNTS];
    *d_delta_used = use_delta;
}

/*
 * encode_candidates: tiles of FRAME_TILE runs, 4 a thread; for
 * each of the three streams, frame_ors gives the OR of every candidate
 * frame at once, and the first thread of each frame adds width * its
 * values. The block's sums go to the plan (atomicAdd, once per block and
 * sum); the last block to finish sees all of them (each block's
 * __threadfence orders its adds before its count) and chooses.
 *     counts - 1 [2 1 0], frames of 8: one frame, OR 3, width 2: 6 bits
 */
__device__ void encode_candidates(const uint32_t *d_symbols, const uint32_t *d_counts, unsigned w,
                                  uint32_t frame_length, enum cascade_delta delta, struct plan *plan,
                                  uint8_t *d_payload, uint32_t *d_payload_bytes, uint32_t *d_delta_used)
{
    __shared__ uint32_t warp_or[SP_THREADS / SP_WARP];
    __shared__ unsigned long long block_bits[MEASURED][SCANZIP_FRAME_CANDIDATES];
    __shared__ bool last_block;
    size_t runs = plan->runs;
    unsigned long long mine[MEASURED][SCANZIP_FRAME_CANDIDATES] = {{0}};
    if (threadIdx.x < MEASURED * SCANZIP_FRAME_CANDIDATES)
        block_bits[threadIdx.x / SCANZIP_FRAME_CANDIDATES][threadIdx.x % SCANZIP_FRAME_CANDIDATES] = 0;
    for (size_t tile = (size_t)blockIdx.x * FRAME_TILE; tile < runs; tile += (size_t)gridDim.x * FRAME_TILE) {
        size_t first = tile + RUNS_A_THREAD * threadIdx.x;
        struct four_runs four = load_four_runs(d_symbols, d_counts, runs, first, 8 * w);
        const uint32_t *streams[MEASURED] = {four.counts, four.symbols, four.deltas};
        for (int s = 0; s < MEASURED; s++) {
            uint32_t ors[SCANZIP_FRAME_CANDIDATES];
            frame_ors(or_of_four(streams[s]), ors, warp_or);
            for (int k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
                if (leads_frame(k) && first < runs)
                    mine[s][k] += (unsigned long long)width_of(ors[k]) *
                                  values_in_frame(SCANZIP_FIRST_FRAME_CANDIDATE << k, runs, first);
        }
    }
    __syncthreads();
    /* A warp's sums first, then one shared atomic a warp and sum: 64-bit
     * shared atomics are compare-and-swap loops, and 128 threads adding
     * to one sum took 27 to 48 us a chunk of 2^24 (H100, ncu). */
    for (int s = 0; s < MEASURED; s++)
        for (int k = 0; k < SCANZIP_FRAME_CANDIDATES; k++) {
            unsigned long long sum = warp_sum_u64(mine[s][k]);
            if (threadIdx.x % SP_WARP == 0 && sum != 0)
                atomicAdd(&block_bits[s][k], sum);
        }
    __syncthreads();
    if (threadIdx.x < MEASURED * SCANZIP_FRAME_CANDIDATES) {
        int s = threadIdx.x / SCANZIP_FRAME_CANDIDATES, k = threadIdx.x % SCANZIP_FRAME_CANDIDATES;
        if (block_bits[s][k] != 0)
            atomicAdd(&plan->bits[s][k], block_bits[s][k]);
        __threadfence();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        last_block = atomicAdd(&plan->candidates_done, 1u) == gridDim.x - 1;
    }
    __syncthreads();
    if (last_block && threadIdx.x == 0) {
        __threadfence();
        choose(plan, frame_length, delta, d_payload, d_payload_bytes, d_delta_used);
    }
}

/* ---- Encode step 3: the chosen frames' widths and offsets ----------------------- */

/* Where encode steps 3 and 4 keep each stream's frame offsets, and for
 * each word the frame that holds its first bit. */
struct frame_arrays {
    uint32_t *offsets[STREAMS], *word_frames[STREAMS];
};

/* Frame f of a stream starts at bit `offset` and takes `bits`: it holds
 * the first bit of the words from ceil(offset / 32) while 32k is inside.
 *     offset 20, bits 50: bits 20..69 hold the first bits of words 1 and 2 */
__device__ void note_frame(struct frame_arrays arrays, int which, uint32_t f, uint32_t offset, uint32_t bits)
{
    arrays.offsets[which][f] = offset;
    for (uint32_t k = (offset + 31) / 32; 32 * k < offset + bits; k++)
        arrays.word_frames[which][k] = f;
}

/*
 * encode_frames: tiles of FRAME_TILE runs, 4 a thread (whole
 * frames: the chosen length, 8 << k, divides 1024), taken in order while
 * there are any. The first thread of each frame has its width (frame_ors)
 * and bits; a block scan and lab 07's decoupled_prefix per stream give
 * its bit offset in the stream. It writes the offsets and the frames of
 * the words' first bits (for step 4) and the width bytes.
 *     counts - 1 [2 1 0 5 | ...], frames of 8: widths [3 ...], bits [24 ...],
 *     offsets [0 24 ...]
 */
__device__ void encode_frames(const uint32_t *d_symbols, const uint32_t *d_counts, unsigned w,
                              const struct plan *plan, uint8_t *d_payload, struct frame_arrays arrays,
                              tile_status *d_symbol_status, tile_status *d_count_status, unsigned *d_next_tile)
{
    __shared__ uint32_t warp_or[SP_THREADS / SP_WARP];
    size_t runs = plan->runs, tiles = (runs + FRAME_TILE - 1) / FRAME_TILE, length = plan->frame_length;
    int k = __ffs((int)(length / SCANZIP_FIRST_FRAME_CANDIDATE)) - 1;
    bool delta = plan->delta;
    for (;;) {
        size_t tile = take_tile_number(d_next_tile);
        if (tile >= tiles)
            return;
        size_t first = tile * FRAME_TILE + RUNS_A_THREAD * threadIdx.x;
        struct four_runs four = load_four_runs(d_symbols, d_counts, runs, first, 8 * w);
        uint32_t symbol_ors[SCANZIP_FRAME_CANDIDATES], count_ors[SCANZIP_FRAME_CANDIDATES];
        frame_ors(or_of_four(delta ? four.deltas : four.symbols), symbol_ors, warp_or);
        frame_ors(or_of_four(four.counts), count_ors, warp_or);
        unsigned symbol_width = width_of(symbol_ors[k]), count_width = width_of(count_ors[k]);
        bool leads = leads_frame(k) && first < runs;
        int values = leads ? (int)values_in_frame(length, runs, first) : 0;
        int symbol_total, count_total;
        int symbol_before = block_scan_exclusive((int)symbol_width * values, &symbol_total);
        __syncthreads(); /* block_scan_exclusive's shared memory, again */
        int count_before = block_scan_exclusive((int)count_width * values, &count_total);
        /* lab 07's look-back adds ints: a stream's offsets are below 2^31,
         * and its total reaches 2^31 only for 2^26 runs of 32-bit values,
         * where the wrapped int is read back as the right uint32_t */
        int symbol_prefix = decoupled_prefix(d_symbol_status, tile, symbol_total);
        __syncthreads();
        int count_prefix = decoupled_prefix(d_count_status, tile, count_total);
        if (leads) {
            uint32_t f = (uint32_t)(first / length);
            note_frame(arrays, SYMBOLS, f, (uint32_t)(symbol_prefix + symbol_before), symbol_width * values);
            note_frame(arrays, COUNTS, f, (uint32_t)(count_prefix + count_before), count_width * values);
            d_payload[plan->widths_at[SYMBOLS] + f] = (uint8_t)symbol_width;
            d_payload[plan->widths_at[COUNTS] + f] = (uint8_t)count_width;
        }
        __syncthreads(); /* the next tile reuses the shared memory */
    }
}

/* ---- Encode step 4: the words ------------------------------------------------------ */

/* A packed stream as the encoder's step 4 and the decoder see it. Every
 * size fits 32 bits (a stream has at most 2^26 values of 32 bits, 2^31
 * bits), and 32-bit divisions are many times faster than 64-bit ones. */
struct stream {
    const uint8_t *widths;      /* a byte per frame, in the payload */
    const uint32_t *offsets;    /* each frame's first bit */
    const uint32_t *word_frames; /* encoder: the frame that holds each word's first bit */
    uint32_t frames, frame_length, count, bits;
    uint32_t frame_shift; /* log2(frame_length) when a power of two (every encoder's), else 32 */
};

__device__ struct stream stream_of(const uint8_t *d_payload, const struct plan *plan, int which,
                                   const uint32_t *d_offsets, const uint32_t *d_word_frames)
{
    struct stream s;
    s.widths = d_payload + plan->widths_at[which];
    s.offsets = d_offsets;
    s.word_frames = d_word_frames;
    s.frames = plan->frames;
    s.frame_length = plan->frame_length;
    s.frame_shift = (s.frame_length & (s.frame_length - 1)) == 0 ? __ffs((int)s.frame_length) - 1 : 32;
    s.count = plan->runs;
    uint32_t last = s.frames - 1;
    s.bits = d_offsets[last] + s.widths[last] * (uint32_t)values_in_frame(s.frame_length, s.count,
                                                                          (size_t)last * s.frame_length);
    return s;
}

/* The frame that holds bit `bit` of the stream (bit < its bits): the last
 * with offset <= bit, which is never an empty one. */
__device__ uint32_t frame_holding(const struct stream *s, uint32_t bit)
{
    uint32_t low = 0, high = s->frames - 1;
    while (low < high) {
        uint32_t middle = (low + high + 1) / 2;
        if (s->offsets[middle] <= bit)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

/* The next frame with bits after frame f, which ended at bit `bit` (<
 * the stream's bits): a few steps forward over empty frames, then a search. */
__device__ uint32_t next_frame(const struct stream *s, uint32_t f, uint32_t bit)
{
    for (int step = 0; step < 8; step++)
        if (s->widths[++f] != 0)
            return f;
    return frame_holding(s, bit);
}

/*
 * packed_word: word k of a stream, bits 32k .. 32k+31, from the values
 * that hold them: the one that holds bit 32k (it may have begun in word
 * k - 1; step 3 noted its frame), then the values after it, frame after
 * frame, while they begin inside the word. value(v) gives value v.
 *     widths 3: values [5 1 7 2 ...] -> bits 101 100 111 010 ... (lowest first)
 */
template <typename Values>
__device__ uint32_t packed_word(const struct stream *s, uint32_t k, Values value)
{
    uint32_t word_first = 32 * k, word_end = word_first + 32, word = 0;
    uint32_t f = s->word_frames[k];
    for (;;) {
        uint32_t width = s->widths[f], offset = s->offsets[f];
        uint32_t first = f * s->frame_length, values = (uint32_t)values_in_frame(s->frame_length, s->count, first);
        for (uint32_t j = offset < word_first ? (word_first - offset) / width : 0; j < values; j++) {
            uint32_t at = offset + j * width;
            if (at >= word_end)
                return word;
            uint32_t v = value(first + j);
            word |= at >= word_first ? v << (at - word_first) : v >> (word_first - at);
        }
        uint32_t end = offset + values * width; /* the next frame's first bit */
        if (end >= word_end || end >= s->bits)
            return word;
        f = next_frame(s, f, end);
    }
}

/* The encoder's values: counts - 1, and the symbols or their deltas. */
struct count_values {
    const uint32_t *counts;
    __device__ uint32_t operator()(size_t v) const { return counts[v] - 1; }
};
struct symbol_values {
    const uint32_t *symbols;
    unsigned bits;
    bool delta;
    __device__ uint32_t operator()(size_t v) const { return symbol_value(symbols, v, bits, delta); }
};

/* encode_words: every word of both streams, one a thread, stored
 * a byte at a time (the words follow the width bytes: any alignment). */
__device__ void encode_words(const uint32_t *d_symbols, const uint32_t *d_counts, unsigned w, const struct plan *plan,
                             struct frame_arrays arrays, uint8_t *d_payload)
{
    struct stream symbols = stream_of(d_payload, plan, SYMBOLS, arrays.offsets[SYMBOLS], arrays.word_frames[SYMBOLS]);
    struct stream counts = stream_of(d_payload, plan, COUNTS, arrays.offsets[COUNTS], arrays.word_frames[COUNTS]);
    struct symbol_values symbol_value_of = {d_symbols, 8 * w, plan->delta != 0};
    struct count_values count_value_of = {d_counts};
    size_t symbol_words = plan->words[SYMBOLS], words = symbol_words + plan->words[COUNTS];
    for (size_t q = (size_t)blockIdx.x * blockDim.x + threadIdx.x; q < words; q += (size_t)gridDim.x * blockDim.x) {
        bool is_symbol = q < symbol_words;
        size_t k = is_symbol ? q : q - symbol_words;
        uint32_t word = is_symbol ? packed_word(&symbols, (uint32_t)k, symbol_value_of)
                                  : packed_word(&counts, (uint32_t)k, count_value_of);
        put_u32(d_payload + plan->words_at[is_symbol ? SYMBOLS : COUNTS] + 4 * k, word);
    }
}

/* ---- The temporary storage ------------------------------------------------------- */

/*
 * A chunk's storage: [plan | 4 tile counters | 4 status arrays] (zeroed
 * by every call), and [symbols | counts (decoder: starts) | 2 offset
 * arrays | 2 word frame arrays (encoder; the decoder keeps its expand
 * tiles' first runs in the first)], n words each. A status array has a
 * word per tile of 1024, the smallest tile (every step's tile holds 1024
 * or more elements, runs or frames, and a chunk has no more of each than
 * elements; with a word per 256, the memset that clears them took 16 MB
 * a batch of 8 chunks of 2^24); the encoder uses counter 0 and array 0
 * for step 1, counter 1 and arrays 1, 2 for step 3; the
 * decoder counter 0/array 0 and 1/1 for its two offset scans, counter 2
 * and arrays 2, 3 for the runs.
 *
 * A batch of chunks (below) keeps every chunk's zeroed part first, so
 * that one memset clears them all, then every chunk's arrays:
 *     [zeroed 0 | zeroed 1 | ... | arrays 0 | arrays 1 | ...]
 */
#define LOOKBACKS 4
#define SMALLEST_TILE 1024
static_assert(SP_TILE >= SMALLEST_TILE && FRAME_TILE >= SMALLEST_TILE && WIDTH_TILE >= SMALLEST_TILE &&
                  RUN_TILE >= SMALLEST_TILE,
              "a status array has a word per SMALLEST_TILE items");
struct storage {
    struct plan *plan;
    unsigned *counters;
    tile_status *status[LOOKBACKS];
    uint32_t *symbols, *counts;
    struct frame_arrays frames;
    size_t zeroed, total; /* of the whole batch's storage */
};

__host__ __device__ inline size_t aligned_up(size_t bytes) { return (bytes + 255) / 256 * 256; }

/* Chunk c's storage in a batch of `chunks` chunks of at most n elements. */
__host__ __device__ inline struct storage storage_in(void *d_temp, size_t n, size_t chunks, size_t c)
{
    struct storage s;
    size_t status_bytes = aligned_up((n + SMALLEST_TILE - 1) / SMALLEST_TILE * sizeof(tile_status));
    size_t zeroed = aligned_up(sizeof(struct plan)) + COUNTER_BYTES * LOOKBACKS + LOOKBACKS * status_bytes;
    size_t array_bytes = aligned_up(n * sizeof(uint32_t)), arrays = 6 * array_bytes;
    char *base = (char *)d_temp + c * zeroed;
    s.plan = (struct plan *)base;
    s.counters = (unsigned *)(base + aligned_up(sizeof(struct plan)));
    tile_status *status = (tile_status *)(base + aligned_up(sizeof(struct plan)) + COUNTER_BYTES * LOOKBACKS);
    s.status[0] = status;
    s.status[1] = (tile_status *)((char *)status + status_bytes);
    s.status[2] = (tile_status *)((char *)status + 2 * status_bytes);
    s.status[3] = (tile_status *)((char *)status + 3 * status_bytes);
    /* each assigned by name: an array of the members' addresses would put
     * s in local memory (160 bytes a thread, 42 MB a launch of 1024 blocks) */
    char *at = (char *)d_temp + chunks * zeroed + c * arrays;
    s.symbols = (uint32_t *)at;
    s.counts = (uint32_t *)(at + array_bytes);
    s.frames.offsets[SYMBOLS] = (uint32_t *)(at + 2 * array_bytes);
    s.frames.offsets[COUNTS] = (uint32_t *)(at + 3 * array_bytes);
    s.frames.word_frames[SYMBOLS] = (uint32_t *)(at + 4 * array_bytes);
    s.frames.word_frames[COUNTS] = (uint32_t *)(at + 5 * array_bytes);
    s.zeroed = chunks * zeroed;
    s.total = chunks * (zeroed + arrays);
    return s;
}

/* Counter k, in its own 256 bytes (COUNTER_BYTES): the tile counters of
 * two launches never share a cache line. */
__host__ __device__ inline unsigned *counter(const struct storage *s, int k)
{
    return (unsigned *)((char *)s->counters + COUNTER_BYTES * k);
}

/* ---- Decode steps 1 and 2: a stream's frame offsets ------------------------------- */

/* The payload is invalid: many threads may say so at once (an atomic, so
 * that their stores are not a race), and the later launches read it. */
__device__ void refuse(struct plan *plan)
{
    atomicOr(&plan->invalid, 1u);
}

/* Whether an earlier launch refused the payload, the same answer to every
 * thread of the block: thread 0 reads the flag once. (Read by each
 * thread, another block of this launch could refuse between two warps'
 * reads; one warp would return and the other wait at a barrier for it.)
 * Every thread of the block calls it. */
__device__ bool refused_before(struct plan *plan)
{
    __shared__ bool refused;
    if (threadIdx.x == 0)
        refused = atomicOr(&plan->invalid, 0u) != 0; /* an atomic read: refuse() may store meanwhile */
    __syncthreads();
    return refused;
}

/*
 * finish_stream: run by the thread of a stream's last frame, which knows
 * the stream's bits (and is told where its widths are: block 0, which
 * writes the header's fields to the plan, may not have run yet). Its
 * words must fit in the payload (and the counts end it exactly), and the
 * last word's bits above the stream's end must be 0; the symbols' end is
 * where the counts begin.
 */
__device__ void finish_stream(const uint8_t *d_payload, size_t payload_bytes, struct plan *plan, int which,
                              size_t widths_at, size_t frames, uint32_t bits)
{
    size_t words = ((size_t)bits + 31) / 32, words_at = widths_at + frames;
    size_t end = words_at + 4 * words;
    if (end > payload_bytes || (which == COUNTS && end != payload_bytes) ||
        (bits % 32 != 0 && u32_at(d_payload + end - 4) >> (bits % 32) != 0)) {
        refuse(plan);
        return;
    }
    plan->words_at[which] = (uint32_t)words_at;
    plan->words[which] = (uint32_t)words;
    if (which == SYMBOLS)
        plan->widths_at[COUNTS] = (uint32_t)end;
}

/*
 * decode_offsets: stream `which`'s frame offsets. For the symbols,
 * every block reads and checks the header alike (runs 1..n, frame length
 * 1..2^20) and block 0 writes it to the plan; the counts start where the
 * symbols' pass left them. The width bytes must fit; tiles of WIDTH_TILE
 * frames, 4 a thread, are scanned as in encode step 3 (one a thread, the
 * two scans took 17.5 us each for ch2.nii's frames, a quarter of the
 * SMs busy with their tiles' atomics and look-backs; 4 a thread, 11:
 * H100, ncu). A width above
 * max_width refuses the payload and counts as 0, so that every tile still
 * publishes its status (later tiles wait for it).
 */
__device__ void decode_offsets(const uint8_t *d_payload, size_t payload_bytes, size_t n, int which,
                               unsigned max_width, struct plan *plan, uint32_t *d_offsets, tile_status *d_status,
                               unsigned *d_next_tile)
{
    size_t runs, length, widths_at;
    if (which == SYMBOLS) {
        if (payload_bytes < 8) {
            refuse(plan);
            return;
        }
        runs = u32_at(d_payload);
        length = u32_at(d_payload + 4);
        widths_at = 8;
        if (runs == 0 || runs > n || length == 0 || length > SCANZIP_MAX_FRAME_LENGTH) {
            refuse(plan);
            return;
        }
        if (blockIdx.x == 0 && threadIdx.x == 0) {
            plan->runs = (uint32_t)runs;
            plan->frame_length = (uint32_t)length;
            plan->frames = (uint32_t)((runs + length - 1) / length);
            plan->widths_at[SYMBOLS] = 8;
        }
    } else {
        if (refused_before(plan))
            return;
        runs = plan->runs;
        length = plan->frame_length;
        widths_at = plan->widths_at[COUNTS];
    }
    size_t frames = (runs + length - 1) / length, tiles = (frames + WIDTH_TILE - 1) / WIDTH_TILE;
    if (payload_bytes - widths_at < frames) {
        refuse(plan);
        return;
    }
    for (;;) {
        size_t tile = take_tile_number(d_next_tile);
        if (tile >= tiles)
            return;
        size_t first = tile * WIDTH_TILE + FRAMES_A_THREAD * threadIdx.x;
        int bits[FRAMES_A_THREAD], sum = 0;
        for (int j = 0; j < FRAMES_A_THREAD; j++) {
            size_t f = first + j;
            unsigned width = f < frames ? d_payload[widths_at + f] : 0;
            if (width > max_width) {
                refuse(plan);
                width = 0;
            }
            bits[j] = f < frames ? (int)(width * values_in_frame(length, runs, f * length)) : 0;
            sum += bits[j];
        }
        int total;
        int offset = block_scan_exclusive(sum, &total);
        offset += decoupled_prefix(d_status, tile, total);
        for (int j = 0; j < FRAMES_A_THREAD && first + j < frames; j++) {
            d_offsets[first + j] = (uint32_t)offset;
            if (first + j + 1 == frames)
                finish_stream(d_payload, payload_bytes, plan, which, widths_at, frames,
                              (uint32_t)offset + (uint32_t)bits[j]);
            offset += bits[j];
        }
        __syncthreads(); /* the next tile reuses the shared memory */
    }
}

/* ---- Decode step 3: the runs --------------------------------------------------------- */

/* Value v of a stream: its width's bits at offset + j * width, read a
 * byte at a time (at most 5 bytes), all inside the stream's words. */
__device__ uint32_t unpacked_value(const struct stream *s, const uint8_t *words, uint32_t v)
{
    uint32_t f = s->frame_shift < 32 ? v >> s->frame_shift : v / s->frame_length; /* a shift, not a division */
    uint32_t width = s->widths[f];
    if (width == 0)
        return 0;
    uint32_t bit = s->offsets[f] + (v - f * s->frame_length) * width;
    const uint8_t *at = words + bit / 8;
    unsigned shift = (unsigned)(bit % 8), bytes = (shift + width + 7) / 8;
    uint64_t window = 0;
    for (unsigned b = 0; b < bytes; b++)
        window |= (uint64_t)at[b] << (8 * b);
    return (uint32_t)(window >> shift) & element_mask(width);
}

/* Values first .. first + 3 of a stream (zeros past its count), first a
 * multiple of 4. Where the frame length is a power of two of at least 4
 * (every encoder's), the four share a frame: one width, one offset, and
 * for widths up to 14 one window of at most 8 bytes holds all four,
 * read once. Else one value at a time.
 *     width 3, bits 101 100 111 010 (lowest first)  ->  [5 1 7 2]     */
__device__ void unpacked_four(const struct stream *s, const uint8_t *words, uint32_t first, uint32_t values[4])
{
    if (s->frame_shift >= 2 && s->frame_shift < 32 && first + 4 <= s->count) {
        uint32_t f = first >> s->frame_shift, width = s->widths[f];
        if (width <= 14) {
            uint32_t bit = s->offsets[f] + (first - (f << s->frame_shift)) * width;
            const uint8_t *at = words + bit / 8;
            unsigned shift = bit % 8, bytes = (shift + 4 * width + 7) / 8;
            uint64_t window = 0;
            for (unsigned b = 0; b < bytes; b++)
                window |= (uint64_t)at[b] << (8 * b);
            window >>= shift;
            for (int j = 0; j < 4; j++)
                values[j] = (uint32_t)(window >> (j * width)) & element_mask(width);
            return;
        }
    }
    for (int j = 0; j < 4; j++)
        values[j] = first + j < s->count ? unpacked_value(s, words, first + j) : 0;
}

/* The run [start, end) holds the first element of the expand tiles
 * [*from, *to): from ceil(start / EXPAND_TILE) while inside the run and
 * n. (A payload's runs tile [0, n) exactly, so each tile gets one; those
 * of a refused payload are never read, and nothing is written outside
 * [0, n).)
 *     runs [0, 5000) [5000, 9000), tiles of 4096  ->  [0, 2) and [2, 3) */
__device__ void expand_tiles_of(long long start, long long end, size_t n, long long *from, long long *to)
{
    long long stop = end < (long long)n ? end : (long long)n;
    *from = start < 0 ? 0 : (start + EXPAND_TILE - 1) / EXPAND_TILE;
    *to = start < 0 ? 0 : (stop + EXPAND_TILE - 1) / EXPAND_TILE;
}

/* Each lane's expand tiles [from, to) get its run r in d_tile_runs, for
 * decode step 4, written by the whole warp a lane at a time, 32 tiles a
 * step. One long run holds many tiles' first elements (a chunk of 2^24
 * of the atlas's zeros, 4096): written by its own thread alone, the
 * step waited 100 us on that one thread (H100, ncu). Every lane of the
 * warp must call it.
 *     lane 3: r 7, tiles [0, 40)  ->  lanes 0..31 write tiles 0..31, 0..7 tiles 32..39 */
__device__ void note_expand_tiles(uint32_t *d_tile_runs, uint32_t r, long long from, long long to)
{
    int lane = (int)(threadIdx.x % SP_WARP);
    for (unsigned noting = __ballot_sync(FULL_MASK, from < to); noting; noting &= noting - 1) {
        int noter = __ffs((int)noting) - 1;
        uint32_t run = __shfl_sync(FULL_MASK, r, noter);
        long long tile = __shfl_sync(FULL_MASK, from, noter) + lane, end = __shfl_sync(FULL_MASK, to, noter);
        for (; tile < end; tile += SP_WARP)
            d_tile_runs[tile] = run;
    }
}

/*
 * decode_runs: tiles of RUN_TILE runs, 4 a thread, taken in order.
 * Each run's count (count - 1 unpacked, plus 1) and symbol (or zigzag
 * delta, unzigzagged); the counts' block scan and look-back give each
 * run's start, the deltas' give each symbol (modulo 2^(8w): ints wrap,
 * and only the low bits count), and each expand tile its first run.
 *
 * A count above n refuses the payload, and so does a run that ends past
 * n, or a last run that does not end at n. The int sums cannot hide a
 * lie by wrapping: the first run to end past n has a start that is still
 * exact (all runs before it ended by n), and its count is at most n.
 *     counts [3 2 1], n 6  ->  starts [0 3 5], the last run ends at 6
 */
__device__ void decode_runs(const uint8_t *d_payload, size_t n, unsigned w, bool delta, struct plan *plan,
                            const uint32_t *d_symbol_offsets, const uint32_t *d_count_offsets, uint32_t *d_starts,
                            uint32_t *d_symbols, uint32_t *d_tile_runs, tile_status *d_count_status,
                            tile_status *d_symbol_status, unsigned *d_next_tile)
{
    if (refused_before(plan))
        return;
    struct stream symbols = stream_of(d_payload, plan, SYMBOLS, d_symbol_offsets, NULL);
    struct stream counts = stream_of(d_payload, plan, COUNTS, d_count_offsets, NULL);
    const uint8_t *symbol_words = d_payload + plan->words_at[SYMBOLS];
    const uint8_t *count_words = d_payload + plan->words_at[COUNTS];
    size_t runs = plan->runs, tiles = (runs + RUN_TILE - 1) / RUN_TILE;
    unsigned bits = 8 * w;
    for (;;) {
        size_t tile = take_tile_number(d_next_tile);
        if (tile >= tiles)
            return;
        size_t first = tile * RUN_TILE + 4 * threadIdx.x;
        uint32_t symbol[4] = {0, 0, 0, 0}, count[4] = {0, 0, 0, 0};
        int count_sum = 0;
        uint32_t symbol_sum = 0;
        uint32_t count_values[4], symbol_values[4];
        unpacked_four(&counts, count_words, (uint32_t)first, count_values);
        unpacked_four(&symbols, symbol_words, (uint32_t)first, symbol_values);
        for (int j = 0; j < 4 && first + j < runs; j++) {
            uint64_t c = (uint64_t)count_values[j] + 1;
            if (c > n) {
                refuse(plan);
                c = n;
            }
            count[j] = (uint32_t)c;
            symbol[j] = symbol_values[j];
            if (delta)
                symbol[j] = unzigzag_of(symbol[j], bits);
            count_sum += (int)count[j];
            symbol_sum += symbol[j];
        }
        int count_total, symbol_total = 0;
        int count_before = block_scan_exclusive(count_sum, &count_total);
        uint32_t sum = 0;
        if (delta) {
            __syncthreads(); /* block_scan_exclusive's shared memory, again */
            sum = (uint32_t)block_scan_exclusive((int)symbol_sum, &symbol_total);
        }
        long long start = (long long)decoupled_prefix(d_count_status, tile, count_total) + count_before;
        if (delta) {
            __syncthreads();
            sum += (uint32_t)decoupled_prefix(d_symbol_status, tile, symbol_total);
        }
        uint32_t starts[4], symbols[4];
        for (int j = 0; j < 4; j++) { /* every lane to the end: note_expand_tiles takes the warp */
            long long from = 0, to = 0;
            if (first + j < runs) {
                starts[j] = (uint32_t)start;
                expand_tiles_of(start, start + count[j], n, &from, &to);
                start += count[j];
                if (start > (long long)n || (first + j + 1 == runs && start != (long long)n))
                    refuse(plan);
                sum += symbol[j];
                symbols[j] = (delta ? sum : symbol[j]) & element_mask(bits);
            }
            note_expand_tiles(d_tile_runs, (uint32_t)(first + j), from, to);
        }
        if (first + 4 <= runs) { /* 16-byte stores: first is a multiple of 4, the arrays 256-byte aligned */
            *(uint4 *)&d_starts[first] = make_uint4(starts[0], starts[1], starts[2], starts[3]);
            *(uint4 *)&d_symbols[first] = make_uint4(symbols[0], symbols[1], symbols[2], symbols[3]);
        } else {
            for (int j = 0; j < 4 && first + j < runs; j++) {
                d_starts[first + j] = starts[j];
                d_symbols[first + j] = symbols[j];
            }
        }
        __syncthreads(); /* the next tile reuses the shared memory */
    }
}

/* ---- Decode step 4: the output ---------------------------------------------------------- */

/* A symbol of W bytes repeated through a 32-bit word (W 1: 0x07 -> 0x07070707). */
template <unsigned W> __device__ inline uint32_t repeated(uint32_t symbol)
{
    return W == 1 ? (symbol & 0xffu) * 0x01010101u : W == 2 ? (symbol & 0xffffu) * 0x00010001u : symbol;
}

/* A thread's ITEMS elements of W bytes from output element i on, packed
 * little-endian into words: as uint4 stores when all are inside n and
 * 16-byte aligned, else a byte at a time. */
template <unsigned W, unsigned ITEMS>
__device__ void store_words(uint8_t *d_raw, size_t n, size_t i, const uint32_t words[ITEMS * W / 4])
{
    uint8_t *out = d_raw + i * W;
    if (i + ITEMS <= n && (uintptr_t)out % 16 == 0) {
#pragma unroll
        for (unsigned v = 0; v < ITEMS * W / 16; v++)
            ((uint4 *)out)[v] = make_uint4(words[4 * v], words[4 * v + 1], words[4 * v + 2], words[4 * v + 3]);
    } else {
        for (unsigned b = 0; b < (n - i < ITEMS ? n - i : ITEMS) * W; b++)
            out[b] = (uint8_t)(words[b / 4] >> (8 * (b % 4)));
    }
}

/*
 * decode_expand: output elements [4096 b, 4096 (b + 1)) per block:
 * the runs from the one that holds its first element to the one that
 * holds the next tile's (decode step 3 noted both), their starts
 * (relative to the tile: the first may be negative) and symbols in
 * shared memory, at most 4097 of them; each thread finds the run of its
 * first element and walks on, ITEMS elements, EXPAND_BYTES (32) bytes:
 * the atlas decoded in 0.218 ms with 16 bytes a thread, 0.190 with 32
 * and 0.269 with 64 (H100, 8 chunks of 2^24; 16-bit data alike: 32
 * bytes best). A thread inside one run, most of an atlas's, writes its
 * symbol repeated without walking. Block 0 also writes the verdict. (A
 * search over all the starts for the tile's first and last run, 20
 * dependent loads from global memory before a block could write, took
 * 30 to 46 us a chunk of 2^24: H100, ncu.)
 *     starts [0 3 5], symbols [7 9 0], a tile of 6: [7 7 7 9 9 0]
 */
template <unsigned W> struct expand_symbol { typedef unsigned short type; }; /* w = 1, 2: 16 bits */
template <> struct expand_symbol<4> { typedef uint32_t type; };

template <unsigned W, unsigned ITEMS>
__device__ void decode_expand(struct plan *plan, const uint32_t *d_starts, const uint32_t *d_symbols,
                              const uint32_t *d_tile_runs, size_t n, uint8_t *d_raw, uint32_t *d_valid)
{
    /* starts relative to the tile, the first clamped to 0 (0..4096: 16
     * bits), symbols of at most 16 bits for w = 1, 2: 16 KB a block (24
     * for w = 4), so that 8 blocks fit an SM (with ints, 6) */
    __shared__ unsigned short starts[EXPAND_TILE + 1];
    __shared__ typename expand_symbol<W>::type symbols[EXPAND_TILE + 1];
    /* Every thread reads the verdict so far, the run count and its tile's
     * first runs at once: the launches that write them are over, and
     * this one refuses nothing (a look at each in turn, the first an
     * atomic, made the step wait twice as long: H100, ncu). */
    size_t first = (size_t)blockIdx.x * EXPAND_TILE, end = first + EXPAND_TILE < n ? first + EXPAND_TILE : n;
    bool invalid = *(volatile uint32_t *)&plan->invalid != 0;
    int runs = (int)plan->runs;
    int first_run = (int)d_tile_runs[blockIdx.x];
    int next_tile_run = (int)d_tile_runs[end < n ? blockIdx.x + 1 : blockIdx.x];
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *d_valid = !invalid;
    if (invalid || first >= n) /* a batch's last chunk may have fewer tiles than the grid */
        return;
    int last_run = end < n ? next_tile_run : runs - 1;
    int tile_runs = last_run - first_run + 1;
    for (int k = threadIdx.x; k < tile_runs; k += blockDim.x) {
        long long start = (long long)d_starts[first_run + k] - (long long)first;
        starts[k] = (unsigned short)(start < 0 ? 0 : start);
        symbols[k] = (typename expand_symbol<W>::type)d_symbols[first_run + k];
    }
    __syncthreads();
    int local = ITEMS * threadIdx.x;
    if (first + local >= end)
        return;
    /* the run's symbol and the next run's start kept in registers: a
     * long run costs no shared-memory load an element (with two, the
     * step ran at 1 TB/s, its SMs 78% busy: H100, ncu) */
    uint32_t words[ITEMS * W / 4];
    int run = find_run(starts, tile_runs, local);
    int next = run + 1 < tile_runs ? starts[run + 1] : EXPAND_TILE;
    uint32_t symbol = symbols[run];
    if (next >= local + (int)ITEMS) { /* all in one run, as most are in an atlas: no walk */
#pragma unroll
        for (unsigned q = 0; q < ITEMS * W / 4; q++)
            words[q] = repeated<W>(symbol);
    } else {
#pragma unroll
        for (unsigned q = 0; q < ITEMS * W / 4; q++)
            words[q] = 0;
#pragma unroll
        for (unsigned j = 0; j < ITEMS; j++) {
            while (local + (int)j >= next) {
                run++;
                symbol = symbols[run];
                next = run + 1 < tile_runs ? starts[run + 1] : EXPAND_TILE;
            }
            words[j * W / 4] |= (symbol & element_mask(8 * W)) << (8 * W * j % 32);
        }
    }
    store_words<W, ITEMS>(d_raw, n, first + local, words);
}

/* ---- A batch: one launch a step for every chunk --------------------------------------
 *
 * The steps' kernels take a batch of chunks, and blockIdx.y is the chunk:
 * each launch does one step for all of them, its grid as wide as one
 * chunk needs. Most steps after the first work on the runs, a few
 * hundred thousand a chunk, and wait on look-backs and atomics: one
 * chunk alone leaves the GPU mostly idle (decode steps 1 and 2: 7 us
 * each on an H100 for a chunk of 2^24, and under 1% of its bandwidth),
 * where eight chunks at once share the waits. A call of one chunk is a
 * batch of one.
 *
 *   chunk c    elements [c chunk, min((c + 1) chunk, n)) of raw; its payload
 *              at payloads + c payload_stride, its storage the c-th of temp
 *   results    chunk c's payload bytes, delta used and verdict at
 *              [3c], [3c + 1], [3c + 2] (a single chunk's: the caller's words)
 */
struct batch {
    uint8_t *raw;
    size_t n, chunk;      /* all the elements, and a chunk's (the last may have fewer) */
    size_t chunks;
    unsigned w;
    uint8_t *payloads;
    size_t payload_stride;
    uint32_t *payload_bytes, *delta_used, *valid; /* chunk c's at [3c] */
    size_t one_payload_bytes; /* a single chunk's decoder: its payload's bytes and delta, */
    bool one_delta;           /* given on the host (payload_bytes is then NULL) */
    void *temp;
};

/* Chunk blockIdx.y of a batch, as a step's body sees it. */
struct chunk {
    size_t n;
    uint8_t *raw, *payload;
    uint32_t *payload_bytes, *delta_used, *valid;
    struct storage s;
};

__device__ struct chunk chunk_of(const struct batch *b)
{
    struct chunk c;
    size_t index = blockIdx.y, first = index * b->chunk;
    c.n = b->n - first < b->chunk ? b->n - first : b->chunk;
    c.raw = b->raw + first * b->w;
    c.payload = b->payloads + index * b->payload_stride;
    c.payload_bytes = b->payload_bytes + 3 * index;
    c.delta_used = b->delta_used + 3 * index;
    c.valid = b->valid + 3 * index;
    c.s = storage_in(b->temp, b->chunk, b->chunks, index);
    return c;
}

/* The decoder's payload bytes: given on the host, or at [3c]; more than
 * a payload's room (payload_stride) reads as 0, which decode step 1
 * refuses. */
__device__ size_t payload_bytes_of(const struct batch *b, const struct chunk *c)
{
    if (b->payload_bytes == NULL)
        return b->one_payload_bytes;
    size_t bytes = *c->payload_bytes;
    return bytes > b->payload_stride ? 0 : bytes;
}

__device__ bool delta_of_chunk(const struct batch *b, const struct chunk *c)
{
    return b->payload_bytes == NULL ? b->one_delta : *c->delta_used != 0;
}

__global__ void __launch_bounds__(SP_THREADS, RLE_MIN_BLOCKS) encode_runs_kernel(const struct batch b)
{
    struct chunk c = chunk_of(&b);
    encode_runs(c.raw, c.n, b.w, c.s.symbols, c.s.counts, c.s.plan, c.s.status[0], counter(&c.s, 0));
}

__global__ void __launch_bounds__(SP_THREADS)
encode_candidates_kernel(const struct batch b, uint32_t frame_length, enum cascade_delta delta)
{
    struct chunk c = chunk_of(&b);
    encode_candidates(c.s.symbols, c.s.counts, b.w, frame_length, delta, c.s.plan, c.payload, c.payload_bytes,
                      c.delta_used);
}

__global__ void __launch_bounds__(SP_THREADS) encode_frames_kernel(const struct batch b)
{
    struct chunk c = chunk_of(&b);
    encode_frames(c.s.symbols, c.s.counts, b.w, c.s.plan, c.payload, c.s.frames, c.s.status[1], c.s.status[2],
                  counter(&c.s, 1));
}

__global__ void __launch_bounds__(SP_THREADS) encode_words_kernel(const struct batch b)
{
    struct chunk c = chunk_of(&b);
    encode_words(c.s.symbols, c.s.counts, b.w, c.s.plan, c.s.frames, c.payload);
}

__global__ void __launch_bounds__(SP_THREADS) decode_offsets_kernel(const struct batch b, int which)
{
    struct chunk c = chunk_of(&b);
    bool symbols = which == SYMBOLS; /* no run-time index into c: it would go to local memory */
    decode_offsets(c.payload, payload_bytes_of(&b, &c), c.n, which, symbols ? 8 * b.w : 32, c.s.plan,
                   symbols ? c.s.frames.offsets[SYMBOLS] : c.s.frames.offsets[COUNTS],
                   symbols ? c.s.status[0] : c.s.status[1], counter(&c.s, which));
}

__global__ void __launch_bounds__(SP_THREADS) decode_runs_kernel(const struct batch b)
{
    struct chunk c = chunk_of(&b);
    decode_runs(c.payload, c.n, b.w, delta_of_chunk(&b, &c), c.s.plan, c.s.frames.offsets[SYMBOLS],
                c.s.frames.offsets[COUNTS], c.s.counts, c.s.symbols, c.s.frames.word_frames[SYMBOLS], c.s.status[2],
                c.s.status[3], counter(&c.s, 2));
}

template <unsigned W, unsigned ITEMS>
__global__ void __launch_bounds__(EXPAND_TILE / ITEMS) decode_expand_kernel(const struct batch b)
{
    struct chunk c = chunk_of(&b);
    decode_expand<W, ITEMS>(c.s.plan, c.s.counts, c.s.symbols, c.s.frames.word_frames[SYMBOLS], c.n, c.raw, c.valid);
}

/* Decode step 4 for elements of W bytes: EXPAND_BYTES a thread. */
template <unsigned W> static void expand(const struct batch *b, dim3 tiles)
{
    decode_expand_kernel<W, EXPAND_BYTES / W><<<tiles, EXPAND_TILE / (EXPAND_BYTES / W)>>>(*b);
}
/* ---- The host side ------------------------------------------------------------------- */

size_t cascade_batch_temp_bytes(size_t chunk, size_t chunks)
{
    return storage_in(NULL, chunk, chunks, 0).total;
}

size_t cascade_single_pass_temp_bytes(size_t n)
{
    return cascade_batch_temp_bytes(n, 1);
}

/* A step's grid: enough blocks of per_block items for a chunk, at most
 * MOST_BLOCKS in all (the tile-taking and grid-stride kernels take any
 * width), and a row per chunk. */
static dim3 grid_of(size_t items, size_t per_block, size_t chunks)
{
    size_t blocks = (items + per_block - 1) / per_block, most = MOST_BLOCKS / chunks;
    if (most == 0)
        most = 1;
    return dim3(blocks == 0 ? 1 : blocks < most ? (unsigned)blocks : (unsigned)most, (unsigned)chunks);
}

/* A step whose blocks each do one tile: a block per tile of a chunk. */
static dim3 tiles_of(size_t items, size_t per_tile, size_t chunks)
{
    return dim3((unsigned)((items + per_tile - 1) / per_tile), (unsigned)chunks);
}

static bool valid_element_bytes(unsigned w)
{
    return w == 1 || w == 2 || w == 4;
}

/* A frame length the encoder takes: choose, or a candidate. */
static bool encodes_frame(uint32_t frame_length)
{
    for (unsigned k = 0; k < SCANZIP_FRAME_CANDIDATES; k++)
        if (frame_length == (uint32_t)SCANZIP_FIRST_FRAME_CANDIDATE << k)
            return true;
    return frame_length == SCANZIP_FRAME_CHOOSE;
}

/* A batch's shape: n and chunk 1 to CASCADE_MAX_N a chunk, at most
 * MOST_CHUNKS chunks (a grid's rows), enough aligned storage. */
#define MOST_CHUNKS 65535
static bool valid_batch(const struct batch *b, size_t temp_bytes)
{
    return b->raw != NULL && b->payloads != NULL && b->temp != NULL && b->n > 0 && b->chunk > 0 &&
           b->chunk <= CASCADE_MAX_N && b->chunks <= MOST_CHUNKS && valid_element_bytes(b->w) &&
           temp_bytes >= cascade_batch_temp_bytes(b->chunk, b->chunks) && (uintptr_t)b->temp % 256 == 0;
}

static cudaError_t encode_batch(const struct batch *b, uint32_t frame_length, enum cascade_delta delta)
{
    size_t chunk = b->chunk, chunks = b->chunks;
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(b->temp, 0, storage_in(b->temp, chunk, chunks, 0).zeroed, 0));
    RETURN_IF_CUDA_ERROR(cudaFuncSetAttribute(encode_runs_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                              (int)STAGING_BYTES));
    encode_runs_kernel<<<tiles_of(chunk, SP_TILE, chunks), SP_THREADS, STAGING_BYTES>>>(*b);
    encode_candidates_kernel<<<grid_of(chunk, FRAME_TILE, chunks), SP_THREADS>>>(*b, frame_length, delta);
    encode_frames_kernel<<<grid_of(chunk, FRAME_TILE, chunks), SP_THREADS>>>(*b);
    /* at most 2 * n words: 2 * n * 32 bits */
    encode_words_kernel<<<grid_of(2 * chunk, SP_THREADS, chunks), SP_THREADS>>>(*b);
    return cudaGetLastError();
}

static cudaError_t decode_batch(const struct batch *b)
{
    size_t chunk = b->chunk, chunks = b->chunks;
    /* Every frame has a width byte in the payload: no more frames than that. */
    size_t most_frames = chunk;
    if (b->payload_bytes == NULL)
        most_frames = b->one_payload_bytes > 8 ? (b->one_payload_bytes - 8 < chunk ? b->one_payload_bytes - 8 : chunk)
                                               : 1;
    RETURN_IF_CUDA_ERROR(cudaMemsetAsync(b->temp, 0, storage_in(b->temp, chunk, chunks, 0).zeroed, 0));
    for (int which = SYMBOLS; which < STREAMS; which++)
        decode_offsets_kernel<<<grid_of(most_frames, WIDTH_TILE, chunks), SP_THREADS>>>(*b, which);
    decode_runs_kernel<<<grid_of(chunk, RUN_TILE, chunks), SP_THREADS>>>(*b);
    dim3 tiles = tiles_of(chunk, EXPAND_TILE, chunks);
    if (b->w == 1)
        expand<1>(b, tiles);
    else if (b->w == 2)
        expand<2>(b, tiles);
    else
        expand<4>(b, tiles);
    return cudaGetLastError();
}

cudaError_t cascade_encode_single_pass(const uint8_t *d_raw, size_t n, unsigned element_bytes,
                                       uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payload,
                                       uint32_t *d_payload_bytes, uint32_t *d_delta_used, void *d_temp,
                                       size_t temp_bytes)
{
    struct batch b = {(uint8_t *)d_raw, n, n, 1, element_bytes, d_payload, 0, d_payload_bytes, d_delta_used,
                      NULL, 0, false, d_temp};
    if (d_payload_bytes == NULL || d_delta_used == NULL || n > CASCADE_MAX_N || !encodes_frame(frame_length) ||
        (unsigned)delta > CASCADE_CHOOSE_DELTA || !valid_batch(&b, temp_bytes))
        return cudaErrorInvalidValue;
    return encode_batch(&b, frame_length, delta);
}

cudaError_t cascade_decode_single_pass(const uint8_t *d_payload, size_t payload_bytes, unsigned element_bytes,
                                       bool delta, uint8_t *d_raw, size_t n, uint32_t *d_valid, void *d_temp,
                                       size_t temp_bytes)
{
    struct batch b = {d_raw, n, n, 1, element_bytes, (uint8_t *)d_payload, 0, NULL, NULL, d_valid,
                      payload_bytes, delta, d_temp};
    if (d_valid == NULL || n > CASCADE_MAX_N || !valid_batch(&b, temp_bytes))
        return cudaErrorInvalidValue;
    return decode_batch(&b);
}

/* The batch's shape, for both directions: chunks of `chunk` elements. */
static struct batch batch_of(uint8_t *d_raw, size_t n, size_t chunk, unsigned element_bytes, uint8_t *d_payloads,
                             size_t payload_stride, uint32_t *d_results, void *d_temp)
{
    struct batch b = {d_raw, n, chunk, chunk == 0 ? 0 : (n + chunk - 1) / chunk, element_bytes, d_payloads,
                      payload_stride, d_results, d_results == NULL ? NULL : d_results + 1,
                      d_results == NULL ? NULL : d_results + 2, 0, false, d_temp};
    return b;
}

cudaError_t cascade_encode_batch(const uint8_t *d_raw, size_t n, size_t chunk, unsigned element_bytes,
                                 uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payloads,
                                 size_t payload_stride, uint32_t *d_results, void *d_temp, size_t temp_bytes)
{
    struct batch b = batch_of((uint8_t *)d_raw, n, chunk, element_bytes, d_payloads, payload_stride, d_results, d_temp);
    if (d_results == NULL || payload_stride < cascade_max_payload_bytes(chunk) || !encodes_frame(frame_length) ||
        (unsigned)delta > CASCADE_CHOOSE_DELTA || !valid_batch(&b, temp_bytes))
        return cudaErrorInvalidValue;
    return encode_batch(&b, frame_length, delta);
}

cudaError_t cascade_decode_batch(const uint8_t *d_payloads, size_t payload_stride, uint32_t *d_results,
                                 unsigned element_bytes, uint8_t *d_raw, size_t n, size_t chunk, void *d_temp,
                                 size_t temp_bytes)
{
    struct batch b = batch_of(d_raw, n, chunk, element_bytes, (uint8_t *)d_payloads, payload_stride, d_results, d_temp);
    if (d_results == NULL || payload_stride < cascade_max_payload_bytes(chunk) || !valid_batch(&b, temp_bytes))
        return cudaErrorInvalidValue;
    return decode_batch(&b);
}
