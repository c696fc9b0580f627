// SPDX-License-Identifier: GPL-2.0
/*
 * <asm/fork-v7m.h> for the early-boot stage on an ARMv7-M board, which
 * has one program and no child: the fault handlers and the vector table
 * it shares with the board's image (head-v7m.c) find no child to end and
 * no alarm. (<sspkit/board-fork.h>'s stubs stand for the rest of the
 * fork: head-v7m.c and semihosting.c build without HAVE_BOARD_FORK.)
 */
#include <asm/fork-v7m.h>

/* No child runs, so a fault ends the stage. */
void v7m_child_fault(int status)
{
	(void)status;
}

/* The stage never starts SysTick. */
void v7m_systick(void)
{
}
