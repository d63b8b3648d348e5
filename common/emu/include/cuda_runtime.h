/*
 * cuda_runtime.h (ScanLab CPU emulator): the whole CUDA runtime for .cu
 * files compiled by nvcc-emu with g++, which includes it first.
 *
 * Contract: C++17 only. The host API of cuda_runtime_api.h, the device
 * language of scanlab_emu/device.h, the launch syntax of
 * scanlab_emu/launch.h, and the C++ conveniences of the real header that
 * take a variable or a kernel instead of its address.
 */
#ifndef SCANLAB_EMU_CUDA_RUNTIME_H
#define SCANLAB_EMU_CUDA_RUNTIME_H

#ifndef __cplusplus
#error "cuda_runtime.h is C++; C host code includes cuda_runtime_api.h"
#endif

#include "cuda_runtime_api.h"
#include "scanlab_emu/device.h"
#include "scanlab_emu/launch.h"

template <class T>
cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count, size_t offset = 0,
                               cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    return cudaMemcpyToSymbol(static_cast<const void *>(&symbol), src, count, offset, kind);
}

template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count, size_t offset = 0,
                                 cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    return cudaMemcpyFromSymbol(dst, static_cast<const void *>(&symbol), count, offset, kind);
}

template <class... Params>
cudaError_t cudaFuncSetAttribute(void (*kernel)(Params...), cudaFuncAttribute attr, int value)
{
    return cudaFuncSetAttribute(reinterpret_cast<const void *>(kernel), attr, value);
}

template <class... Params>
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, void (*kernel)(Params...), int block_size,
                                                          size_t dynamic_shared)
{
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, reinterpret_cast<const void *>(kernel), block_size,
                                                         dynamic_shared);
}

template <class T>
cudaError_t cudaMalloc(T **dev_ptr, size_t size)
{
    return cudaMalloc(reinterpret_cast<void **>(dev_ptr), size);
}

template <class T>
cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return cudaMallocHost(reinterpret_cast<void **>(ptr), size);
}

#endif
