/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ppc64le task switch (ELFv2 ABI).
 *
 *   void __switch_to(void **prev_sp, void *next_sp, void (*entry)(void));
 *                    r3               r4             r5
 *
 * Callee-saved: r14-r31, lr (the return address), cr2-cr4 and r1 (sp,
 * with its back chain). r2 (TOC) is the image's, r13 the guard's or
 * nobody's: neither is saved here. f14-f31 and v20-v31 are not saved:
 * sspkit has no floating point or vector code. The 192-byte frame keeps
 * r1 16-byte aligned. A new task is called through r12, as ELFv2's global
 * entry wants, from a minimal 32-byte frame whose back chain is 0.
 */
	.abiversion 2
	.text
	.globl	__switch_to
	.type	__switch_to, @function
	.p2align 2
__switch_to:
	stdu	1, -192(1)		/* prev's frame, back chain */
	mflr	0
	std	0, 32(1)		/* save its return address ... */
	mfcr	0
	std	0, 40(1)		/* ... its condition register ... */
	std	14, 48(1)		/* ... and r14-r31 */
	std	15, 56(1)
	std	16, 64(1)
	std	17, 72(1)
	std	18, 80(1)
	std	19, 88(1)
	std	20, 96(1)
	std	21, 104(1)
	std	22, 112(1)
	std	23, 120(1)
	std	24, 128(1)
	std	25, 136(1)
	std	26, 144(1)
	std	27, 152(1)
	std	28, 160(1)
	std	29, 168(1)
	std	30, 176(1)
	std	31, 184(1)
	std	1, 0(3)			/* *prev_sp = r1 */
	mr	1, 4			/* r1 = next_sp */
	cmpdi	5, 0
	bne	1f			/* a new task: call entry */
	ld	14, 48(1)		/* restore next's r14-r31 ... */
	ld	15, 56(1)
	ld	16, 64(1)
	ld	17, 72(1)
	ld	18, 80(1)
	ld	19, 88(1)
	ld	20, 96(1)
	ld	21, 104(1)
	ld	22, 112(1)
	ld	23, 120(1)
	ld	24, 128(1)
	ld	25, 136(1)
	ld	26, 144(1)
	ld	27, 152(1)
	ld	28, 160(1)
	ld	29, 168(1)
	ld	30, 176(1)
	ld	31, 184(1)
	ld	0, 40(1)
	mtcrf	0x38, 0			/* ... its cr2-cr4 ... */
	ld	0, 32(1)
	mtlr	0			/* ... its return address */
	addi	1, 1, 192		/* pop the frame */
	blr				/* and return into next */
1:	li	0, 0
	stdu	0, -32(1)		/* minimal frame, back chain = 0 */
	mtlr	0			/* outermost frame: lr = 0 */
	mr	12, 5			/* ELFv2: callee address in r12 */
	mtctr	12
	bctrl				/* entry() never returns */
2:	trap				/* trap if it ever does */
	b	2b
	.size	__switch_to, . - __switch_to

	.section .note.GNU-stack,"",@progbits
