/*
 * fiber.cpp: fibers, the stacks CUDA threads run on.
 *
 * Contract: each fiber has its own small stack from mmap with an
 * inaccessible guard page below it, so an overflow faults instead of
 * silently corrupting a neighbour. A switch goes from the running fiber or
 * the scheduler (the host thread's own stack) to another, and each one is
 * told to the sanitizers the library was built for: AddressSanitizer must
 * know which stack is live, ThreadSanitizer which thread is running
 * (switched without synchronization, so that only barriers order CUDA
 * threads). How registers and stacks are swapped is switch.h's business
 * (assembly, or ucontext elsewhere); the sanitizers are told here, the
 * same for every architecture.
 */
#include <stdint.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <vector>

#include "internal.h"
#include "switch.h"

#if defined(SCANLAB_EMU_CHECK_MEMORY)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#elif defined(SCANLAB_EMU_CHECK_RACE)
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/tsan_interface.h>
#endif

namespace scanlab_emu {

struct Fiber {
    Context context;  /* where it resumes while switched away */
    char *stack;      /* lowest usable address, above the guard page */
    size_t size;      /* usable bytes */
    void *sanitizer;  /* ThreadSanitizer's fiber, or AddressSanitizer's fake stack */
    unsigned index;
};

namespace {

std::vector<Fiber *> &fibers = *new std::vector<Fiber *>; /* never destroyed, as in runtime.cpp */
} // namespace

bool in_kernel_thread;

namespace {

Fiber *running = nullptr; /* nullptr: the scheduler */
Context scheduler_context;
#if defined(SCANLAB_EMU_CHECK_MEMORY)
void *scheduler_fake_stack;
void *scheduler_stack;
size_t scheduler_stack_size;
#elif defined(SCANLAB_EMU_CHECK_RACE)
void *scheduler_fiber;
#endif

size_t page_size() { return (size_t)sysconf(_SC_PAGESIZE); }

/* Stack bytes per fiber: SCANLAB_EMU_STACK_KB, or enough for printf in a
 * kernel (and for the sanitizers' larger frames and reports). */
size_t stack_size()
{
    const char *kb = getenv("SCANLAB_EMU_STACK_KB");
#if defined(SCANLAB_EMU_CHECK_MEMORY) || defined(SCANLAB_EMU_CHECK_RACE)
    size_t bytes = 256 * 1024;
#else
    size_t bytes = 64 * 1024;
#endif
    if (kb && atol(kb) > 0)
        bytes = (size_t)atol(kb) * 1024;
    return (bytes + page_size() - 1) / page_size() * page_size();
}

/* The entry of a new fiber: its first switch_context lands here. */
void fiber_entry()
{
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
    fiber_main();
}

/* Makes f start at fiber_entry when next switched to. Stack tops are
 * staggered by a few cache lines so that the hot top frames of many
 * fibers do not compete for the same cache sets (the stacks themselves
 * are page aligned). */
void prepare_stack(Fiber *f)
{
    char *top = f->stack + f->size - (f->index % 32) * 128;
    prepare_context(&f->context, f->stack, top, &fiber_entry);
}

#if defined(SCANLAB_EMU_CHECK_RACE)
/* ThreadSanitizer counts every fiber as a thread, and some builds hold
 * few: GCC 12's on aarch64 keeps each thread's trace in a fixed area with
 * room for about 500 at once, so a block of 512 threads (or fewer, with
 * what the program made before) stops it at an internal CHECK
 * ("TraceMemEnd") that names nothing of ours. The death callback
 * (watchdog.cpp) then calls explain_fiber_limit, which says what happened
 * and exits with the status the grader reads as "this check cannot run
 * here" (grader/lib/checks.sh), so the check's points are not graded
 * rather than lost to the machine. */
const unsigned NO_FIBER = ~0u;
const int EXIT_CHECK_CANNOT_RUN = 87;
unsigned fiber_being_made = NO_FIBER;


#endif

/* Linux's hint that a mapping is a stack; macOS has none. */
#if defined(MAP_STACK)
const int map_stack = MAP_STACK;
#else
const int map_stack = 0;
#endif

Fiber *create_fiber(unsigned index)
{
    size_t guard = page_size(), size = stack_size();
    void *memory = mmap(nullptr, guard + size, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | map_stack, -1, 0);
    if (memory == MAP_FAILED || mprotect(memory, guard, PROT_NONE) != 0) {
        perror("scanlab-emu: cannot map a fiber stack");
        abort();
    }
    Fiber *f = new Fiber{Context{}, (char *)memory + guard, size, nullptr, index};
#if defined(SCANLAB_EMU_CHECK_RACE)
    fiber_being_made = index;
    f->sanitizer = __tsan_create_fiber(0);
    fiber_being_made = NO_FIBER;
    if (!scheduler_fiber)
        scheduler_fiber = __tsan_get_current_fiber();
#elif defined(SCANLAB_EMU_CHECK_MEMORY)
    if (!scheduler_stack) { /* AddressSanitizer needs the bounds of every stack we switch to */
#if defined(__APPLE__)
        /* macOS gives the stack's top, its highest address */
        scheduler_stack_size = pthread_get_stacksize_np(pthread_self());
        scheduler_stack = (char *)pthread_get_stackaddr_np(pthread_self()) - scheduler_stack_size;
#else
        pthread_attr_t attr;
        pthread_getattr_np(pthread_self(), &attr);
        pthread_attr_getstack(&attr, &scheduler_stack, &scheduler_stack_size);
        pthread_attr_destroy(&attr);
#endif
    }
#endif
    prepare_stack(f);
    return f;
}

} // namespace

void explain_fiber_limit()
{
#if defined(SCANLAB_EMU_CHECK_RACE)
    if (fiber_being_made == NO_FIBER)
        return;
    fprintf(stderr,
            "scanlab-emu: the race check cannot run here: ThreadSanitizer ran out of room for "
            "threads while making the fiber of CUDA thread %u (GCC's on aarch64 holds about 500 "
            "at once, and every CUDA thread of a block, or of the blocks run at once, is one). "
            "It says nothing of your kernel: run the race check on x86-64 or a GPU.\n",
            fiber_being_made);
    /* Not _exit: ThreadSanitizer intercepts it to finish its own work,
     * which waits for the lock it holds while making threads (a hang). */
#if defined(SYS_exit_group)
    syscall(SYS_exit_group, EXIT_CHECK_CANNOT_RUN);
#else
    _exit(EXIT_CHECK_CANNOT_RUN);
#endif
#endif
}

Fiber *fiber_at(unsigned i)
{
    while (fibers.size() <= i)
        fibers.push_back(create_fiber((unsigned)fibers.size()));
    return fibers[i];
}

void switch_to(Fiber *to)
{
    Fiber *from = running;
    if (to == from)
        return;
    if (from != nullptr)
        settle_pending_write(); /* the thread's last write, before another runs */
    Context *save = from ? &from->context : &scheduler_context;
    Context *target = to ? &to->context : &scheduler_context;
    running = to;
    in_kernel_thread = to != nullptr;
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    void **fake_stack = from ? &from->sanitizer : &scheduler_fake_stack;
    __sanitizer_start_switch_fiber(fake_stack, to ? to->stack : scheduler_stack,
                                   to ? to->size : scheduler_stack_size);
#elif defined(SCANLAB_EMU_CHECK_RACE)
    __tsan_switch_to_fiber(to ? to->sanitizer : scheduler_fiber, __tsan_switch_to_fiber_no_sync);
#endif
    switch_context(save, target);
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    __sanitizer_finish_switch_fiber(*fake_stack, nullptr, nullptr);
#endif
}

void reset_fiber(Fiber *f)
{
#if defined(SCANLAB_EMU_CHECK_MEMORY)
    /* The abandoned frames left their redzones poisoned. */
    __asan_unpoison_memory_region(f->stack, f->size);
    f->sanitizer = nullptr;
#elif defined(SCANLAB_EMU_CHECK_RACE)
    /* What the abandoned thread did happens before what the host does
     * next (a switch there and back without the no-sync flag says so);
     * then a new ThreadSanitizer fiber, since the old one's shadow call
     * stack still holds the abandoned frames. */
    __tsan_switch_to_fiber(f->sanitizer, 0);
    __tsan_switch_to_fiber(scheduler_fiber, 0);
    __tsan_destroy_fiber(f->sanitizer);
    f->sanitizer = __tsan_create_fiber(0);
#endif
    prepare_stack(f);
}

void name_fiber([[maybe_unused]] Fiber *f, [[maybe_unused]] const char *name)
{
#if defined(SCANLAB_EMU_CHECK_RACE)
    __tsan_set_fiber_name(f->sanitizer, name);
#endif
}

bool in_guard_page(const void *address)
{
    for (Fiber *f : fibers)
        if ((const char *)address < f->stack && (const char *)address >= f->stack - page_size())
            return true;
    return false;
}

} // namespace scanlab_emu
