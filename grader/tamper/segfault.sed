# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: ^crashed
# A segmentation fault in host code fails its own test only.
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ *(volatile int *)0 = 1;/
