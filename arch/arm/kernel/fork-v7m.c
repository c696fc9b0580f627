// SPDX-License-Identifier: GPL-2.0
/*
 * The ARMv7-M board's part of the checkpoint fork (lib/board-fork.c has
 * the state machine and the reasoning): the frame fork() pushes and the
 * return into it, the stack the child's end runs on, the return from a
 * fault into that end (an exception frame), and the child's alarm
 * (SysTick).
 *
 * The whole object is exempt from stack protection (Makefile): it runs
 * while the stack is being saved and rewritten, and on the child's
 * overrun stack's behalf.
 */
#include <stdint.h>
#include <asm/fork-v7m.h>
#include <sspkit/board-fork.h>
#include <mach/board.h>
#include <sspkit/compiler.h>

#define SIGALRM		14

/* What restoring must not undo: outside .data and .bss. */
#define __noinit	__attribute__((__section__(".noinit")))

/* Where the child's end runs, and a fault's return into it. */
static uint64_t fork_stack[128] __noinit;
#define FORK_STACK_TOP	((uint32_t *)&fork_stack[128])

/*
 * Tenths of a second left of the child's alarm, 0: none. In .noinit, as
 * the fork's own state: the SysTick handler reads it while the child,
 * whose .data and .bss may be overrun, runs.
 */
static unsigned int alarm_ticks __noinit;

/* System control space. */
#define SCB_ICSR		((volatile uint32_t *)0xe000ed04)
#define ICSR_RETTOBASE		(1u << 11)
#define ICSR_PENDSTCLR		(1u << 25)
#define SYST_CSR		((volatile uint32_t *)0xe000e010)
#define SYST_RVR		((volatile uint32_t *)0xe000e014)
#define SYST_CVR		((volatile uint32_t *)0xe000e018)
#define SYST_ENABLE		(1u << 0)
#define SYST_TICKINT		(1u << 1)
#define SYST_CPUCLK		(1u << 2)
/*
 * The board's CPU clock (<mach/board.h>): the alarm counts tenths of a
 * second in whole SysTick periods of it.
 */
#define SYST_TENTH		(BOARD_CPU_HZ / 10)

/* The process stack (CONTROL.SPSEL) is a task's own: not the one saved. */
int arch_fork_on_main_stack(const uintptr_t *sp)
{
	uint32_t control;

	(void)sp;
	__asm__ __volatile__ ("mrs %0, control" : "=r" (control));
	return !(control & 2);
}

/*
 * Push r4-r11 and lr (r3: keeps the stack 8-byte aligned) and save: the
 * child returns 0 through that frame; the parent returns through the
 * same frame, restored, from arch_fork_resume().
 */
__attribute__((__naked__)) long board_fork(void)
{
	__asm__ ("push	{r3-r11, lr}\n\t"
		 "mov	r0, sp\n\t"
		 "bl	board_fork_save\n\t"
		 "pop	{r3-r11, pc}\n");
}

void arch_fork_resume(uintptr_t *sp, long pid)
{
	__asm__ __volatile__ ("mov	sp, %0\n\t"
			      "mov	r0, %1\n\t"
			      "pop	{r3-r11, pc}\n"
			      : : "r" (sp), "r" (pid) : "r0", "memory");
	__builtin_unreachable();
}

/*
 * Out of line, as v7m_child_fault is: their asm leaves this stack, which
 * scripts/checkstack knows from their annotations (stack-annotations);
 * inlined, the branch would be their caller's, which has none.
 */
__noinline void board_child_exit(int status)
{
#ifdef V7M_FORK_STANDIN_LOCKUP
	/*
	 * tests/board/mps2-sweep.t's stand-in: a caught smash's end locks QEMU up
	 * (a fault with FAULTMASK set), which QEMU exits 134 for.
	 */
	if (status == 6)
		__asm__ __volatile__ ("cpsid	f\n\tudf	#0");
#endif
	__asm__ __volatile__ ("mov	sp, %0\n\t"
			      "mov	r0, %1\n\t"
			      "b	board_child_end\n"
			      : : "r" (FORK_STACK_TOP), "r" (status) : "r0", "memory");
	__builtin_unreachable();
}

/*
 * An exception frame on fork_stack as if board_child_end(status) had
 * been interrupted at its first instruction, and the return from the
 * exception into it, in thread mode on the main stack: the stack that
 * faulted (perhaps a bad sp) is left alone.
 */
__noinline void v7m_child_fault(int status)
{
	uint32_t *frame = FORK_STACK_TOP - 8;
	uint32_t ipsr;

	if (!board_in_child())
		return;
	/* Reached in thread mode: the child ran wild into the handler. */
	__asm__ __volatile__ ("mrs %0, ipsr" : "=r" (ipsr));
	if (!ipsr)
		board_child_exit(status);
	if (!(*SCB_ICSR & ICSR_RETTOBASE))
		return;
	frame[0] = (uint32_t)status;			/* r0 */
	frame[1] = frame[2] = frame[3] = frame[4] = 0;	/* r1-r3, r12 */
	frame[5] = 0xffffffffu;				/* lr */
	frame[6] = (uint32_t)(uintptr_t)board_child_end & ~1u;	/* pc */
	frame[7] = 1u << 24;				/* xPSR: Thumb */
	__asm__ __volatile__ ("msr	msp, %0\n\t"
			      "bx	%1\n"
			      : : "r" (frame), "r" (0xfffffff9u) : "memory");
	__builtin_unreachable();
}

void arch_fork_alarm_stop(void)
{
	*SYST_CSR = 0;
	*SCB_ICSR = ICSR_PENDSTCLR;
	alarm_ticks = 0;
}

/* In whole tenths, rounded up to SysTick periods of SYST_TENTH. */
void arch_fork_alarm_start(long seconds)
{
	alarm_ticks = (unsigned int)seconds * 10;
	*SYST_RVR = SYST_TENTH - 1;
	*SYST_CVR = 0;
	*SYST_CSR = SYST_ENABLE | SYST_TICKINT | SYST_CPUCLK;
}

/* Vector 15: a tick of the child's alarm; at the last, SIGALRM. */
void v7m_systick(void)
{
	if (!board_in_child() || !alarm_ticks) {
		arch_fork_alarm_stop();
		return;
	}
	if (--alarm_ticks)
		return;
	v7m_child_fault(SIGALRM);
	arch_fork_alarm_stop();
}
