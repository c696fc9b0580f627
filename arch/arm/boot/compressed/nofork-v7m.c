// SPDX-License-Identifier: GPL-2.0
/*
 * <asm/fork-v7m.h> for the early-boot stage on an ARMv7-M board, which
 * has one program and no child: the reset path and the system calls it
 * shares with the board's image (head-v7m.c, semihosting.c) find no fork
 * to initialise, no child to end or to wait for, and the stage's pid.
 */
#include <asm/fork-v7m.h>
#include <asm-generic/syscall-semihosting.h>
#include "misc.h"

void v7m_fork_init(void)
{
}

long v7m_fork(void)
{
	return -ENOSYS;
}

long v7m_wait4(long pid, int *status)
{
	(void)pid;
	(void)status;
	return -10;	/* ECHILD */
}

long v7m_getpid(void)
{
	return V7M_PARENT_PID;
}

int v7m_in_child(void)
{
	return 0;
}

/* No child runs (v7m_in_child()), so nothing calls these. */
__noreturn void v7m_child_exit(int status)
{
	(void)status;
	error("zImage: no child to end: the stage has no fork");
}

void v7m_child_fault(int status)
{
	(void)status;
}

long v7m_alarm(long seconds)
{
	(void)seconds;
	return -ENOSYS;
}

/* The stage never starts SysTick. */
void v7m_systick(void)
{
}
