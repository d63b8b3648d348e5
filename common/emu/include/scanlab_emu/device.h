/*
 * scanlab_emu/device.h: CUDA's device-side language, as C++ for g++.
 *
 * Contract: kernels written for nvcc compile unchanged (after nvcc-emu's
 * rewrite of <<< >>> and extern __shared__) and behave as on a GPU, one
 * CUDA thread at a time: within a block the runtime switches threads only
 * at barriers, warp operations, __nanosleep and exits; while the blocks
 * of a launch overlap (SCANLAB_EMU_BLOCKS, common/emu/README.md) it may
 * also hand the CPU to another block at a global-memory access (the
 * access hooks, src/access.cpp). Each operation that can be misused
 * records its call site through __builtin_FILE()/__builtin_LINE() default
 * arguments, so diagnostics name the student's line.
 */
#ifndef SCANLAB_EMU_DEVICE_H
#define SCANLAB_EMU_DEVICE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cstring>
#include <type_traits>

#include "runtime.h"

/* ---- Qualifiers ---------------------------------------------------------
 * Host and device share one address space and one compiler here, so most
 * qualifiers mean nothing. __shared__ variables become static storage:
 * one copy is in place at a time, the running block's (blocks in sequence
 * share it; overlapping blocks each keep a copy, which the runtime swaps
 * in and out at their turns), and AddressSanitizer puts redzones around
 * it. They all go to one section so the runtime can poison them at each
 * block start and find them to swap (with
 * -fsanitize=address, nvcc-emu adds -fsanitize-sections for it): ELF's
 * scanlab_emu_shared (.scanlab_emu_shared for clang's AddressSanitizer,
 * which skips sections named as identifiers: common/emu/shared.ld), or
 * on macOS section scanlab_shared of segment __DATA (Mach-O's names have
 * at most 16 characters). "used": a variable that no other function can
 * see is otherwise the compiler's to shrink or split (clang made a flag
 * of an int only ever set to 7), yet other threads and the runtime's
 * poison change it. */
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#if defined(__APPLE__)
#define SCANLAB_EMU_SHARED_SECTION "__DATA,scanlab_shared"
#elif defined(__clang__)
#if __has_feature(address_sanitizer)
#define SCANLAB_EMU_SHARED_SECTION ".scanlab_emu_shared"
#endif
#endif
#if !defined(SCANLAB_EMU_SHARED_SECTION)
#define SCANLAB_EMU_SHARED_SECTION "scanlab_emu_shared"
#endif
#define __shared__ static __attribute__((used, section(SCANLAB_EMU_SHARED_SECTION)))

/* Call-site default arguments for the functions below. */
#define SCANLAB_EMU_SITE_PARAMS const char *file = __builtin_FILE(), int line = __builtin_LINE()

/* ---- Built-in variables ------------------------------------------------- */

inline const uint3 &threadIdx = scanlab_emu::thread_idx;
inline const uint3 &blockIdx = scanlab_emu::block_idx;
inline const dim3 &blockDim = scanlab_emu::block_dim;
inline const dim3 &gridDim = scanlab_emu::grid_dim;
inline constexpr int warpSize = 32;

/* ---- Block barriers ----------------------------------------------------- */

inline void __syncthreads(SCANLAB_EMU_SITE_PARAMS)
{
    scanlab_emu::block_barrier(0, {"__syncthreads", file, line});
}

inline int __syncthreads_count(int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::block_barrier(predicate, {"__syncthreads_count", file, line});
}

inline int __syncthreads_and(int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    int passed = scanlab_emu::block_barrier(predicate, {"__syncthreads_and", file, line});
    return passed == (int)(blockDim.x * blockDim.y * blockDim.z);
}

inline int __syncthreads_or(int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::block_barrier(predicate, {"__syncthreads_or", file, line}) != 0;
}

/* __nanosleep, in a loop that waits for another thread or block to
 * write a flag, is where the emulator switches threads: a wait loop
 * without it never ends here (one thread runs until it waits). Its length
 * means nothing here. */
inline void __nanosleep(unsigned ns, SCANLAB_EMU_SITE_PARAMS)
{
    (void)ns;
    scanlab_emu::nap({"__nanosleep", file, line});
}

/* Memory fences order nothing here: one CUDA thread runs at a time. */
inline void __threadfence() {}
inline void __threadfence_block() {}
inline void __threadfence_system() {}

/* ---- Warp operations ---------------------------------------------------- */

inline void __syncwarp(unsigned mask = 0xffffffffu, SCANLAB_EMU_SITE_PARAMS)
{
    scanlab_emu::warp_op(scanlab_emu::WarpOp::sync, mask, 0, 0, warpSize,
                         {"__syncwarp", file, line});
}

