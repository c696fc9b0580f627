/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Process entry point for 32-bit mips, o32 ABI.
 *
 * On entry the kernel leaves $sp pointing at argc, followed by argv[],
 * NULL, envp[], NULL, auxv.  Note that ld's default entry symbol on mips
 * is __start: link with -e _start.
 *
 * What C code needs before it runs:
 *  - $gp: abicalls code (the default on Linux, PIC or not) reaches its
 *    GOT and small data through $gp.  It is computed pc-relative via
 *    _gp_disp (ld resolves it to _gp minus the address of the lui), so
 *    no absolute relocation is needed and this works in PIE and non-PIE.
 *  - $t9 = address of the callee: a PIC function's prologue derives its
 *    own $gp from $t9, so calls go through "jalr $t9".
 *  - o32: $sp 8-byte aligned, and the caller reserves 16 bytes for the
 *    callee to spill $a0..$a3.
 * The frame chain ends with $fp = 0 and $ra = 0 (set before the call).
 *
 * sspkit compiles C for mips with -mno-abicalls (arch/mips/Makefile), which
 * needs neither; the setup stays so that this entry also serves abicalls
 * code, such as the libgcc objects linked with it.
 */

	.text
	.globl	_start
	.type	_start, @function
	.ent	_start
	.p2align 2
_start:
	.set	noreorder		/* delay slots are filled by hand */
	move	$fp, $zero		/* outermost frame: fp = 0 */
	bal	1f			/* $ra = address of 1: */
	 nop
1:	lui	$gp, %hi(_gp_disp)	/* gp = _gp - 1b ... */
	addiu	$gp, $gp, %lo(_gp_disp)
	addu	$gp, $gp, $ra		/* ... + 1b */
	move	$ra, $zero		/* and ra = 0 */
	move	$a0, $sp		/* arg0: long *sp (argc, argv, ...) */
	li	$t0, -8
	and	$sp, $sp, $t0		/* o32: 8-byte aligned sp */
	addiu	$sp, $sp, -16		/* argument save area for the callee */
	lw	$t9, %call16(__sspkit_start)($gp) /* from the GOT */
	jalr	$t9			/* void __sspkit_start(long *sp) */
	 nop
2:	break				/* it returned: trap ... */
	b	2b			/* ... and never fall through */
	 nop
	.set	reorder
	.end	_start
	.size	_start, . - _start

	.section .note.GNU-stack,"",@progbits
