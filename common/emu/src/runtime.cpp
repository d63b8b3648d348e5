/*
 * runtime.cpp: the host API of cuda_runtime_api.h.
 *
 * Contract: the real runtime's behaviour where a program can observe it.
 * Errors: every failing call sets the last error, which cudaGetLastError
 * returns and clears; a failed kernel makes cudaErrorLaunchFailure sticky,
 * so every later call returns it until cudaDeviceReset. Memory: cudaMalloc
 * memory is host memory (kernels run on the host), filled with a poison
 * byte as a GPU does not zero it; copies and memsets check that their
 * device side lies inside one allocation, and say what is wrong when not,
 * which a GPU run reports only as "invalid argument". The device has a
 * capacity (SCANLAB_EMU_DEVICE_MEMORY, default 4 GiB) that live
 * allocations count against: past it cudaMalloc fails with
 * cudaErrorMemoryAllocation, as a full GPU does, instead of taking the
 * host's memory (a leaking loop would take all of it); cudaMemGetInfo and
 * totalGlobalMem report it. Everything runs synchronously, so streams and
 * events order nothing and events time the host clock.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <sys/sysctl.h>
#endif

#include <algorithm>
#include <iterator>
#include <map>

#include "cuda_profiler_api.h"
#include "internal.h"

/* AddressSanitizer's symbolizer, where the program is built with it (weak:
 * NULL otherwise). */
extern "C" void __sanitizer_symbolize_pc(void *pc, const char *format, char *buffer, size_t size)
    __attribute__((weak));

struct CUevent_st {
    double ms;
    bool recorded;
};

struct CUstream_st {
    unsigned flags;
};

