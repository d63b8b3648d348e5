# correct: thread 0 of every block writes the run starts' sentinel first, the same value to the same place
# lab: 05-rle
# check: none
# caught-by: nothing
# message: full marks
#
# Blocks race to write starts[runs] = n, each the same n: whichever write
# lands last, the result is the same, and nothing reads it in this kernel.
# A write that leaves the bytes as another block left them changes no
# result, so it is no finding (CUDA code sets flags so; compute-sanitizer's
# racecheck, which sees shared memory only, never says otherwise).
/^__global__ void starts_kernel/,/^}/{
/^    size_t i = (size_t)blockIdx.x \* blockDim.x + threadIdx.x;$/i\
    if (threadIdx.x == 0)\
        d_starts[d_scanned[n - 1]] = (int)n;
/^    if (i == n - 1)$/d
/^        d_starts\[d_scanned\[i\]\] = (int)n;$/d
}
