/*
 * fast.h: the fast references of labs 04-06 and 08, built from lab 07's pieces.
 *
 * The labs teach each algorithm the plain way: a map, a scan, a scatter,
 * each its own kernel, with the counts read back to the host in between.
 * That moves every element several times, and a GPU's time goes on moving
 * memory. The fast references do the same work the way CUB does: one
 * kernel, one tile per block, the tile scanned in registers (lab 07's
 * tile_scan_exclusive), the sum of all earlier tiles from their status
 * words (lab 07's decoupled_prefix), each element read once and each
 * result written once. No host round trip, no allocation: the caller
 * passes temporary storage, as CUB's callers do, and results a later
 * kernel needs (a count) stay on the device.
 *
 * They live beside the teaching versions, in solutions/NN-name/fast/, and
 * never replace them: make bench times both, numbered as a ladder, beside
 * cudaMemcpy and CUB. They are not a student's task (a student's copy
 * does not have them) and the grader never links them into a lab's tests.
 * Each includes lab 07's pieces as single_pass_pieces.cuh, a header the
 * Makefile makes at build time from lab 07's reference (its regions
 * between // BEGIN PIECES and // END PIECES), so the reference is their
 * one source and no file of a student's copy holds them.
 *
 * Device pointers (d_ prefix); each function returns cudaSuccess, the
 * first CUDA error it met, or cudaErrorInvalidValue for a NULL pointer
 * with n > 0, too little temporary storage, or n > FAST_MAX_N; it returns
 * once its work is queued (nothing waits for the GPU).
 */
#ifndef SCANLAB_FAST_H
#define SCANLAB_FAST_H

#include <stddef.h>
#include <stdint.h>

#include <cuda_runtime_api.h>

#include "cascade.h"
#include "compact.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counts and positions are int: at most 2^31 - 1 elements a call. */
#define FAST_MAX_N ((size_t)0x7fffffff)

/* ---- Lab 04: compaction in one pass (solutions/04-compaction/fast/) -------
 *
 * compact_if's result: the kept elements of d_in[0..n) in order in d_out
 * (room for n ints, not overlapping d_in), their count in *d_kept (a
 * device int, as CUB's DeviceSelect writes it).
 *     in [5 -2 8 7 0 4], KEEP_GREATER_THAN 4  ->  out [5 8 7], *d_kept 3
 *
 * The ladder (make bench BENCH=compact), version 1 being lab 04's
 * compact_if, each version one change:
 *   2  compact_if_single_pass_direct   one pass: flags, tile scan, look-back
 *                                      (lab 07), each kept element stored
 *                                      by its own thread
 *   3  compact_if_single_pass_staged   kept elements gathered in shared
 *                                      memory, stored by consecutive threads
 *   4  compact_if_single_pass          the tile staged in shared memory,
 *                                      the flags as bits: more blocks an SM
 * All three share compact_single_pass_temp_bytes(n) of storage.            */
size_t compact_single_pass_temp_bytes(size_t n);
cudaError_t compact_if_single_pass_direct(const int *d_in, int *d_out, size_t n,
                                          enum compact_predicate predicate, int operand,
                                          int *d_kept, void *d_temp, size_t temp_bytes);
cudaError_t compact_if_single_pass_staged(const int *d_in, int *d_out, size_t n,
                                          enum compact_predicate predicate, int operand,
                                          int *d_kept, void *d_temp, size_t temp_bytes);
cudaError_t compact_if_single_pass(const int *d_in, int *d_out, size_t n,
                                   enum compact_predicate predicate, int operand, int *d_kept,
                                   void *d_temp, size_t temp_bytes);

/* ---- Lab 05: run-length encoding in one pass (solutions/05-rle/fast/) ------
 *
 * rle_encode's encoding of d_in[0..n) into d_symbols and d_counts (room
 * for n ints each), the run count in *d_runs (a device int, as CUB's
 * DeviceRunLengthEncode::Encode writes it).
 *     in [1 2 3 6 6 6 5 5]  ->  symbols [1 2 3 6 5], counts [1 1 1 3 2], *d_runs 5
 *
 * The ladder (make bench BENCH=rle): 1 rle_encode (PARLE) and 2
 * rle_encode_segmented as lab 05 teaches them, then 3
 * rle_encode_single_pass: the tile staged in shared memory, each run's
 * last element marked (as the compaction marks kept ones), ranked and
 * looked back for in one kernel, runs stored by consecutive threads.       */