inline unsigned __ballot_sync(unsigned mask, int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    return (unsigned)scanlab_emu::warp_op(scanlab_emu::WarpOp::ballot, mask, predicate != 0, 0,
                                          warpSize, {"__ballot_sync", file, line});
}

inline int __any_sync(unsigned mask, int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::warp_op(scanlab_emu::WarpOp::ballot, mask, predicate != 0, 0, warpSize,
                                {"__any_sync", file, line}) != 0;
}

inline int __all_sync(unsigned mask, int predicate, SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::warp_op(scanlab_emu::WarpOp::ballot, mask, predicate != 0, 0, warpSize,
                                {"__all_sync", file, line}) == mask;
}

inline unsigned __activemask() { return scanlab_emu::active_mask(); }

namespace scanlab_emu {

/* A shuffle moves the bits of any 4- or 8-byte value. */
template <class T>
T shuffle(WarpOp op, unsigned mask, T var, int arg, int width, Site site)
{
    static_assert(std::is_trivially_copyable_v<T> && (sizeof(T) == 4 || sizeof(T) == 8),
                  "warp shuffles move 4- or 8-byte values");
    unsigned long long bits = 0;
    std::memcpy(&bits, &var, sizeof var);
    bits = warp_op(op, mask, bits, arg, width, site);
    std::memcpy(&var, &bits, sizeof var);
    return var;
}

} // namespace scanlab_emu

template <class T>
T __shfl_sync(unsigned mask, T var, int src_lane, int width = warpSize, SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::shuffle(scanlab_emu::WarpOp::shfl_idx, mask, var, src_lane, width,
                                {"__shfl_sync", file, line});
}

template <class T>
T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize,
                 SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::shuffle(scanlab_emu::WarpOp::shfl_up, mask, var, (int)delta, width,
                                {"__shfl_up_sync", file, line});
}

template <class T>
T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize,
                   SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::shuffle(scanlab_emu::WarpOp::shfl_down, mask, var, (int)delta, width,
                                {"__shfl_down_sync", file, line});
}

template <class T>
T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = warpSize,
                  SCANLAB_EMU_SITE_PARAMS)
{
    return scanlab_emu::shuffle(scanlab_emu::WarpOp::shfl_xor, mask, var, lane_mask, width,
                                {"__shfl_xor_sync", file, line});
}

/* ---- Atomics ------------------------------------------------------------
 * One CUDA thread runs at a time, so atomicity is free; the __atomic
 * builtins are used anyway so that ThreadSanitizer sees atomics, not
 * races, and orders what they publish. */

namespace scanlab_emu {

/* Replaces *address by update(*address); returns the old value. */
template <class T, class Update>
T atomic_update(T *address, Update update)
{
    T old;
    __atomic_load(address, &old, __ATOMIC_RELAXED);
    T desired = update(old);
    while (!__atomic_compare_exchange(address, &old, &desired, false, __ATOMIC_SEQ_CST,
                                      __ATOMIC_RELAXED))
        desired = update(old);
    return old;
}

} // namespace scanlab_emu

#define SCANLAB_EMU_ATOMIC_ADD(T)                                                      \
    inline T atomicAdd(T *a, T v) { return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST); }
#define SCANLAB_EMU_ATOMIC_SUB(T)                                                      \
    inline T atomicSub(T *a, T v) { return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST); }
#define SCANLAB_EMU_ATOMIC_EXCH(T)                                                     \
    inline T atomicExch(T *a, T v)                                                     \
    {                                                                                  \
        T old;                                                                         \
        __atomic_exchange(a, &v, &old, __ATOMIC_SEQ_CST);                              \
        return old;                                                                    \
    }
#define SCANLAB_EMU_ATOMIC_MIN_MAX(T)                                                  \
    inline T atomicMin(T *a, T v)                                                      \
    {                                                                                  \
        return scanlab_emu::atomic_update(a, [v](T old) { return v < old ? v : old; }); \
    }                                                                                  \
    inline T atomicMax(T *a, T v)                                                      \
    {                                                                                  \
        return scanlab_emu::atomic_update(a, [v](T old) { return v > old ? v : old; }); \
    }
#define SCANLAB_EMU_ATOMIC_BITS(T)                                                     \
    inline T atomicAnd(T *a, T v) { return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST); } \
    inline T atomicOr(T *a, T v) { return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST); }   \
    inline T atomicXor(T *a, T v) { return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST); }
