/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for SuperH (sh4).
 *
 * On entry the kernel leaves r15 (sp) pointing at argc, followed by
 * argv[], NULL, envp[], NULL, auxv.  r4 may hold an rtld_fini pointer for
 * dynamic programs; a static program has none, so it is overwritten.
 *
 * SH calling convention: first argument in r4, sp 4-byte aligned (we
 * align to 8 for doubles), no argument save area.  The frame chain ends
 * with r14 (fp) = 0; pr is set by the call itself.
 * The call is "bsrf" with a pc-relative displacement from a literal, so
 * no absolute address is needed and this works in PIE and non-PIE images.
 */

	.text
	.globl	_start
	.type	_start, @function
	.p2align 2
_start:
	mov	#0, r14			/* outermost frame: fp = 0 */
	mov	r15, r4			/* arg0: long *sp (argc, argv, ...) */
	mov	#-8, r0
	and	r0, r15			/* 8-byte aligned sp */
	mov.l	.Lsspkit_start, r1	/* pc-relative offset of the callee */
	bsrf	r1			/* void __sspkit_start(long *sp) */
	 nop				/* (delay slot) */
.Lbsrf_base:				/* bsrf target = this address + r1 */
	mov	#0, r1			/* it returned: fault on a load from */
1:	mov.l	@r1, r0			/* address 0 (qemu-sh4 aborts on an */
	bra	1b			/* illegal insn instead of SIGILL) */
	 nop				/* ... and never fall through */

	.p2align 2
.Lsspkit_start:
	.long	__sspkit_start - .Lbsrf_base
	.size	_start, . - _start

	.section .note.GNU-stack,"",%progbits
