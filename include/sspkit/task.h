/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small cooperative task switcher (kernel/task.c), kernel-like: each
 * task has its own stack and its own stack canary; task_yield() hands the
 * CPU to the next runnable task, arch switch_to (arch/<arch>/kernel/
 * switch*.S) saves and restores the callee-saved registers.
 *
 *   task_create(&t, "a", stack, sizeof(stack), fn, arg);
 *   tasks_run();        the boot task yields until every task has ended
 */
#ifndef _SSPKIT_TASK_H
#define _SSPKIT_TASK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sspkit/compiler.h>

struct task {
	void *sp;			/* saved stack pointer while switched out */
	/*
	 * The guard the compiler's canary code compares against while this
	 * task runs (STACKPROTECTOR_PER_TASK; under GLOBAL a copy of the
	 * one guard). Under the register form the thread register points
	 * at the task and the compiler reads it at TASK_STACK_CANARY,
	 * generated from this layout (kernel/asm-offsets.c); under the
	 * switched form switch_to copies it to __stack_chk_guard.
	 */
	uintptr_t stack_canary;
	void (*fn)(void *arg);
	void *arg;
	const char *name;
	struct task *next;		/* the run ring */
	bool started;
	bool done;
	/* Its stack, painted under STACK_PAINT: what the task has used. */
	unsigned char *stack;
	size_t stack_size;
	/*
	 * Its thread-local storage, where the thread register points while
	 * it runs, when the arch keeps the canary there (ARCH_TASK_TLS,
	 * asm/task-guard.h): at the top of its stack, the canary first.
	 */
	void *tls;
};

extern struct task *current;

/* Start fn(arg) as a new task on stack[0..size); it runs at the next yield. */
void task_create(struct task *t, const char *name, void *stack, size_t size,
		 void (*fn)(void *arg), void *arg);
void task_yield(void);
/* From the boot task: yield until every other task has returned. */
void tasks_run(void);
/* How many switches so far. */
unsigned long task_switches(void);
/*
 * The boot task's canary and, under the register form, the register:
 * called by the code that boots (kernel/start.c), once the guard is set
 * and before any protected function runs.
 */
void task_guard_init(void);

/*
 * arch/<arch>/kernel/switch*.S: save the callee-saved registers on the
 * current stack and its sp in *prev_sp, load next_sp; then either restore
 * the next task's registers and return into it, or, when entry is not
 * NULL (a task never run yet), call entry, which never returns.
 */
void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));

#endif /* _SSPKIT_TASK_H */
