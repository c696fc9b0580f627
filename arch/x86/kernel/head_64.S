/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 program entry. The kernel starts us with rsp pointing at argc,
 * followed by argv[], NULL, envp[], NULL and the auxiliary vector.
 */
	.text
	.globl	_start
	.type	_start, @function
_start:
	xor	%ebp, %ebp		/* outermost frame: no caller */
	mov	%rsp, %rdi		/* arg 1: &argc */
	and	$-16, %rsp		/* ABI: 16-byte aligned at call */
	call	__sspkit_start		/* never returns */
	hlt				/* fault if it ever does */
	.size	_start, . - _start

	.section .note.GNU-stack, "", @progbits
