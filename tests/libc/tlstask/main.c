// SPDX-License-Identifier: GPL-2.0
/*
 * Two tasks and the boot task set errno, yield to each other and read it
 * back: with picolibc on RISC-V under the per-task guard, tp points at
 * the running task's TLS block, so each reads its own. Between the two,
 * each calls a protected function, whose canary is read through the
 * same tp: a block in the wrong place would fire it or lose errno.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sspkit/task.h>

#define ROUNDS 100

static struct task ta, tb;
static _Alignas(16) unsigned char stack_a[8192], stack_b[8192];

/* Where the running task's TLS block is. */
static uintptr_t thread_pointer(void)
{
	uintptr_t tp;

	__asm__ volatile ("mv	%0, tp" : "=r"(tp));
	return tp;
}

/* A char[64]: protected under STRONG. */
static __attribute__((noinline)) size_t echo(const char *s)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s", s);
	return strlen(buf);
}

static void run(void *arg)
{
	int base = (int)(intptr_t)arg;

	for (int i = 0; i < ROUNDS; i++) {
		errno = base + i;
		task_yield();
		echo("yield");
		if (errno != base + i) {
			printf("task %d: errno %d after a yield, not %d\n", base,
			       errno, base + i);
			return;
		}
		if (*(uintptr_t *)thread_pointer() != current->stack_canary) {
			printf("task %d: tp+0 is not its canary\n", base);
			return;
		}
	}
	printf("task %d: errno its own for %d yields, at tp+%lu; its canary at tp+0\n",
	       base, ROUNDS, (unsigned long)((uintptr_t)&errno - thread_pointer()));
}

int main(void)
{
	errno = 7;
	task_create(&ta, "a", stack_a, sizeof(stack_a), run, (void *)1000);
	task_create(&tb, "b", stack_b, sizeof(stack_b), run, (void *)2000);
	tasks_run();
	printf("boot: errno %d\n", errno);
	return errno != 7;
}
