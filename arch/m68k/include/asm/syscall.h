/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for m68k (680x0 with MMU, 32-bit).
 *
 * ABI, as seen from user space:
 *   instruction : trap #0
 *   number      : d0
 *   arguments   : d1, d2, d3, d4, d5, a0
 *   return      : d0
 *   clobbered   : nothing; the kernel restores every register but d0, and
 *                 the condition codes.  "memory" because the kernel reads
 *                 and writes user buffers.
 *   errors      : d0 in [-4095, -1] is -errno, no separate flag.
 *
 * a6 (frame pointer) and a5 (PIC register) are never operands, so the
 * macros also work at -O0 and in PIC code.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_M68K_ASM_SYSCALL_H
#define _SSPKIT_M68K_ASM_SYSCALL_H

/* arch/m68k/kernel/syscalls/syscall.tbl */
#define __NR_fork		2
#define __NR_write		4
#define __NR_getpid		20
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_setitimer		104
#define __NR_exit_group		247
#define __NR_getrandom		352

#define my_syscall0(num)						\
__extension__ ({							\
	register long _d0 __asm__ ("d0") = (long)(num);			\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0) */			\
		: "+d" (_d0)						\
		:							\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1) */		\
		: "+d" (_d0)						\
		: "d" (_d1)						\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
	register long _d2 __asm__ ("d2") = _v2;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1..d2) */		\
		: "+d" (_d0)						\
		: "d" (_d1), "d" (_d2)					\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
	register long _d2 __asm__ ("d2") = _v2;				\
	register long _d3 __asm__ ("d3") = _v3;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1..d3) */		\
		: "+d" (_d0)						\
		: "d" (_d1), "d" (_d2), "d" (_d3)			\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
	register long _d2 __asm__ ("d2") = _v2;				\
	register long _d3 __asm__ ("d3") = _v3;				\
	register long _d4 __asm__ ("d4") = _v4;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1..d4) */		\
		: "+d" (_d0)						\
		: "d" (_d1), "d" (_d2), "d" (_d3), "d" (_d4)		\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
	register long _d2 __asm__ ("d2") = _v2;				\
	register long _d3 __asm__ ("d3") = _v3;				\
	register long _d4 __asm__ ("d4") = _v4;				\
	register long _d5 __asm__ ("d5") = _v5;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1..d5) */		\
		: "+d" (_d0)						\
		: "d" (_d1), "d" (_d2), "d" (_d3), "d" (_d4),		\
		  "d" (_d5)						\
		: "memory", "cc");					\
	_d0;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _d0 __asm__ ("d0") = (long)(num);			\
	register long _d1 __asm__ ("d1") = _v1;				\
	register long _d2 __asm__ ("d2") = _v2;				\
	register long _d3 __asm__ ("d3") = _v3;				\
	register long _d4 __asm__ ("d4") = _v4;				\
	register long _d5 __asm__ ("d5") = _v5;				\
	register long _a0 __asm__ ("a0") = _v6;				\
									\
	__asm__ __volatile__ (						\
		"trap	#0\n"	/* d0 = syscall(d0, d1..d5, a0) */	\
		: "+d" (_d0)						\
		: "d" (_d1), "d" (_d2), "d" (_d3), "d" (_d4),		\
		  "d" (_d5), "a" (_a0)					\
		: "memory", "cc");					\
	_d0;								\
})

#endif /* _SSPKIT_M68K_ASM_SYSCALL_H */
