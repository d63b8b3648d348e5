/*
 * switch_ucontext.cpp: the portable fiber context switch, POSIX ucontext
 * (built with EMU_SWITCH=ucontext, the default where there is no
 * switch_ARCH.S; see switch.h for the contract).
 *
 * makecontext/swapcontext work on any glibc architecture, at a price:
 * swapcontext saves and restores the signal mask with a system call on
 * every switch (rt_sigprocmask), where the assembly switches only move
 * registers. Marked obsolescent by POSIX, but glibc keeps them, and
 * AddressSanitizer knows them (it intercepts swapcontext).
 */
#include <stdio.h>
#include <stdlib.h>

#include "switch.h"

namespace scanlab_emu {

void prepare_context(Context *c, char *low, char *top, void (*entry)())
{
    if (getcontext(&c->uc) != 0) {
        perror("scanlab-emu: getcontext");
        abort();
    }
    c->uc.uc_stack.ss_sp = low;
    c->uc.uc_stack.ss_size = (size_t)(top - low); /* keeps fiber.cpp's staggered top */
    c->uc.uc_link = nullptr; /* entry never returns */
    makecontext(&c->uc, entry, 0);
}

void switch_context(Context *from, Context *to)
{
    if (swapcontext(&from->uc, &to->uc) != 0) {
        perror("scanlab-emu: swapcontext");
        abort();
    }
}

} // namespace scanlab_emu
