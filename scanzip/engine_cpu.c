/*
 * engine_cpu.c: the CPU engine of engine.h.
 *
 * Encoding a chunk is two looks at it: scanzip_measure_choice gives the
 * exact payload size of every candidate method that -m may pick (of pack
 * and cascade, with the frame length that makes it smallest when no
 * --frame was given), scanzip_choose picks one, and only that one is
 * written, with that frame length, into a buffer of exactly its size.
 * The first look keeps the chunk's runs, when there are at most one for
 * every SCANZIP_KEPT_RUNS_PER elements, so that the second does not look
 * for them again: the 2^24-element chunks of the tiled atlas have 55 000
 * to 670 000 runs, all kept. Noise, with a run an element, is looked at
 * twice, and then its payload is stored or packed.
 */
#include <stdlib.h>

#include "engine.h"

static int cpu_encode_chunk(const struct scanzip_codec_params *params, enum scanzip_choice choice,
                            const uint8_t *raw, size_t n, struct scanzip_encoded *out)
{
    struct scanzip_runs keep = {NULL, NULL, scanzip_kept_runs(n), 0};
    uint32_t *room = keep.capacity > 0 ? malloc(2 * keep.capacity * sizeof *room) : NULL;
    if (room != NULL) {
        keep.symbols = room;
        keep.ends = room + keep.capacity;
    }
    struct scanzip_sizes sizes;
    scanzip_measure_choice(params, choice, raw, n, room != NULL ? &keep : NULL, &sizes);
    scanzip_choose(choice, &sizes, &out->method, &out->flags);
    uint64_t bytes = scanzip_payload_size(&sizes, out->method, out->flags);
    out->payload = malloc(bytes > 0 ? bytes : 1);
    if (out->payload != NULL)
        out->payload_bytes = scanzip_encode_measured(params, &sizes, out->method, out->flags, raw, n, out->payload);
    free(room);
    if (out->payload == NULL)
        return -1;
    if (out->payload_bytes != bytes)
        abort(); /* scanzip_measure and the encoder disagree: a bug in codec.c */
    return 0;
}

static int cpu_decode_chunk(unsigned element_bytes, unsigned method, unsigned flags,
                            const uint8_t *payload, uint64_t payload_bytes,
                            uint8_t *raw, uint64_t raw_bytes, struct scanzip_why *why)
{
    return scanzip_decode_payload(element_bytes, method, flags, payload, payload_bytes, raw, raw_bytes, why);
}

const struct scanzip_engine scanzip_cpu_engine = {
    .name = "cpu",
    .concurrent = true,
    .by_default = true,
    .encode_chunk = cpu_encode_chunk,
    .decode_chunk = cpu_decode_chunk,
    .start = NULL, /* nothing to start */
};
