// SPDX-License-Identifier: GPL-2.0
/*
 * fork() on an ARMv7-M board: a checkpoint, not a second address space.
 *
 * The board has one address space and no MMU, yet "sample sweep" runs
 * each overrun in a child so that a caught smash (SIGABRT), a fault or a
 * hang ends that run only. Here fork() saves the program's RAM, .data,
 * .bss and the live part of the stack (from fork()'s own frame to the
 * end of RAM, past the stack's top, where an overrun may reach), with the callee-saved registers pushed in that frame, and
 * returns 0: the child runs on the same stack. However the child ends,
 * the end runs on a stack of its own (fork_stack), copies the saved RAM
 * back and returns from fork() a second time, now with the child's pid:
 * the parent continues as if the child had run elsewhere, and wait4()
 * gives the child's status in the word Linux uses:
 *   exit_group(N)       exit N                  (N << 8)
 *   kill(itself, SIG)   killed by SIG: __stack_chk_fail's SIGABRT
 *   a fault             killed by the signal Linux would send; the
 *                       fault handler reported it first and returns
 *                       from the exception into the same end
 *   alarm(S) expired    killed by SIGALRM (SysTick)
 * so the sweep's code, its output and the judging of it are the same on
 * both platforms, and the whole sweep is one start of qemu-system.
 *
 * The saved copy, the fork's state and fork_stack live in .noinit (the
 * board's linker script), outside what is saved and restored. What the
 * child writes outside the RAM saved (a wild pointer into .noinit, the
 * peripherals) is not undone: the limits of any in-process harness. The
 * 0xa5 bytes of an overrun are no RAM address on the MPS2 (a write
 * through one faults); a child that runs wild into this code ends as a
 * crash, and one that rewrites the fork's state ends the program with
 * "board: fork: ..." (status 70), never as a catch. The SysTick alarm
 * the child may leave is stopped at its end. Only a program running on
 * the main stack forks (not a task on its own stack), one child at a
 * time.
 *
 * The whole object is exempt from stack protection (Makefile): it runs
 * while the stack is being saved and rewritten, and on the child's
 * overrun stack's behalf.
 */
#include <stddef.h>
#include <stdint.h>
#include <asm/fork-v7m.h>
#include <asm/semihosting.h>

/* From the board's linker script. */
extern char __ram_end[];
extern uint32_t __data_start[], __bss_end[];

#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define ENOSYS		38
#define SIGALRM		14

/* What restoring must not undo: outside .data and .bss. */
#define __noinit	__attribute__((__section__(".noinit")))

/* Room for a copy of .data, .bss and the stack in use: 1 MiB of 4. */
#define FORK_SAVE_WORDS	(256 * 1024)
static uint32_t fork_save[FORK_SAVE_WORDS] __noinit;
/* Where the child's end runs, and a fault's return into it. */
static uint64_t fork_stack[128] __noinit;
#define FORK_STACK_TOP	((uint32_t *)&fork_stack[128])

/*
 * The fork's own state, in .noinit too: a child that runs wild (a
 * return address rewritten to land in this very code) may rewrite .data
 * and .bss, and the state says what to restore. Zeroed at reset
 * (v7m_fork_init()); "check" tells a state the child rewrote.
 */
static struct {
	uint32_t *sp;		/* the parent's, in v7m_fork()'s frame */
	size_t ram_words;	/* .data and .bss */
	size_t stack_words;	/* sp to the end of RAM, above the stack's top */
	long child;		/* the running child's pid, 0 if none */
	uint32_t check;		/* of the four above */
	uint32_t sum;		/* of the saved copy */
	long ended;		/* the pid of an ended child not waited for */
	int status;		/* its wait4() status */
	unsigned int alarm_ticks;	/* tenths of SysTick left, 0: none */
} fork_state __noinit;

static uint32_t fork_check(void)
{
	return ((uint32_t)(uintptr_t)fork_state.sp ^ 0x5a17c0deu) +
		(uint32_t)fork_state.ram_words * 3 +
		(uint32_t)fork_state.stack_words * 5 + (uint32_t)fork_state.child;
}

