// SPDX-License-Identifier: GPL-2.0
/*
 * fork() on a bare-metal board (CONFIG_HAVE_BOARD_FORK): a checkpoint,
 * not a second address space. The state machine is the same on every
 * board; the arch gives the register frame, the stacks, the timer and
 * the return from a fault (<sspkit/board-fork.h> lists its hooks).
 *
 * The board has one address space and no MMU, yet "sample sweep" runs
 * each overrun in a child so that a caught smash (SIGABRT), a fault or a
 * hang ends that run only. fork() (the arch's board_fork()) pushes the
 * callee-saved registers and calls board_fork_save(), which saves .data,
 * .bss and the live stack, from fork()'s own frame to __fork_save_end
 * (past the stack's top, where an overrun may reach), and returns 0: the
 * child runs on the same stack. However the child ends, the end
 * (board_child_end()) runs on a stack of the arch's own, copies the
 * saved RAM back and returns from fork() a second time, now with the
 * child's pid, through the restored frame: the parent continues as if
 * the child had run elsewhere, and wait4() gives the child's status in
 * the word Linux uses:
 *   exit_group(N)       exit N                  (N << 8)
 *   kill(itself, SIG)   killed by SIG: __stack_chk_fail's SIGABRT
 *   a fault or trap     killed by the signal Linux would send; the
 *                       board's handler reported it first, then returns
 *                       from it into the same end
 *   alarm(S) expired    killed by SIGALRM (the board's timer)
 * so the sweep's code, its output and the judging of it are the same on
 * both platforms, and the whole sweep is one start of qemu-system.
 *
 * The saved copy and the fork's state live in .noinit (the board's
 * linker script), outside what is saved and restored. What the child
 * writes outside the RAM saved (a wild pointer into .noinit, the
 * peripherals) is not undone: the limits of any in-process harness. A
 * child that rewrites the fork's state or its copy ends the program with
 * "board: fork: ..." (status 70), never as a catch. The alarm the child
 * may leave is stopped at its end. Only a program running on the main
 * stack forks (not a task on its own stack), one child at a time.
 *
 * The whole object is exempt from stack protection (lib/Makefile): it
 * runs while the stack is being saved and rewritten, and on the behalf
 * of a child whose stack was overrun.
 */
#include <stddef.h>
#include <stdint.h>
#include <sspkit/board-fork.h>
#include <sspkit/board-report.h>

/* From the board's linker script. */
extern uintptr_t __data_start[], __bss_end[];

#define ECHILD		10
#define EAGAIN		11
#define ENOMEM		12
#define ENOSYS		38

/* What restoring must not undo: outside .data and .bss. */
#define __noinit	__attribute__((__section__(".noinit")))

/* Room for a copy of .data, .bss and the stack in use: 1 MiB of 4. */
#define FORK_SAVE_WORDS	((1024 * 1024) / sizeof(uintptr_t))
static uintptr_t fork_save[FORK_SAVE_WORDS] __noinit;

/*
 * The fork's own state, in .noinit too: a child that runs wild (a
 * return address rewritten to land in this very code) may rewrite .data
 * and .bss, and the state says what to restore. Set at reset
 * (board_fork_init()); "check" tells a state the child rewrote, "sum" a
 * copy it rewrote.
 */
static struct {
	uintptr_t *sp;		/* the parent's, in board_fork()'s frame */
	size_t ram_words;	/* .data and .bss */
	size_t stack_words;	/* sp to __fork_save_end */
	long child;		/* the running child's pid, 0 if none */
	uintptr_t check;	/* of the four above */
	uintptr_t sum;		/* of the saved copy */
	long ended;		/* the pid of an ended child not waited for */
	int status;		/* its wait4() status */
} fork_state __noinit;

static uintptr_t fork_check(void)
{
	return ((uintptr_t)fork_state.sp ^ (uintptr_t)0x5a17c0deu) +
		(uintptr_t)fork_state.ram_words * 3 +
		(uintptr_t)fork_state.stack_words * 5 + (uintptr_t)fork_state.child;
}

