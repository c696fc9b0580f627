/* SPDX-License-Identifier: GPL-2.0 */
/*
 * m68k task switch (SysV m68k ABI: arguments on the stack).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    4(%sp)           8(%sp)         12(%sp)
 *
 * Callee-saved: d2-d7, a2-a6 (a6 the frame pointer) and sp; the return
 * address is the top of the saved frame, so "rts" resumes the next task
 * where it called __switch_to. fp2-fp7 are not saved: sspkit has no
 * floating point.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.p2align 2
__switch_to:
	move.l	4(%sp), %a0		/* a0 = prev_sp */
	move.l	8(%sp), %a1		/* a1 = next_sp */
	move.l	12(%sp), %d0		/* d0 = entry */
	movem.l	%d2-%d7/%a2-%a6, -(%sp)	/* save prev's registers */
	move.l	%sp, (%a0)		/* *prev_sp = sp */
	move.l	%a1, %sp		/* sp = next_sp */
	tst.l	%d0
	jne	1f			/* a new task: call entry */
	movem.l	(%sp)+, %d2-%d7/%a2-%a6	/* restore next's registers */
	rts				/* and return into next */
1:	sub.l	%fp, %fp		/* outermost frame: fp = 0 */
	move.l	%d0, %a0
	jsr	(%a0)			/* entry() never returns */
	illegal				/* trap if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",@progbits
