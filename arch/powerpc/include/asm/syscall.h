/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for 64-bit powerpc (written for ppc64le, ELFv2;
 * nothing here depends on the endianness or the ELF ABI version).
 *
 * ABI, as seen from user space:
 *   instruction : sc  (not "scv 0", which needs POWER9 and Linux 5.9)
 *   number      : r0
 *   arguments   : r3, r4, r5, r6, r7, r8
 *   return      : r3
 *   clobbered   : r0, r4..r12, ctr, xer and cr0 -- all the volatile GPRs,
 *                 so every argument register is an in/out operand here
 *   errors      : cr0.SO set means failure, and r3 then holds the POSITIVE
 *                 errno; these macros negate it in the asm ("bns+" skips
 *                 the neg on success), so callers see the usual -errno.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_POWERPC_ASM_SYSCALL_H
#define _SSPKIT_POWERPC_ASM_SYSCALL_H

/* arch/powerpc/kernel/syscalls/syscall.tbl ("common"/"nospu" entries) */
#define __NR_fork		2
#define __NR_write		4
#define __NR_getpid		20
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_setitimer		104
#define __NR_exit_group		234
#define __NR_getrandom		359

#define __SSPKIT_SC_INSN						\
	"sc\n\t"		/* r3 = syscall(r0, r3..r8) */		\
	"bns+	1f\n\t"		/* cr0.SO clear: r3 is the result */	\
	"neg	3, 3\n"		/* else r3 = -errno */			\
	"1:\n"

#define __SSPKIT_SC_CLOBBERS						\
	"memory", "cr0", "ctr", "xer", "r9", "r10", "r11", "r12"

/* r4..r8 not used as arguments are still clobbered: dummy in/outs */
#define my_syscall0(num)						\
__extension__ ({							\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3");				\
	register long _r4 __asm__ ("r4");				\
	register long _r5 __asm__ ("r5");				\
	register long _r6 __asm__ ("r6");				\
	register long _r7 __asm__ ("r7");				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "=r" (_r3), "=r" (_r4), "=r" (_r5),	\
		  "=r" (_r6), "=r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4");				\
	register long _r5 __asm__ ("r5");				\
	register long _r6 __asm__ ("r6");				\
	register long _r7 __asm__ ("r7");				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "=r" (_r4), "=r" (_r5),	\
		  "=r" (_r6), "=r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4") = _v2;				\
	register long _r5 __asm__ ("r5");				\
	register long _r6 __asm__ ("r6");				\
	register long _r7 __asm__ ("r7");				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "+r" (_r4), "=r" (_r5),	\
		  "=r" (_r6), "=r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4") = _v2;				\
	register long _r5 __asm__ ("r5") = _v3;				\
	register long _r6 __asm__ ("r6");				\
	register long _r7 __asm__ ("r7");				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "+r" (_r4), "+r" (_r5),	\
		  "=r" (_r6), "=r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4") = _v2;				\
	register long _r5 __asm__ ("r5") = _v3;				\
	register long _r6 __asm__ ("r6") = _v4;				\
	register long _r7 __asm__ ("r7");				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "+r" (_r4), "+r" (_r5),	\
		  "+r" (_r6), "=r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4") = _v2;				\
	register long _r5 __asm__ ("r5") = _v3;				\
	register long _r6 __asm__ ("r6") = _v4;				\
	register long _r7 __asm__ ("r7") = _v5;				\
	register long _r8 __asm__ ("r8");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "+r" (_r4), "+r" (_r5),	\
		  "+r" (_r6), "+r" (_r7), "=r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _r0 __asm__ ("r0") = (long)(num);			\
	register long _r3 __asm__ ("r3") = _v1;				\
	register long _r4 __asm__ ("r4") = _v2;				\
	register long _r5 __asm__ ("r5") = _v3;				\
	register long _r6 __asm__ ("r6") = _v4;				\
	register long _r7 __asm__ ("r7") = _v5;				\
	register long _r8 __asm__ ("r8") = _v6;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r3), "+r" (_r4), "+r" (_r5),	\
		  "+r" (_r6), "+r" (_r7), "+r" (_r8)			\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	_r3;								\
})

#endif /* _SSPKIT_POWERPC_ASM_SYSCALL_H */
