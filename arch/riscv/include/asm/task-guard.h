/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv: point tp, which the canary code reads the guard through
 * (-mstack-protector-guard=tls -mstack-protector-guard-reg=tp), at the
 * running task (STACKPROTECTOR_PER_TASK, register form).
 *
 * ABI, as seen from user space:
 *   tp (x4) is the thread pointer: the compiler never allocates it, the
 *   kernel preserves it; freestanding code owns it. One instruction
 *   per switch.
 */
#ifndef _SSPKIT_RISCV_ASM_TASK_GUARD_H
#define _SSPKIT_RISCV_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	__asm__ volatile ("mv	tp, %0" : : "r"(task) : "memory");
}

#endif /* _SSPKIT_RISCV_ASM_TASK_GUARD_H */
