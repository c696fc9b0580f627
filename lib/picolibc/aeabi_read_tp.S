/* SPDX-License-Identifier: GPL-2.0 */
/*
 * __aeabi_read_tp: the thread pointer, which code built for a CPU
 * without a thread register (ARMv7-M) asks for to reach its
 * thread-local storage; picolibc's errno is there. One TLS block, the
 * program's (mps2.lds: __arm_tp, 8 bytes below it). By the ABI it may
 * change r0 only: no flags, no other register.
 */
	.syntax	unified
	.thumb
	.text
	.globl	__aeabi_read_tp
	.type	__aeabi_read_tp, %function
__aeabi_read_tp:
	ldr	r0, =__arm_tp
	bx	lr
	.size	__aeabi_read_tp, . - __aeabi_read_tp