namespace scanlab_emu {

namespace {

cudaError_t last_error = cudaSuccess;
cudaError_t sticky = cudaSuccess;
/* A device allocation: its bytes, and where it was made (the code address
 * cudaMalloc returns to, for the leak report). */
struct DeviceAllocation {
    size_t size;
    const void *site;
};
/* Never destroyed: LeakSanitizer's check at exit must still see that the
 * allocations are referenced. */
std::map<const char *, DeviceAllocation> &device_allocations = *new std::map<const char *, DeviceAllocation>;
std::map<const char *, size_t> &host_allocations = *new std::map<const char *, size_t>;
std::map<const void *, size_t> &shared_limits = *new std::map<const void *, size_t>; /* bytes */

constexpr size_t default_shared_limit = 48 * 1024;
/* What one SM holds (cudaGetDeviceProperties, and
 * cudaOccupancyMaxActiveBlocksPerMultiprocessor): 2048 threads and 32
 * blocks, and 1 KiB of its shared memory reserved for each block. */
constexpr int threads_per_sm = 2048, blocks_per_sm = 32;
constexpr size_t shared_reserved_per_block = 1024;
constexpr size_t default_device_memory = (size_t)4 << 30;
constexpr double mib = 1 << 20;

size_t device_bytes_in_use = 0; /* the sizes in device_allocations, summed */

/* The result of a call: the sticky error wins; errors become the last. */
cudaError_t result(cudaError_t err)
{
    return record_error(sticky != cudaSuccess ? sticky : err);
}

/* Whether [p, p + bytes) lies in one cudaMalloc allocation; if not, says
 * why on stderr. In sizes, not pointers: a byte count near 2^64 (a
 * negative count converted) would wrap p + bytes round to a valid-looking
 * address, and memset would run off the allocation; on a GPU the call
 * returns cudaErrorInvalidValue. */
bool is_device_range(const char *call, const char *role, const void *p, size_t bytes)
{
    const char *start = (const char *)p;
    auto next = device_allocations.upper_bound(start);
    if (next != device_allocations.begin()) {
        const char *base = std::prev(next)->first;
        size_t size = std::prev(next)->second.size;
        if (start < base + size) {
            size_t room = (size_t)(base + size - start);
            if (bytes <= room)
                return true;
            fprintf(stderr, "scanlab-emu: %s: the %s runs %zu bytes past the end of its "
                    "%zu-byte allocation from cudaMalloc (it starts at byte %zu of it)\n",
                    call, role, bytes - room, size, (size_t)(start - base));
            return false;
        }
    }
    fprintf(stderr, "scanlab-emu: %s: the %s %p is not memory from cudaMalloc (a host "
            "pointer, a freed one, or garbage?)\n", call, role, p);
    return false;
}

bool check_copy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)
{
    const char *call = "cudaMemcpy";
    switch (kind) {
    case cudaMemcpyHostToDevice:
        return is_device_range(call, "destination", dst, count);
    case cudaMemcpyDeviceToHost:
        return is_device_range(call, "source", src, count);
    case cudaMemcpyDeviceToDevice:
        return is_device_range(call, "destination", dst, count) &&
               is_device_range(call, "source", src, count);
    default:
        return true;
    }
}

double now_ms()
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* SCANLAB_EMU_DEVICE_MEMORY: bytes, or K, M or G (binary units) with a
 * suffix; 4 GiB when unset, a small GPU's worth. */
size_t read_device_memory()
{
    const char *text = getenv("SCANLAB_EMU_DEVICE_MEMORY");
    if (!text || !*text)
        return default_device_memory;
    char *end;
    unsigned long long bytes = strtoull(text, &end, 10);
    int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if (shift)
        end++;
    if (*text < '0' || *text > '9' || *end || bytes == 0 || bytes > (SIZE_MAX >> shift)) {
        fprintf(stderr, "scanlab-emu: SCANLAB_EMU_DEVICE_MEMORY=%s: expected a number of "
                "bytes, or of K, M or G bytes (512M, 4G)\n", text);
        exit(2);
    }
    return (size_t)bytes << shift;
}

size_t device_memory()
{
    static const size_t bytes = read_device_memory();
    return bytes;
}

/* Fails a cudaMalloc of size bytes as a full GPU does. Says why only the
 * first time: a loop that leaks would repeat the line on every call. */
cudaError_t refuse_allocation(size_t size, const char *why)
{
    static bool reported = false;
    if (!reported) {
        reported = true;
        fprintf(stderr, "scanlab-emu: cudaMalloc(%zu bytes): %s: %.1f MiB of the emulated "
                "%.0f MiB are in use (a leak: memory allocated on every call and never "
                "freed? or a size computed wrong?)\n", size, why,
                (double)device_bytes_in_use / mib, (double)device_memory() / mib);
    }
    return result(cudaErrorMemoryAllocation);
}

/* SCANLAB_EMU_LEAK_CHECK: the exit status of a program that leaked, or 0
 * when leaks are not reported (unset). */
int leak_exit_status()
{
    static const int status = [] {
        const char *text = getenv("SCANLAB_EMU_LEAK_CHECK");
        return text && *text ? atoi(text) : 0;
    }();
    return status;
}

/* "in scan_exclusive labs/03-efficient-scan/scan.cu:88", or the code
 * address where the program has no symbolizer (a build without
 * AddressSanitizer). */
void describe_site(const void *site, char *text, size_t room)
{
    if (__sanitizer_symbolize_pc) {
        /* The return address is the instruction after the call: one byte
         * back lies inside the call, whose line is the one to name. */
        __sanitizer_symbolize_pc((void *)((const char *)site - 1), "in %f %s:%l", text, room);
        if (text[0] != '\0')
            return;
    }
    snprintf(text, room, "at code address %p", site);
}

/* Reports the device memory still allocated, WHEN ("at exit", or when
 * cudaDeviceReset is about to free it all), naming the largest allocation
 * (a student's scratch array, most often), and ends the program with
 * leak_exit_status(); does nothing when nothing is left or leaks are not
 * reported. */
void report_leaks(const char *when)
{
    if (!leak_exit_status() || device_allocations.empty())
        return;
    size_t bytes = 0;
    auto largest = device_allocations.begin();
    for (auto allocation = largest; allocation != device_allocations.end(); ++allocation) {
        bytes += allocation->second.size;
        if (allocation->second.size > largest->second.size)
            largest = allocation;
    }
    char site[512] = "";
    describe_site(largest->second.site, site, sizeof site);
    fprintf(stderr, "scanlab-emu: leak: %zu bytes of device memory from cudaMalloc %s were never "
            "freed with cudaFree (%zu allocation%s, %zu bytes in all, still allocated %s; on a GPU "
            "compute-sanitizer's leak check reports the same)\n", largest->second.size, site,
            device_allocations.size(), device_allocations.size() == 1 ? "" : "s", bytes, when);
    fflush(NULL);
    _exit(leak_exit_status());
}

void report_leaks_at_exit() { report_leaks("at exit"); }

/* Has report_leaks run at exit, from the first allocation on, when leaks
 * are reported. */
void watch_for_leaks()
{
    static bool watching = false;
    if (!watching && leak_exit_status()) {
        watching = true;
        atexit(report_leaks_at_exit);
    }
}

#if defined(__APPLE__)
/* A size in bytes that sysctl names ("hw.l2cachesize"); 0 if none. */
long sysctl_bytes(const char *name)
{
    int64_t value = 0;
    size_t size = sizeof value;
    return sysctlbyname(name, &value, &size, nullptr, 0) == 0 ? (long)value : 0;
}
#endif

/* The last level cache: L3, or L2 where there is none (Apple's M chips). */
size_t cache_bytes()
{
#if defined(__APPLE__)
    long l3 = sysctl_bytes("hw.l3cachesize"), l2 = sysctl_bytes("hw.l2cachesize");
#elif defined(_SC_LEVEL3_CACHE_SIZE)
    long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE), l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
#else
    long l3 = 0, l2 = 0;
#endif
    return l3 > 0 ? (size_t)l3 : l2 > 0 ? (size_t)l2 : 4u << 20;
}

} // namespace

