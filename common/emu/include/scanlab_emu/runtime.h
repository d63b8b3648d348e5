/*
 * scanlab_emu/runtime.h: the interface between the device-side headers
 * (compiled into each .cu file) and the emulator's runtime library.
 *
 * Contract: kernels read the built-in variables below directly, so that
 * threadIdx.x costs one load; only the runtime writes them, each time it
 * switches to another CUDA thread. Everything that must stop the calling
 * CUDA thread until others catch up or have had a turn (barriers, warp
 * operations, __nanosleep) is a call into the runtime, which records the call site for its diagnostics.
 */
#ifndef SCANLAB_EMU_RUNTIME_H
#define SCANLAB_EMU_RUNTIME_H

#include <cuda_runtime_api.h>

namespace scanlab_emu {

/* The running CUDA thread's coordinates, and the launch's shape. Kernels
 * see them const, and they are, for as long as a CUDA thread runs: the
 * runtime sets them before it switches to the thread. Const also keeps
 * the compiler's access hooks (access.cpp) off them, so that threadIdx.x
 * stays one load. The runtime, which writes them, declares them without
 * const (src/internal.h): one object, two views, never both in one file. */
#ifndef SCANLAB_EMU_RUNTIME_SOURCE
extern const uint3 thread_idx;
extern const uint3 block_idx;
extern const dim3 block_dim;
extern const dim3 grid_dim;
#endif

/* The launch's dynamic shared memory ("extern __shared__ T a[];" is
 * rewritten by nvcc-emu into a pointer to this buffer). Its address never
 * changes, so such a pointer may even be declared at file scope. */
constexpr size_t dynamic_shared_max = 227 * 1024;
extern char dynamic_shared[];

/* Where a barrier or warp operation was called, for diagnostics. */
struct Site {
    const char *what; /* "__syncthreads", "__shfl_down_sync", ... */
    const char *file;
    int line;
};

/* __syncthreads and its counting forms: waits until every thread of the
 * block arrives at this call site; returns how many passed a non-zero
 * predicate. */
int block_barrier(int predicate, Site site);

/* The warp operations, all executed by the runtime once every lane named
 * in the mask has arrived. For the shuffles, value holds the bits of the
 * shuffled variable and arg the source lane, delta or lane mask; ballot
 * takes the predicate in value and returns the mask of lanes where it is
 * non-zero; sync only waits. */
enum class WarpOp { sync, ballot, shfl_idx, shfl_up, shfl_down, shfl_xor };
unsigned long long warp_op(WarpOp op, unsigned mask, unsigned long long value,
                           int arg, int width, Site site);

/* Lanes of the caller's warp that have not exited. */
unsigned active_mask();

/* __nanosleep: the calling thread lets the other threads of its block run
 * before it goes on; a block that does nothing but nap is deadlocked. */
void nap(Site site);

/* One kernel launch, as written at its call site k<<<grid, block, shared,
 * stream>>>(args). */
struct LaunchConfig {
    const char *kernel; /* the kernel's name, or "" when nvcc-emu could not tell */
    dim3 grid;
    dim3 block;
    size_t shared;
    cudaStream_t stream;
    const char *file; /* the call site */
    int line;
};

/* Runs every thread of every block of the launch, each as
 * run_thread(args); returns once all have finished. Errors (a bad
 * configuration, a failed check) go where cudaGetLastError finds them. */
void launch(const LaunchConfig &config, const void *kernel,
            void (*run_thread)(void *args), void *args);

} // namespace scanlab_emu

#endif
