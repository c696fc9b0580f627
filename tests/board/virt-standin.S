/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Broken stand-ins for a virt board image (tests/board/virt-standins.t),
 * linked at 0x80000000 for qemu-system-riscv64 -bios none. Each is what
 * a broken image could do, and none may be counted as a caught smash:
 *   TRAP           prints a caught smash's line through semihosting,
 *                  then takes an illegal instruction with no trap
 *                  vector (mtvec 0): QEMU traps forever, never exits
 *   NOSEMIHOSTING  an ebreak without semihosting's markers: a
 *                  breakpoint trap, again with nowhere to go
 *   HANG           prints a caught smash's line, then spins
 */
	.option	norelax
	.option	norvc
	.text
	.globl	_start
_start:
	li	sp, 0x80100000
#ifdef STANDIN_NOSEMIHOSTING
	ebreak				/* no markers: a breakpoint */
#else
	li	a0, 0x04		/* SYS_WRITE0 */
	la	a1, line
	.balign	16
	slli	x0, x0, 0x1f
	ebreak
	srai	x0, x0, 7
#endif
#ifdef STANDIN_TRAP
	.word	0			/* an illegal instruction */
#endif
1:	j	1b

	.section .rodata
line:	.asciz	"stack-protector: stack smashing detected at 0x0000000080000000, aborting\n"
	.section .note.GNU-stack, "", @progbits
