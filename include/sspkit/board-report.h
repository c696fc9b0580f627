/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A bare-metal board's fatal report and end (lib/board-report.c): the
 * one line a fault handler or the board's fork writes on the host's
 * standard error through semihosting, and the status the program ends
 * with. The arch's handlers (arch/arm/kernel/head-v7m.c,
 * arch/riscv/kernel/trap-mmode.c) read their own registers and name the
 * exception; the writing and the ending are the same on every board.
 *
 * Everything here may run after an overrun rewrote .bss, .data or the
 * stack's frames, or because the guard's own code faults: it keeps no
 * state, calls nothing but semihosting, and is built without stack
 * protection (lib/Makefile).
 */
#ifndef _SSPKIT_BOARD_REPORT_H
#define _SSPKIT_BOARD_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <sspkit/compiler.h>

/*
 * An entry of an arch's table of exceptions, by number: what the report
 * calls it, and the signal Linux sends for it; the program (or the
 * board's fork's child) ends with 128 + that signal, as the shell says it.
 */
struct board_exception {
	const char *name;
	int signal;
};

/*
 * "board: WHAT at L0=0x... (L1=0x..., L2=0x...)\n" on standard error, for
 * N labels LABELS ("pc", "mcause") and their VALUES: each value in all
 * its hex digits (8 on a 32-bit board, 16 on rv64), the words after the
 * first in parentheses; "board: WHAT\n" for none. Tests and users grep
 * the form. The labels apart from the values so that a handler keeps
 * them in a constant table and fills in words only: a local aggregate
 * with constant parts may be initialised by a memcpy() call.
 */
void board_report(const char *what, const char *const labels[],
		  const uintptr_t values[], unsigned int n);

/* LEN bytes of MSG on standard error, through a ":tt" opened afresh. */
void board_report_msg(const char *msg, size_t len);

/* The program ends with STATUS (qemu-system exits with it). */
__noreturn void board_end(long status);

#endif /* _SSPKIT_BOARD_REPORT_H */
