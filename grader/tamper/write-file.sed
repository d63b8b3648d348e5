# lab: 01-cpu-scan
# test: exclusive::all_ones
# message: calls .*fopen
# Creates a file outside its folder (and could overwrite the TAP report).
1i #include <stdio.h>
/^void scan_exclusive_cpu(/,/^{/ s/^{/{ FILE *planted = fopen("\/tmp\/scanlab-tamper-was-here", "w"); if (planted) fclose(planted);/
