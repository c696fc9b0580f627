/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv: point tp, which the canary code reads the guard through
 * (-mstack-protector-guard=tls -mstack-protector-guard-reg=tp), at the
 * running task (STACKPROTECTOR_PER_TASK, register form): its struct
 * task, or its TLS block (below).
 *
 * ABI, as seen from user space:
 *   tp (x4) is the thread pointer: the compiler never allocates it, the
 *   kernel preserves it; freestanding code owns it. One instruction
 *   per switch.
 */
#ifndef _SSPKIT_RISCV_ASM_TASK_GUARD_H
#define _SSPKIT_RISCV_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

/*
 * With picolibc (CONFIG_LIBC_PICOLIBC), tp is also where picolibc finds
 * its thread-local storage (errno): the register points at the running
 * task's TLS block, not at its struct task, and the block's first word
 * is the task's canary (arch/riscv/mach-virt/virt.lds), as glibc keeps
 * the canary in the thread's control block. kernel/task.c gives each
 * task a block of its own.
 */
#ifdef CONFIG_LIBC_PICOLIBC
#define ARCH_TASK_TLS 1
#endif

static inline __no_stack_protector void arch_task_guard_set(void *tp)
{
	__asm__ volatile ("mv	tp, %0" : : "r"(tp) : "memory");
}

#endif /* _SSPKIT_RISCV_ASM_TASK_GUARD_H */
