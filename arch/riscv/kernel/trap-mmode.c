// SPDX-License-Identifier: GPL-2.0
/*
 * A machine-mode board's C entry and trap report (CONFIG_RISCV_M_MODE).
 *
 * The whole object is declared exempt from stack protection
 * (arch/riscv/kernel/Makefile): mmode_start runs before the guard has its
 * value, and a trap may come from an overrun stack, or from the guard's
 * own code, so the report uses nothing outside this object but
 * lib/board-report.c, declared exempt too, and the semihosting call.
 */
#include <stdint.h>
#include <asm/fork-mmode.h>
#include <asm/semihosting.h>
#include <sspkit/board-report.h>
#include <sspkit/board-stack.h>
#include <sspkit/compiler.h>

__noreturn void __sspkit_start(long *sp);
__noreturn void mmode_start(void);
__noreturn void mmode_trap(uintptr_t cause, uintptr_t epc, uintptr_t tval,
			   uintptr_t sp);

/* From the board's linker script: the trap stack, above the main one. */
extern unsigned char __stack_top[], __trap_stack_top[];

/* CONFIG_STACK_PAINT's name for it (<sspkit/board-stack.h>). */
const struct board_stack board_exception_stack = {
	"trap", __stack_top, __trap_stack_top,
};

/* From head-mmode.S: the command line, as Linux would leave it. */
__noreturn void mmode_start(void)
{
	board_stacks_paint();
	__sspkit_start(semihosting_boot_args());
}

/* The exceptions by number (mcause), as the report names them. */
static const struct board_exception mmode_exceptions[] = {
	[0] = { "instruction address misaligned", 7 },
	[1] = { "instruction access fault", 11 },
	[2] = { "illegal instruction", 4 },
	[3] = { "breakpoint", 5 },
	[4] = { "load address misaligned", 7 },
	[5] = { "load access fault", 11 },
	[6] = { "store address misaligned", 7 },
	[7] = { "store access fault", 11 },
	[11] = { "environment call", 31 },
};

#define NR_EXCEPTIONS	(sizeof(mmode_exceptions) / sizeof(mmode_exceptions[0]))
#define CAUSE_INTERRUPT	((uintptr_t)1 << (8 * sizeof(uintptr_t) - 1))

/*
 * "board: illegal instruction at pc=0x... (mcause=0x..., mtval=0x...,
 * sp=0x...)" on standard error (lib/board-report.c, unprotected and
 * trusting no static data), then the status: never 0, never a caught
 * smash's 134. A trap while reporting (an ebreak that no
 * debugger takes: semihosting is off) ends in a loop that run-board's
 * time limit counts as a failure. In a child of the board's fork
 * (fork-mmode.c) the child ends with the signal's status instead, and
 * the program goes on; the child's alarm ends it quietly.
 */
__noreturn void mmode_trap(uintptr_t cause, uintptr_t epc, uintptr_t tval,
			   uintptr_t sp)
{
	static const char *const labels[] = { "pc", "mcause", "mtval", "sp" };
	static volatile int reporting;
	const char *name = "interrupt";
	int signal = 14;
	uintptr_t words[4];

	mmode_timer(cause);
	while (reporting)
		__asm__ __volatile__ ("wfi");
	reporting = 1;
	if (!(cause & CAUSE_INTERRUPT)) {
		name = "exception";
		signal = 11;
		if (cause < NR_EXCEPTIONS && mmode_exceptions[cause].name) {
			name = mmode_exceptions[cause].name;
			signal = mmode_exceptions[cause].signal;
		}
	}
	words[0] = epc;
	words[1] = cause;
	words[2] = tval;
	words[3] = sp;
	board_report(name, labels, words, 4);
	mmode_child_fault(signal);
	board_end(128 + signal);
}
