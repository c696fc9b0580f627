/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sh: the compiler reads the guard from __stack_chk_guard only (gcc has
 * no -mstack-protector-guard= here), so there is no thread register to
 * point at the running task: under STACKPROTECTOR_PER_TASK switch_to
 * rewrites the global guard (kernel/task.c), and this is never called.
 */
#ifndef _SSPKIT_SH_ASM_TASK_GUARD_H
#define _SSPKIT_SH_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	(void)task;
}

#endif /* _SSPKIT_SH_ASM_TASK_GUARD_H */
