/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fork() on a machine-mode RISC-V board (arch/riscv/kernel/fork-mmode.c):
 * a checkpoint of the program's RAM, undone when the child ends, so that
 * the child runs and the parent continues as after a Linux fork() and
 * wait4(). lib/semihosting.c routes fork, wait4, getpid, kill, setitimer
 * and exit_group here (<asm/board-fork.h>), and the trap report
 * (arch/riscv/kernel/trap-mmode.c) ends a child that traps.
 */
#ifndef _SSPKIT_RISCV_ASM_FORK_MMODE_H
#define _SSPKIT_RISCV_ASM_FORK_MMODE_H

#include <stdint.h>
#include <sspkit/compiler.h>

/* The program's pid, and its child's while one runs. */
#define MMODE_PARENT_PID	1
#define MMODE_CHILD_PID		2

/* At reset, before anything forks. */
void mmode_fork_init(void);
/* 0 in the child, its pid in the parent once it has ended, or -errno. */
long mmode_fork(void);
/* The ended child's status (wait4's word): its pid, or -ECHILD. */
long mmode_wait4(long pid, int *status);
/* MMODE_CHILD_PID while a child runs, else MMODE_PARENT_PID. */
long mmode_getpid(void);
/* Whether a child runs. */
int mmode_in_child(void);
/* End the running child with wait4's STATUS; back in the parent's fork(). */
__noreturn void mmode_child_exit(int status);
/*
 * From the trap report: mret into the child's end, on a stack of its
 * own, as mmode_child_exit(STATUS) would. Returns (does nothing) when
 * no child runs.
 */
void mmode_child_fault(int status);
/* alarm(SECONDS) in the child: SIGALRM when it runs that long (CLINT). */
long mmode_alarm(long seconds);
/* The machine timer interrupt: the child's alarm; 1 if it was one. */
int mmode_timer(uintptr_t cause);

#endif /* _SSPKIT_RISCV_ASM_FORK_MMODE_H */
