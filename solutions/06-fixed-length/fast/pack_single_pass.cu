/*
 * pack_single_pass.cu: lab 06's fixed-length packing and unpacking, the
 * fast references (common/fast.h). Not a student's task: lab 06 teaches
 * the steps (widths, offsets, packing with atomicOr) in fixed_length.cu
 * beside it.
 *
 * Lab 06's encoder reads the values twice (widths, then packing), scans
 * the frame sizes in a kernel of its own, reads the word count back to the
 * host, and ORs each value into the words with a global atomic, two when
 * it straddles. Here, for frames of a multiple of 32 values:
 *
 *   - Every frame's size is a multiple of 32 bits (32k values of w bits),
 *     so every frame starts on a word and no word holds two frames: each
 *     word is written once, whole, by one thread. No atomics, and no
 *     clearing of the words first.
 *   - A warp takes 32 values at a time, one a lane. Their 32 * w bits are
 *     exactly w words, and lane k < w builds word k from the values whose
 *     bits fall in it, fetched with __shfl_sync from the lanes that hold
 *     them (pack_word). Unpacking is the other way round: lane k loads
 *     word k, and each lane shuffles in the one or two words its value
 *     lies in (unpack_value).
 *   - The frames' word offsets come from a tile scan and lab 07's
 *     decoupled look-back, in the same kernel: one pass over the values.
 *
 * Two versions of each (common/fast.h's ladder): a warp a frame at a
 * time for any multiple of 32 (pack_encode_by_frames, version 2), and,
 * when the frame length divides 1024, the block's whole tile staged in
 * shared memory first (version 3, the pack_*_single_pass functions).
 *
 *     32 values of width 10 (frame_length 32): 320 bits = 10 words
 *     word 0 = bits 0..31    = v0 | v1 << 10 | v2 << 20 | v3 << 30
 *     word 1 = bits 32..63   = v3 >> 2 | v4 << 8 | v5 << 18 | v6 << 28
 *     ...
 *
 * The words are exactly lab 06's (pack.h's layout, LSB-first): the tests
 * compare them with the grader's oracle. Lab 07's pieces (block scan,
 * look-back, tile loads) come from single_pass_pieces.cuh, which the
 * Makefile makes from lab 07's reference.
 */
#include "cuda_check.h"
#include "fast.h"
#include "pack.h"
#include "single_pass_pieces.cuh"

/* Frames a warp encodes, and a block's tile: 8 warps of 8 frames (8192
 * values at frame_length 128, lab 07's tile). */
#define FRAMES_PER_WARP 8
#define FRAMES_PER_TILE (WARPS * FRAMES_PER_WARP)

/* The frames of a tile, the tile's count from a frame count. */
static size_t tiles_for(size_t frames)
{
    return (frames + FRAMES_PER_TILE - 1) / FRAMES_PER_TILE;
}

/* warp_or: the OR of `value` over the warp, in every lane. */
__device__ uint32_t warp_or(uint32_t value)
{
    for (int offset = SP_WARP / 2; offset > 0; offset /= 2)
        value |= __shfl_xor_sync(FULL_MASK, value, offset);
    return value;
}

/*
 * pack_word: word k (0 <= k < width) of the 32 * width bits of the 32
 * values held one a lane (lane j: value j, less than 2^width), returned in
 * lane k. Word k starts at bit 32k: inside value j = 32k / width, `shift`
 * bits in; values j, j+1, ... follow until the word is full. Every lane
 * takes part in every shuffle (the same count of steps in all lanes).
 *
 *     width 10, k = 1: bit 32 is bit 2 of v3; word = v3 >> 2 | v4 << 8 |
 *     v5 << 18 | v6 << 28
 */
