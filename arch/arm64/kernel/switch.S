/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 task switch (AAPCS64).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    x0               x1             x2
 *
 * Callee-saved: x19-x28, x29 (fp), x30 (lr, the return address), sp, and
 * the low halves of v8-v15 (d8-d15: gcc spills integers there). The
 * 160-byte frame keeps sp 16-byte aligned, as the architecture checks.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, %function
	.p2align 2
__switch_to:
	stp	x29, x30, [sp, #-160]!	/* save prev's registers ... */
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]	/* ... on its stack */
	mov	x9, sp
	str	x9, [x0]		/* *prev_sp = sp */
	mov	sp, x1			/* sp = next_sp */
	cbnz	x2, 1f			/* a new task: call entry */
	ldp	d14, d15, [sp, #144]	/* restore next's registers ... */
	ldp	d12, d13, [sp, #128]
	ldp	d10, d11, [sp, #112]
	ldp	d8, d9, [sp, #96]
	ldp	x27, x28, [sp, #80]
	ldp	x25, x26, [sp, #64]
	ldp	x23, x24, [sp, #48]
	ldp	x21, x22, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #160	/* ... */
	ret				/* and return into next */
1:	mov	x29, xzr		/* outermost frame: fp = 0 */
	mov	x30, xzr		/* and lr = 0 */
	blr	x2			/* entry() never returns */
	brk	#0			/* fault if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",%progbits