void v7m_fork_init(void)
{
	fork_state.sp = NULL;
	fork_state.ram_words = fork_state.stack_words = 0;
	fork_state.child = fork_state.ended = 0;
	fork_state.status = 0;
	fork_state.alarm_ticks = 0;
	fork_state.check = fork_check();
}

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
 * The MPS2 AN385's CPU clock, 25 MHz (qemu's mps2 "sysclk"): the alarm
 * counts tenths of a second in whole SysTick periods of it.
 */
#define SYST_TENTH		2500000u

static void copy_words(uint32_t *dst, const uint32_t *src, size_t n)
{
	volatile uint32_t *d = dst;	/* no memcpy() call, protected or not */

	while (n--)
		*d++ = *src++;
}

/* Of the saved copy: a child that rewrote it is not restored from it. */
static uint32_t sum_words(const uint32_t *p, size_t n)
{
	uint32_t sum = 0;

	while (n--)
		sum = (sum << 1 | sum >> 31) ^ *p++;
	return sum;
}

/* Called by v7m_fork() with the frame it pushed: save, then be the child. */
__used long v7m_fork_save(uint32_t *sp);
__used long v7m_fork_save(uint32_t *sp)
{
	size_t ram = (size_t)(__bss_end - __data_start);
	size_t stack = (size_t)((uint32_t *)__ram_end - sp);
	uint32_t control;

	__asm__ __volatile__ ("mrs %0, control" : "=r" (control));
	if (control & 2)	/* SPSEL: a task's own stack */
		return -ENOSYS;
	if (fork_state.child)
		return -EAGAIN;
	if (ram + stack > FORK_SAVE_WORDS)
		return -ENOMEM;
	fork_state.sp = sp;
	fork_state.ram_words = ram;
	fork_state.stack_words = stack;
	fork_state.ended = 0;
	copy_words(fork_save, __data_start, ram);
	copy_words(fork_save + ram, sp, stack);
	fork_state.sum = sum_words(fork_save, ram + stack);
	fork_state.child = V7M_CHILD_PID;
	fork_state.check = fork_check();
	return 0;
}

/*
 * Push r4-r11 and lr (r3: keeps the stack 8-byte aligned) and save: the
 * child returns 0 through that frame; the parent returns through the
 * same frame, restored, from v7m_fork_resume().
 */
__attribute__((__naked__)) long v7m_fork(void)
{
	__asm__ ("push	{r3-r11, lr}\n\t"
		 "mov	r0, sp\n\t"
		 "bl	v7m_fork_save\n\t"
		 "pop	{r3-r11, pc}\n");
}

/* Back into v7m_fork()'s restored frame, returning PID. */
static __noreturn void v7m_fork_resume(uint32_t *sp, long pid)
{
	__asm__ __volatile__ ("mov	sp, %0\n\t"
			      "mov	r0, %1\n\t"
			      "pop	{r3-r11, pc}\n"
			      : : "r" (sp), "r" (pid) : "r0", "memory");
	__builtin_unreachable();
}

static void alarm_stop(void)
{
	*SYST_CSR = 0;
	*SCB_ICSR = ICSR_PENDSTCLR;
	fork_state.alarm_ticks = 0;
}

/*
 * The fork's state was rewritten: nothing tells what to restore. Say so
 * and end the program (never 0, never a caught smash's 134).
 */
static __noreturn void fork_state_lost(void)
{
	static const char msg[] =
		"board: fork: the child rewrote the fork's own state or its copy\n";
	static const char tt[] = ":tt";
	long block[3] = { (long)tt, SH_OPEN_A, (long)(sizeof(tt) - 1) };

	block[0] = semihosting_call(SYS_OPEN, block);
	block[1] = (long)msg;
	block[2] = sizeof(msg) - 1;
	semihosting_call(SYS_WRITE, block);
	block[0] = ADP_Stopped_ApplicationExit;
	block[1] = 70;	/* EX_SOFTWARE */
	for (;;)
		semihosting_call(SYS_EXIT_EXTENDED, block);
}

