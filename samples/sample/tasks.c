// SPDX-License-Identifier: GPL-2.0
/*
 * sample tasks: several tasks (kernel/task.c) that yield to one another
 * many times, each from inside a stack-protected frame, so that every
 * switch leaves protected frames of the other tasks live on their stacks.
 * A canary that the switch got wrong fires when such a frame returns.
 *
 *   sample tasks [N]    four tasks, N yields each (default 1000)
 *   sample tasks canaries
 *                       each task, the boot task first, finds the canary
 *                       in its own protected frame and reports it
 *                       (LKDTM's REPORT_STACK_CANARY)
 *   sample tasks smash  task a leaks its canary; task b overruns its own
 *                       frame with it: caught only if b's canary differs
 *   sample tasks uneven task a yields once, b twice, c 3 and d 4 times:
 *                       the tasks finish one by one, and each finished
 *                       one must leave the ring while the others run on
 *   sample tasks probe  one task takes the deepest path of its root, and
 *                       says how far below its stack's top it wrote
 */
#include <sspkit/compiler.h>
#include <sspkit/stackprotector.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
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

	for (; *s >= '0' && *s <= '9'; s++)
		n = n * 10 + (unsigned long)(*s - '0');
	return *s || n > 10000000 ? 0 : n;
}

/*
 * The canary of the frame that holds buf[0..len) words: the first word
 * above the buffer, within FRAME_WORDS, equal to the running task's
 * canary; -1 when there is none (the compiler read another guard). Every
 * port's stack grows down and puts the canary above the locals.
 */
#define FRAME_WORDS	16
static __noinline long canary_slot(const uintptr_t *buf, size_t len)
{
	const volatile uintptr_t *p = buf;
	size_t i;

	for (i = len; i < len + FRAME_WORDS; i++)
		if (p[i] == current->stack_canary)
			return (long)i;
	return -1;
}
static long (*volatile slot_finder)(const uintptr_t *, size_t) = canary_slot;

/* The overrun: words len..slot, each as it was but the canary's, rewritten. */
static __noinline void overrun(uintptr_t *buf, size_t len, long slot,
			       uintptr_t canary)
{
	volatile uintptr_t *p = buf;
	size_t i;

	for (i = len; i < (size_t)slot; i++)
		p[i] = p[i];
	p[slot] = canary;
}
static void (*volatile overrunner)(uintptr_t *, size_t, long, uintptr_t) = overrun;

static const char *word_format(void)
{
	return sizeof(uintptr_t) == 8 ? "0x%016lx" : "0x%08lx";
}

static void print_word(const char *before, uintptr_t w, const char *after)
{
	printf("%s", before);
	printf(word_format(), (unsigned long)w);
	printf("%s", after);
}

/* A protected frame (uintptr_t[4] passed out) that reports its canary. */
static __noinline __stack_protect long report_canary(void)
{
	uintptr_t buf[4] = { 0 };
	long slot = slot_finder(buf, 4);

	printf("task %s: ", current->name);
	if (slot < 0)
		printf("no canary of its own in its frame\n");
	else
		print_word("canary ", buf[slot], " in its frame\n");
	return slot;
}

static int missing;
static void canaries_main(void *arg)
{
	(void)arg;
	task_yield();			/* every task created and switched to */
	if (report_canary() < 0)
		missing++;
	task_yield();
}

static int tasks_canaries(void)
{
	int i;

	print_word("global guard: ", stack_guard_value(), "\n");
	/* The boot task's canary is the boot guard (kernel/start.c). */
	if (report_canary() < 0)
		missing++;
	for (i = 0; i < NTASKS; i++)
		task_create(&tasks[i], names[i], stacks[i], sizeof(stacks[i]),
			    canaries_main, NULL);
	tasks_run();
	return missing ? 1 : 0;
}

static uintptr_t leaked;
static bool leak_tried;

/* Task a: find its canary in its frame, as an info leak would. */
static void leak_main(void *arg)
{
	uintptr_t buf[4] = { 0 };
	long slot = slot_finder(buf, 4);

	(void)arg;
	if (slot >= 0)
		leaked = buf[slot];
	leak_tried = true;
	print_word("task a: leaks its canary ", leaked, "\n");
	task_yield();
}

/* Task b: overrun its own frame, writing a's canary over its own. */
static __noinline __stack_protect void smash_frame(void)
{
	uintptr_t buf[4] = { 0 };
	long slot = slot_finder(buf, 4);

	if (slot < 0) {
		printf("task b: no canary of its own in its frame\n");
		return;
	}
	printf("task b: overruns its frame up to word %ld with a's canary\n", slot);
	overrunner(buf, 4, slot, leaked);
}

