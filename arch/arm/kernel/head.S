/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for 32-bit arm (EABI).
 *
 * On entry the kernel leaves sp pointing at argc, followed by argv[],
 * NULL, envp[], NULL, auxv.  r0 may hold an rtld_fini pointer for dynamic
 * programs; a static program has none, so it is simply overwritten.
 *
 * Assembled in the instruction set the C code uses: the driver does not
 * pass -mthumb to gas for a .S file (gas would start in ARM state even on
 * Debian armhf, whose gcc defaults to Thumb-2), but the preprocessor does
 * define __thumb__, so we switch explicitly.  Every instruction below has
 * an encoding in both states; .thumb_func sets the Thumb bit of _start
 * (and so of e_entry).  Were the states mixed, ld would still turn "bl"
 * into "blx".
 *
 * AAPCS: sp 8-byte aligned at public interfaces.  The frame chain ends
 * with both possible frame pointers (r7 in Thumb, r11 in ARM) = 0, lr = 0.
 * Everything is pc-relative, so this works in PIE and non-PIE images.
 *
 * ENTRY_C names the C function _start calls; the early-boot stage
 * (arch/arm/boot/compressed/head.S) includes this file with its own.
 */
#ifndef ENTRY_C
#define ENTRY_C	__sspkit_start
#endif

	.syntax	unified
#if defined(__thumb__)
	.thumb
#else
	.arm
#endif
	.text
	.globl	_start
	.type	_start, %function
	.p2align 2
#if defined(__thumb__)
	.thumb_func
#endif
_start:
	mov	r7, #0			/* Thumb frame pointer = 0 */
	mov	r11, #0			/* ARM frame pointer = 0 */
	mov	lr, #0			/* outermost frame: lr = 0 */
	mov	r0, sp			/* arg0: long *sp (argc, argv, ...) */
	bic	r1, r0, #7		/* AAPCS: 8-byte aligned sp */
	mov	sp, r1			/* (Thumb has no "bic sp, ...") */
	bl	ENTRY_C			/* void ENTRY_C(long *sp) */
1:	udf	#0			/* it returned: trap ... */
	b	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",%progbits
