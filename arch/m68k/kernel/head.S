/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for m68k (680x0 with MMU).
 *
 * On entry the kernel leaves sp (a7) pointing at argc, followed by
 * argv[], NULL, envp[], NULL, auxv.
 *
 * m68k SysV calling convention: arguments on the stack, the first one at
 * 4(sp) once inside the callee; sp is only required to be 2-byte aligned,
 * we align it to 4.  The frame chain ends with a6 (fp) = 0.
 * The call is pc-relative ("bsr.l", 68020+), so this works in PIE and
 * non-PIE images.
 */

	.text
	.globl	_start
	.type	_start, @function
	.p2align 2
_start:
	sub.l	%fp, %fp		/* outermost frame: fp = 0 */
	move.l	%sp, %a0		/* a0 = sp: argc, argv, ... */
	move.l	%sp, %d0
	and.l	#-4, %d0		/* 4-byte aligned sp */
	move.l	%d0, %sp
	move.l	%a0, -(%sp)		/* arg0: long *sp */
	bsr.l	__sspkit_start		/* void __sspkit_start(long *sp) */
1:	illegal				/* it returned: trap ... */
	bra.s	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",@progbits
