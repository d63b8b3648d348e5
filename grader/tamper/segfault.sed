# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: ^crashed in .* at n = [0-9]+ .*reproduce: make run LAB=01
# A segmentation fault in host code fails its own test only.
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ *(volatile int *)0 = 1;/
