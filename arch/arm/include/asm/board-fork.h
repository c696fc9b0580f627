/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The MPS2's checkpoint fork (arch/arm/kernel/fork-v7m.c) under the names
 * lib/semihosting.c calls (<asm-generic/board-fork.h> has them for a
 * board without one).
 */
#ifndef _SSPKIT_ARM_ASM_BOARD_FORK_H
#define _SSPKIT_ARM_ASM_BOARD_FORK_H

#include <asm/fork-v7m.h>

#define BOARD_PARENT_PID	V7M_PARENT_PID
#define BOARD_CHILD_PID		V7M_CHILD_PID
#define board_fork		v7m_fork
#define board_wait4		v7m_wait4
#define board_getpid		v7m_getpid
#define board_in_child		v7m_in_child
#define board_child_exit	v7m_child_exit
#define board_alarm		v7m_alarm

#endif /* _SSPKIT_ARM_ASM_BOARD_FORK_H */
