/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for riscv64.
 *
 * On entry the kernel leaves sp pointing at argc, followed by argv[],
 * NULL, envp[], NULL, auxv.  a0 may hold an rtld_fini pointer for dynamic
 * programs; a static program has none, so it is simply overwritten.
 *
 * gp must hold __global_pointer$ before any C code runs, because the
 * linker relaxes gp-relative accesses against it; the load itself must
 * not be relaxed (it would become "mv gp, gp").  The psABI wants sp
 * 16-byte aligned; the frame chain ends with s0/fp = 0 and ra = 0.
 * lla and call are pc-relative, so this works in PIE and non-PIE images.
 */

	.text
	.globl	_start
	.type	_start, @function
	/*
	 * No .p2align here: with linker relaxation on, it emits R_RISCV_ALIGN,
	 * which ld.lld 14 rejects; the section's own alignment is enough.
	 */
_start:
	.option	push
	.option	norelax
	lla	gp, __global_pointer$	/* gp for linker-relaxed accesses */
	.option	pop
	li	s0, 0			/* outermost frame: fp = 0 */
	li	ra, 0			/* and ra = 0 */
	mv	a0, sp			/* arg0: long *sp (argc, argv, ...) */
	andi	sp, sp, -16		/* keep the ABI's 16-byte alignment */
	call	__sspkit_start		/* void __sspkit_start(long *sp) */
1:	ebreak				/* it returned: trap ... */
	j	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",@progbits
