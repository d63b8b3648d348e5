/*
 * cuda_runtime_api.h (ScanLab CPU emulator): the host side of the CUDA
 * runtime, for code that runs without a GPU.
 *
 * Contract: the same names, types and enumerator values as the real CUDA
 * runtime for everything declared here, so host code written for the real
 * header compiles unchanged against this one. Valid C11 and C++17; the
 * functions have C linkage and live in the emulator's runtime library
 * (common/emu/src). Only the subset the labs need is declared: a program
 * that uses more fails to compile rather than to behave differently.
 *
 * Device side (kernels, __syncthreads, atomics, ...): see cuda_runtime.h.
 */
#ifndef SCANLAB_EMU_CUDA_RUNTIME_API_H
#define SCANLAB_EMU_CUDA_RUNTIME_API_H

#include <stddef.h>

/* Lets code tell the emulator from a real GPU build when it must. */
#define SCANLAB_EMU 1
#define CUDART_VERSION 13000

#ifdef __cplusplus
#define SCANLAB_EMU_DEFAULT(value) = value /* C++ callers may omit these */
extern "C" {
#else
#define SCANLAB_EMU_DEFAULT(value)
#endif

/* The emulator's own: how many blocks of a launch run at once while they
 * overlap, when SCANLAB_EMU_RESIDENT is unset, for a program that defines
 * it (a lab whose kernels wait for one another across many tiles: lab
 * 07's tests and driver); 4 in a program that does not. Weak: a GPU
 * build ignores it. */
extern const unsigned scanlab_emu_resident_blocks __attribute__((weak));

/* The real runtime's error codes that the emulator returns or that labs
 * commonly test for; names and values as in CUDA's driver_types.h. */
enum cudaError {
    cudaSuccess                     = 0,
    cudaErrorInvalidValue           = 1,
    cudaErrorMemoryAllocation       = 2,
    cudaErrorInitializationError    = 3,
    cudaErrorCudartUnloading        = 4,
    cudaErrorInvalidConfiguration   = 9,
    cudaErrorInvalidPitchValue      = 12,
    cudaErrorInvalidSymbol          = 13,
    cudaErrorInvalidHostPointer     = 16,
    cudaErrorInvalidDevicePointer   = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorNotYetImplemented      = 31,
    cudaErrorInsufficientDriver     = 35,
    cudaErrorMissingConfiguration   = 52,
    cudaErrorInvalidDeviceFunction  = 98,
    cudaErrorNoDevice               = 100,
    cudaErrorInvalidDevice          = 101,
    cudaErrorStartupFailure         = 127,
    cudaErrorInvalidKernelImage     = 200,
    cudaErrorNoKernelImageForDevice = 209,
    cudaErrorInvalidResourceHandle  = 400,
    cudaErrorNotReady               = 600,
    cudaErrorIllegalAddress         = 700,
    cudaErrorLaunchOutOfResources   = 701,
    cudaErrorLaunchTimeout          = 702,
    cudaErrorAssert                 = 710,
    cudaErrorHardwareStackError     = 714,
    cudaErrorIllegalInstruction     = 715,
    cudaErrorMisalignedAddress      = 716,
    cudaErrorLaunchFailure          = 719,
    cudaErrorNotPermitted           = 800,
    cudaErrorNotSupported           = 801,
    cudaErrorUnknown                = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost     = 0,
    cudaMemcpyHostToDevice   = 1,
    cudaMemcpyDeviceToHost   = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault        = 4 /* inferred from the pointers */
};
typedef enum cudaMemcpyKind cudaMemcpyKind;

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize    = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9
};
typedef enum cudaFuncAttribute cudaFuncAttribute;

/* Streams and events are opaque handles, as in the real runtime. */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

#define cudaEventDefault       0x00u
#define cudaEventBlockingSync  0x01u
#define cudaEventDisableTiming 0x02u
#define cudaStreamDefault      0x00u
#define cudaStreamNonBlocking  0x01u

/* ---- Vector types (a few of CUDA's vector_types.h) ----------------------
 * With CUDA's alignment: a vector of 8 or 16 bytes is one load or store
 * on a GPU, which faults (cudaErrorMisalignedAddress) at an address that
 * is not a multiple of its size. The emulator checks the same (access.cpp),
 * which it can only do if the compiler knows the alignment too. */

