/*
 * watchdog.cpp: what to say when a kernel never finishes or crashes.
 *
 * Contract: an endless loop cannot be interrupted and unwound, so a
 * watchdog thread ends the process (exit status 124) with a message naming
 * the kernel, block and thread when a launch makes no progress (no CUDA
 * thread starts, waits or resumes) for SCANLAB_EMU_TIMEOUT seconds
 * (default 10; 0 disables it). A kernel that is merely slow keeps making
 * progress and is never stopped. A crash inside a kernel (a bad pointer,
 * a stack overflow, a failed assert) gets the same naming before the
 * usual signal death; with a sanitizer, after the sanitizer's report.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <atomic>

#include "internal.h"

#if defined(SCANLAB_EMU_CHECK_MEMORY) || defined(SCANLAB_EMU_CHECK_RACE)
#include <sanitizer/common_interface_defs.h>
#endif

namespace scanlab_emu {

namespace {

/* Written by the launching thread, read by the watchdog thread. */
std::atomic<unsigned long> progress{0};
std::atomic<unsigned> watched_thread{0};
std::atomic<bool> watching{false};
bool started = false;
double timeout_s = 10;

double now_s()
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Names the kernel, block and thread running now, after `what`. */
void describe(const char *what)
{
    const LaunchConfig *c = running_launch;
    if (!c)
        return;
    fprintf(stderr, "scanlab-emu: kernel '%s' block %s thread %s %s [launched at %s:%d]\n",
            c->kernel, block_coords().text, thread_coords(watched_thread.load()).text, what,
            c->file, c->line);
}

[[noreturn]] void time_out()
{
    char what[384];
    snprintf(what, sizeof what, "made no progress for %g s: an endless loop? (threads of a "
             "block switch only at barriers, warp operations and __nanosleep, so a thread that "
             "spins waiting for another without __nanosleep in its loop never ends here; "
             "SCANLAB_EMU_TIMEOUT=seconds sets the limit)",
             timeout_s);
    describe(what);
    _exit(124);
}

void *watch(void *)
{
    unsigned long seen = progress.load();
    double since = now_s();
    for (;;) {
        usleep(timeout_s < 4 ? (useconds_t)(timeout_s * 250000) : 1000000);
        unsigned long now = progress.load();
        if (!watching.load() || now != seen) {
            seen = now;
            since = now_s();
        } else if (now_s() - since >= timeout_s) {
            time_out();
        }
    }
    return nullptr;
}

#if defined(SCANLAB_EMU_CHECK_MEMORY) || defined(SCANLAB_EMU_CHECK_RACE)
void on_sanitizer_death()
{
    explain_fiber_limit();
    describe("is where the error above happened");
}

/* The sanitizers report crashes themselves; we add which CUDA thread. */
void install_crash_reports() { __sanitizer_set_death_callback(on_sanitizer_death); }
#else
void on_crash(int signal, siginfo_t *info, void *)
{
    const char *what = signal == SIGABRT ? "aborted (a failed assert?)"
                       : in_guard_page(info->si_addr)
                           ? "overflowed its stack (SCANLAB_EMU_STACK_KB sets the size)"
                           : "crashed (a bad pointer?)";
    describe(what);
}

/* Adds our message to the fatal signals no one else handles; the default
 * action follows (SA_RESETHAND). */
void install_crash_reports()
{
    static char alternate_stack[64 * 1024]; /* an overflowed fiber stack has no room left */
    stack_t ss{alternate_stack, 0, sizeof alternate_stack};
    sigaltstack(&ss, nullptr);
    static const int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (int signal : signals) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_crash;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
        if (sigaction(signal, nullptr, &old) == 0 && old.sa_handler == SIG_DFL)
            sigaction(signal, &sa, nullptr);
    }
}
#endif

/* A forked child (Criterion runs each test in one) has no watchdog thread. */
void forget_watchdog() { started = false; }

void start_watchdog()
{
    const char *text = getenv("SCANLAB_EMU_TIMEOUT");
    if (text && *text)
        timeout_s = atof(text);
    if (timeout_s <= 0)
        return;
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, watch, nullptr) != 0)
        fprintf(stderr, "scanlab-emu: no watchdog thread: endless loops will hang\n");
    pthread_attr_destroy(&attr);
}

} // namespace

void watch_launch(bool active)
{
    if (!started) {
        started = true;
        static bool once = false;
        if (!once) {
            once = true;
            install_crash_reports();
            pthread_atfork(nullptr, nullptr, forget_watchdog);
        }
        start_watchdog();
    }
    watching.store(active);
}

void note_progress(unsigned thread)
{
    watched_thread.store(thread, std::memory_order_relaxed);
    progress.store(progress.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

} // namespace scanlab_emu
