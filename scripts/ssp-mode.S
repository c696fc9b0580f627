/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The stack-protector mode the audit found in an image's objects, where
 * the guard lives and whether any of the objects checks it, for the
 * image's banner. It is assembled after every other object of the image
 * has been compiled and audited (the top-level Makefile's images), so it
 * cannot be a C object that the audit would have to judge before it
 * exists. The image's summary, IMAGE.ssp-summary.h, comes with
 * -include.
 *
 * The summary counts the objects the build compiled, not the members of
 * prebuilt archives (libgcc.a, a C library's libc.a) that the link pulls
 * in. When the link took any, the image is linked again with this object
 * assembled a second time, with spaudit prebuilt's .IMAGE.prebuilt.h
 * included too: the banner then says how much of the image is prebuilt
 * code and how much of that checks a canary (the top-level Makefile's
 * prebuilt-relink).
 */
#ifndef __GENERATED_SSP_SUMMARY_H
#error "assemble with -include IMAGE.ssp-summary.h (the top-level Makefile's images)"
#endif

	.section .rodata
	.globl	ssp_mode_banner
ssp_mode_banner:
#ifdef SSP_PREBUILT_CLAUSE
	.ascii	SSP_MODE_BANNER_OPEN
	.ascii	SSP_PREBUILT_CLAUSE
	.asciz	")"
#else
	.asciz	SSP_MODE_BANNER
#endif
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