#define SCANLAB_EMU_VECTOR(n) __attribute__((aligned(n)))
typedef struct uint3 { unsigned int x, y, z; } uint3;
typedef struct SCANLAB_EMU_VECTOR(8) int2 { int x, y; } int2;
typedef struct int3 { int x, y, z; } int3;
typedef struct SCANLAB_EMU_VECTOR(16) int4 { int x, y, z, w; } int4;
typedef struct SCANLAB_EMU_VECTOR(8) uint2 { unsigned int x, y; } uint2;
typedef struct SCANLAB_EMU_VECTOR(16) uint4 { unsigned int x, y, z, w; } uint4;
typedef struct SCANLAB_EMU_VECTOR(8) float2 { float x, y; } float2;
typedef struct float3 { float x, y, z; } float3;
typedef struct SCANLAB_EMU_VECTOR(16) float4 { float x, y, z, w; } float4;
typedef struct SCANLAB_EMU_VECTOR(16) longlong2 { long long x, y; } longlong2;
typedef struct SCANLAB_EMU_VECTOR(16) ulonglong2 { unsigned long long x, y; } ulonglong2;
#undef SCANLAB_EMU_VECTOR

static inline int2 make_int2(int x, int y) { int2 v = {x, y}; return v; }
static inline int3 make_int3(int x, int y, int z) { int3 v = {x, y, z}; return v; }
static inline int4 make_int4(int x, int y, int z, int w) { int4 v = {x, y, z, w}; return v; }
static inline uint2 make_uint2(unsigned x, unsigned y) { uint2 v = {x, y}; return v; }
static inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { uint3 v = {x, y, z}; return v; }
static inline uint4 make_uint4(unsigned x, unsigned y, unsigned z, unsigned w) { uint4 v = {x, y, z, w}; return v; }
static inline float2 make_float2(float x, float y) { float2 v = {x, y}; return v; }
static inline float3 make_float3(float x, float y, float z) { float3 v = {x, y, z}; return v; }
static inline float4 make_float4(float x, float y, float z, float w) { float4 v = {x, y, z, w}; return v; }

/* Grid and block shapes; unspecified sizes are 1. */
typedef struct dim3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
} dim3;

/* ---- Device properties -------------------------------------------------- */

/* The fields of the real struct that code commonly reads, with the same
 * names and types. The emulator fills them with the limits it enforces
 * and figures of the host machine (see cudaGetDeviceProperties). */
struct cudaDeviceProp {
    char   name[256];
    size_t totalGlobalMem;          /* bytes */
    size_t sharedMemPerBlock;       /* bytes, without opting in */
    int    regsPerBlock;
    int    warpSize;
    size_t memPitch;
    int    maxThreadsPerBlock;
    int    maxThreadsDim[3];
    int    maxGridSize[3];
    int    clockRate;               /* kHz */
    size_t totalConstMem;
    int    major;
    int    minor;
    int    multiProcessorCount;
    int    memoryClockRate;         /* kHz */
    int    memoryBusWidth;          /* bits */
    int    l2CacheSize;             /* bytes */
    int    maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
    size_t sharedMemPerBlockOptin;  /* bytes, after cudaFuncSetAttribute */
    int    regsPerMultiprocessor;
    int    concurrentKernels;
    int    unifiedAddressing;
    int    managedMemory;
    int    integrated;
};
typedef struct cudaDeviceProp cudaDeviceProp;

/* ---- Errors ------------------------------------------------------------- */

cudaError_t cudaGetLastError(void);   /* returns and clears the last error */
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);

/* ---- Device management -------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count);
/* The CUDA version of the driver: 0, as CUDA says when no driver is
 * installed, which is the case here. */
cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);

/* ---- Memory ------------------------------------------------------------- */

cudaError_t cudaMalloc(void **dev_ptr, size_t size);
cudaError_t cudaMallocManaged(void **dev_ptr, size_t size, unsigned int flags SCANLAB_EMU_DEFAULT(1));
cudaError_t cudaFree(void *dev_ptr);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream SCANLAB_EMU_DEFAULT(0));
cudaError_t cudaMemset(void *dev_ptr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *dev_ptr, int value, size_t count,
                            cudaStream_t stream SCANLAB_EMU_DEFAULT(0));
/* symbol: the address of a __device__ or __constant__ variable (in C++,
 * cuda_runtime.h also accepts the variable itself, as the real one does). */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                               size_t offset SCANLAB_EMU_DEFAULT(0),
                               enum cudaMemcpyKind kind SCANLAB_EMU_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset SCANLAB_EMU_DEFAULT(0),
                                 enum cudaMemcpyKind kind SCANLAB_EMU_DEFAULT(cudaMemcpyDeviceToHost));

/* ---- Kernels ------------------------------------------------------------ */

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value);
/* How many blocks of block_size threads, each with dynamic_shared bytes
 * of dynamic shared memory, one SM holds at once, counted from the
 * limits cudaGetDeviceProperties reports: threads (in whole warps), 32
 * blocks, and shared memory with 1 KiB reserved per block, as on sm_80
 * and later. The emulator has no registers to count, nor the kernel's
 * static shared memory: a GPU's answer can be smaller. */
cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func, int block_size,
                                                          size_t dynamic_shared);

/* ---- Streams and events (everything runs in order on the host) ----------- */

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream SCANLAB_EMU_DEFAULT(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif
