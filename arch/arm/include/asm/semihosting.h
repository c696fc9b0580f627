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

#define SYS_OPEN		0x01	/* {name, mode, strlen(name)} */
#define SYS_WRITE		0x05	/* {handle, buf, len}: bytes NOT written */
#define SYS_WRITE0		0x04	/* NUL-terminated string, debug channel */
#define SYS_GET_CMDLINE		0x15	/* {buf, size}: size set to the length */
#define SYS_EXIT		0x18	/* reason (A32/T32: no status) */
#define SYS_EXIT_EXTENDED	0x20	/* {reason, status} */

#define ADP_Stopped_ApplicationExit	0x20026

/* SYS_OPEN's modes for ":tt": "w" is standard output, "a" standard error. */
#define SH_OPEN_W		4
#define SH_OPEN_A		8

static inline long semihosting_call(long op, const void *arg)
{
	register long r0 __asm__ ("r0") = op;
	register const void *r1 __asm__ ("r1") = arg;

	__asm__ __volatile__ ("bkpt 0xab" : "+r" (r0) : "r" (r1) : "memory");
	return r0;
}

#endif /* _SSPKIT_ARM_ASM_SEMIHOSTING_H */