__device__ uint32_t pack_word(uint32_t value, uint32_t width, int k)
{
    int first_bit = 32 * k;
    int j = first_bit / (int)width, at = j * (int)width - first_bit; /* where v[j]'s bit 0 lands: <= 0 */
    uint32_t word = 0;
    int steps = 32 / (int)width + 2;
    for (int t = 0; t < steps; t++, at += (int)width) {
        uint32_t x = __shfl_sync(FULL_MASK, value, (j + t) & (SP_WARP - 1));
        if (j + t < SP_WARP && at < 32)
            word |= at >= 0 ? x << at : x >> -at;
    }
    return word;
}

/*
 * unpack_value: value j (this lane's) of 32 values of `width` bits packed
 * in `width` words held one a lane (lane k: word k). It lies in word
 * j * width / 32 and, when it straddles, the next.
 */
__device__ uint32_t unpack_value(uint32_t word, uint32_t width)
{
    int lane = threadIdx.x % SP_WARP;
    int bit = lane * (int)width, shift = bit % 32;
    uint32_t low = __shfl_sync(FULL_MASK, word, (bit / 32) & (SP_WARP - 1));
    uint32_t high = __shfl_sync(FULL_MASK, word, (bit / 32 + 1) & (SP_WARP - 1));
    uint32_t value = shift == 0 ? low : low >> shift | high << (32 - shift);
    return width == 32 ? value : value & ((1u << width) - 1);
}

/*
 * BATCH groups of 32 values a lane loads before it uses any: the loads
 * of one warp overlap instead of waiting for each other: version 2's
 * encoder went from 0.21 to 0.26 of copy (H100); its decoder, whose
 * frames of 128 are one batch, stayed at 0.55.
 */
#define BATCH 4

/* load_batch: d_array[i + 32u] for u < BATCH, 0 at or past end. */
__device__ void load_batch(const uint32_t *d_array, size_t i, size_t end, uint32_t batch[BATCH])
{
    for (int u = 0; u < BATCH; u++)
        batch[u] = i + SP_WARP * u < end ? d_array[i + SP_WARP * u] : 0;
}

/* The frame of the tile a warp's lane `slot` (< FRAMES_PER_WARP) is for. */
__device__ size_t frame_of(size_t tile, int slot)
{
    return tile * FRAMES_PER_TILE + (threadIdx.x / SP_WARP) * FRAMES_PER_WARP + slot;
}

/*
 * pack_kernel: one tile of frames per block. Each warp finds the width of
 * its FRAMES_PER_WARP frames (the OR of a frame's values has the bits of
 * its largest) and their sizes in words, held in lanes 0..7; the block
 * scans the sizes (lab 07's block_scan_exclusive) and looks back for the
 * words of all earlier tiles (decoupled_prefix). Then each warp writes its
 * frames' widths, offsets and words, 32 values at a time (pack_word). The
 * values are read twice, the second time mostly from L2: a block's tile
 * (32 KiB at frame_length 128) was read a few microseconds before.
 */
