// SPDX-License-Identifier: GPL-2.0
/*
 * The generic part of the task switcher: a ring of tasks, round robin,
 * cooperative. The registers are the arch's business (__switch_to).
 *
 * Each task has its own canary under STACKPROTECTOR_PER_TASK. make says
 * where the compiler reads it (include/generated/build.h):
 *   SSPKIT_GUARD_REGISTER  through the arch's thread register, which
 *                          points at the running task (asm/task-guard.h)
 *   SSPKIT_GUARD_SWITCHED  from __stack_chk_guard, rewritten at every
 *                          switch, as uniprocessor Linux did
 * and neither: the one global guard for every task.
 *
 * The whole object is unprotected (kernel/Makefile): the guard changes
 * between the frames of a switch, and the boot task's is set before any
 * protected function runs.
 */
#include <generated/build.h>
#include <asm/task-guard.h>
#include <sspkit/stackprotector.h>
#include <sspkit/task.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
#include <sspkit/sys.h>

/* The ring starts as the boot task alone. */
static struct task boot_task = { .name = "boot", .started = true,
				 .next = &boot_task };
struct task *current = &boot_task;
static unsigned long switches;

unsigned long task_switches(void)
{
	return switches;
}

static __noreturn void task_entry(void);

/*
 * ARCH_TASK_TLS (asm/task-guard.h): the thread register is also the C
 * library's thread pointer, so under the register form it points at the
 * running task's TLS block, whose first word is the task's canary. The
 * boot task's block is made at reset; each other task's is carved from
 * the top of its stack, as a thread's is in glibc, from the template the
 * linker script lays out: .tdata copied, .tbss zeroed.
 */
#ifdef ARCH_TASK_TLS
extern char __tls_base[], __tdata_end[], __tls_end[], __tls_boot[];
#define TASK_TLS SSPKIT_GUARD_REGISTER
#define TASK_TLS_BYTES ((uintptr_t)(__tls_end - __tls_base))

static void task_tls_init(struct task *t)
{
	size_t data = (size_t)(__tdata_end - __tls_base);

	memcpy(t->tls, __tls_base, data);
	memset((char *)t->tls + data, 0, TASK_TLS_BYTES - data);
	*(uintptr_t *)t->tls = t->stack_canary;
}
#else
#define TASK_TLS 0
#define TASK_TLS_BYTES ((uintptr_t)0)
static void task_tls_init(struct task *t)
{
	(void)t;
}
#endif

/* From here on, the canary code of protected functions reads t's canary. */
static void task_guard_load(struct task *t)
{
	if (SSPKIT_GUARD_REGISTER)
		arch_task_guard_set(TASK_TLS ? t->tls : t);
	else if (SSPKIT_GUARD_SWITCHED)
		stack_guard_set(t->stack_canary);
}

/* GLOBAL: a copy of the one guard; PER_TASK: a canary of its own. */
static uintptr_t task_canary_new(void)
{
	if (SSPKIT_GUARD_REGISTER || SSPKIT_GUARD_SWITCHED)
		return stack_canary_random();
	return stack_guard_value();
}

void task_guard_init(void)
{
	boot_task.stack_canary = stack_guard_value();
#ifdef ARCH_TASK_TLS
	if (TASK_TLS) {
		boot_task.tls = __tls_boot;
		*(uintptr_t *)boot_task.tls = boot_task.stack_canary;
	}
#endif
	task_guard_load(&boot_task);
}

static void switch_to(struct task *prev, struct task *next)
{
	current = next;
	switches++;
	task_guard_load(next);
	if (next->started) {
		__switch_to(&prev->sp, next->sp, NULL);
		return;
	}
	next->started = true;
	__switch_to(&prev->sp, next->sp, task_entry);
}

static struct task *next_runnable(struct task *from)
{
	struct task *t = from->next;

	while (t->done && t != from)
		t = t->next;
	return t;
}

void task_yield(void)
{
	struct task *next = next_runnable(current);

	if (next != current)
		switch_to(current, next);
}

/*
 * STACK_PAINT: every byte of a new task's stack holds STACK_PAINT_BYTE
 * until the task writes it; the lowest byte that changed is how deep it
 * went. A frame that skips bytes without writing them can hide below
 * that mark (a painted check only sees writes), which the bound of
 * scripts/checkstack does not miss.
 */