static int smashed_unnoticed;
static void smash_main(void *arg)
{
	(void)arg;
	while (!leak_tried)		/* a runs and leaks first */
		task_yield();
	smash_frame();
	printf("task b: overrun with a's canary went unnoticed\n");
	smashed_unnoticed = 1;
}

static int tasks_smash(void)
{
	task_create(&tasks[0], "a", stacks[0], sizeof(stacks[0]), leak_main, NULL);
	task_create(&tasks[1], "b", stacks[1], sizeof(stacks[1]), smash_main, NULL);
	tasks_run();
	return smashed_unnoticed ? 1 : 0;
}

/* The last line of a run: how many yields and switches, and the verdict. */
static int tasks_report(void)
{
	printf("tasks: %d tasks, %lu yields, %lu switches, %s\n", NTASKS,
	       yields, task_switches(), broken ? "frames BROKEN" : "no canary fired");
	return broken ? 1 : 0;
}

static int tasks_uneven(void)
{
	static unsigned long counts[NTASKS];
	int i;

	for (i = 0; i < NTASKS; i++) {
		counts[i] = (unsigned long)i + 1;
		task_create(&tasks[i], names[i], stacks[i], sizeof(stacks[i]),
			    task_main, &counts[i]);
	}
	tasks_run();
	return tasks_report();
}

/*
 * The probe: a task whose deepest path is the one it takes, PROBE_DEPTH
 * frames of probe_link, each writing every byte of its PROBE_BYTES
 * buffer, so that its bound (stack-annotations: "recursion probe_link")
 * can be held to its painted use (Documentation/stack-depth.md, "The
 * truth"). No canary: a failed check's report would be a deeper path
 * that the run does not take. The last frame keeps the lowest address
 * it wrote, which the painted use must reach.
 */
#define PROBE_BYTES	1024
#ifndef PROBE_DEPTH		/* tests/matrix/stack.t makes it deeper than annotated */
#define PROBE_DEPTH	4
#endif
static uintptr_t probe_low;
static volatile unsigned char probe_sunk;

static __noinline __no_stack_protector unsigned char probe_link(unsigned char level)
{
	volatile unsigned char buf[PROBE_BYTES];
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = level;		/* never the paint byte, 0xa5 */
	if (level < PROBE_DEPTH)	/* a store after the call: no loop */
		buf[0] = probe_link((unsigned char)(level + 1));
	else
		probe_low = (uintptr_t)buf;
	return buf[0];
}

static void probe_main(void *arg)
{
	(void)arg;
	probe_sunk = probe_link(1);
}

static int tasks_probe(void)
{
	uintptr_t top = ((uintptr_t)stacks[0] + sizeof(stacks[0])) & ~(uintptr_t)15;

	task_create(&tasks[0], "probe", stacks[0], sizeof(stacks[0]), probe_main, NULL);
	tasks_run();
	/* From the top stack-usage counts from; a TLS block is below it. */
	if (tasks[0].tls)
		top = (uintptr_t)tasks[0].tls;
	printf("probe: wrote %lu bytes below the top\n", (unsigned long)(top - probe_low));
	return probe_low ? 0 : 1;
}

/*
 * By argc, not by argv[]'s NULL: on sh4, gcc 12 dropped a NULL test of
 * argv[0] here (it branched on a T bit no instruction had set).
 */
int tasks_sample(int argc, char *argv[])
{
	static unsigned long n;
	int i;

	if (argc == 1 && !strcmp(argv[0], "canaries"))
		return tasks_canaries();
	if (argc == 1 && !strcmp(argv[0], "smash"))
		return tasks_smash();
	if (argc == 1 && !strcmp(argv[0], "uneven"))
		return tasks_uneven();
	if (argc == 1 && !strcmp(argv[0], "probe"))
		return tasks_probe();
	n = argc ? parse_count(argv[0]) : YIELDS_DEFAULT;
	if (!n || argc > 1) {
		dprintf(2, "usage: sample tasks [N | canaries | smash | uneven | probe] (N: yields per task, 1..10000000)\n");
		return 2;
	}
	for (i = 0; i < NTASKS; i++)
		task_create(&tasks[i], names[i], stacks[i], sizeof(stacks[i]),
			    task_main, &n);
	tasks_run();
	return tasks_report();
}
