# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: ^timed out
# An endless loop in host code: the test is killed after TEST_TIMEOUT s.
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ for (volatile int spin = 1; spin;) continue;/
