/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64: point tpidr_el0, which the canary code reads the guard through
 * (-mstack-protector-guard=sysreg), at the running task
 * (STACKPROTECTOR_PER_TASK, register form).
 *
 * ABI, as seen from user space:
 *   tpidr_el0 is readable and writable at EL0 (msr/mrs); the kernel
 *   saves and restores it with the thread. One instruction per switch.
 */
#ifndef _SSPKIT_ARM64_ASM_TASK_GUARD_H
#define _SSPKIT_ARM64_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	__asm__ volatile ("msr	tpidr_el0, %0" : : "r"(task) : "memory");
}

#endif /* _SSPKIT_ARM64_ASM_TASK_GUARD_H */
