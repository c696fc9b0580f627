/* SPDX-License-Identifier: GPL-2.0 */
/*
 * long semihosting_call(long op, const void *arg): a0 = op, a1 = arg,
 * the result in a0 (<asm/semihosting.h>).
 *
 * QEMU takes an ebreak as a semihosting call only between these two
 * marker instructions, all three 32-bit and on the same page: aligned to
 * 16 bytes, they cannot straddle one. Assembled without compressed
 * instructions and without linker relaxation (which would move the
 * sequence, and whose alignment relocation ld.lld 14 rejects).
 */
	.option	norelax
	.option	norvc
	.section .text.semihost, "ax", @progbits
	.balign	16
	.globl	semihosting_call
	.type	semihosting_call, @function
semihosting_call:
	slli	x0, x0, 0x1f		/* entry marker */
	ebreak				/* the call */
	srai	x0, x0, 7		/* exit marker */
	ret
	.size	semihosting_call, . - semihosting_call

	.section .note.GNU-stack, "", @progbits
