# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: calls .*syscall
# Leaving through a raw system call.
1i #define _GNU_SOURCE
1i #include <unistd.h>
1i #include <sys/syscall.h>
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ syscall(SYS_exit_group, 0);/
