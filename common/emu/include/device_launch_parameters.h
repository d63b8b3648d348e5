/* device_launch_parameters.h (ScanLab CPU emulator): threadIdx and friends
 * come with cuda_runtime.h; this file exists for code that includes it. */
#include "cuda_runtime.h"