__global__ void pack_kernel(const uint32_t *d_values, size_t n, size_t frame_length, size_t frames,
                            uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                            uint32_t *d_word_count, tile_status *d_status, unsigned *d_next_tile)
{
    int lane = threadIdx.x % SP_WARP;
    size_t tile = take_tile_number(d_next_tile);
    uint32_t my_width = 0;  /* lane s < FRAMES_PER_WARP: the width of frame_of(tile, s) */
    int my_words = 0;       /* and its size in words */
    for (int s = 0; s < FRAMES_PER_WARP; s++) {
        size_t frame = frame_of(tile, s), first = frame * frame_length;
        size_t end = frame >= frames ? first : n - first < frame_length ? n : first + frame_length;
        uint32_t bits = 0;
        for (size_t i = first; i < end; i += BATCH * SP_WARP) {
            uint32_t batch[BATCH];
            load_batch(d_values, i + lane, end, batch);
            for (int u = 0; u < BATCH; u++)
                bits |= batch[u];
        }
        uint32_t width = 32 - __clz((int)warp_or(bits));
        size_t count = frame < frames ? (n - first < frame_length ? n - first : frame_length) : 0;
        if (lane == s) {
            my_width = width;
            my_words = (int)((width * count + 31) / 32);
        }
    }
    int tile_words;
    int word_in_tile = block_scan_exclusive(lane < FRAMES_PER_WARP ? my_words : 0, &tile_words);
    int tile_first_word = decoupled_prefix(d_status, tile, tile_words);
    for (int s = 0; s < FRAMES_PER_WARP; s++) {
        size_t frame = frame_of(tile, s), first = frame * frame_length;
        if (frame >= frames)
            break;
        uint32_t width = __shfl_sync(FULL_MASK, my_width, s);
        size_t word = (size_t)tile_first_word + __shfl_sync(FULL_MASK, word_in_tile, s);
        int words = __shfl_sync(FULL_MASK, my_words, s);
        if (lane == 0) {
            d_widths[frame] = width;
            d_offsets[frame] = (uint32_t)(word * 32);
        }
        if (width == 0)
            continue;
        size_t end = n - first < frame_length ? n : first + frame_length;
        for (int k0 = 0; k0 < words; k0 += BATCH * (int)width, first += BATCH * SP_WARP) {
            uint32_t batch[BATCH];
            load_batch(d_values, first + lane, end, batch);
            for (int u = 0, k = k0; u < BATCH && k < words; u++, k += (int)width) {
                uint32_t packed = pack_word(batch[u], width, lane < (int)width ? lane : 0);
                if (lane < (int)width && k + lane < words)
                    d_words[word + k + lane] = packed;
            }
        }
    }
    if (tile == gridDim.x - 1 && threadIdx.x == 0)
        *d_word_count = (uint32_t)(tile_first_word + tile_words);
}

/*
 * unpack_kernel: a warp a frame: for each 32 values, lane k < width loads
 * word k of their `width` words (one coalesced load), every lane
 * shuffles its value out (unpack_value) and stores it (one coalesced
 * store of 128 bytes); BATCH groups of 32 at a time.
 */
__global__ void unpack_kernel(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                              size_t n, size_t frame_length, size_t frames, uint32_t *d_values)
{
    int lane = threadIdx.x % SP_WARP;
    size_t frame = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) / SP_WARP;
    if (frame >= frames)
        return;
    uint32_t width = d_widths[frame];
    const uint32_t *frame_words = d_words + d_offsets[frame] / 32;
    size_t first = frame * frame_length, end = n - first < frame_length ? n : first + frame_length;
    if (width == 0) {
        for (size_t i = first + lane; i < end; i += SP_WARP)
            d_values[i] = 0;
        return;
    }
    /* The words of BATCH groups of 32 values, lane k < width holding word
     * k of each group; the last group may be fewer values in fewer words:
     * read no further than the frame's words. */
    size_t frame_words_end = ((end - first) * width + 31) / 32;
    for (size_t i = first, w0 = 0; i < end; i += BATCH * SP_WARP, w0 += BATCH * width) {
        uint32_t words[BATCH];
        for (int u = 0; u < BATCH; u++) {
            size_t k = w0 + u * width + lane;
            words[u] = lane < (int)width && k < frame_words_end ? frame_words[k] : 0;
        }
        for (int u = 0; u < BATCH; u++) {
            uint32_t value = unpack_value(words[u], width);
            if (i + SP_WARP * u + lane < end)
                d_values[i + SP_WARP * u + lane] = value;
        }
    }
}

/* ---- Version 3: the tile in shared memory (frame lengths dividing 1024) -------
 *
 * Version 2's warps go through their frames one at a time, and each frame
 * costs two memory round trips: at 3 blocks an SM too few loads are in
 * flight, and it reaches 0.26 of a copy. When the frame length divides
 * 1024 (32, 64, ..., 1024), a warp's part of lab 07's tile, 1024 values,
 * is a whole number of frames: the block loads its tile at once, as lab
 * 07 does (load_vectors, 8 int4 a thread, all in flight), into shared
 * memory, and works from there. Unpacking loads all the words of a warp's
 * frames at once the same way, then every lane pulls its 4 values a round
 * out of them.
 */

