/*
 * switch_x86_64.S: the fiber context switch, x86-64 System V.
 *
 *     void scanlab_emu_switch(void **save_sp, void *new_sp);
 *
 * Saves the callee-saved registers on the current stack, stores the stack
 * pointer in *save_sp, loads new_sp and pops the registers saved there;
 * the final ret resumes the other fiber where it called this function.
 * Caller-saved registers need no saving: the compiler assumed this call
 * clobbers them. The floating-point control words are shared by all
 * fibers (kernels do not change rounding modes), which keeps this at a
 * few nanoseconds where swapcontext also makes a system call.
 *
 * A new fiber's stack is prepared (fiber.cpp) to look like one that was
 * switched away from: six zero registers, then the address of its entry
 * function for the ret.
 */
#if defined(__APPLE__)
/* Mach-O: C names take a leading underscore, and there are no .type,
 * .size nor ELF note sections. */
#define SWITCH _scanlab_emu_switch
#else
#define SWITCH scanlab_emu_switch
#endif
    .text
    .globl SWITCH
#if defined(__ELF__)
    .type SWITCH, @function
#endif
SWITCH:
    .cfi_startproc
    pushq %rbp
    pushq %rbx
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    movq %rsp, (%rdi)
    movq %rsi, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbx
    popq %rbp
    ret
    .cfi_endproc
#if defined(__ELF__)
    .size SWITCH, .-SWITCH

    .section .note.GNU-stack,"",@progbits
#endif
