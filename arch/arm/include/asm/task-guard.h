/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm: point TPIDRURO, which the canary code reads the guard through
 * (-mtp=cp15), at the running task (STACKPROTECTOR_PER_TASK, register
 * form).
 *
 * ABI, as seen from user space:
 *   TPIDRURO (cp15 c13, c0, 3) is read-only from user mode; the kernel
 *   writes it for us: the ARM-private set_tls(base) system call,
 *   __ARM_NR_BASE + 5 = 0xf0005 (EABI), one system call per switch.
 */
#ifndef _SSPKIT_ARM_ASM_TASK_GUARD_H
#define _SSPKIT_ARM_ASM_TASK_GUARD_H

#include <asm/syscall.h>
#include <sspkit/compiler.h>

#define __ARM_NR_set_tls	0xf0005

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	(void)my_syscall1(__ARM_NR_set_tls, task);
}

#endif /* _SSPKIT_ARM_ASM_TASK_GUARD_H */
