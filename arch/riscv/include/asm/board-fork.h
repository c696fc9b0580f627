/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The virt board's checkpoint fork (arch/riscv/kernel/fork-mmode.c) under
 * the names lib/semihosting.c calls (<asm-generic/board-fork.h> has them
 * for a board without one).
 */
#ifndef _SSPKIT_RISCV_ASM_BOARD_FORK_H
#define _SSPKIT_RISCV_ASM_BOARD_FORK_H

#include <asm/fork-mmode.h>

#define BOARD_PARENT_PID	MMODE_PARENT_PID
#define BOARD_CHILD_PID		MMODE_CHILD_PID
#define board_fork		mmode_fork
#define board_wait4		mmode_wait4
#define board_getpid		mmode_getpid
#define board_in_child		mmode_in_child
#define board_child_exit	mmode_child_exit
#define board_alarm		mmode_alarm

#endif /* _SSPKIT_RISCV_ASM_BOARD_FORK_H */
