/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for 32-bit mips, o32 ABI (big- or little-endian).
 *
 * ABI, as seen from user space:
 *   instruction : syscall
 *   number      : $v0 ($2); o32 numbers are 4000 + n
 *   arguments   : $a0..$a3 ($4..$7); arguments 5 and 6 go on the stack at
 *                 16($sp) and 20($sp), the slots after the 16-byte
 *                 argument save area the o32 caller always reserves
 *   return      : $v0 (and $v1 for a few calls such as pipe)
 *   clobbered   : $at, $v1, $t0..$t9 ($1, $3, $8..$15, $24, $25), hi, lo;
 *                 $a3 is overwritten with the error flag
 *   errors      : $a3 != 0 means failure, and $v0 then holds the POSITIVE
 *                 errno; these macros negate it so that callers see the
 *                 usual -errno.  ($a3 == 0: $v0 is the result.)
 *
 * Restarted syscalls: since Linux 2.6.36 the kernel reloads $v0 and $a3
 * itself, so the number need not be loaded by the instruction just before
 * "syscall" (older kernels re-executed it).
 *
 * The stack adjustment for 5 and 6 arguments happens inside the asm, so
 * those operands are "r" (never memory operands relative to $sp).  "cc"
 * is meaningless on mips but harmless.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_MIPS_ASM_SYSCALL_H
#define _SSPKIT_MIPS_ASM_SYSCALL_H

/* arch/mips/kernel/syscalls/syscall_o32.tbl, plus __NR_O32_Linux 4000 */
#define __NR_fork		4002
#define __NR_write		4004
#define __NR_getpid		4020
#define __NR_kill		4037
#define __NR_wait4		4114
#define __NR_setitimer		4104
#define __NR_exit_group		4246
#define __NR_getrandom		4353

/* everything the kernel may change besides $v0 and $a3 */
#define __SSPKIT_SC_CLOBBERS						\
	"memory", "cc", "$1", "$3", "$8", "$9", "$10", "$11", "$12",	\
	"$13", "$14", "$15", "$24", "$25", "hi", "lo"

/* $v0 on success, -$v0 when the kernel set the $a3 error flag */
#define __SSPKIT_SC_RET(v0, a3)	((a3) ? -(v0) : (v0))

#define my_syscall0(num)						\
__extension__ ({							\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a3 __asm__ ("$7");				\
									\
	__asm__ __volatile__ (						\
		"syscall\n"	/* v0 = syscall(v0), a3 = err */	\
		: "+r" (_v0), "=r" (_a3)				\
		:							\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a3 __asm__ ("$7");				\
									\
	__asm__ __volatile__ (						\
		"syscall\n"	/* v0 = syscall(v0), a3 = err */	\
		: "+r" (_v0), "=r" (_a3)				\
		: "r" (_a0)						\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a1 __asm__ ("$5") = _v2;				\
	register long _a3 __asm__ ("$7");				\
									\
	__asm__ __volatile__ (						\
		"syscall\n"	/* v0 = syscall(v0), a3 = err */	\
		: "+r" (_v0), "=r" (_a3)				\
		: "r" (_a0), "r" (_a1)					\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a1 __asm__ ("$5") = _v2;				\
	register long _a2 __asm__ ("$6") = _v3;				\
	register long _a3 __asm__ ("$7");				\
									\
	__asm__ __volatile__ (						\
		"syscall\n"	/* v0 = syscall(v0), a3 = err */	\
		: "+r" (_v0), "=r" (_a3)				\
		: "r" (_a0), "r" (_a1), "r" (_a2)			\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a1 __asm__ ("$5") = _v2;				\
	register long _a2 __asm__ ("$6") = _v3;				\
	register long _a3 __asm__ ("$7") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"syscall\n"	/* v0 = syscall(v0), a3 = err */	\
		: "+r" (_v0), "+r" (_a3)				\
		: "r" (_a0), "r" (_a1), "r" (_a2)			\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a1 __asm__ ("$5") = _v2;				\
	register long _a2 __asm__ ("$6") = _v3;				\
	register long _a3 __asm__ ("$7") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"addiu	$sp, $sp, -32\n\t"	/* save area + args 5, 6 */ \
		"sw	%[a5], 16($sp)\n\t"	/* 5th argument */	\
		"syscall\n\t"			/* v0 = syscall, a3 = err */ \
		"addiu	$sp, $sp, 32\n"		/* drop the argument block */ \
		: "+r" (_v0), "+r" (_a3)				\
		: "r" (_a0), "r" (_a1), "r" (_a2), [a5] "r" (_v5)	\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _v0 __asm__ ("$2") = (long)(num);			\
	register long _a0 __asm__ ("$4") = _v1;				\
	register long _a1 __asm__ ("$5") = _v2;				\
	register long _a2 __asm__ ("$6") = _v3;				\
	register long _a3 __asm__ ("$7") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"addiu	$sp, $sp, -32\n\t"	/* save area + args 5, 6 */ \
		"sw	%[a5], 16($sp)\n\t"	/* 5th argument */	\
		"sw	%[a6], 20($sp)\n\t"	/* 6th argument */	\
		"syscall\n\t"			/* v0 = syscall, a3 = err */ \
		"addiu	$sp, $sp, 32\n"		/* drop the argument block */ \
		: "+r" (_v0), "+r" (_a3)				\
		: "r" (_a0), "r" (_a1), "r" (_a2), [a5] "r" (_v5),	\
		  [a6] "r" (_v6)					\
		: __SSPKIT_SC_CLOBBERS);				\
	__SSPKIT_SC_RET(_v0, _a3);					\
})

#endif /* _SSPKIT_MIPS_ASM_SYSCALL_H */