/* log2 of a power of two. */
__device__ int log2_of(size_t power) { return __ffs((int)power) - 1; }

/* build_word: word k (bits 32k..32k+31) of a frame's stream, from its
 * `count` values of `width` bits (> 0) in shared memory. */
__device__ uint32_t build_word(const uint32_t *values, int count, uint32_t width, int k)
{
    int j = 32 * k / (int)width, at = j * (int)width - 32 * k; /* where values[j]'s bit 0 lands: <= 0 */
    uint32_t word = 0;
    for (; j < count && at < 32; j++, at += (int)width)
        word |= at >= 0 ? values[j] << at : values[j] >> -at;
    return word;
}

__global__ void pack_tile_kernel(const uint32_t *d_values, size_t n, size_t frame_length, size_t frames,
                                 uint32_t *d_widths, uint32_t *d_offsets, uint32_t *d_words,
                                 uint32_t *d_word_count, tile_status *d_status, unsigned *d_next_tile)
{
    __shared__ int4 staged[SP_TILE / 4];
    int lane = threadIdx.x % SP_WARP, warp = threadIdx.x / SP_WARP;
    int per_warp = (int)(SP_TILE / WARPS / frame_length); /* frames of a warp: 1..32 */
    size_t tile = take_tile_number(d_next_tile), first = tile * SP_TILE;
    {
        int4 vectors[VECTORS];
        load_vectors((const int *)d_values, n, first, vectors);
        for (int r = 0; r < VECTORS; r++)
            staged[(vector_first(first, r) - first) / 4] = vectors[r];
    }
    __syncwarp(); /* a warp reads only its own part of the tile */
    const uint32_t *part = (const uint32_t *)staged + warp * (SP_TILE / WARPS);
    size_t first_frame = (first + (size_t)warp * (SP_TILE / WARPS)) >> log2_of(frame_length);
    uint32_t my_width = 0; /* lane s < per_warp: frame first_frame + s */
    int my_count = 0, my_words = 0;
    for (int s = 0; s < per_warp; s++) {
        uint32_t bits = 0;
        for (int i = lane; i < (int)frame_length; i += SP_WARP)
            bits |= part[s * frame_length + i];
        uint32_t width = 32 - __clz((int)warp_or(bits));
        size_t frame = first_frame + s, start = frame * frame_length;
        int count = frame < frames ? (int)(n - start < frame_length ? n - start : frame_length) : 0;
        if (lane == s) {
            my_width = width;
            my_count = count;
            my_words = (int)((width * (size_t)count + 31) / 32);
        }
    }
    int tile_words;
    int word_in_tile = block_scan_exclusive(lane < per_warp ? my_words : 0, &tile_words);
    size_t tile_first_word = (size_t)decoupled_prefix(d_status, tile, tile_words);
    for (int s = 0; s < per_warp; s++) {
        size_t frame = first_frame + s;
        if (frame >= frames)
            break;
        uint32_t width = __shfl_sync(FULL_MASK, my_width, s);
        int count = __shfl_sync(FULL_MASK, my_count, s), words = __shfl_sync(FULL_MASK, my_words, s);
        size_t word = tile_first_word + __shfl_sync(FULL_MASK, word_in_tile, s);
        if (lane == 0) {
            d_widths[frame] = width;
            d_offsets[frame] = (uint32_t)(word * 32);
        }
        for (int k = lane; k < words; k += SP_WARP)
            d_words[word + k] = build_word(part + s * frame_length, count, width, k);
    }
    if (tile == gridDim.x - 1 && threadIdx.x == 0)
        *d_word_count = (uint32_t)(tile_first_word + tile_words);
}

