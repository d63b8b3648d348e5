/*
 * engine.h: what encodes and decodes scanzip's chunks, the CPU or a GPU.
 *
 * The container (container.h) cuts a file into chunks, writes the
 * headers and the CRCs, and hands each chunk of elements to an engine.
 * An engine only turns elements into a payload and back. Every engine
 * must write exactly the bytes of the CPU engine (codec.h defines them),
 * so a file never depends on the machine that wrote it; a GPU engine is
 * tested by comparing its payloads with the CPU's, byte for byte.
 *
 * Two builds: the CPU-only tool (engine_none.c: no GPU engine), and the
 * tool with the GPU engine of engine_gpu.cu, built from lab 08's cascade
 * and labs 05 and 06 (the Makefile's scanzip-gpu).
 */
#ifndef SCANZIP_ENGINE_H
#define SCANZIP_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec.h"
#include "format.h"

/* One encoded chunk: the method and flags chosen, and the payload (from
 * malloc; the caller frees it). */
struct scanzip_encoded {
    unsigned method, flags;
    uint8_t *payload;
    uint64_t payload_bytes;
};

struct scanzip_engine {
    const char *name; /* "cpu", "gpu": what -v and bench print */

    /* true: encode_chunk and decode_chunk may run on several threads at
     * once (the CPU engine: one chunk a thread; the GPU engine with lab
     * 08's fast codec: a few chunks on the GPU at once, their copies and
     * kernels overlapping). false: the container calls them one at a time
     * (the GPU engine built from a student's labs, or emulated). */
    bool concurrent;

    /* true: used when neither --cpu nor --gpu is given and it is present
     * (a real GPU); false: only when asked for (the emulator's GPU). */
    bool by_default;

    /* Encode n elements (raw: n * params->element_bytes bytes) with the
     * method `choice` gives for them (codec.h: scanzip_choose). Returns
     * 0, or -1 when memory runs out. */
    int (*encode_chunk)(const struct scanzip_codec_params *params, enum scanzip_choice choice,
                        const uint8_t *raw, size_t n, struct scanzip_encoded *out);

    /* Decode a payload of `method` and `flags` into raw[0 .. raw_bytes).
     * Returns 0, or -1 with the reason in why when the payload is invalid
     * (codec.h: scanzip_decode_payload). Never writes past raw_bytes. */
    int (*decode_chunk)(unsigned element_bytes, unsigned method, unsigned flags,
                        const uint8_t *payload, uint64_t payload_bytes,
                        uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why);

    /* NULL, or: start in the background what the first chunk would wait
     * for (the GPU engine: CUDA's context, about 0.4 s), so that it
     * overlaps with reading the input; choice: the -m that will come
     * (SCANZIP_CHOOSE_AUTO when any may: decompressing), so that an
     * engine that would do none of it on the GPU starts nothing. Called
     * once the engine is chosen; the engine itself waits for what it
     * started before the first chunk that needs it. */
    void (*start)(enum scanzip_choice choice);
};

/* The CPU engine: codec.c, one chunk a thread. */
extern const struct scanzip_engine scanzip_cpu_engine;

/* The GPU engine when this build has one and a GPU is present, else
 * NULL (engine_none.c: always NULL). */
const struct scanzip_engine *scanzip_gpu_engine(void);

/* Why scanzip_gpu_engine() is NULL, as a sentence for --gpu's error. */
const char *scanzip_gpu_missing_reason(void);

#endif
