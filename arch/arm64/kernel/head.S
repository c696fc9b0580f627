/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for arm64.
 *
 * On entry the kernel leaves sp pointing at argc, followed by argv[],
 * NULL, envp[], NULL, auxv.  No register other than sp carries anything
 * we rely on (x0 may hold an rtld_fini pointer for dynamic programs; a
 * static program has none).
 *
 * AAPCS64: sp must be 16-byte aligned at every public interface; the
 * frame record chain ends with fp (x29) = 0 and lr (x30) = 0.
 * Everything is pc-relative, so this works in PIE and non-PIE images.
 */

	.text
	.globl	_start
	.type	_start, %function
	.p2align 2
_start:
	mov	x29, xzr		/* outermost frame: fp = 0 */
	mov	x30, xzr		/* and lr = 0 */
	mov	x0, sp			/* arg0: long *sp (argc, argv, ...) */
	and	x1, x0, #-16		/* keep the ABI's 16-byte alignment */
	mov	sp, x1
	bl	__sspkit_start		/* void __sspkit_start(long *sp) */
1:	brk	#0x3e8			/* it returned: trap ... */
	b	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",%progbits
