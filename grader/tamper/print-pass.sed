# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: first mismatch|differ|expected
# Prints PASS and fake TAP lines on stdout and stderr, computes nothing.
1i #include <stdio.h>
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ printf("PASS\\nok - exclusive::all_ones\\nok 1 - exclusive::all_ones\\n"); fprintf(stderr, "[PASS] exclusive::all_ones\\n"); fflush(NULL); if (n > 0) return;/