size_t rle_encode_single_pass_temp_bytes(size_t n);
cudaError_t rle_encode_single_pass(const int *d_in, size_t n, int *d_symbols, int *d_counts, int *d_runs,
                                   void *d_temp, size_t temp_bytes);

/* The decoders' result: `runs` runs (counts >= 1, summing to n) expanded
 * into d_out[0..n). Nothing past d_out[n - 1] is written, whatever the
 * counts say. runs == 0 requires n == 0.
 *     symbols [1 2 3 6 5], counts [1 1 1 3 2], n 8  ->  [1 2 3 6 6 6 5 5]
 *
 * The ladder (make bench BENCH=rle): rle_decode_search and
 * rle_decode_scan as lab 05 teaches them, then rle_decode_single_pass:
 * per tile of runs, the counts scanned and looked back for in one kernel,
 * each output element found by a search in shared memory and written
 * once, 4 at a time.                                                       */
size_t rle_decode_single_pass_temp_bytes(size_t runs);
cudaError_t rle_decode_single_pass(const int *d_symbols, const int *d_counts, size_t runs, int *d_out, size_t n,
                                   void *d_temp, size_t temp_bytes);

/* ---- Lab 06: fixed-length packing in one pass (solutions/06-fixed-length/fast/)
 *
 * pack_encode's and pack_decode's results (pack.h's layout, the same
 * words), for a frame_length that is a multiple of 32 (else
 * cudaErrorInvalidValue): every frame then fills whole words, so no word
 * holds two frames and each is written once, without atomics. The word
 * count goes to *d_word_count (a device uint32_t); d_words needs no
 * clearing, and only d_words[0..count) is written.
 *     [0 2 1 ... ] in frames of 32  ->  as pack_encode
 *
 * The ladder (make bench BENCH=pack), version 1 being lab 06's
 * pack_encode and pack_decode:
 *   2  pack_encode_by_frames   widths, the frames' word offsets (a tile
 *                              scan and lab 07's look-back) and the words
 *                              in one pass, a warp a frame at a time, each
 *                              word built by one lane from the values
 *                              shuffled to it
 *      pack_decode_by_frames   a warp a frame, each value shuffled out of
 *                              the words its lanes loaded
 *   3  pack_encode_single_pass,  when the frame length divides 1024 (32,
 *      pack_decode_single_pass   64, ..., 1024): a block loads lab 07's
 *                              whole tile (or its frames' words) into
 *                              shared memory at once and works from there;
 *                              other lengths take version 2.
 * All take pack_single_pass_temp_bytes(n, frame_length) of storage.        */
size_t pack_single_pass_temp_bytes(size_t n, size_t frame_length);
cudaError_t pack_encode_by_frames(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                  uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count, void *d_temp,
                                  size_t temp_bytes);
cudaError_t pack_encode_single_pass(const uint32_t *d_values, size_t n, size_t frame_length, uint32_t *d_widths,
                                    uint32_t *d_offsets, uint32_t *d_words, uint32_t *d_word_count,
                                    void *d_temp, size_t temp_bytes);
cudaError_t pack_decode_by_frames(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                                  size_t n, size_t frame_length, uint32_t *d_values);
cudaError_t pack_decode_single_pass(const uint32_t *d_widths, const uint32_t *d_offsets, const uint32_t *d_words,
                                    size_t n, size_t frame_length, uint32_t *d_values);

