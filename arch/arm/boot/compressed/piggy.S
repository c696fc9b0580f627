/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stage's payload: the sample image as lzpack compressed it at build
 * time, header (length, CRC-32) and all, in the manner of Linux's
 * arch/arm/boot/compressed/piggy.gzip.S.
 *
 * The assembler runs in the object tree's root, in-tree and with O=, so
 * the generated file is named from there. gcc -MMD cannot see .incbin:
 * the Makefile names piggy.lzs as a prerequisite of piggy.o.
 */

	.section .rodata.piggy, "a", %progbits
	.p2align 2
	.globl	input_data
	.type	input_data, %object
input_data:
	.incbin	"arch/arm/boot/compressed/piggy.lzs"
	.size	input_data, . - input_data
	.globl	input_data_end
input_data_end:

	.section .note.GNU-stack,"",%progbits
