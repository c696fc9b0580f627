/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for 32-bit arm, EABI only (armel/armhf).
 *
 * ABI, as seen from user space:
 *   instruction : svc #0 (the old "swi"); the number is not encoded in the
 *                 instruction as with the OABI
 *   number      : r7
 *   arguments   : r0, r1, r2, r3, r4, r5
 *   return      : r0 (r1 only for a few 64-bit results, not used here)
 *   clobbered   : nothing; the kernel preserves every register but r0,
 *                 and the flags.  "memory" is listed because the kernel
 *                 reads and writes user buffers.
 *   errors      : r0 in [-4095, -1] is -errno, no separate flag.
 *
 * r7 is the frame pointer in Thumb code (Debian's armhf default is
 * -mthumb).  Whenever gcc keeps a frame pointer (-O0, -fno-omit-frame-
 * pointer, alloca) it refuses r7 as an asm operand, so in Thumb mode the
 * number goes in any free register and the asm itself swaps it into r7,
 * parking the caller's r7 in ip (r12, call-clobbered, so listed as
 * clobbered):
 *	mov ip, r7 ; mov r7, <nr> ; svc #0 ; mov r7, ip
 * No signal handler can observe the half-swapped r7: the kernel restores
 * it before the program continues.  ARM (-marm) code uses r11 as the
 * frame pointer, so there r7 is bound directly.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_ARM_ASM_SYSCALL_H
#define _SSPKIT_ARM_ASM_SYSCALL_H

/* arch/arm/tools/syscall.tbl, EABI (no __NR_SYSCALL_BASE offset) */
#define __NR_fork		2
#define __NR_write		4
#define __NR_getpid		20
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_setitimer		104
#define __NR_exit_group		248
#define __NR_getrandom		384

/* A bare-metal ARMv7-M board has no kernel: semihosting stands in. */
#ifdef CONFIG_ARM_SINGLE_ARMV7M
#include <asm-generic/syscall-semihosting.h>
#else

#if defined(__thumb__)
/* number in any register; swapped into r7 around the svc */
#define __SSPKIT_SC_NR(num)	long _nr = (long)(num)
#define __SSPKIT_SC_INSN					\
	"mov	ip, r7\n\t"	/* park the frame pointer */		\
	"mov	r7, %[nr]\n\t"	/* r7 = syscall number */		\
	"svc	#0\n\t"		/* r0 = syscall(r7, r0..r5) */		\
	"mov	r7, ip\n"	/* frame pointer back */
#define __SSPKIT_SC_CLOBBERS	"memory", "cc", "ip"
#else
/* ARM state: r7 is an ordinary register */
#define __SSPKIT_SC_NR(num)	register long _nr __asm__ ("r7") = (long)(num)
#define __SSPKIT_SC_INSN					\
	"svc	#0\n"		/* r0 = syscall(r7, r0..r5) */
#define __SSPKIT_SC_CLOBBERS	"memory", "cc"
#endif

#define my_syscall0(num)						\
__extension__ ({							\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: [nr] "r" (_nr)					\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr)					\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
	register long _r1 __asm__ ("r1") = _v2;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr), "r" (_r1)				\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
	register long _r1 __asm__ ("r1") = _v2;				\
	register long _r2 __asm__ ("r2") = _v3;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr), "r" (_r1), "r" (_r2)			\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
	register long _r1 __asm__ ("r1") = _v2;				\
	register long _r2 __asm__ ("r2") = _v3;				\
	register long _r3 __asm__ ("r3") = _v4;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr), "r" (_r1), "r" (_r2), "r" (_r3)	\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
	register long _r1 __asm__ ("r1") = _v2;				\
	register long _r2 __asm__ ("r2") = _v3;				\
	register long _r3 __asm__ ("r3") = _v4;				\
	register long _r4 __asm__ ("r4") = _v5;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr), "r" (_r1), "r" (_r2), "r" (_r3),	\
		  "r" (_r4)						\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	__SSPKIT_SC_NR(num);						\
	register long _r0 __asm__ ("r0") = _v1;				\
	register long _r1 __asm__ ("r1") = _v2;				\
	register long _r2 __asm__ ("r2") = _v3;				\
	register long _r3 __asm__ ("r3") = _v4;				\
	register long _r4 __asm__ ("r4") = _v5;				\
	register long _r5 __asm__ ("r5") = _v6;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: [nr] "r" (_nr), "r" (_r1), "r" (_r2), "r" (_r3),	\
		  "r" (_r4), "r" (_r5)					\
		: __SSPKIT_SC_CLOBBERS);				\
	_r0;								\
})

#endif /* !CONFIG_ARM_SINGLE_ARMV7M */

#endif /* _SSPKIT_ARM_ASM_SYSCALL_H */
