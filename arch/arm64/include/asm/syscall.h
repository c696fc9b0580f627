/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for arm64 (AArch64, LP64).
 *
 * ABI, as seen from user space:
 *   instruction : svc #0
 *   number      : x8
 *   arguments   : x0, x1, x2, x3, x4, x5
 *   return      : x0 (x1 is not used as a second return value)
 *   clobbered   : nothing; the kernel preserves every register but x0,
 *                 and the flags.  "memory" is still listed because the
 *                 kernel reads and writes user buffers.
 *   errors      : x0 in [-4095, -1] is -errno, no separate flag.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_ARM64_ASM_SYSCALL_H
#define _SSPKIT_ARM64_ASM_SYSCALL_H

/* arm64 numbers its system calls with the generic table. */
#include <asm-generic/unistd.h>

#define my_syscall0(num)						\
__extension__ ({							\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0");				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8) */			\
		: "=r" (_x0)						\
		: "r" (_nr)						\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0) */		\
		: "+r" (_x0)						\
		: "r" (_nr)						\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
	register long _x1 __asm__ ("x1") = _v2;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0..x1) */		\
		: "+r" (_x0)						\
		: "r" (_nr), "r" (_x1)					\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
	register long _x1 __asm__ ("x1") = _v2;				\
	register long _x2 __asm__ ("x2") = _v3;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0..x2) */		\
		: "+r" (_x0)						\
		: "r" (_nr), "r" (_x1), "r" (_x2)			\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
	register long _x1 __asm__ ("x1") = _v2;				\
	register long _x2 __asm__ ("x2") = _v3;				\
	register long _x3 __asm__ ("x3") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0..x3) */		\
		: "+r" (_x0)						\
		: "r" (_nr), "r" (_x1), "r" (_x2), "r" (_x3)		\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
	register long _x1 __asm__ ("x1") = _v2;				\
	register long _x2 __asm__ ("x2") = _v3;				\
	register long _x3 __asm__ ("x3") = _v4;				\
	register long _x4 __asm__ ("x4") = _v5;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0..x4) */		\
		: "+r" (_x0)						\
		: "r" (_nr), "r" (_x1), "r" (_x2), "r" (_x3),		\
		  "r" (_x4)						\
		: "memory", "cc");					\
	_x0;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _nr __asm__ ("x8") = (long)(num);			\
	register long _x0 __asm__ ("x0") = _v1;				\
	register long _x1 __asm__ ("x1") = _v2;				\
	register long _x2 __asm__ ("x2") = _v3;				\
	register long _x3 __asm__ ("x3") = _v4;				\
	register long _x4 __asm__ ("x4") = _v5;				\
	register long _x5 __asm__ ("x5") = _v6;				\
									\
	__asm__ __volatile__ (						\
		"svc	#0\n"	/* x0 = syscall(x8, x0..x5) */		\
		: "+r" (_x0)						\
		: "r" (_nr), "r" (_x1), "r" (_x2), "r" (_x3),		\
		  "r" (_x4), "r" (_x5)					\
		: "memory", "cc");					\
	_x0;								\
})

#endif /* _SSPKIT_ARM64_ASM_SYSCALL_H */
