/* SPDX-License-Identifier: GPL-2.0 */
/*
 * powerpc (64-bit ELFv2): point r13, which the canary code reads the
 * guard through (-mstack-protector-guard=tls
 * -mstack-protector-guard-reg=r13), at the running task
 * (STACKPROTECTOR_PER_TASK, register form).
 *
 * ABI, as seen from user space:
 *   r13 is the thread pointer, reserved: the compiler never allocates
 *   it, the kernel preserves it; freestanding code owns it. One
 *   instruction per switch.
 */
#ifndef _SSPKIT_POWERPC_ASM_TASK_GUARD_H
#define _SSPKIT_POWERPC_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	__asm__ volatile ("mr	13, %0" : : "r"(task) : "memory");
}

#endif /* _SSPKIT_POWERPC_ASM_TASK_GUARD_H */
