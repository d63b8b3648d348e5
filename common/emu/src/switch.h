/*
 * switch.h: the context switch under fibers, one of two kinds chosen when
 * the library is built (EMU_SWITCH in emu.mk):
 *
 *   asm       (default on x86-64 and aarch64) switch_x86_64.S or
 *             switch_aarch64.S: saves the callee-saved registers on the
 *             stack and swaps stack pointers, a few nanoseconds
 *   ucontext  (SCANLAB_EMU_SWITCH_UCONTEXT; any other architecture)
 *             switch_ucontext.cpp: POSIX makecontext/swapcontext, portable
 *             but slower: swapcontext also saves the signal mask, a system
 *             call on every switch
 *
 * Contract: prepare_context makes `c` start entry() on the stack
 * [low, top) the first time it is switched to (entry never returns);
 * switch_context saves the running context in `from` and resumes `to`,
 * returning when something switches back to `from`. A Context that has
 * never run nor been prepared (the scheduler's) is only ever saved into
 * before it is resumed. The sanitizers are told about switches by the
 * caller (fiber.cpp), the same for either kind.
 */
#ifndef SCANLAB_EMU_SWITCH_H
#define SCANLAB_EMU_SWITCH_H

#include <stddef.h>
#include <stdint.h>

#if defined(SCANLAB_EMU_SWITCH_UCONTEXT)
#include <ucontext.h>
#endif

namespace scanlab_emu {

#if defined(SCANLAB_EMU_SWITCH_UCONTEXT)

struct Context {
    ucontext_t uc;
};
void prepare_context(Context *c, char *low, char *top, void (*entry)());
void switch_context(Context *from, Context *to);

#else

extern "C" void scanlab_emu_switch(void **save_sp, void *new_sp);

struct Context {
    void *sp; /* saved stack pointer while switched away */
};

/* Inline, so that a switch costs what the assembly does and no more. */
inline void switch_context(Context *from, Context *to)
{
    scanlab_emu_switch(&from->sp, to->sp);
}

/* Lays out a stack as if its fiber had switched away just before entering
 * `entry`: the registers the switch pops (zero), with `entry` where the
 * switch returns to. The layout must match the switch_ARCH.S in use. */
inline void prepare_context(Context *c, char *, char *top, void (*entry)())
{
    void **sp = (void **)((uintptr_t)top & ~(uintptr_t)15);
#if defined(__x86_64__)
    /* switch_x86_64.S: rbp rbx r12 r13 r14 r15 popped, then ret. The
     * slot above is entry's return address (never used) and keeps the
     * ABI's alignment: rsp + 8 a multiple of 16 when entry starts. */
    *--sp = nullptr;
    *--sp = (void *)entry;
    for (int i = 0; i < 6; i++)
        *--sp = nullptr;
#elif defined(__aarch64__)
    /* switch_aarch64.S: a 160-byte frame, x19..x28 then x29 (the frame
     * pointer: zero ends a backtrace here) and x30 (the link register,
     * where ret goes: entry), then d8..d15. sp stays a multiple of 16. */
    sp -= 20;
    for (int i = 0; i < 20; i++)
        sp[i] = nullptr;
    sp[11] = (void *)entry;
#else
#error "no assembly context switch for this architecture: build with EMU_SWITCH=ucontext"
#endif
    c->sp = sp;
}

#endif

} // namespace scanlab_emu

#endif
