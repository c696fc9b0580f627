// SPDX-License-Identifier: GPL-2.0
/*
 * sample tasks: several tasks (kernel/task.c) that yield to one another
 * many times, each from inside a stack-protected frame, so that every
 * switch leaves protected frames of the other tasks live on their stacks.
 * A canary that the switch got wrong fires when such a frame returns.
 *
 *   sample tasks [N]    four tasks, N yields each (default 1000)
 */
#include <sspkit/compiler.h>
#include <sspkit/stdio.h>
#include <sspkit/task.h>
#include "tasks.h"

#define NTASKS		4
#define STACK_SIZE	16384
#define YIELDS_DEFAULT	1000

static unsigned char stacks[NTASKS][STACK_SIZE] __attribute__((__aligned__(16)));
static struct task tasks[NTASKS];
static const char *const names[NTASKS] = { "a", "b", "c", "d" };
static unsigned long yields;
static int broken;

/*
 * Through a volatile pointer: the compiler cannot see what is done with
 * the buffer, so it keeps it (and, in every mode but None and Explicit,
 * the frame's canary) and cannot fold the check below away.
 */
static __noinline void fill(unsigned char *buf, size_t len, unsigned char v)
{
	volatile unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = v;
}
static void (*volatile filler)(unsigned char *, size_t, unsigned char) = fill;

static __noinline int intact(const unsigned char *buf, size_t len, unsigned char v)
{
	const volatile unsigned char *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != v)
			return 0;
	return 1;
}
static int (*volatile checker)(const unsigned char *, size_t, unsigned char) = intact;

/* A protected frame (char[32] passed out) live across every yield. */
static __noinline __stack_protect void work(unsigned char id, unsigned long n)
{
	unsigned char buf[32];
	unsigned long i;

	filler(buf, sizeof(buf), id);
	for (i = 0; i < n; i++) {
		task_yield();
		yields++;
	}
	if (!checker(buf, sizeof(buf), id))
		broken++;
}

static void task_main(void *arg)
{
	unsigned long n = *(unsigned long *)arg;

	work((unsigned char)(current - tasks + 1), n);
	printf("task %s: %lu yields, frame intact\n", current->name, n);
}

static unsigned long parse_count(const char *s)
{
	unsigned long n = 0;

	if (!s)
		return YIELDS_DEFAULT;
	for (; *s >= '0' && *s <= '9'; s++)
		n = n * 10 + (unsigned long)(*s - '0');
	return *s || n > 10000000 ? 0 : n;
}

/* argv[] ends with NULL, as the kernel passes it. */
int tasks_sample(char *argv[])
{
	static unsigned long n;
	int i;

	n = parse_count(argv[0]);
	if (!n || (argv[0] && argv[1])) {
		dprintf(2, "usage: sample tasks [N] (N: yields per task, 1..10000000)\n");
		return 2;
	}
	for (i = 0; i < NTASKS; i++)
		task_create(&tasks[i], names[i], stacks[i], sizeof(stacks[i]),
			    task_main, &n);
	tasks_run();
	printf("tasks: %d tasks, %lu yields, %lu switches, %s\n", NTASKS,
	       yields, task_switches(), broken ? "frames BROKEN" : "no canary fired");
	return broken ? 1 : 0;
}