cudaError_t record_error(cudaError_t err)
{
    if (err != cudaSuccess)
        last_error = err;
    return err;
}

void record_kernel_failure(cudaError_t err)
{
    sticky = last_error = err;
}

cudaError_t sticky_error() { return sticky; }

size_t dynamic_shared_limit(const void *kernel)
{
    auto found = shared_limits.find(kernel);
    return found == shared_limits.end() ? default_shared_limit : found->second;
}

} // namespace scanlab_emu

using namespace scanlab_emu;

/* ---- Errors ------------------------------------------------------------- */

extern "C" cudaError_t cudaGetLastError(void)
{
    cudaError_t err = sticky != cudaSuccess ? sticky : last_error;
    last_error = cudaSuccess;
    return err;
}

extern "C" cudaError_t cudaPeekAtLastError(void)
{
    return sticky != cudaSuccess ? sticky : last_error;
}

#define SCANLAB_EMU_ERRORS(X)                                                          \
    X(cudaSuccess, "no error")                                                         \
    X(cudaErrorInvalidValue, "invalid argument")                                       \
    X(cudaErrorMemoryAllocation, "out of memory")                                      \
    X(cudaErrorInitializationError, "initialization error")                            \
    X(cudaErrorCudartUnloading, "driver shutting down")                                \
    X(cudaErrorInvalidConfiguration, "invalid configuration argument")                 \
    X(cudaErrorInvalidPitchValue, "invalid pitch argument")                            \
    X(cudaErrorInvalidSymbol, "invalid device symbol")                                 \
    X(cudaErrorInvalidHostPointer, "invalid host pointer")                             \
    X(cudaErrorInvalidDevicePointer, "invalid device pointer")                         \
    X(cudaErrorInvalidMemcpyDirection, "invalid copy direction for memcpy")            \
    X(cudaErrorNotYetImplemented, "feature not yet implemented")                       \
    X(cudaErrorInsufficientDriver, "CUDA driver version is insufficient")              \
    X(cudaErrorMissingConfiguration, "__global__ function call is not configured")     \
    X(cudaErrorInvalidDeviceFunction, "invalid device function")                       \
    X(cudaErrorNoDevice, "no CUDA-capable device is detected")                         \
    X(cudaErrorInvalidDevice, "invalid device ordinal")                                \
    X(cudaErrorStartupFailure, "startup failure in cuda runtime")                      \
    X(cudaErrorInvalidKernelImage, "device kernel image is invalid")                   \
    X(cudaErrorNoKernelImageForDevice, "no kernel image is available for execution on the device") \
    X(cudaErrorInvalidResourceHandle, "invalid resource handle")                       \
    X(cudaErrorNotReady, "device not ready")                                           \
    X(cudaErrorIllegalAddress, "an illegal memory access was encountered")             \
    X(cudaErrorLaunchOutOfResources, "too many resources requested for launch")        \
    X(cudaErrorLaunchTimeout, "the launch timed out and was terminated")               \
    X(cudaErrorAssert, "device-side assert triggered")                                 \
    X(cudaErrorHardwareStackError, "hardware stack error")                             \
    X(cudaErrorIllegalInstruction, "an illegal instruction was encountered")           \
    X(cudaErrorMisalignedAddress, "misaligned address")                                \
    X(cudaErrorLaunchFailure, "unspecified launch failure")                            \
    X(cudaErrorNotPermitted, "operation not permitted")                                \
    X(cudaErrorNotSupported, "operation not supported")                                \
    X(cudaErrorUnknown, "unknown error")

