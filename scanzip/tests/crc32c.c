/*
 * crc32c.c: CRC32C's known answers, and the SSE4.2 and table versions
 * agree at every length and alignment.
 */
#include <string.h>

#include <criterion/criterion.h>

#include "crc32c.h"
#include "support.h"

Test(crc32c, known_answers)
{
    cr_assert(crc32c("123456789", 9) == 0xE3069283u, "crc32c(\"123456789\") is 0x%08x, expected 0xE3069283 "
              "(the check value of CRC-32C)", crc32c("123456789", 9));
    cr_assert(crc32c_portable(0, "123456789", 9) == 0xE3069283u,
              "crc32c_portable(\"123456789\") is 0x%08x, expected 0xE3069283", crc32c_portable(0, "123456789", 9));
    cr_assert(crc32c("", 0) == 0, "crc32c of nothing is 0x%08x, expected 0", crc32c("", 0));
    uint8_t zeros[32] = {0};
    cr_assert(crc32c(zeros, 32) == 0x8A9136AAu, "crc32c of 32 zero bytes is 0x%08x, expected 0x8A9136AA (RFC 3720)",
              crc32c(zeros, 32));
}

Test(crc32c, versions_agree)
{
    uint8_t bytes[600];
    uint64_t state = 0xc4c32c;
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)next_random(&state);
    for (size_t offset = 0; offset < 8; offset++)
        for (size_t length = 0; length + offset <= 520; length++) {
            uint32_t fast = crc32c(bytes + offset, length), table = crc32c_portable(0, bytes + offset, length);
            cr_assert(fast == table, "crc32c of %zu random bytes at offset %zu (seed 0xc4c32c): 0x%08x, the table "
                      "version gives 0x%08x", length, offset, fast, table);
            size_t half = length / 2;
            uint32_t extended = crc32c_extend(crc32c(bytes + offset, half), bytes + offset + half, length - half);
            cr_assert(extended == fast, "crc32c_extend after %zu of %zu bytes: 0x%08x, expected 0x%08x", half, length,
                      extended, fast);
        }
}

/* Long buffers: the SSE4.2 version does three stretches of 4096 bytes at
 * once and joins them; lengths around multiples of 3 x 4096. */
Test(crc32c, versions_agree_on_long_buffers)
{
    static uint8_t bytes[3 * 3 * 4096 + 64];
    uint64_t state = 0x10c3;
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (uint8_t)next_random(&state);
    size_t lengths[] = {3 * 4096 - 1, 3 * 4096, 3 * 4096 + 1, 3 * 4096 + 8, 2 * 3 * 4096 + 5, 3 * 3 * 4096 + 60};
    for (size_t offset = 0; offset < 4; offset++)
        for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
            uint32_t fast = crc32c(bytes + offset, lengths[k]), table = crc32c_portable(0, bytes + offset, lengths[k]);
            cr_assert(fast == table, "crc32c of %zu random bytes at offset %zu (seed 0x10c3): 0x%08x, the table "
                      "version gives 0x%08x", lengths[k], offset, fast, table);
            uint32_t extended = crc32c_extend(crc32c(bytes + offset, 100), bytes + offset + 100, lengths[k] - 100);
            cr_assert(extended == fast, "crc32c_extend after 100 of %zu bytes: 0x%08x, expected 0x%08x", lengths[k],
                      extended, fast);
        }
}
