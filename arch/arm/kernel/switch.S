/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm task switch (AAPCS, hard-float EABI), assembled as ARM code; "bl"
 * from Thumb code reaches it through the linker's interworking.
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    r0               r1             r2
 *
 * Callee-saved: r4-r11, lr (the return address), sp, and the VFP d8-d15
 * (gcc may keep integers there under register pressure). A new task's
 * stack is 16-byte aligned, more than AAPCS's 8 at a call.
 */
	.syntax	unified
	.arm
	.fpu	vfpv3-d16
	.text
	.globl	__switch_to
	.type	__switch_to, %function
	.p2align 2
__switch_to:
	push	{r4-r11, lr}		/* save prev's core registers ... */
	vpush	{d8-d15}		/* ... and its VFP ones */
	str	sp, [r0]		/* *prev_sp = sp */
	mov	sp, r1			/* sp = next_sp */
	cmp	r2, #0
	bne	1f			/* a new task: call entry */
	vpop	{d8-d15}		/* restore next's registers ... */
	pop	{r4-r11, pc}		/* ... and return into next */
1:	mov	r7, #0			/* Thumb frame pointer = 0 */
	mov	r11, #0			/* ARM frame pointer = 0 */
	blx	r2			/* entry() never returns */
	udf	#0			/* fault if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",%progbits
