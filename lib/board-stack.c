// SPDX-License-Identifier: GPL-2.0
/*
 * CONFIG_STACK_PAINT's main and exception stacks of a bare-metal board
 * (<sspkit/board-stack.h>): painted at reset, as kernel/task.c paints a
 * task's, and reported at the end. Built without stack protection
 * (lib/Makefile): the painting runs at reset, before the guard is set.
 */
#include <stddef.h>
#include <stdint.h>
#include <sspkit/board-stack.h>
#include <sspkit/board-report.h>

#define STACK_PAINT_BYTE	0xa5	/* kernel/task.c's */

/*
 * What is left unpainted below the painting function's own local: its
 * frame, which is below that local by less than this, and nothing else
 * (the main stack's bytes below sp are free at reset).
 */
#define PAINT_GAP		128

/* From the board's linker script. */
extern unsigned char __stack_top[], __heap_end[];

static const struct board_stack main_stack = { "main", __heap_end, __stack_top };

/*
 * No call: a callee's frame would be below this one, in the bytes being
 * painted. The volatile stores keep the loops from becoming memset().
 */
void board_stacks_paint(void)
{
	volatile unsigned char here = 0;
	uintptr_t limit = (uintptr_t)&here - PAINT_GAP;
	volatile unsigned char *p = board_exception_stack.bottom;

	while (p < board_exception_stack.top)
		*p++ = STACK_PAINT_BYTE;
	for (p = main_stack.bottom; (uintptr_t)p < limit; p++)
		*p = STACK_PAINT_BYTE;
}

/* Bytes below the top that were written: the lowest that changed. */
static size_t stack_used(const struct board_stack *s)
{
	const volatile unsigned char *p = s->bottom;

	while (p < s->top && *p == STACK_PAINT_BYTE)
		p++;
	return (size_t)(s->top - p);
}

/* N in decimal, in NUM (24 bytes): its first digit. */
static const char *decimal(char num[24], size_t n)
{
	char *p = num + 23;

	*p = '\0';
	do
		*--p = (char)('0' + n % 10);
	while (n /= 10);
	return p;
}

/* LINE (96 bytes) with S after its LEN bytes: its new length. */
static size_t put(char line[96], size_t len, const char *s)
{
	while (*s && len < 95)
		line[len++] = *s++;
	return len;
}

/*
 * "stack-usage: NAME USED SIZE" of S, written straight to the host
 * (standard error, as the board's fatal report): the C library's buffer
 * may be flushed for the last time already, and a write through the
 * system calls would make the end of the program (semihosting.c) a
 * recursion of its own.
 */
static void report(const struct board_stack *s, size_t used)
{
	char line[96], num[24];
	size_t len = put(line, 0, "stack-usage: ");

	len = put(line, len, s->name);
	len = put(line, len, " ");
	len = put(line, len, decimal(num, used));
	len = put(line, len, " ");
	len = put(line, len, decimal(num, (size_t)(s->top - s->bottom)));
	len = put(line, len, "\n");
	board_report_msg(line, len);
}

/* Both measured first: the report's own frames are not the program's. */
void board_stacks_report(void)
{
	size_t main_used = stack_used(&main_stack);
	size_t exc_used = stack_used(&board_exception_stack);

	report(&main_stack, main_used);
	report(&board_exception_stack, exc_used);
}