#define SCANLAB_EMU_ATOMIC_CAS(T)                                                      \
    inline T atomicCAS(T *a, T compare, T v)                                           \
    {                                                                                  \
        __atomic_compare_exchange_n(a, &compare, v, false, __ATOMIC_SEQ_CST,           \
                                    __ATOMIC_SEQ_CST);                                 \
        return compare;                                                                \
    }

/* The same overloads as CUDA, no more: code that compiles here also
 * compiles with nvcc. */
SCANLAB_EMU_ATOMIC_ADD(int)
SCANLAB_EMU_ATOMIC_ADD(unsigned int)
SCANLAB_EMU_ATOMIC_ADD(unsigned long long)
SCANLAB_EMU_ATOMIC_SUB(int)
SCANLAB_EMU_ATOMIC_SUB(unsigned int)
SCANLAB_EMU_ATOMIC_EXCH(int)
SCANLAB_EMU_ATOMIC_EXCH(unsigned int)
SCANLAB_EMU_ATOMIC_EXCH(unsigned long long)
SCANLAB_EMU_ATOMIC_EXCH(float)
SCANLAB_EMU_ATOMIC_MIN_MAX(int)
SCANLAB_EMU_ATOMIC_MIN_MAX(unsigned int)
SCANLAB_EMU_ATOMIC_MIN_MAX(long long)
SCANLAB_EMU_ATOMIC_MIN_MAX(unsigned long long)
SCANLAB_EMU_ATOMIC_BITS(int)
SCANLAB_EMU_ATOMIC_BITS(unsigned int)
SCANLAB_EMU_ATOMIC_BITS(unsigned long long)
SCANLAB_EMU_ATOMIC_CAS(unsigned short)
SCANLAB_EMU_ATOMIC_CAS(int)
SCANLAB_EMU_ATOMIC_CAS(unsigned int)
SCANLAB_EMU_ATOMIC_CAS(unsigned long long)

inline float atomicAdd(float *a, float v)
{
    return scanlab_emu::atomic_update(a, [v](float old) { return old + v; });
}

inline double atomicAdd(double *a, double v)
{
    return scanlab_emu::atomic_update(a, [v](double old) { return old + v; });
}

/* Wrapping counters: Inc counts 0..limit, Dec counts limit..0. */
inline unsigned atomicInc(unsigned *a, unsigned limit)
{
    return scanlab_emu::atomic_update(a, [limit](unsigned old) { return old >= limit ? 0 : old + 1; });
}

inline unsigned atomicDec(unsigned *a, unsigned limit)
{
    return scanlab_emu::atomic_update(
        a, [limit](unsigned old) { return old == 0 || old > limit ? limit : old - 1; });
}

/* ---- Integer intrinsics (CUDA's results for 0, unlike the builtins) ---- */

inline int __popc(unsigned x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }

inline unsigned long long __brevll(unsigned long long x)
{
    unsigned long long r = 0;
    for (int i = 0; i < 64; i++, x >>= 1)
        r = (r << 1) | (x & 1);
    return r;
}

inline unsigned __brev(unsigned x) { return (unsigned)(__brevll(x) >> 32); }
inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }

/* Read-only cache loads are plain loads here. */
template <class T>
T __ldg(const T *p)
{
    return *p;
}

/* ---- min and max, with CUDA's overloads for mixed signedness ------------ */

#define SCANLAB_EMU_MIN_MAX(R, A, B)                                           \
    inline R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }               \
    inline R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }

SCANLAB_EMU_MIN_MAX(int, int, int)
SCANLAB_EMU_MIN_MAX(unsigned int, unsigned int, unsigned int)
SCANLAB_EMU_MIN_MAX(unsigned int, int, unsigned int)
SCANLAB_EMU_MIN_MAX(unsigned int, unsigned int, int)
SCANLAB_EMU_MIN_MAX(long, long, long)
SCANLAB_EMU_MIN_MAX(unsigned long, unsigned long, unsigned long)
SCANLAB_EMU_MIN_MAX(unsigned long, long, unsigned long)
SCANLAB_EMU_MIN_MAX(unsigned long, unsigned long, long)
SCANLAB_EMU_MIN_MAX(long long, long long, long long)
SCANLAB_EMU_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
SCANLAB_EMU_MIN_MAX(unsigned long long, long long, unsigned long long)
SCANLAB_EMU_MIN_MAX(unsigned long long, unsigned long long, long long)
SCANLAB_EMU_MIN_MAX(float, float, float)
SCANLAB_EMU_MIN_MAX(double, double, double)
SCANLAB_EMU_MIN_MAX(double, float, double)
SCANLAB_EMU_MIN_MAX(double, double, float)

#endif
