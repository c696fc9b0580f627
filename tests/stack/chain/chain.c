// SPDX-License-Identifier: GPL-2.0
/*
 * A chain of known frames for tests/stack/checkstack.t: a task whose
 * entry is chain_a, which calls chain_b, which calls chain_c. Each keeps
 * a buffer of its own, passed to sink() through a volatile pointer
 * (in chain_c only, so that the chain is the only path), so that each
 * has a frame the compiler cannot fold. The variants:
 *   VARIANT_plain      the chain alone
 *   VARIANT_indirect   chain_b calls chain_c through a pointer
 *   VARIANT_typed      as indirect, and the addresses of chain_d (of
 *                      chain_c's type, a larger frame) and chain_e (of
 *                      another type, larger still) are taken too: by
 *                      its type, the call may reach chain_c or chain_d
 *   VARIANT_typedparam chain_b passes chain_c's pointer to chain_through,
 *                      which calls it through its parameter
 *   VARIANT_untyped    chain_b calls through a pointer of a type that no
 *                      function whose address is taken has (chain_c's
 *                      address, cast to it)
 *   VARIANT_recursion  chain_b calls itself while n > 0
 *   VARIANT_vla        chain_c's buffer is a VLA of n bytes
 *   VARIANT_asmcall    chain_b calls kernel/task.c's task_switches from
 *                      inline assembler (x86_64), which no .ci shows: the
 *                      image's relocation does (a call within one section
 *                      would leave none: the assembler resolves it)
 *   VARIANT_asmlocal   chain_b calls chain_c from inline assembler
 *                      (x86_64): one section, so no relocation shows it;
 *                      a function without .ci (clang) has it read from
 *                      its code
 *   VARIANT_tailptr    chain_b ends in a tail call through a pointer:
 *                      an indirect jump, which the code shows
 *   VARIANT_small      main gives the task 256 bytes of its stack: too
 *                      small, which task_create() refuses at run time
 *   VARIANT_probe      chain_c writes every byte of a 2048-byte buffer
 *                      and main prints how far below the task's stack
 *                      top that reached, for CONFIG_STACK_PAINT's
 *                      measure to be checked against (tests/stack/paint.t)
 */
#include <sspkit/compiler.h>
#include <sspkit/stdio.h>
#include <sspkit/task.h>

static volatile unsigned char sunk;
static volatile int depth = 2;
static unsigned char stack[4096] __attribute__((__aligned__(16)));
static uintptr_t probe_low;	/* the lowest byte chain_c wrote */

/*
 * An index into BUF the compiler cannot know: the whole buffer is in the
 * frame (clang keeps of a volatile array only the bytes that constant
 * indices reach).
 */
#define KEEP(buf) ((unsigned int)depth % sizeof(buf))

static __noinline int chain_c(int n)
{
#ifdef VARIANT_vla
	volatile unsigned char buf[n + 8];
#elif defined(VARIANT_probe)
	volatile unsigned char buf[2048];
	size_t i;

	for (i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(n + 1);
	probe_low = (uintptr_t)buf;
#else
	volatile unsigned char buf[40];
#endif

	buf[0] = (unsigned char)n;
	buf[KEEP(buf)] = buf[0];
	sunk = buf[0];
	return buf[0];
}

static int (*volatile chain_c_ptr)(int) = chain_c;

#ifdef VARIANT_typed
static __noinline int chain_d(int n)
{
	volatile unsigned char buf[200];

	buf[0] = (unsigned char)n;
	buf[KEEP(buf)] = buf[0];
	return buf[0];
}

static __noinline long chain_e(long n)
{
	volatile unsigned char buf[400];

	buf[0] = (unsigned char)n;
	buf[KEEP(buf)] = buf[0];
	return buf[0];
}

static int (*volatile chain_d_ptr)(int) = chain_d;
static long (*volatile chain_e_ptr)(long) = chain_e;
#endif

#ifdef VARIANT_typedparam
static __noinline int chain_through(int (*fn)(int), int n)
{
	volatile unsigned char buf[24];

	buf[0] = (unsigned char)n;
	buf[KEEP(buf)] = buf[0];
	return fn(buf[0]) + buf[1];
}
#endif

#ifdef VARIANT_untyped
/* A call through it is undefined in C: by its type it reaches nothing. */
struct chain_tag;
static int (*volatile chain_c_other)(struct chain_tag *) =
	(int (*)(struct chain_tag *))(void (*)(void))chain_c;
#endif

static __noinline int chain_b(int n)
{
	volatile unsigned char buf[72];

	buf[0] = (unsigned char)n;
	buf[KEEP(buf)] = buf[0];
#ifdef VARIANT_recursion
	if (n > 0) {		/* a store after the call: no loop made of it */
		buf[1] = (unsigned char)chain_b(n - 1);
		return buf[1] + buf[0];
	}
#endif
#if defined(VARIANT_indirect) || defined(VARIANT_typed)
	return chain_c_ptr(buf[0]) + 1;
#elif defined(VARIANT_typedparam)
	return chain_through(chain_c_ptr, buf[0]);
#elif defined(VARIANT_untyped)
	return chain_c_other(0) + buf[0];
#elif defined(VARIANT_tailptr)
	return chain_c_ptr(buf[0]);
#elif defined(VARIANT_asmlocal) && defined(__x86_64__)
	__asm__ __volatile__ ("mov %0, %%edi\n\tcall chain_c" : : "r" ((int)buf[0])
			      : "memory", "rax", "rcx", "rdx", "rsi", "rdi", "r8",
			      "r9", "r10", "r11");
	return buf[0];
#elif defined(VARIANT_asmcall) && defined(__x86_64__)
	__asm__ __volatile__ ("call task_switches" : : : "memory", "rax", "rcx", "rdx",
			      "rsi", "rdi", "r8", "r9", "r10", "r11");
	return buf[0];
#else
	return chain_c(buf[0]) + 1;
#endif
}

static __noinline void chain_a(void *arg)
{
	volatile unsigned char buf[136];

	buf[0] = (unsigned char)(arg != 0);
	buf[KEEP(buf)] = buf[0];
	sunk = (unsigned char)chain_b(buf[0] + depth);
}

static struct task task;

int main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	(void)chain_c_ptr;
#ifdef VARIANT_typed
	(void)chain_d_ptr;
	(void)chain_e_ptr;
#endif
#ifdef VARIANT_small
	task_create(&task, "chain", stack, 256, chain_a, 0);
#else
	task_create(&task, "chain", stack, sizeof(stack), chain_a, 0);
#endif
	tasks_run();
	if (probe_low)
		printf("probe: wrote %lu bytes below the top\n",
		       (unsigned long)((uintptr_t)stack + sizeof(stack) - probe_low));
	return sunk == 0xff;
}
