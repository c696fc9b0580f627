/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fork() on a bare-metal board: a checkpoint of the program's RAM, not a
 * second address space, so that "sample sweep" runs each overrun in a
 * child there as on Linux. lib/semihosting.c routes fork, wait4, getpid,
 * kill, setitimer and exit_group through the board_*() calls below.
 *
 * A board whose arch provides the hooks selects HAVE_BOARD_FORK (the
 * arch's Kconfig): the state machine is then lib/board-fork.c, and the
 * arch gives what only it can (its file: arch/arm/kernel/fork-v7m.c,
 * arch/riscv/kernel/fork-mmode.c). Without it these are stubs: one
 * program, pid 1, and fork, wait4 and alarm fail with -ENOSYS, as an
 * older kernel's would, so the system-call layer needs no #ifdef.
 */
#ifndef _SSPKIT_BOARD_FORK_H
#define _SSPKIT_BOARD_FORK_H

#include <stdint.h>
#include <sspkit/compiler.h>

/* The program's pid, and its child's while one runs. */
#define BOARD_PARENT_PID	1
#define BOARD_CHILD_PID		2

#ifdef CONFIG_HAVE_BOARD_FORK
/*
 * The system calls (lib/semihosting.c). board_fork() and
 * board_child_exit() are the arch's, since they push registers and
 * switch stacks; the rest are lib/board-fork.c's.
 */
/* 0 in the child, the child's pid in the parent once it has ended, or -errno. */
long board_fork(void);
/* The ended child's status (wait4's word): its pid, or -ECHILD. */
long board_wait4(long pid, int *status);
/* BOARD_CHILD_PID while a child runs, else BOARD_PARENT_PID. */
long board_getpid(void);
/* Whether a child runs. */
int board_in_child(void);
/* End the running child with wait4's STATUS; back in the parent's fork(). */
__noreturn void board_child_exit(int status);
/* alarm(SECONDS) in the child: it ends with SIGALRM when it runs that long. */
long board_alarm(long seconds);

/* lib/board-fork.c's, for the arch. */
/* The arch's reset path, before anything forks: the fork's state (.noinit). */
void board_fork_init(void);
/*
 * board_fork() with the frame it pushed at SP: save the RAM, then return
 * 0 (the child runs) or -errno. The saved stack runs from SP to
 * __fork_save_end.
 */
long board_fork_save(uintptr_t *sp);
/*
 * The child's end, on a stack of the arch's own (not the child's, which
 * may be overrun): board_child_exit() jumps here, and so does the arch's
 * return from a fault or the alarm's interrupt. Copies the RAM back and
 * resumes the parent through arch_fork_resume().
 */
__noreturn void board_child_end(int status);

/* The arch's hooks, for lib/board-fork.c. */
/* From board_fork_save(): whether SP is on the main stack, the one saved. */
int arch_fork_on_main_stack(const uintptr_t *sp);
/*
 * From board_child_end(), the RAM restored: load the registers
 * board_fork() pushed at SP and return PID from board_fork().
 */
__noreturn void arch_fork_resume(uintptr_t *sp, long pid);
/* From board_alarm() in the child: the timer's interrupt after SECONDS (> 0). */
void arch_fork_alarm_start(long seconds);
/*
 * From board_fork_init() at reset, board_alarm() before it starts one and
 * board_child_end(): no alarm is left pending or counting.
 */
void arch_fork_alarm_stop(void);

/*
 * The board's linker script: the end of the RAM the fork saves above the
 * stack pointer, past the stack's top, where an overrun may reach.
 */
extern uintptr_t __fork_save_end[];
#else
static inline long board_fork(void) { return -38; }	/* ENOSYS */
static inline long board_wait4(long pid, int *status)
{
	(void)pid;
	(void)status;
	return -38;
}
static inline long board_getpid(void) { return BOARD_PARENT_PID; }
static inline int board_in_child(void) { return 0; }
static inline void board_child_exit(int status) { (void)status; }
static inline long board_alarm(long seconds) { (void)seconds; return -38; }
static inline void board_fork_init(void) { }
#endif

#endif /* _SSPKIT_BOARD_FORK_H */
