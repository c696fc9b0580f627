/* SPDX-License-Identifier: GPL-2.0 */
/*
 * i386 task switch (SysV i386 ABI: arguments on the stack).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    4(%esp)          8(%esp)        12(%esp)
 *
 * Callee-saved: ebx, esi, edi, ebp (and esp). The return address is the
 * top of the saved frame, so "ret" resumes the next task where it called
 * __switch_to. A new task's stack is 16-byte aligned for "call *entry".
 * The x87 control word is left alone: sspkit has no floating point.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.p2align 4
__switch_to:
	mov	4(%esp), %eax		/* eax = prev_sp */
	mov	8(%esp), %edx		/* edx = next_sp */
	mov	12(%esp), %ecx		/* ecx = entry */
	push	%ebp			/* save prev's callee-saved ... */
	push	%ebx
	push	%esi
	push	%edi			/* ... registers on its stack */
	mov	%esp, (%eax)		/* *prev_sp = esp */
	mov	%edx, %esp		/* esp = next_sp */
	test	%ecx, %ecx
	jnz	1f			/* a new task: call entry */
	pop	%edi			/* restore next's registers ... */
	pop	%esi
	pop	%ebx
	pop	%ebp			/* ... */
	ret				/* and return into next */
1:	xor	%ebp, %ebp		/* outermost frame: no caller */
	call	*%ecx			/* entry() never returns */
	ud2				/* fault if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack, "", @progbits
