/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The machine-mode RISC-V board's checkpoint fork beyond
 * <sspkit/board-fork.h>: what its trap report
 * (arch/riscv/kernel/trap-mmode.c) calls in arch/riscv/kernel/fork-mmode.c.
 */
#ifndef _SSPKIT_RISCV_ASM_FORK_MMODE_H
#define _SSPKIT_RISCV_ASM_FORK_MMODE_H

#include <stdint.h>

/*
 * From the trap report: mret into the child's end, on a stack of its
 * own, as board_child_exit(STATUS) would. Returns (does nothing) when
 * no child runs.
 */
void mmode_child_fault(int status);
/* The machine timer interrupt: the child's alarm; 1 if it was one. */
int mmode_timer(uintptr_t cause);

#endif /* _SSPKIT_RISCV_ASM_FORK_MMODE_H */
