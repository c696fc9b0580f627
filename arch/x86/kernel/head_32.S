/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for i386.
 *
 * On entry the kernel leaves esp pointing at argc, followed by argv[],
 * NULL, envp[], NULL, auxv.  edx may hold an rtld_fini pointer for
 * dynamic programs; a static program has none.
 *
 * i386 SysV (as gcc uses it on Linux): arguments on the stack, and esp
 * 16-byte aligned at the call instruction, i.e. (esp + 4) % 16 == 0
 * inside the callee.  The frame chain ends with ebp = 0.
 * The call is pc-relative and we need no GOT, so this works in PIE and
 * non-PIE images.
 */

	.text
	.globl	_start
	.type	_start, @function
	.p2align 4
_start:
	xorl	%ebp, %ebp		/* outermost frame: fp = 0 */
	movl	%esp, %eax		/* eax = sp: argc, argv, ... */
	andl	$-16, %esp		/* 16-byte aligned ... */
	subl	$12, %esp		/* ... once the argument is pushed */
	pushl	%eax			/* arg0: long *sp */
	call	__sspkit_start		/* void __sspkit_start(long *sp) */
1:	ud2				/* it returned: trap ... */
	jmp	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",@progbits
