// SPDX-License-Identifier: GPL-2.0
/*
 * Reset of the arm early-boot stage on an ARMv7-M board: the board's own
 * vector table, reset path and fault handlers (arch/arm/kernel/head-v7m.c
 * has the reasoning), with the stage's C entry in place of
 * __sspkit_start, as head.S does on Linux user space. Reset hands the
 * entry the semihosting command line as argc/argv.
 *
 * The board's fork() is not part of the stage: <sspkit/board-fork.h>'s
 * stubs for a board without one stand for lib/board-fork.c, as in the
 * stage's semihosting.c, and nofork-v7m.c for the arch's part.
 * Nor are the painted stacks (CONFIG_STACK_PAINT): the image the stage
 * starts paints and reports its own.
 * Declared exempt in the Makefile, as the board's own head-v7m.o is.
 */
#undef CONFIG_HAVE_BOARD_FORK
#undef CONFIG_STACK_PAINT
#define ENTRY_C	zimage_entry
#include "../../kernel/head-v7m.c"
