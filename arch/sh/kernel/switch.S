/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sh4 task switch (SH Linux ABI).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    r4               r5             r6
 *
 * Callee-saved: r8-r14 (r14 the frame pointer), pr (the return address)
 * and r15 (sp). gbr and the FPU's fr12-fr15 are not saved: sspkit uses
 * neither TLS nor floating point.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.p2align 2
__switch_to:
	mov.l	r8, @-r15		/* save prev's registers ... */
	mov.l	r9, @-r15
	mov.l	r10, @-r15
	mov.l	r11, @-r15
	mov.l	r12, @-r15
	mov.l	r13, @-r15
	mov.l	r14, @-r15
	sts.l	pr, @-r15		/* ... on its stack */
	mov.l	r15, @r4		/* *prev_sp = r15 */
	mov	r5, r15			/* r15 = next_sp */
	tst	r6, r6			/* T = (entry == NULL) */
	bf	1f			/* a new task: call entry */
	lds.l	@r15+, pr		/* restore next's registers ... */
	mov.l	@r15+, r14
	mov.l	@r15+, r13
	mov.l	@r15+, r12
	mov.l	@r15+, r11
	mov.l	@r15+, r10
	mov.l	@r15+, r9
	rts				/* return into next ... */
	 mov.l	@r15+, r8		/* (delay slot) ... with its r8 */
1:	jsr	@r6			/* entry() never returns */
	 mov	#0, r14			/* (delay slot) outermost frame */
	mov	#0, r1			/* it returned: fault on a load */
	mov.l	@r1, r0			/* from address 0 */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",%progbits
