/* SPDX-License-Identifier: GPL-2.0 */
/*
 * riscv task switch, RV64 (LP64/LP64D) and RV32 (ILP32): REG_S/REG_L and
 * SZREG are XLEN's.
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    a0               a1             a2
 *
 * Callee-saved: ra (the return address), s0-s11 (s0 the frame pointer),
 * sp. fs0-fs11 are not saved: sspkit has no floating point and gcc keeps
 * no integers in FP registers. gp is the image's, tp the guard's or
 * nobody's: neither is saved here. The frame (112 bytes on RV64, 64 on
 * RV32) keeps sp 16-byte aligned.
 */
#if __riscv_xlen == 64
#define REG_S	sd
#define REG_L	ld
#define SZREG	8
#else
#define REG_S	sw
#define REG_L	lw
#define SZREG	4
#endif
#define FRAME	((13 * SZREG + 15) & ~15)

	.text
	.globl	__switch_to
	.type	__switch_to, @function
__switch_to:
	addi	sp, sp, -FRAME		/* save prev's registers ... */
	REG_S	ra, 0(sp)
	REG_S	s0, 1*SZREG(sp)
	REG_S	s1, 2*SZREG(sp)
	REG_S	s2, 3*SZREG(sp)
	REG_S	s3, 4*SZREG(sp)
	REG_S	s4, 5*SZREG(sp)
	REG_S	s5, 6*SZREG(sp)
	REG_S	s6, 7*SZREG(sp)
	REG_S	s7, 8*SZREG(sp)
	REG_S	s8, 9*SZREG(sp)
	REG_S	s9, 10*SZREG(sp)
	REG_S	s10, 11*SZREG(sp)
	REG_S	s11, 12*SZREG(sp)		/* ... on its stack */
	REG_S	sp, 0(a0)		/* *prev_sp = sp */
	mv	sp, a1			/* sp = next_sp */
	bnez	a2, 1f			/* a new task: call entry */
	REG_L	ra, 0(sp)		/* restore next's registers ... */
	REG_L	s0, 1*SZREG(sp)
	REG_L	s1, 2*SZREG(sp)
	REG_L	s2, 3*SZREG(sp)
	REG_L	s3, 4*SZREG(sp)
	REG_L	s4, 5*SZREG(sp)
	REG_L	s5, 6*SZREG(sp)
	REG_L	s6, 7*SZREG(sp)
	REG_L	s7, 8*SZREG(sp)
	REG_L	s8, 9*SZREG(sp)
	REG_L	s9, 10*SZREG(sp)
	REG_L	s10, 11*SZREG(sp)
	REG_L	s11, 12*SZREG(sp)		/* ... */
	addi	sp, sp, FRAME
	ret				/* and return into next */
1:	li	s0, 0			/* outermost frame: fp = 0 */
	jalr	a2			/* entry() never returns */
	ebreak				/* trap if it ever does */
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",@progbits
