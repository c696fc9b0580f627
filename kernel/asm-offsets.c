// SPDX-License-Identifier: GPL-2.0
/*
 * Offsets into struct task for code that cannot include task.h: the
 * compiler's canary code under the register form reads the guard at
 * -mstack-protector-guard-offset=TASK_STACK_CANARY from the thread
 * register. The kernel's asm-offsets way: the top-level Makefile
 * compiles this file to assembler only and turns each marker line into
 * a #define of include/generated/asm-offsets.h. Nothing here is linked.
 */
#include <stddef.h>
#include <asm/task-guard.h>
#include <sspkit/task.h>

#define DEFINE(sym, val) \
	__asm__ __volatile__("\n.ascii \"->" #sym " %0 " #val "\"" : : "i" (val))

void asm_offsets(void);
void asm_offsets(void)
{
#ifdef ARCH_TASK_TLS
	/* The thread register points at the task's TLS block, the canary first. */
	DEFINE(TASK_STACK_CANARY, 0);
#else
	DEFINE(TASK_STACK_CANARY, offsetof(struct task, stack_canary));
#endif
}
