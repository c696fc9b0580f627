// SPDX-License-Identifier: GPL-2.0
/*
 * A bare-metal board's fatal report and end (<sspkit/board-report.h>):
 * one copy of what the fault handlers of each arch and the board's fork
 * write on standard error before they end the program.
 *
 * The report may run because an overrun rewrote .bss (lib/semihosting.c's
 * cached ":tt" handle among it) or the stack, or because the guard's own
 * code faults. So it trusts no static data but its constant strings,
 * opens ":tt" afresh each time, calls nothing but semihosting, and this
 * object is built without stack protection (lib/Makefile). Its loops
 * copy byte by byte into a buffer of unknown length, none of the forms a
 * compiler turns into a memcpy()/memset() call, which would be
 * lib/string.c's protected code.
 */
#include <asm/semihosting.h>
#include <sspkit/board-report.h>

/* Where a report line is built: the longest, riscv's, is about 110 bytes. */
#define REPORT_MAX	160

struct line {
	char *p, *end;
};

/* Appends S, as much as fits. */
static void put_str(struct line *l, const char *s)
{
	while (*s && l->p < l->end)
		*l->p++ = *s++;
}

/* Appends "LABEL=0x" and V in all its hex digits, as much as fits. */
static void put_word(struct line *l, const char *label, uintptr_t v)
{
	unsigned int shift = 8 * sizeof(v);

	put_str(l, label);
	put_str(l, "=0x");
	while (shift && l->p < l->end) {
		shift -= 4;
		*l->p++ = "0123456789abcdef"[(v >> shift) & 0xf];
	}
}

void board_report(const char *what, const char *const labels[],
		  const uintptr_t values[], unsigned int n)
{
	char msg[REPORT_MAX];
	struct line l = { msg, msg + sizeof(msg) };
	unsigned int i;

	put_str(&l, "board: ");
	put_str(&l, what);
	for (i = 0; i < n; i++) {
		put_str(&l, i == 0 ? " at " : i == 1 ? " (" : ", ");
		put_word(&l, labels[i], values[i]);
	}
	put_str(&l, n > 1 ? ")\n" : "\n");
	/* A line cut short still ends in a newline. */
	if (l.p == l.end)
		l.p[-1] = '\n';
	board_report_msg(msg, (size_t)(l.p - msg));
}

void board_report_msg(const char *msg, size_t len)
{
	static const char tt[] = ":tt";
	/* "a": standard error (<asm-generic/semihosting.h>) */
	long block[3] = { (long)tt, SH_OPEN_A, (long)(sizeof(tt) - 1) };

	block[0] = semihosting_call(SYS_OPEN, block);
	if (block[0] < 0)
		return;
	block[1] = (long)msg;
	block[2] = (long)len;
	semihosting_call(SYS_WRITE, block);
}

__noreturn void board_end(long status)
{
	long block[2] = { ADP_Stopped_ApplicationExit, status };

	semihosting_call(SYS_EXIT_EXTENDED, block);
	/*
	 * The host ends the program here. Should the call return all the
	 * same, wait where run-board's time limit counts a failure: a
	 * plain loop, since lib/ has no arch's wait instruction to idle
	 * the core with (the host's CPU is all it costs), and a constant
	 * controlling expression keeps C11 from assuming that it ends.
	 */
	for (;;)
		;
}
