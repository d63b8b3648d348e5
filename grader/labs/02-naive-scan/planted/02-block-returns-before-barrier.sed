# planted: naive_block_kernel's threads past n return first, before the barriers the others wait at
# lab: 02-naive-scan
# check: race
# caught-by: check::race
# message: divergent __syncthreads: this thread exited without reaching it.*only if the conditional evaluates identically across the entire thread block
#
# What CIS 565 ports write: `if (i >= n) return;` at the top. A GPU since
# Volta counts exited threads as arrived, so the results are right and the
# tests pass on either backend (the emulator runs on, as a GPU does); the
# Programming Guide allows a barrier in conditional code only where the
# condition is the same across the block, so the race check reports it,
# on either backend (a GPU grade runs the emulator's race check too).
/^__global__ void naive_block_kernel/,/^}/{
s/^    int read = 0;$/    int read = 0;\
    if (i >= n)\
        return;/
}