extern "C" const char *cudaGetErrorString(cudaError_t error)
{
#define SCANLAB_EMU_STRING(name, text) \
    if (error == name)                 \
        return text;
    SCANLAB_EMU_ERRORS(SCANLAB_EMU_STRING)
    return "unrecognized error code";
}

extern "C" const char *cudaGetErrorName(cudaError_t error)
{
#define SCANLAB_EMU_NAME(name, text) \
    if (error == name)               \
        return #name;
    SCANLAB_EMU_ERRORS(SCANLAB_EMU_NAME)
    return "cudaErrorUnknown";
}

/* ---- Device management -------------------------------------------------- */

extern "C" cudaError_t cudaGetDeviceCount(int *count)
{
    if (!count)
        return result(cudaErrorInvalidValue);
    *count = 1;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaDriverGetVersion(int *version)
{
    if (!version)
        return result(cudaErrorInvalidValue);
    *version = 0;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaGetDevice(int *device)
{
    if (!device)
        return result(cudaErrorInvalidValue);
    *device = 0;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaSetDevice(int device)
{
    return result(device == 0 ? cudaSuccess : cudaErrorInvalidDevice);
}

extern "C" cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    if (!prop)
        return result(cudaErrorInvalidValue);
    if (device != 0)
        return result(cudaErrorInvalidDevice);
    *prop = cudaDeviceProp{};
    snprintf(prop->name, sizeof prop->name, "ScanLab CPU emulator");
    prop->totalGlobalMem = device_memory();
    prop->sharedMemPerBlock = default_shared_limit;
    prop->sharedMemPerBlockOptin = dynamic_shared_max;
    prop->sharedMemPerMultiprocessor = dynamic_shared_max + shared_reserved_per_block;
    prop->regsPerBlock = prop->regsPerMultiprocessor = 65536;
    prop->warpSize = 32;
    prop->memPitch = 2147483647;
    prop->maxThreadsPerBlock = 1024;
    prop->maxThreadsDim[0] = prop->maxThreadsDim[1] = 1024;
    prop->maxThreadsDim[2] = 64;
    prop->maxGridSize[0] = 2147483647;
    prop->maxGridSize[1] = prop->maxGridSize[2] = 65535;
    prop->clockRate = 2000000;           /* kHz: a 2 GHz core */
    prop->totalConstMem = 65536;
    prop->major = 9;                      /* behaves like a recent GPU (sm_90) */
    prop->minor = 0;
    prop->multiProcessorCount = 1;        /* one host thread runs every block */
    prop->memoryClockRate = 3200000;      /* kHz: DDR at 6.4 GT/s */
    prop->memoryBusWidth = 64;
    prop->l2CacheSize = (int)cache_bytes();
    prop->maxThreadsPerMultiProcessor = threads_per_sm;
    prop->unifiedAddressing = prop->managedMemory = prop->integrated = 1;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaDeviceSynchronize(void) { return result(cudaSuccess); }

/* No profiler runs here (cuda_profiler_api.h). */
extern "C" cudaError_t cudaProfilerStart(void) { return result(cudaSuccess); }
extern "C" cudaError_t cudaProfilerStop(void) { return result(cudaSuccess); }

extern "C" cudaError_t cudaDeviceReset(void)
{
    report_leaks("when cudaDeviceReset freed it");
    for (auto &allocation : device_allocations) {
        forget_allocation(allocation.first);
        free((void *)allocation.first);
    }
    device_allocations.clear();
    device_bytes_in_use = 0;
    shared_limits.clear();
    sticky = last_error = cudaSuccess;
    return cudaSuccess;
}

extern "C" cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes)
{
    if (!free_bytes || !total_bytes)
        return result(cudaErrorInvalidValue);
    *total_bytes = device_memory();
    *free_bytes = *total_bytes - device_bytes_in_use;
    return result(cudaSuccess);
}

/* ---- Memory ------------------------------------------------------------- */

extern "C" cudaError_t cudaMalloc(void **dev_ptr, size_t size)
{
    if (!dev_ptr)
        return result(cudaErrorInvalidValue);
    if (sticky != cudaSuccess)
        return result(sticky);
    *dev_ptr = nullptr;
    if (size == 0)
        return result(cudaSuccess);
    if (size > device_memory() - device_bytes_in_use)
        return refuse_allocation(size, "out of device memory");
    void *p = nullptr;
    /* 256-byte aligned like cudaMalloc; the exact size so that
     * AddressSanitizer's redzone starts right after the last byte. */
    if (posix_memalign(&p, 256, size) != 0)
        return refuse_allocation(size, "the host has no memory left for it");
    memset(p, poison_byte, size);
    device_allocations[(const char *)p] = DeviceAllocation{size, __builtin_return_address(0)};
    watch_for_leaks();
    track_allocation(p, size);
    device_bytes_in_use += size;
    *dev_ptr = p;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMallocManaged(void **dev_ptr, size_t size, unsigned int flags)
{
    (void)flags;
    return cudaMalloc(dev_ptr, size);
}

extern "C" cudaError_t cudaFree(void *dev_ptr)
{
    if (!dev_ptr || sticky != cudaSuccess)
        return result(cudaSuccess);
    auto found = device_allocations.find((const char *)dev_ptr);
    if (found == device_allocations.end()) {
        fprintf(stderr, "scanlab-emu: cudaFree(%p): not a pointer from cudaMalloc, or freed "
                "already\n", dev_ptr);
        return result(cudaErrorInvalidValue);
    }
    device_bytes_in_use -= found->second.size;
    device_allocations.erase(found);
    forget_allocation(dev_ptr);
    free(dev_ptr);
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    if (!ptr)
        return result(cudaErrorInvalidValue);
    *ptr = malloc(size ? size : 1);
    if (!*ptr)
        return result(cudaErrorMemoryAllocation);
    host_allocations[(const char *)*ptr] = size;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
    (void)flags;
    return cudaMallocHost(ptr, size);
}

extern "C" cudaError_t cudaFreeHost(void *ptr)
{
    if (!ptr)
        return result(cudaSuccess);
    if (host_allocations.erase((const char *)ptr) == 0)
        return result(cudaErrorInvalidValue);
    free(ptr);
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    if (sticky != cudaSuccess)
        return result(sticky);
    if ((unsigned)kind > cudaMemcpyDefault)
        return result(cudaErrorInvalidMemcpyDirection);
    if (count == 0)
        return result(cudaSuccess);
    if (!check_copy(dst, src, count, kind))
        return result(cudaErrorInvalidValue);
    memmove(dst, src, count);
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                       enum cudaMemcpyKind kind, cudaStream_t stream)
{
    (void)stream;
    return cudaMemcpy(dst, src, count, kind);
}

extern "C" cudaError_t cudaMemset(void *dev_ptr, int value, size_t count)
{
    if (sticky != cudaSuccess)
        return result(sticky);
    if (count == 0)
        return result(cudaSuccess);
    if (!is_device_range("cudaMemset", "destination", dev_ptr, count))
        return result(cudaErrorInvalidValue);
    memset(dev_ptr, value, count);
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMemsetAsync(void *dev_ptr, int value, size_t count, cudaStream_t stream)
{
    (void)stream;
    return cudaMemset(dev_ptr, value, count);
}

extern "C" cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                                          size_t offset, enum cudaMemcpyKind kind)
{
    if (!symbol || (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
                    kind != cudaMemcpyDefault))
        return result(cudaErrorInvalidValue);
    if (sticky == cudaSuccess)
        memcpy((char *)symbol + offset, src, count);
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                            size_t offset, enum cudaMemcpyKind kind)
{
    if (!symbol || (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
                    kind != cudaMemcpyDefault))
        return result(cudaErrorInvalidValue);
    if (sticky == cudaSuccess)
        memcpy(dst, (const char *)symbol + offset, count);
    return result(cudaSuccess);
}

/* ---- Kernels ------------------------------------------------------------ */

extern "C" cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr, int value)
{
    if (!func)
        return result(cudaErrorInvalidDeviceFunction);
    if (attr == cudaFuncAttributeMaxDynamicSharedMemorySize) {
        if (value < 0 || (size_t)value > dynamic_shared_max)
            return result(cudaErrorInvalidValue);
        shared_limits[func] = (size_t)value;
    } else if (attr != cudaFuncAttributePreferredSharedMemoryCarveout || value < -1 ||
               value > 100) {
        return result(cudaErrorInvalidValue);
    }
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *func, int block_size,
                                                                     size_t dynamic_shared)
{
    if (!blocks || !func)
        return result(cudaErrorInvalidValue);
    if (block_size <= 0 || block_size > 1024)
        return result(cudaErrorInvalidValue);
    if (dynamic_shared > dynamic_shared_limit(func)) {
        *blocks = 0;
        return result(cudaSuccess);
    }
    int warps = (block_size + 31) / 32;
    size_t by_shared = (dynamic_shared_max + shared_reserved_per_block) / (dynamic_shared + shared_reserved_per_block);
    *blocks = std::min({threads_per_sm / 32 / warps, blocks_per_sm, (int)by_shared});
    return result(cudaSuccess);
}

/* ---- Streams and events ------------------------------------------------- */

extern "C" cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
    return cudaStreamCreateWithFlags(stream, cudaStreamDefault);
}

extern "C" cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)
{
    if (!stream)
        return result(cudaErrorInvalidValue);
    *stream = new CUstream_st{flags};
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    delete stream;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    (void)stream;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

extern "C" cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    (void)flags;
    if (!event)
        return result(cudaErrorInvalidValue);
    *event = new CUevent_st{0, false};
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    if (!event)
        return result(cudaErrorInvalidResourceHandle);
    delete event;
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    (void)stream;
    if (!event)
        return result(cudaErrorInvalidResourceHandle);
    *event = CUevent_st{now_ms(), true};
    return result(cudaSuccess);
}

extern "C" cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    return result(event ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

extern "C" cudaError_t cudaEventQuery(cudaEvent_t event)
{
    return result(event ? cudaSuccess : cudaErrorInvalidResourceHandle);
}

extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms)
        return result(cudaErrorInvalidValue);
    if (!start || !end || !start->recorded || !end->recorded)
        return result(cudaErrorInvalidResourceHandle);
    *ms = (float)(end->ms - start->ms);
    return result(cudaSuccess);
}
