/*
 * cuda_profiler_api.h (emulator): CUDA's profiler range. A profiler
 * (Nsight Compute's --profile-from-start off) records only the work
 * between cudaProfilerStart and cudaProfilerStop; with no profiler and no
 * GPU there is nothing to record, so both succeed and do nothing, and a
 * program that marks its range runs the same under the emulator.
 */
#ifndef SCANLAB_EMU_CUDA_PROFILER_API_H
#define SCANLAB_EMU_CUDA_PROFILER_API_H

#include "cuda_runtime_api.h"

#ifdef __cplusplus
extern "C" {
#endif

cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);

#ifdef __cplusplus
}
#endif

#endif
