/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mips task switch (o32, built -mno-abicalls: $gp is the same for every
 * task and is not saved).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    $a0              $a1            $a2
 *
 * Callee-saved: $s0-$s7, $fp, $ra (the return address), $sp. The FPU's
 * $f20-$f30 are not saved: sspkit has no floating point, and gcc keeps
 * no integers in FPU registers on mips. A new task gets the 16-byte
 * argument save area o32 callers owe their callee.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.ent	__switch_to
	.p2align 2
__switch_to:
	.set	noreorder		/* delay slots are filled by hand */
	addiu	$sp, $sp, -40		/* save prev's registers ... */
	sw	$s0, 0($sp)
	sw	$s1, 4($sp)
	sw	$s2, 8($sp)
	sw	$s3, 12($sp)
	sw	$s4, 16($sp)
	sw	$s5, 20($sp)
	sw	$s6, 24($sp)
	sw	$s7, 28($sp)
	sw	$fp, 32($sp)
	sw	$ra, 36($sp)		/* ... on its stack */
	sw	$sp, 0($a0)		/* *prev_sp = sp */
	bnez	$a2, 1f			/* a new task: call entry */
	 move	$sp, $a1		/* (delay slot) sp = next_sp */
	lw	$s0, 0($sp)		/* restore next's registers ... */
	lw	$s1, 4($sp)
	lw	$s2, 8($sp)
	lw	$s3, 12($sp)
	lw	$s4, 16($sp)
	lw	$s5, 20($sp)
	lw	$s6, 24($sp)
	lw	$s7, 28($sp)
	lw	$fp, 32($sp)
	lw	$ra, 36($sp)		/* ... */
	jr	$ra			/* and return into next */
	 addiu	$sp, $sp, 40		/* (delay slot) pop the frame */
1:	move	$fp, $zero		/* outermost frame: fp = 0 */
	addiu	$sp, $sp, -16		/* argument save area for entry */
	move	$t9, $a2		/* callee address in $t9, as o32 wants */
	jalr	$t9			/* entry() never returns */
	 nop				/* (delay slot) */
	break				/* fault if it ever does */
	.set	reorder
	.end	__switch_to
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",@progbits
