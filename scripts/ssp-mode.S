/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack-protector mode the audit found in an image's objects, where
 * the guard lives and whether any of the objects checks it, for the
 * image's banner. It is assembled after every other object of the image
 * has been compiled and audited (the top-level Makefile's images), so it
 * cannot be a C object that the audit would have to judge before it
 * exists. The image's summary, IMAGE.ssp-summary.h, comes with
 * -include.
 */
#ifndef __GENERATED_SSP_SUMMARY_H
#error "assemble with -include IMAGE.ssp-summary.h (the top-level Makefile's images)"
#endif

	.section .rodata
	.globl	ssp_mode_banner
ssp_mode_banner:
	.asciz	SSP_MODE_BANNER
	.globl	ssp_guard_location
ssp_guard_location:
	.asciz	SSP_GUARD_LOCATION

	/* How many of its C objects check the guard at all. */
	.balign	4
	.globl	ssp_objects_with_canary
ssp_objects_with_canary:
	.long	SSP_AUDIT_WITH_CANARY

	/* No executable stack: "%" is the one type prefix every target takes. */
	.section .note.GNU-stack,"",%progbits