void board_fork_init(void)
{
	fork_state.sp = NULL;
	fork_state.ram_words = fork_state.stack_words = 0;
	fork_state.child = fork_state.ended = 0;
	fork_state.status = 0;
	fork_state.check = fork_check();
	arch_fork_alarm_stop();
}

static void copy_words(uintptr_t *dst, const uintptr_t *src, size_t n)
{
	volatile uintptr_t *d = dst;	/* no memcpy() call, protected or not */

	while (n--)
		*d++ = *src++;
}

/* Of the saved copy: a child that rewrote it is not restored from it. */
static uintptr_t sum_words(const uintptr_t *p, size_t n)
{
	uintptr_t sum = 0;

	while (n--)
		sum = (sum << 1 | sum >> (8 * sizeof(sum) - 1)) ^ *p++;
	return sum;
}

long board_fork_save(uintptr_t *sp)
{
	size_t ram = (size_t)(__bss_end - __data_start);
	size_t stack;

	if (!arch_fork_on_main_stack(sp))
		return -ENOSYS;	/* a task's own stack: not what is saved */
	if (fork_state.child)
		return -EAGAIN;
	stack = (size_t)(__fork_save_end - sp);
	if (ram + stack > FORK_SAVE_WORDS)
		return -ENOMEM;
	fork_state.sp = sp;
	fork_state.ram_words = ram;
	fork_state.stack_words = stack;
	fork_state.ended = 0;
	copy_words(fork_save, __data_start, ram);
	copy_words(fork_save + ram, sp, stack);
	fork_state.sum = sum_words(fork_save, ram + stack);
	fork_state.child = BOARD_CHILD_PID;
	fork_state.check = fork_check();
	return 0;
}

/*
 * The fork's state was rewritten: nothing tells what to restore. Say so
 * and end the program (never 0, never a caught smash's 134), through
 * lib/board-report.c: lib/semihosting.c's handles are in the RAM the
 * child wrote, and it opens ":tt" afresh.
 */
static __noreturn void fork_state_lost(void)
{
	/* "board: fork: the child rewrote the fork's own state or its copy" */
	board_report("fork: the child rewrote the fork's own state or its copy",
		     NULL, NULL, 0);
	board_end(70);	/* EX_SOFTWARE */
}

void board_child_end(int status)
{
	uintptr_t *sp = fork_state.sp;
	size_t ram = fork_state.ram_words;
	size_t stack = fork_state.stack_words;
	long pid = fork_state.child;

	arch_fork_alarm_stop();
	if (!pid || fork_state.check != fork_check() ||
	    ram != (size_t)(__bss_end - __data_start) ||
	    stack != (size_t)(__fork_save_end - sp) ||
	    fork_state.sum != sum_words(fork_save, ram + stack))
		fork_state_lost();
	copy_words(__data_start, fork_save, ram);
	copy_words(sp, fork_save + ram, stack);
	fork_state.child = 0;
	fork_state.check = fork_check();
	fork_state.ended = pid;
	fork_state.status = status;
	arch_fork_resume(sp, pid);
}

long board_wait4(long pid, int *status)
{
	long ended = fork_state.ended;

	if (!ended || (pid != -1 && pid != ended))
		return -ECHILD;
	if (status)
		*status = fork_state.status;
	fork_state.ended = 0;
	return ended;
}

long board_getpid(void)
{
	return fork_state.child ? fork_state.child : BOARD_PARENT_PID;
}

int board_in_child(void)
{
	return fork_state.child != 0;
}

long board_alarm(long seconds)
{
	if (!fork_state.child)
		return -ENOSYS;	/* only a child's run is timed */
	arch_fork_alarm_stop();
	if (seconds > 0)
		arch_fork_alarm_start(seconds);
	return 0;
}
