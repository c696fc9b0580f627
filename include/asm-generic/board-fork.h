/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fork() on a bare-metal board, as lib/semihosting.c calls it: the names
 * an arch's <asm/board-fork.h> gives. This one is for a board without a
 * checkpoint fork (a new board, until it has one): one program, pid 1, and fork,
 * wait4 and alarm fail with -ENOSYS, as an older kernel's would.
 */
#ifndef _SSPKIT_ASM_GENERIC_BOARD_FORK_H
#define _SSPKIT_ASM_GENERIC_BOARD_FORK_H

#include <sspkit/compiler.h>

#define BOARD_PARENT_PID	1
#define BOARD_CHILD_PID		2

static inline long board_fork(void) { return -38; }
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

#endif /* _SSPKIT_ASM_GENERIC_BOARD_FORK_H */