/* On fork_stack: the child's RAM is undone, the parent resumes. */
__used __noreturn void v7m_child_end(int status);
__used __noreturn void v7m_child_end(int status)
{
	uint32_t *sp = fork_state.sp;
	size_t ram = fork_state.ram_words;
	size_t stack = fork_state.stack_words;
	long pid = fork_state.child;

	alarm_stop();
	if (!pid || fork_state.check != fork_check() ||
	    ram != (size_t)(__bss_end - __data_start) ||
	    stack != (size_t)((uint32_t *)__ram_end - sp) ||
	    fork_state.sum != sum_words(fork_save, ram + stack))
		fork_state_lost();
#ifdef V7M_FORK_STANDIN_LOCKUP
	/*
	 * tests/board/sweep.t's stand-in: a caught smash's end locks QEMU up
	 * (a fault with FAULTMASK set), which QEMU exits 134 for.
	 */
	if (status == 6)
		__asm__ __volatile__ ("cpsid	f\n\tudf	#0");
#endif
	copy_words(__data_start, fork_save, ram);
	copy_words(sp, fork_save + ram, stack);
	fork_state.child = 0;
	fork_state.check = fork_check();
	fork_state.ended = pid;
	fork_state.status = status;
	v7m_fork_resume(sp, pid);
}

__noreturn void v7m_child_exit(int status)
{
	__asm__ __volatile__ ("mov	sp, %0\n\t"
			      "mov	r0, %1\n\t"
			      "b	v7m_child_end\n"
			      : : "r" (FORK_STACK_TOP), "r" (status) : "r0", "memory");
	__builtin_unreachable();
}

/*
 * An exception frame on fork_stack as if v7m_child_end(status) had been
 * interrupted at its first instruction, and the return from the
 * exception into it, in thread mode on the main stack: the stack that
 * faulted (perhaps a bad sp) is left alone.
 */
void v7m_child_fault(int status)
{
	uint32_t *frame = FORK_STACK_TOP - 8;
	uint32_t ipsr;

	if (!fork_state.child)
		return;
	/* Reached in thread mode: the child ran wild into the handler. */
	__asm__ __volatile__ ("mrs %0, ipsr" : "=r" (ipsr));
	if (!ipsr)
		v7m_child_exit(status);
	if (!(*SCB_ICSR & ICSR_RETTOBASE))
		return;
	frame[0] = (uint32_t)status;			/* r0 */
	frame[1] = frame[2] = frame[3] = frame[4] = 0;	/* r1-r3, r12 */
	frame[5] = 0xffffffffu;				/* lr */
	frame[6] = (uint32_t)(uintptr_t)v7m_child_end & ~1u;	/* pc */
	frame[7] = 1u << 24;				/* xPSR: Thumb */
	__asm__ __volatile__ ("msr	msp, %0\n\t"
			      "bx	%1\n"
			      : : "r" (frame), "r" (0xfffffff9u) : "memory");
	__builtin_unreachable();
}

long v7m_wait4(long pid, int *status)
{
	long ended = fork_state.ended;

	if (!ended || (pid != -1 && pid != ended))
		return -ECHILD;
	if (status)
		*status = fork_state.status;
	fork_state.ended = 0;
	return ended;
}

long v7m_getpid(void)
{
	return fork_state.child ? fork_state.child : V7M_PARENT_PID;
}

int v7m_in_child(void)
{
	return fork_state.child != 0;
}

/* In whole tenths, rounded up to SysTick periods of SYST_TENTH. */
long v7m_alarm(long seconds)
{
	if (!fork_state.child)
		return -ENOSYS;	/* only a child's run is timed */
	alarm_stop();
	if (seconds <= 0)
		return 0;
	fork_state.alarm_ticks = (unsigned int)seconds * 10;
	*SYST_RVR = SYST_TENTH - 1;
	*SYST_CVR = 0;
	*SYST_CSR = SYST_ENABLE | SYST_TICKINT | SYST_CPUCLK;
	return 0;
}

/* Vector 15: a tick of the child's alarm; at the last, SIGALRM. */
void v7m_systick(void)
{
	if (!fork_state.child || !fork_state.alarm_ticks) {
		alarm_stop();
		return;
	}
	if (--fork_state.alarm_ticks)
		return;
	v7m_child_fault(SIGALRM);
	alarm_stop();
}
