/* SPDX-License-Identifier: GPL-2.0 */
/*
 * __switch_to for ARMv7-M (Thumb-2, no FPU on the Cortex-M3): the same
 * contract as arch/arm/kernel/switch.S.
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void))
 *
 * Saves the callee-saved registers and lr on the current stack, stores sp
 * in *prev_sp, switches to next_sp; then either restores the next task's
 * registers and returns into it, or, for a new task (entry != NULL),
 * calls entry on its fresh stack with the frame pointer cleared.
 */
	.syntax	unified
	.thumb
	.text
	.globl	__switch_to
	.type	__switch_to, %function
	.p2align 2
	.thumb_func
__switch_to:
	push	{r4-r11, lr}		/* save prev's registers */
	str	sp, [r0]		/* *prev_sp = sp */
	mov	sp, r1			/* sp = next_sp */
	cbnz	r2, 1f			/* a new task: call entry */
	pop	{r4-r11, pc}		/* return into next */
1:	movs	r7, #0			/* Thumb frame pointer = 0 */
	blx	r2			/* entry() never returns */
	udf	#0			/* fault if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",%progbits
