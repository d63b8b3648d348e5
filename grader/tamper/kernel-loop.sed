# lab: 02-naive-scan
# test: naive_global::all_ones
# message: ^timed out|scanlab-emu: .*made no progress
# A kernel that never ends: every thread waits on a flag in shared memory
# that nothing clears. The flag is read afresh each time round (volatile,
# in memory), so no compiler can drop the loop. A volatile local instead
# became a register in nvcc's PTX, and the cheat kept full marks in a
# batch on an H100.
/^__global__/,/^}/ s/^{/{ __shared__ volatile int spin; spin = 1; while (spin) continue;/
