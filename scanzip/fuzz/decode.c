/*
 * decode.c: the libFuzzer target of scanzip's decoder (make fuzz).
 *
 * Each input is decompressed twice with scanzip_decompress_memory, the
 * whole-file decoder the CLI uses (over fmemopen):
 *
 *   1. as it is: most inputs stop at a CRC, which must fail cleanly;
 *   2. with its CRCs made right again: the header's, each record header's
 *      and payload's, and each chunk's raw CRC when the chunk decodes.
 *      A fuzzer cannot forge a CRC32C by mutation, so without this step
 *      it would never reach the payload decoders behind the CRCs.
 *
 * The decoder must never crash, leak, read or write out of bounds
 * (AddressSanitizer), hit undefined behaviour (UBSan), or allocate
 * more than the limit below. Output is capped at 16 MiB (max_output), as
 * a limit on what a forged original_bytes may ask for.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "container.h"
#include "crc32c.h"

#define MAX_OUTPUT ((uint64_t)16 << 20)

static void decode(const uint8_t *data, size_t size)
{
    uint8_t *out = NULL;
    uint64_t out_size;
    struct scanzip_why why;
    if (scanzip_decompress_memory(&scanzip_cpu_engine, data, size, MAX_OUTPUT, &out, &out_size, &why) == 0)
        free(out);
}

/* Set chunk raw CRC when its payload decodes (under the size cap). */
static void fix_raw_crc(uint8_t *record, const uint8_t *payload, unsigned element_bytes)
{
    uint32_t raw_bytes = scanzip_load32(record + 4);
    if (raw_bytes > MAX_OUTPUT)
        return;
    uint8_t *raw = malloc(raw_bytes > 0 ? raw_bytes : 1);
    struct scanzip_why why;
    unsigned w = scanzip_unit_bytes(record[0], element_bytes);
    if (raw != NULL && scanzip_decode_payload(w, record[0], record[1], payload, scanzip_load32(record + 8), raw,
                                              raw_bytes, &why) == 0)
        scanzip_store32(record + 12, crc32c(raw, raw_bytes));
    free(raw);
}

/* Walk the records as far as they fit, and make every CRC right. */
static void fix_crcs(uint8_t *file, size_t size)
{
    if (size < SCANZIP_HEADER_BYTES)
        return;
    scanzip_store32(file + 36, crc32c(file, 36));
    for (size_t at = SCANZIP_HEADER_BYTES; size - at >= SCANZIP_RECORD_BYTES;) {
        uint8_t *record = file + at;
        uint64_t payload_bytes = scanzip_load32(record + 8);
        if (payload_bytes <= size - at - SCANZIP_RECORD_BYTES) {
            scanzip_store32(record + 16, crc32c(record + SCANZIP_RECORD_BYTES, payload_bytes));
            fix_raw_crc(record, record + SCANZIP_RECORD_BYTES, file[5]);
        }
        scanzip_store32(record + 20, crc32c(record, 20));
        if (payload_bytes > size - at - SCANZIP_RECORD_BYTES)
            return;
        at += SCANZIP_RECORD_BYTES + payload_bytes;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    decode(data, size);
    uint8_t *fixed = malloc(size > 0 ? size : 1);
    if (fixed == NULL)
        return 0;
    if (size > 0)
        memcpy(fixed, data, size);
    fix_crcs(fixed, size);
    decode(fixed, size);
    free(fixed);
    return 0;
}
