/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv64 task switch (LP64D psABI).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    a0               a1             a2
 *
 * Callee-saved: ra (the return address), s0-s11 (s0 the frame pointer),
 * sp. fs0-fs11 are not saved: sspkit has no floating point and gcc keeps
 * no integers in FP registers. gp is the image's, tp the guard's or
 * nobody's: neither is saved here. The 112-byte frame keeps sp 16-byte
 * aligned.
 */
	.text
	.globl	__switch_to
	.type	__switch_to, @function
__switch_to:
	addi	sp, sp, -112		/* save prev's registers ... */
	sd	ra, 0(sp)
	sd	s0, 8(sp)
	sd	s1, 16(sp)
	sd	s2, 24(sp)
	sd	s3, 32(sp)
	sd	s4, 40(sp)
	sd	s5, 48(sp)
	sd	s6, 56(sp)
	sd	s7, 64(sp)
	sd	s8, 72(sp)
	sd	s9, 80(sp)
	sd	s10, 88(sp)
	sd	s11, 96(sp)		/* ... on its stack */
	sd	sp, 0(a0)		/* *prev_sp = sp */
	mv	sp, a1			/* sp = next_sp */
	bnez	a2, 1f			/* a new task: call entry */
	ld	ra, 0(sp)		/* restore next's registers ... */
	ld	s0, 8(sp)
	ld	s1, 16(sp)
	ld	s2, 24(sp)
	ld	s3, 32(sp)
	ld	s4, 40(sp)
	ld	s5, 48(sp)
	ld	s6, 56(sp)
	ld	s7, 64(sp)
	ld	s8, 72(sp)
	ld	s9, 80(sp)
	ld	s10, 88(sp)
	ld	s11, 96(sp)		/* ... */
	addi	sp, sp, 112
	ret				/* and return into next */
1:	li	s0, 0			/* outermost frame: fp = 0 */
	jalr	a2			/* entry() never returns */
	ebreak				/* trap if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",@progbits
