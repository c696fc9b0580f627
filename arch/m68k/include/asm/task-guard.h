/* SPDX-License-Identifier: GPL-2.0 */
/*
 * m68k: no task guard register. The port has no canary runtime (it does
 * not select HAVE_CC_STACKPROTECTOR, nor HAVE_STACKPROTECTOR_PER_TASK),
 * so kernel/task.c never calls this; it exists so that the switcher
 * needs no #ifdef.
 */
#ifndef _SSPKIT_M68K_ASM_TASK_GUARD_H
#define _SSPKIT_M68K_ASM_TASK_GUARD_H

#include <sspkit/compiler.h>

static inline __no_stack_protector void arch_task_guard_set(void *task)
{
	(void)task;
}

#endif /* _SSPKIT_M68K_ASM_TASK_GUARD_H */
