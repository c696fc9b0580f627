/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 task switch (SysV AMD64 ABI).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    rdi              rsi            rdx
 *
 * Callee-saved: rbx, rbp, r12-r15 (and rsp). The return address is the
 * top of the saved frame, so "ret" resumes the next task where it called
 * __switch_to. The x87/SSE control words are left alone: sspkit has no
 * floating point. A new task's stack (next_sp) is 16-byte aligned, so
 * "call *entry" leaves it as the ABI wants at a function's entry.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.p2align 4
__switch_to:
	push	%rbp			/* save prev's callee-saved ... */
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15			/* ... registers on its stack */
	mov	%rsp, (%rdi)		/* *prev_sp = rsp */
	mov	%rsi, %rsp		/* rsp = next_sp */
	test	%rdx, %rdx
	jnz	1f			/* a new task: call entry */
	pop	%r15			/* restore next's registers ... */
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp			/* ... */
	ret				/* and return into next */
1:	xor	%ebp, %ebp		/* outermost frame: no caller */
	call	*%rdx			/* entry() never returns */
	ud2				/* fault if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack, "", @progbits
