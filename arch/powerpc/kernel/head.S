/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for ppc64le (ELFv2 ABI).
 *
 * On entry the kernel leaves r1 (sp) pointing at argc, followed by
 * argv[], NULL, envp[], NULL, auxv; only r1 is relied on.
 *
 * What C code needs before it runs:
 *  - r2 = TOC pointer.  It is not set on entry, and we do not rely on r12
 *    holding the entry address (Linux sets it for ELFv2 programs, but it
 *    is not part of the process-entry ABI), so _start finds its own
 *    address with "bcl 20,31" (the form that does not unbalance the link
 *    stack predictor) and adds the link-time distance to .TOC.;
 *    pc-relative, so it works in PIE and non-PIE images.
 *  - r1 16-byte aligned, pointing at a minimal 32-byte frame whose back
 *    chain word is 0: that terminates the frame chain.
 *  - r13 (thread pointer) is not set up: code built with the default
 *    TLS stack-protector guard (r13-0x7010) faults, so build with
 *    -mstack-protector-guard=global (gcc; clang 14 rejects it on ppc64le).
 * The "nop" after bl is the slot ld uses to restore r2 after a call
 * through a stub; here callee and caller share one TOC.
 */

	.abiversion 2
	.text
	.globl	_start
	.type	_start, @function
	.p2align 2
_start:
	bcl	20, 31, 1f		/* lr = address of 1: */
1:	mflr	12
	addis	2, 12, (.TOC. - 1b)@ha	/* r2 = TOC, pc-relative */
	addi	2, 2, (.TOC. - 1b)@l
	mr	3, 1			/* arg0: long *sp (argc, argv, ...) */
	clrrdi	1, 1, 4			/* 16-byte aligned sp */
	li	0, 0
	mtlr	0			/* outermost frame: lr = 0 */
	stdu	0, -32(1)		/* minimal frame, back chain = 0 */
	bl	__sspkit_start		/* void __sspkit_start(long *sp) */
	nop
2:	trap				/* it returned: trap ... */
	b	2b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",@progbits
