# lab: 02-naive-scan
# test: naive_global::all_ones
# message: ^crashed|illegal address|cudaErrorIllegalAddress|a kernel failed
# A kernel that writes through a wild pointer: on a GPU an illegal address, under the emulator a fault; the test fails alone, with a message.
/^__global__ void naive_step_kernel(/,/^}/ s|^    d_out\[i\] = |    ((int *)(uintptr_t)0x10)[i] = 1;\n    d_out[i] = |
1i #include <stdint.h>