/*
 * unpack_tile_kernel: a block per SP_TILE values, a warp per 1024 of them.
 * Lanes s < per_warp read the width and offset of the warp's frame s; the
 * warp loads all its frames' words (contiguous in the stream: at most
 * 1024) into shared memory at once, then each lane takes its 4 values of
 * each round, as lab 07's vectors lie (vector_first), from the words, and
 * stores them as one int4.
 */
__global__ void unpack_tile_kernel(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                                   size_t n, size_t frame_length, size_t frames, uint32_t *d_values)
{
    __shared__ uint32_t staged_words[WARPS][SP_TILE / WARPS + 1];
    int lane = threadIdx.x % SP_WARP, warp = threadIdx.x / SP_WARP;
    int per_warp = (int)(SP_TILE / WARPS / frame_length), shift = log2_of(frame_length);
    size_t first = (size_t)blockIdx.x * SP_TILE, part = first + (size_t)warp * (SP_TILE / WARPS);
    if (part >= n)
        return;
    size_t first_frame = part >> shift, frame = first_frame + lane;
    uint32_t width = 0, offset = 0;
    if (lane < per_warp && frame < frames) {
        width = d_widths[frame];
        offset = d_offsets[frame];
    }
    /* The warp's words: from its first frame's to the end of its last. */
    int last = (int)((frames - first_frame < (size_t)per_warp ? frames - first_frame : (size_t)per_warp) - 1);
    uint32_t base = __shfl_sync(FULL_MASK, offset, 0) / 32;
    uint32_t last_offset = __shfl_sync(FULL_MASK, offset, last), last_width = __shfl_sync(FULL_MASK, width, last);
    size_t last_start = (first_frame + last) << shift;
    size_t last_count = n - last_start < frame_length ? n - last_start : frame_length;
    int words = (int)((last_offset + last_width * last_count + 31) / 32 - base);
    uint32_t *staged = staged_words[warp];
    for (int k = lane; k < words; k += SP_WARP)
        staged[k] = d_words[base + k];
    __syncwarp();
    for (int r = 0; r < VECTORS; r++) {
        size_t i = vector_first(first, r); /* 4 values of one frame: frame_length >= 32 */
        int s = i < n ? (int)((i >> shift) - first_frame) : 0; /* every lane shuffles, then those past n stop */
        uint32_t w = __shfl_sync(FULL_MASK, width, s), at = __shfl_sync(FULL_MASK, offset, s) - base * 32;
        if (i >= n)
            continue;
        uint32_t values[4];
        for (int c = 0; c < 4; c++) {
            uint32_t bit = at + (uint32_t)((i + c) & (frame_length - 1)) * w, low = bit % 32;
            uint32_t value = w == 0 ? 0 : staged[bit / 32] >> low;
            if (w && low + w > 32)
                value |= staged[bit / 32 + 1] << (32 - low);
            values[c] = w == 32 || w == 0 ? value : value & ((1u << w) - 1);
        }
        if (i + 4 <= n && (uintptr_t)(d_values + i) % 16 == 0)
            *(uint4 *)(d_values + i) = make_uint4(values[0], values[1], values[2], values[3]);
        else
            for (int c = 0; c < 4 && i + c < n; c++)
                d_values[i + c] = values[c];
    }
}

/* 1 if frames of this length take version 3. */
static int tile_fits(size_t frame_length)
{
    return frame_length >= 32 && frame_length <= SP_TILE / WARPS && (frame_length & (frame_length - 1)) == 0;
}

/* Storage for either tiling: 64 frames (version 2) or SP_TILE values. */
size_t pack_single_pass_temp_bytes(size_t n, size_t frame_length)
{
    size_t frame_tiles = tiles_for(pack_frame_count(n, frame_length)), value_tiles = (n + SP_TILE - 1) / SP_TILE;
    return COUNTER_BYTES + (frame_tiles > value_tiles ? frame_tiles : value_tiles) * sizeof(tile_status);
}

