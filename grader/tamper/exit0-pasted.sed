# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: calls .*exit
# exit(0) hidden from the source scan by token pasting: the symbol scan sees it.
1i #include <stdlib.h>
1i #define LEAVE(code) ex##it(code)
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ LEAVE(0);/
