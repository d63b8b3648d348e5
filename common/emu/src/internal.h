/*
 * internal.h: what the parts of the emulator's runtime library share.
 *
 *   runtime.cpp   the host API: errors, memory, events, device properties
 *   launch.cpp    one launch: checks its configuration, runs its blocks
 *   block.cpp     one block: schedules its threads, barriers, warp operations;
 *                 several blocks of a launch at once, when they overlap
 *   access.cpp    every load and store of a kernel: alignment, and with
 *                 overlapping blocks the switches and races between them
 *   fiber.cpp     fibers: stacks and switches, told to the sanitizers
 *   watchdog.cpp  the endless-loop timeout and the crash reports
 *
 * The library is never built with -fsanitize itself, even for the race and
 * memory checks: ThreadSanitizer must not see the scheduler write
 * threadIdx while another CUDA thread reads it. What the sanitizers must
 * know (fiber switches, barriers as synchronization) is told to them
 * through their interfaces, selected by SCANLAB_EMU_CHECK_RACE or
 * SCANLAB_EMU_CHECK_MEMORY.
 */
#ifndef SCANLAB_EMU_INTERNAL_H
#define SCANLAB_EMU_INTERNAL_H

#define SCANLAB_EMU_RUNTIME_SOURCE /* the built-in variables, writable (runtime.h) */
#include <scanlab_emu/runtime.h>

namespace scanlab_emu {

extern uint3 thread_idx;
extern uint3 block_idx;
extern dim3 block_dim;
extern dim3 grid_dim;

/* ---- runtime.cpp -------------------------------------------------------- */

/* Records err as the last error (cudaGetLastError) and returns it. */
cudaError_t record_error(cudaError_t err);
/* A failed kernel: every later call reports err (cudaErrorLaunchFailure,
 * cudaErrorMisalignedAddress). */
void record_kernel_failure(cudaError_t err);
/* The sticky error of a failed kernel, or cudaSuccess. */
cudaError_t sticky_error();
/* The dynamic shared memory a kernel may ask for (cudaFuncSetAttribute). */
size_t dynamic_shared_limit(const void *kernel);

/* ---- launch.cpp --------------------------------------------------------- */

/* The launch being run, or nullptr: for diagnostics. */
extern const LaunchConfig *running_launch;
/* The running block started after blocks_before of the launch's
 * blocks_total (the others have not started): for the deadlock report. */
extern unsigned long long blocks_before, blocks_total;
/* Formats block and thread coordinates, "(x,y,z)", for messages. */
struct Coords {
    char text[48];
};
Coords block_coords();
Coords thread_coords(unsigned linear);
/* The blockIdx of the number-th block of the launch to start, "(x,y,z)". */
Coords block_coords_of(unsigned long long number);
/* What a GPU does not zero: new allocations and shared memory hold it. */
constexpr int poison_byte = 0xa5;
/* Shared memory (the static __shared__ variables and the launch's
 * dynamic part), copied out and in when overlapping blocks take turns. */
size_t shared_memory_bytes();
void save_shared_memory(char *to);
void load_shared_memory(const char *from);
/* Prints "scanlab-emu: FILE:LINE: kernel 'K' block (..) thread (..): MESSAGE". */
void report(const Site &site, unsigned thread, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- block.cpp ---------------------------------------------------------- */

/* Thread and block orders (SCANLAB_EMU_ORDER). */
enum class Order { forward, reverse, random };
void set_order(Order order, unsigned long long seed);
const char *order_name();
/* Before a launch of `total` blocks: fixes their order for it. */
void arrange_blocks(unsigned long long total);
/* The linear number of the k-th block to run, of `total`. */
unsigned long long block_in_order(unsigned long long k, unsigned long long total);
/* Prepares for blocks of n threads running run_thread(args). */
void begin_blocks(unsigned n, void (*run_thread)(void *), void *args);
/* Runs the block at block_idx; false if a check failed (reported). */
bool run_block();
/* Runs the launch's `total` blocks (begin_blocks first) with up to
 * `resident` of them at once, switching between them at random points
 * drawn from `seed`; false if a check failed (reported). */
bool run_blocks_overlapped(unsigned long long total, unsigned resident, unsigned long long seed);
/* Entry point of every fiber: runs CUDA threads until none is left to
 * start, parks, and starts again when reused. */
[[noreturn]] void fiber_main();
/* From a CUDA thread whose check failed: fails the launch, leaving err
 * sticky; never returns. */
[[noreturn]] void fail_thread(cudaError_t err);
/* The error the last failed launch leaves sticky. */
extern cudaError_t launch_failure;
/* While blocks overlap (all false or no-ops otherwise): */
extern bool overlapping;
/* Random bits for the switches to another block (seeded per launch). */
unsigned long long switch_random();
/* From a CUDA thread: lets other blocks run; comes back later. */
void yield_block();
/* The running block's start number (1, 2, ...) and thread (linear). */
unsigned long long running_block_number();
unsigned running_thread();
/* Whether the number-th block has started and not finished. */
bool block_running(unsigned long long number);
unsigned long long blocks_started();
unsigned long long blocks_finished();
unsigned blocks_resident();
/* A thread wrote global memory (progress for the deadlock check). */
void note_write();
/* Where the running thread's last global read is kept (its address is
 * stored there), for the deadlock report. */
extern const void **current_last_read;

/* ---- fiber.cpp ---------------------------------------------------------- */

struct Fiber;
/* Fiber number i, created on first use (the race check keeps one fiber
 * per thread index so that ThreadSanitizer sees each CUDA thread as one
 * thread of its own). */
Fiber *fiber_at(unsigned i);
/* Switches from the running fiber (or the scheduler) to fiber `to`, or to
 * the scheduler if `to` is nullptr; returns when switched back to. */
void switch_to(Fiber *to);
/* Makes f start afresh from fiber_main, forgetting where it stopped
 * (after a failed block). */
void reset_fiber(Fiber *f);
/* Called as a sanitizer dies: if it died making a fiber (the race check
 * out of room for threads), says so and exits 87; else returns. */
void explain_fiber_limit();
/* Names the CUDA thread a fiber runs, for ThreadSanitizer's reports. */
void name_fiber(Fiber *f, const char *name);
/* Whether the given address lies in some fiber's guard page. */
bool in_guard_page(const void *address);
/* Whether a CUDA thread is running (on a fiber), not host code. */
extern bool in_kernel_thread;

/* ---- access.cpp --------------------------------------------------------- */

/* cudaMalloc and cudaFree tell it about device memory. */
void track_allocation(const void *start, size_t size);
void forget_allocation(const void *start);
/* A write that met another running block's write: reported as a race
 * now if it changed the bytes, forgotten if it left them as they were.
 * Called before the running thread's next access and before it stops. */
void settle_pending_write();
/* Before an overlapped launch: accesses of earlier launches are forgotten. */
void begin_overlapped_launch();
/* For a deadlock report: what the napping thread waits on, from what it
 * last read (or nullptr), and why no block will end the wait. */
void explain_overlapped_wait(const void *last_read, char *text, size_t size);

/* ---- watchdog.cpp ------------------------------------------------------- */

/* Watches the launch being run; it must make progress every
 * SCANLAB_EMU_TIMEOUT seconds (0 disables the check). */
void watch_launch(bool active);
/* Called each time a CUDA thread starts or resumes. */
void note_progress(unsigned thread);

} // namespace scanlab_emu

#endif
