/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-in images for tests/board/mps2-standins.t: each is broken in one way
 * that a board run must report as a failure, never as a success or as a
 * caught smash. Built with -DSTANDIN_LOCKUP, _NOSEMIHOSTING or _HANG, at
 * address 0 (the MPS2 AN385's vector table):
 *   LOCKUP         prints a caught smash's line through semihosting,
 *                  then faults with no fault handler: QEMU locks up and
 *                  exits 134, a caught smash's status
 *   NOSEMIHOSTING  "semihosting" with bkpt 0, which no debugger takes:
 *                  a fault, then a lockup; it never prints or exits
 *   HANG           spins: never exits
 */
	.syntax	unified
	.thumb
	.text
	.globl	_start
vectors:
	.word	0x20010000		/* initial SP */
	.word	_start			/* reset (.thumb_func: the Thumb bit set) */
	.word	0			/* NMI */
	.word	0			/* HardFault: none, so a fault locks up */

	.thumb_func
_start:
#if defined(STANDIN_LOCKUP)
	movs	r0, #4			/* SYS_WRITE0 */
	ldr	r1, =line
	bkpt	0xab
	udf	#0			/* no handler: lockup */
#elif defined(STANDIN_NOSEMIHOSTING)
	movs	r0, #4
	ldr	r1, =line
	bkpt	0			/* not semihosting: a fault */
	movs	r0, #0x18		/* would exit 0, never reached */
	bkpt	0
#elif defined(STANDIN_HANG)
1:	b	1b
#else
#error "define STANDIN_LOCKUP, STANDIN_NOSEMIHOSTING or STANDIN_HANG"
#endif
	.pool
line:
	.asciz	"stack-protector: stack smashing detected at 0x00000000, aborting\n"