/* The checks both encoders make; *done when nothing is left to do. */
static cudaError_t check_encode(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count, void *d_temp,
                                size_t temp_bytes, int *done)
{
    *done = 1;
    if (frame_length == 0 || frame_length % 32 != 0 || n > PACK_MAX_N || d_word_count == NULL)
        return cudaErrorInvalidValue;
    if (n == 0)
        return cudaMemsetAsync(d_word_count, 0, sizeof(uint32_t), 0);
    size_t needed = pack_single_pass_temp_bytes(n, frame_length);
    if (d_values == NULL || d_widths == NULL || d_offsets == NULL || d_words == NULL || d_temp == NULL ||
        temp_bytes < needed)
        return cudaErrorInvalidValue;
    *done = 0;
    return cudaMemsetAsync(d_temp, 0, needed, 0);
}

/* Version 2, or 3 (tile) where the frame length allows it. */
static cudaError_t encode(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                          uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count, void *d_temp,
                          size_t temp_bytes, int tile)
{
    int done;
    cudaError_t err = check_encode(d_values, n, frame_length, d_widths, d_offsets, d_words, d_word_count, d_temp,
                                   temp_bytes, &done);
    if (done || err != cudaSuccess)
        return err;
    size_t frames = pack_frame_count(n, frame_length);
    tile_status *d_status = storage_words(d_temp);
    if (tile && tile_fits(frame_length))
        pack_tile_kernel<<<blocks_for(n, SP_TILE), SP_THREADS>>>(d_values, n, frame_length, frames, d_widths,
                                                                 d_offsets, d_words, d_word_count, d_status,
                                                                 storage_counter(d_temp));
    else
        pack_kernel<<<(unsigned)tiles_for(frames), SP_THREADS>>>(d_values, n, frame_length, frames, d_widths,
                                                                 d_offsets, d_words, d_word_count, d_status,
                                                                 storage_counter(d_temp));
    return cudaGetLastError();
}

static cudaError_t decode(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words, size_t n,
                          size_t frame_length, uint32_t *d_values, int tile)
{
    if (frame_length % 32 != 0)
        return cudaErrorInvalidValue;
    PACK_RETURN_IF_INVALID_EMPTY_OR_NULL(n, frame_length, d_widths, d_offsets, d_words, d_values);
    size_t frames = pack_frame_count(n, frame_length);
    if (tile && tile_fits(frame_length))
        unpack_tile_kernel<<<blocks_for(n, SP_TILE), SP_THREADS>>>(d_widths, d_offsets, d_words, n, frame_length,
                                                                   frames, d_values);
    else
        unpack_kernel<<<(unsigned)((frames + WARPS - 1) / WARPS), SP_THREADS>>>(d_widths, d_offsets, d_words, n,
                                                                              frame_length, frames, d_values);
    return cudaGetLastError();
}

cudaError_t pack_encode_by_frames(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                  uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count, void *d_temp,
                                  size_t temp_bytes)
{
    return encode(d_values, n, frame_length, d_widths, d_offsets, d_words, d_word_count, d_temp, temp_bytes, 0);
}

cudaError_t pack_encode_single_pass(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                    uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count,
                                    void *d_temp, size_t temp_bytes)
{
    return encode(d_values, n, frame_length, d_widths, d_offsets, d_words, d_word_count, d_temp, temp_bytes, 1);
}

cudaError_t pack_decode_by_frames(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                                  size_t n, size_t frame_length, uint32_t *d_values)
{
    return decode(d_widths, d_offsets, d_words, n, frame_length, d_values, 0);
}

cudaError_t pack_decode_single_pass(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                                    size_t n, size_t frame_length, uint32_t *d_values)
{
    return decode(d_widths, d_offsets, d_words, n, frame_length, d_values, 1);
}
