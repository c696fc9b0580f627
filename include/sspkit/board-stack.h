/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CONFIG_STACK_PAINT on a bare-metal board (lib/board-stack.c): the
 * board's main stack and its exception stack are painted at reset and
 * reported when the program ends, one line each, as a task's are
 * (kernel/task.c): "stack-usage: NAME USED SIZE" (bytes).
 *
 *   main    from the board's __stack_top down to __heap_end (the linker
 *           script's): where the reset path, main() and an interrupt on
 *           them run (checkstack's "entry" root)
 *   NAME    the arch's exception stack, board_exception_stack: the MPS2
 *           board's "fault" stack, the RISC-V board's "trap" stack
 *           (checkstack's "stack" root)
 */
#ifndef _SSPKIT_BOARD_STACK_H
#define _SSPKIT_BOARD_STACK_H

#include <sspkit/kconfig.h>

struct board_stack {
	const char *name;
	unsigned char *bottom, *top;
};

/* The arch's (arch/arm/kernel/head-v7m.c, arch/riscv/kernel/trap-mmode.c). */
extern const struct board_stack board_exception_stack;

#if IS_ENABLED(CONFIG_STACK_PAINT)
/* At reset: the exception stack, and the main stack below the caller's
 * frame, filled with the paint. Calls nothing: the guard is not set. */
void board_stacks_paint(void);
/* At the end: each stack's line, on standard error. */
void board_stacks_report(void);
#else
static inline void board_stacks_paint(void) { }
static inline void board_stacks_report(void) { }
#endif

#endif /* _SSPKIT_BOARD_STACK_H */