#define STACK_PAINT_BYTE	0xa5

static void stack_paint(struct task *t)
{
	if (IS_ENABLED(CONFIG_STACK_PAINT))
		memset(t->stack, STACK_PAINT_BYTE, t->stack_size);
}

/*
 * Bytes below the top task_create gave it that the task has written.
 * Out of line and by pointer: inlined into task_entry, gcc 12 for sh4
 * skipped the loop on a T bit no instruction had set (as tasks.c's
 * comment on argc says), and every task reported 0.
 */
static __noinline size_t stack_used(const unsigned char *stack, size_t size,
				    uintptr_t top)
{
	const volatile unsigned char *p = stack, *end = stack + size;

	while (p < end && *p == STACK_PAINT_BYTE)
		p++;
	return (size_t)(top - (uintptr_t)p);
}

/*
 * "stack-usage: NAME USED SIZE", before the report itself uses any; from
 * the top the task started at: below its TLS block, which task_create
 * wrote and no frame of the task did.
 */
static void stack_report(const struct task *t)
{
	uintptr_t top = TASK_TLS ? (uintptr_t)t->tls :
		((uintptr_t)t->stack + t->stack_size) & ~(uintptr_t)15;

	if (IS_ENABLED(CONFIG_STACK_PAINT))
		printf("stack-usage: %s %lu %lu\n", t->name,
		       (unsigned long)stack_used(t->stack, t->stack_size, top),
		       (unsigned long)(top - (uintptr_t)t->stack));
}

/* The first frame of every new task: run it, then leave the ring. */
static __noreturn void task_entry(void)
{
	current->fn(current->arg);
	stack_report(current);
	current->done = true;
	task_yield();
	/* Only the boot task is left and it never waits for a done task. */
	sys_exit_group(127);
	__builtin_unreachable();
}

/*
 * CONFIG_STACK_USAGE: the bound scripts/checkstack computed for each
 * task entry, linked in by a second link of the image (as kallsyms is);
 * these weak, empty ones stand in for the first link and for an image
 * built without it.
 */
struct stack_bound {
	uintptr_t entry;
	uintptr_t bytes;
};
__weak const struct stack_bound __stack_bounds[1];
__weak const uintptr_t __stack_bounds_count;

/* A stack smaller than fn's bound stops the program before fn runs. */
static void stack_bound_check(const char *name, void (*fn)(void *arg),
			      uintptr_t usable)
{
	uintptr_t i;

	for (i = 0; i < __stack_bounds_count; i++)
		if (__stack_bounds[i].entry == (uintptr_t)fn &&
		    __stack_bounds[i].bytes > usable) {
			dprintf(2, "task_create: task %s needs up to %lu bytes of "
				"stack (make checkstack), but is given %lu; "
				"not started\n", name,
				(unsigned long)__stack_bounds[i].bytes,
				(unsigned long)usable);
			sys_exit_group(70);
		}
}

void task_create(struct task *t, const char *name, void *stack, size_t size,
		 void (*fn)(void *arg), void *arg)
{
	/* 16 bytes: the strictest stack alignment any port's ABI asks for. */
	uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;

	/* Its TLS block, if it has one, at the top (16-byte aligned too). */
	if (TASK_TLS)
		top -= TASK_TLS_BYTES;
	if (IS_ENABLED(CONFIG_STACK_USAGE))
		stack_bound_check(name, fn, top - (uintptr_t)stack);

	*t = (struct task){ .name = name, .fn = fn, .arg = arg,
			    .sp = (void *)top, .stack_canary = task_canary_new(),
			    .stack = stack, .stack_size = size,
			    .tls = TASK_TLS ? (void *)top : NULL };
	stack_paint(t);
	if (TASK_TLS)
		task_tls_init(t);
	t->next = boot_task.next;
	boot_task.next = t;
}

static bool others_running(void)
{
	struct task *t;

	for (t = boot_task.next; t != &boot_task; t = t->next)
		if (!t->done)
			return true;
	return false;
}

void tasks_run(void)
{
	while (others_running())
		task_yield();
}
