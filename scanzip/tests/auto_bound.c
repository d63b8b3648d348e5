/*
 * auto_bound.c: -m auto never makes a chunk larger than stored, so a file
 * grows by at most its 40-byte header and 24 bytes a chunk; and auto is
 * never larger than any one method, since it takes each chunk's smallest.
 */
#include <stdio.h>
#include <stdlib.h>

#include <criterion/criterion.h>

#include "support.h"

Test(auto_bound, never_larger)
{
    static const uint32_t chunks[] = {1, 7, 64, 100000};
    size_t size = 3001;
    uint8_t *data = malloc(size);
    for (int family = 0; family < FAMILIES; family++)
        for (unsigned w = 1; w <= 4; w *= 2)
            for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
                fill_family(data, size, (enum family)family, w, 0xa070 + (uint64_t)family);
                struct scanzip_options options = test_options(SCANZIP_CHOOSE_AUTO, w, chunks[c], 16);
                char text[200], head[400];
                snprintf(head, sizeof head, "%s, family \"%s\", %zu bytes, seed 0x%llx",
                         describe_options(&options, text, sizeof text), family_name(family), size,
                         (unsigned long long)(0xa070 + family));
                uint64_t auto_size;
                uint8_t *packed = compress_or_fail("auto_bound/never_larger", &options, data, size, &auto_size);
                uint64_t records = record_count(packed, auto_size);
                for (uint64_t k = 0; k < records; k++) {
                    const uint8_t *record = packed + record_offset(packed, auto_size, k);
                    if (scanzip_load32(record + 8) > scanzip_load32(record + 4))
                        fail_scanzip("auto_bound/never_larger", head, "chunk %llu: a payload of %u bytes for %u raw bytes",
                                     (unsigned long long)k + 1, scanzip_load32(record + 8), scanzip_load32(record + 4));
                }
                if (auto_size > SCANZIP_HEADER_BYTES + records * SCANZIP_RECORD_BYTES + size)
                    fail_scanzip("auto_bound/never_larger", head, "%llu bytes, more than stored's %llu",
                                 (unsigned long long)auto_size,
                                 (unsigned long long)(SCANZIP_HEADER_BYTES + records * SCANZIP_RECORD_BYTES + size));
                free(packed);
                for (enum scanzip_choice m = 0; m < SCANZIP_CHOOSE_AUTO; m++) { /* every method */
                    options.choice = m;
                    uint64_t method_size;
                    free(compress_or_fail("auto_bound/never_larger", &options, data, size, &method_size));
                    if (auto_size > method_size)
                        fail_scanzip("auto_bound/never_larger", head, "auto made %llu bytes, %s only %llu",
                                     (unsigned long long)auto_size, describe_options(&options, text, sizeof text),
                                     (unsigned long long)method_size);
                }
            }
    free(data);
}
