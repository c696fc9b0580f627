/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for i386 (32-bit x86; included by asm/syscall.h
 * when __x86_64__ is not defined).
 *
 * ABI, as seen from user space:
 *   instruction : int $0x80 (always available; the faster vDSO
 *                 __kernel_vsyscall is not worth a dependency here)
 *   number      : eax
 *   arguments   : ebx, ecx, edx, esi, edi, ebp
 *   return      : eax
 *   clobbered   : nothing; the kernel restores every register but eax.
 *                 "memory" because the kernel reads and writes user
 *                 buffers, "cc" to be safe about eflags.
 *   errors      : eax in [-4095, -1] is -errno, no separate flag.
 *
 * ebp is the frame pointer whenever one is kept (-O0), so it cannot be an
 * asm operand: the 6th argument is pushed from a memory operand first
 * (its address may be esp-relative, so it must be taken before esp
 * moves), then ebp is saved on the stack and loaded from that copy.
 * ebx is the GOT pointer in i386 PIC code; gcc >= 5 and clang save and
 * restore it themselves around a "b" operand.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_X86_ASM_SYSCALL_32_H
#define _SSPKIT_X86_ASM_SYSCALL_32_H

/* arch/x86/entry/syscalls/syscall_32.tbl */
#define __NR_fork		2
#define __NR_write		4
#define __NR_getpid		20
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_setitimer		104
#define __NR_exit_group		252
#define __NR_getrandom		355

#define my_syscall0(num)						\
__extension__ ({							\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax) */	\
		: "+a" (_eax)						\
		:							\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax, ebx) */	\
		: "+a" (_eax)						\
		: "b" (_v1)						\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax, ebx..ecx) */ \
		: "+a" (_eax)						\
		: "b" (_v1), "c" (_v2)					\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax, ebx..edx) */ \
		: "+a" (_eax)						\
		: "b" (_v1), "c" (_v2), "d" (_v3)			\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax, ebx..esi) */ \
		: "+a" (_eax)						\
		: "b" (_v1), "c" (_v2), "d" (_v3), "S" (_v4)		\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"int	$0x80\n"	/* eax = syscall(eax, ebx..edi) */ \
		: "+a" (_eax)						\
		: "b" (_v1), "c" (_v2), "d" (_v3), "S" (_v4),		\
		  "D" (_v5)						\
		: "memory", "cc");					\
	_eax;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	long _eax = (long)(num);					\
									\
	__asm__ __volatile__ (						\
		"pushl	%[a6]\n\t"		/* copy arg6 first */	\
		"pushl	%%ebp\n\t"		/* save the frame pointer */ \
		"movl	4(%%esp), %%ebp\n\t"	/* ebp = arg6 */	\
		"int	$0x80\n\t"		/* eax = syscall(eax, ...) */ \
		"popl	%%ebp\n\t"		/* frame pointer back */ \
		"addl	$4, %%esp\n"		/* drop the arg6 copy */ \
		: "+a" (_eax)						\
		: "b" (_v1), "c" (_v2), "d" (_v3), "S" (_v4),		\
		  "D" (_v5), [a6] "m" (_v6)				\
		: "memory", "cc");					\
	_eax;								\
})

#endif /* _SSPKIT_X86_ASM_SYSCALL_32_H */
