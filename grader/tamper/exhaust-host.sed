# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: ^crashed in .* at n = [0-9]+ .*reproduce: make run LAB=01
# A host memory leak, 256 MiB at a time, writing even where malloc returned NULL: the limit
# (TEST_MEMORY_LIMIT) makes malloc fail at 8 GiB, before the machine runs out.
1i #include <stdlib.h>
1i #include <string.h>
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ static void *hoard; for (;;) { void **block = malloc((size_t)256 << 20); memset(block, 1, (size_t)256 << 20); *block = hoard; hoard = block; }/