/* ---- Lab 08: the cascade in five launches (solutions/08-compressor/fast/) --
 *
 * cascade_encode's and cascade_decode's payloads (cascade.h), byte for
 * byte, with nothing read back to the host: lab 08 composes labs 05 and
 * 06 as libraries, about 25 launches and 10 waits for the host per chunk,
 * with the elements widened to ints; these read the w-byte elements as
 * they are, keep every size on the device, and hand the payload's length
 * (or the decoder's verdict) back in device memory, so a compressor can
 * queue chunk after chunk and wait once.
 *
 *   encode  1  runs of the w-byte elements (lab 05's one-pass encoder,
 *              the tile staged from bytes)
 *           2  the bits of every stream (counts - 1, symbols, deltas) with
 *              each candidate frame length; the last block chooses the
 *              frame and the delta as the CPU does, and writes the header
 *           3  the chosen frames' widths and bit offsets (a tile scan and
 *              lab 07's look-back per stream); width bytes to the payload
 *           4  each payload word built by one thread from the values
 *              whose bits it holds
 *   decode  1  the symbols' frame offsets from their width bytes (a tile
 *              scan and look-back), every field checked; 2  the counts'
 *           3  the runs: values unpacked, counts scanned into starts,
 *              deltas scanned into symbols, the counts checked to add up
 *              to n; 4  every output element written once, 32 bytes a thread
 *
 * The encoder takes frame_length SCANZIP_FRAME_CHOOSE or one of the
 * candidates 8, 16, ..., 256 (else cudaErrorInvalidValue: lab 08's
 * cascade_encode writes any other); *d_payload_bytes and *d_delta_used are
 * device uint32_t. The decoder takes any payload; *d_valid (a device
 * uint32_t) gets 1 when it is one cascade_decode accepts, else 0, and then
 * d_raw may hold anything, but nothing outside d_payload[0..payload_bytes)
 * is read and nothing outside d_raw[0..n * w) is written. Both take
 * cascade_single_pass_temp_bytes(n) of temporary storage, 256-byte
 * aligned as cudaMalloc returns it (64-bit atomics live there); n is 1 to
 * CASCADE_MAX_N, and element_bytes 1, 2 or 4.
 *
 *     raw 07 07 07 09 (w 1)  ->  payload 02000000 08000000 | 04 97000000 | 02 02000000
 *                                (the frame of 8 wins the tie: cascade.h's example)  */
size_t cascade_single_pass_temp_bytes(size_t n);
cudaError_t cascade_encode_single_pass(const uint8_t *d_raw, size_t n, unsigned element_bytes,
                                       uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payload,
                                       uint32_t *d_payload_bytes, uint32_t *d_delta_used, void *d_temp,
                                       size_t temp_bytes);
cudaError_t cascade_decode_single_pass(const uint8_t *d_payload, size_t payload_bytes, unsigned element_bytes,
                                       bool delta, uint8_t *d_raw, size_t n, uint32_t *d_valid, void *d_temp,
                                       size_t temp_bytes);

/* A batch of chunks in one call: the same steps, each one launch for all
 * the chunks (blockIdx.y is the chunk), as nvCOMP's batched API works.
 * Chunk c is elements [c * chunk, min((c + 1) * chunk, n)) of d_raw (the
 * last may be shorter); its payload lies at d_payloads + c *
 * payload_stride (at least cascade_max_payload_bytes(chunk)), and
 * d_results[3c], [3c + 1], [3c + 2] (device uint32_t) are its payload
 * bytes, delta used and verdict: the encoder writes the first two, the
 * decoder reads them and writes the third (a payload longer than
 * payload_stride is refused). Each chunk's bytes are what the calls
 * above give it. Storage: cascade_batch_temp_bytes(chunk, chunks), with
 * chunks = ceil(n / chunk), at most 65535; chunk is 1 to CASCADE_MAX_N.
 *     n 40, chunk 16  ->  chunks [0, 16) [16, 32) [32, 40), 3 payloads
 *
 * The ladder (make bench BENCH=cascade): 2 cascade_encode_single_pass,
 * cascade_decode_single_pass, a chunk a call; 3 cascade_encode_batch,
 * cascade_decode_batch, the file a call.                                  */
size_t cascade_batch_temp_bytes(size_t chunk, size_t chunks);
cudaError_t cascade_encode_batch(const uint8_t *d_raw, size_t n, size_t chunk, unsigned element_bytes,
                                 uint32_t frame_length, enum cascade_delta delta, uint8_t *d_payloads,
                                 size_t payload_stride, uint32_t *d_results, void *d_temp, size_t temp_bytes);
cudaError_t cascade_decode_batch(const uint8_t *d_payloads, size_t payload_stride, uint32_t *d_results,
                                 unsigned element_bytes, uint8_t *d_raw, size_t n, size_t chunk, void *d_temp,
                                 size_t temp_bytes);

#ifdef __cplusplus
}
#endif

#endif
