/*
 * crc32c.h: CRC-32C (Castagnoli), the checksum of every scanzip field.
 *
 * The polynomial 0x1EDC6F41 (reflected: 0x82F63B78), initial value and
 * final XOR 0xFFFFFFFF: the CRC of iSCSI, ext4 and SSE4.2's crc32
 * instruction. Known answer: crc32c("123456789") = 0xE3069283.
 *
 * Debian 12 has no package of Google's crc32c library, so this is a
 * small one: the instruction when the CPU has it (x86-64 with SSE4.2,
 * 64-bit ARM Linux with the ARMv8 CRC32 extension), else a table. They
 * give the same value (scanzip/tests/crc32c.c checks).
 */
#ifndef SCANZIP_CRC32C_H
#define SCANZIP_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* The CRC32C of bytes[0..size). */
uint32_t crc32c(const void *bytes, size_t size);

/* Continue a CRC: crc32c_extend(crc32c(a), b) = crc32c(a followed by b);
 * crc32c_extend(0, x) = crc32c(x). */
uint32_t crc32c_extend(uint32_t crc, const void *bytes, size_t size);

/* The table version alone, for the test that both versions agree. */
uint32_t crc32c_portable(uint32_t crc, const void *bytes, size_t size);

#endif
