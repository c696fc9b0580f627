/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fork() on an ARMv7-M board (arch/arm/kernel/fork-v7m.c): a checkpoint
 * of the program's RAM, undone when the child ends, so that the child
 * runs and the parent continues as after a Linux fork() and wait4().
 * The system-call layer (lib/semihosting.c, through <asm/board-fork.h>) routes fork, wait4,
 * getpid, kill and exit_group here, and the fault handlers
 * (arch/arm/kernel/head-v7m.c) end a child that faults.
 */
#ifndef _SSPKIT_ARM_ASM_FORK_V7M_H
#define _SSPKIT_ARM_ASM_FORK_V7M_H

#include <sspkit/compiler.h>

/* The program's pid, and its child's while one runs. */
#define V7M_PARENT_PID	1
#define V7M_CHILD_PID	2

/* At reset, before anything forks. */
void v7m_fork_init(void);
/* 0 in the child, its pid in the parent once it has ended, or -errno. */
long v7m_fork(void);
/* The ended child's status (wait4's word): its pid, or -ECHILD. */
long v7m_wait4(long pid, int *status);
/* V7M_CHILD_PID while a child runs, else V7M_PARENT_PID. */
long v7m_getpid(void);
/* Whether a child runs. */
int v7m_in_child(void);
/* End the running child with wait4's STATUS; back in the parent's fork(). */
__noreturn void v7m_child_exit(int status);
/*
 * From a fault handler, the child's fault its only active exception:
 * return from it into the parent as v7m_child_exit(STATUS) would.
 * Returns (does nothing) when that is not so.
 */
void v7m_child_fault(int status);
/* alarm(SECONDS) in the child: SIGALRM when it runs that long (SysTick). */
long v7m_alarm(long seconds);
/* The SysTick exception: the child's alarm. */
void v7m_systick(void);

#endif /* _SSPKIT_ARM_ASM_FORK_V7M_H */
