# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: oracle
# Copies the expected answer from the grader's oracle.
1i #include "oracle.h"
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ oracle_scan_exclusive(in, out, n); return;/
