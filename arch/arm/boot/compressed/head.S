/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Entry of the arm early-boot stage (arch/arm/boot/zImage).
 *
 * The stage is a program of its own: it does not link the sample's
 * arch/arm/kernel/head.S or lib/start.c, but enters the same way (see
 * arch/arm/kernel/head.S for the reasoning): sp points at argc, argv[],
 * NULL, envp[]; the code is assembled in the instruction set the C code
 * uses (Thumb-2 on Debian armhf); the frame chain ends with r7 = r11 =
 * lr = 0; and sp is 8-byte aligned for AAPCS before the first C call.
 *
 * zimage_entry() sets the stage's stack guard first of all, so it and
 * everything before it must carry no canary: this file has none, and the
 * C entry is __no_stack_protector.
 */

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
	mov	sp, r1
	bl	zimage_entry		/* void zimage_entry(long *sp) */
1:	udf	#0			/* it returned: trap ... */
	b	1b			/* ... and never fall through */
	.size	_start, . - _start

	.section .note.GNU-stack,"",%progbits
