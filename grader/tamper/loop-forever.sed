# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: ^timed out in .* at n = [0-9]+ .*reproduce: make run LAB=01
# An endless loop in host code: the test is killed after TEST_TIMEOUT s.
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ for (volatile int spin = 1; spin;) continue;/
