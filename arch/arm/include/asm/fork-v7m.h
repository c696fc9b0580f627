/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The ARMv7-M board's checkpoint fork beyond <sspkit/board-fork.h>: what
 * its fault handlers and vector table (arch/arm/kernel/head-v7m.c) call
 * in arch/arm/kernel/fork-v7m.c.
 */
#ifndef _SSPKIT_ARM_ASM_FORK_V7M_H
#define _SSPKIT_ARM_ASM_FORK_V7M_H

/*
 * From a fault handler, the child's fault its only active exception:
 * return from it into the parent as board_child_exit(STATUS) would.
 * Returns (does nothing) when that is not so.
 */
void v7m_child_fault(int status);
/* The SysTick exception: the child's alarm. */
void v7m_systick(void);

#endif /* _SSPKIT_ARM_ASM_FORK_V7M_H */
