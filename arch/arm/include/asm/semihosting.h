/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Arm semihosting, as an ARMv7-M board uses it: the debugger (here
 * qemu-system-arm -semihosting-config enable=on) carries out an
 * operation on the host. "Semihosting for AArch32 and AArch64", Arm:
 *   instruction : bkpt 0xab (Thumb; M-profile has no other state)
 *   operation   : r0
 *   argument    : r1, a value or the address of a block of words
 *   return      : r0
 * Without a debugger attached the bkpt is a HardFault.
 */
#ifndef _SSPKIT_ARM_ASM_SEMIHOSTING_H
#define _SSPKIT_ARM_ASM_SEMIHOSTING_H

#include <asm-generic/semihosting.h>

static inline long semihosting_call(long op, const void *arg)
{
	register long r0 __asm__ ("r0") = op;
	register const void *r1 __asm__ ("r1") = arg;

	__asm__ __volatile__ ("bkpt 0xab" : "+r" (r0) : "r" (r1) : "memory");
	return r0;
}

#endif /* _SSPKIT_ARM_ASM_SEMIHOSTING_H */
