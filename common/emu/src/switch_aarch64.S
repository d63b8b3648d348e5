/*
 * switch_aarch64.S: the fiber context switch, AArch64 (AAPCS64).
 *
 *     void scanlab_emu_switch(void **save_sp, void *new_sp);
 *
 * Saves the callee-saved registers in a 160-byte frame on the current
 * stack, stores the stack pointer in *save_sp, loads new_sp and restores
 * the registers saved there; the final ret goes to the restored link
 * register x30, resuming the other fiber where it called this function.
 *
 *     [sp, #0..72]     x19 .. x28  callee-saved
 *     [sp, #80]        x29         the frame pointer
 *     [sp, #88]        x30         the link register: where ret goes
 *     [sp, #96..152]   d8 .. d15   callee-saved (the low halves of v8..v15)
 *
 * Caller-saved registers need no saving: the compiler assumed this call
 * clobbers them. The floating-point control register (FPCR) is shared by
 * all fibers, as on x86-64 (kernels do not change rounding modes). A new
 * fiber's frame is prepared by prepare_context (switch.h): zeros, and the
 * entry function in the x30 slot.
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
    .type SWITCH, %function
#endif
    .p2align 4
SWITCH:
    .cfi_startproc
    sub sp, sp, #160
    stp x19, x20, [sp, #0]
    stp x21, x22, [sp, #16]
    stp x23, x24, [sp, #32]
    stp x25, x26, [sp, #48]
    stp x27, x28, [sp, #64]
    stp x29, x30, [sp, #80]
    stp d8,  d9,  [sp, #96]
    stp d10, d11, [sp, #112]
    stp d12, d13, [sp, #128]
    stp d14, d15, [sp, #144]
    mov x9, sp
    str x9, [x0]
    mov sp, x1
    ldp x19, x20, [sp, #0]
    ldp x21, x22, [sp, #16]
    ldp x23, x24, [sp, #32]
    ldp x25, x26, [sp, #48]
    ldp x27, x28, [sp, #64]
    ldp x29, x30, [sp, #80]
    ldp d8,  d9,  [sp, #96]
    ldp d10, d11, [sp, #112]
    ldp d12, d13, [sp, #128]
    ldp d14, d15, [sp, #144]
    add sp, sp, #160
    ret
    .cfi_endproc
#if defined(__ELF__)
    .size SWITCH, .-SWITCH

    .section .note.GNU-stack,"",%progbits
#endif
