# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: calls .*oracle_scan_exclusive
# The oracle reached through token pasting: the symbol scan sees it.
1i #include <stddef.h>
1i #define ANSWER(kind) orac##le_scan_##kind
1i void ANSWER(exclusive)(const int *in, int *out, size_t n);
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ ANSWER(exclusive)(in, out, n); return;/
