# lab: 02-naive-scan
# test: naive_global::all_ones
# message: ^(timed out|scanlab-emu: .*made no progress)
# A kernel that never ends (here under the emulator).
/^__global__/,/^}/ s/^{/{ for (volatile int spin = 1; spin;) continue;/
