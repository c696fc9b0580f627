/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for riscv64 (RV64, LP64/LP64D); on a machine-mode
 * board (CONFIG_RISCV_M_MODE), semihosting under the same names.
 *
 * ABI, as seen from user space:
 *   instruction : ecall
 *   number      : a7
 *   arguments   : a0, a1, a2, a3, a4, a5
 *   return      : a0 (a1 is not used as a second return value)
 *   clobbered   : nothing; the kernel preserves every register but a0.
 *                 "memory" is listed because the kernel reads and writes
 *                 user buffers ("cc" is meaningless here but harmless).
 *   errors      : a0 in [-4095, -1] is -errno, no separate flag.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_RISCV_ASM_SYSCALL_H
#define _SSPKIT_RISCV_ASM_SYSCALL_H

/* riscv numbers its system calls with the generic table. */
#include <asm-generic/unistd.h>

/* A machine-mode board has no kernel: semihosting stands in. */
#ifdef CONFIG_RISCV_M_MODE
#include <asm-generic/syscall-semihosting.h>
#else

#define my_syscall0(num)						\
__extension__ ({							\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0");				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7) */			\
		: "=r" (_a0)						\
		: "r" (_nr)						\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0) */		\
		: "+r" (_a0)						\
		: "r" (_nr)						\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
	register long _a1 __asm__ ("a1") = _v2;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0..a1) */		\
		: "+r" (_a0)						\
		: "r" (_nr), "r" (_a1)					\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
	register long _a1 __asm__ ("a1") = _v2;				\
	register long _a2 __asm__ ("a2") = _v3;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0..a2) */		\
		: "+r" (_a0)						\
		: "r" (_nr), "r" (_a1), "r" (_a2)			\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
	register long _a1 __asm__ ("a1") = _v2;				\
	register long _a2 __asm__ ("a2") = _v3;				\
	register long _a3 __asm__ ("a3") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0..a3) */		\
		: "+r" (_a0)						\
		: "r" (_nr), "r" (_a1), "r" (_a2), "r" (_a3)		\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
	register long _a1 __asm__ ("a1") = _v2;				\
	register long _a2 __asm__ ("a2") = _v3;				\
	register long _a3 __asm__ ("a3") = _v4;				\
	register long _a4 __asm__ ("a4") = _v5;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0..a4) */		\
		: "+r" (_a0)						\
		: "r" (_nr), "r" (_a1), "r" (_a2), "r" (_a3),		\
		  "r" (_a4)						\
		: "memory", "cc");					\
	_a0;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _nr __asm__ ("a7") = (long)(num);			\
	register long _a0 __asm__ ("a0") = _v1;				\
	register long _a1 __asm__ ("a1") = _v2;				\
	register long _a2 __asm__ ("a2") = _v3;				\
	register long _a3 __asm__ ("a3") = _v4;				\
	register long _a4 __asm__ ("a4") = _v5;				\
	register long _a5 __asm__ ("a5") = _v6;				\
									\
	__asm__ __volatile__ (						\
		"ecall\n"	/* a0 = syscall(a7, a0..a5) */		\
		: "+r" (_a0)						\
		: "r" (_nr), "r" (_a1), "r" (_a2), "r" (_a3),		\
		  "r" (_a4), "r" (_a5)					\
		: "memory", "cc");					\
	_a0;								\
})

#endif /* !CONFIG_RISCV_M_MODE */

#endif /* _SSPKIT_RISCV_ASM_SYSCALL_H */
