/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw Linux system calls for SuperH (sh4, 32-bit).
 *
 * ABI, as seen from user space:
 *   instruction : trapa #31 (0x1f: the unified trap number, for any
 *                 argument count; older code used #0x10 + nargs), then
 *                 five "or r0,r0": a hardware erratum on SH-3/SH-4 can
 *                 otherwise corrupt the instructions right after a trapa
 *   number      : r3
 *   arguments   : r4, r5, r6, r7, r0, r1
 *   return      : r0 (r1 for the second result of pipe)
 *   clobbered   : nothing else, except r1 (pipe's second value); the
 *                 kernel restores all other registers, T included.
 *                 "memory" because the kernel reads and writes user memory.
 *   errors      : r0 in [-4095, -1] is -errno, no separate flag.
 *
 * Each macro evaluates its arguments into plain locals first, and only then
 * loads the register variables: an argument expression that calls a
 * function cannot clobber an argument register that is already loaded.
 * The macros are statement expressions (a GNU extension, accepted with
 * -std=c11); __extension__ keeps -pedantic quiet.
 */
#ifndef _SSPKIT_SH_ASM_SYSCALL_H
#define _SSPKIT_SH_ASM_SYSCALL_H

/* arch/sh/kernel/syscalls/syscall.tbl */
#define __NR_fork		2
#define __NR_write		4
#define __NR_getpid		20
#define __NR_kill		37
#define __NR_wait4		114
#define __NR_setitimer		104
#define __NR_exit_group		252
#define __NR_getrandom		373

#define __SSPKIT_SC_INSN						\
	"trapa	#31\n\t"	/* r0 = syscall(r3, r4..r7, r0..r1) */	\
	"or	r0, r0\n\t"	/* five no-ops after trapa: */		\
	"or	r0, r0\n\t"	/* SH-3/SH-4 erratum workaround */	\
	"or	r0, r0\n\t"						\
	"or	r0, r0\n\t"						\
	"or	r0, r0\n"

#define my_syscall0(num)						\
__extension__ ({							\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: "r" (_nr)						\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall1(num, arg1)						\
__extension__ ({							\
	long _v1 = (long)(arg1);					\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: "r" (_nr), "r" (_r4)					\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall2(num, arg1, arg2)					\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r5 __asm__ ("r5") = _v2;				\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: "r" (_nr), "r" (_r4), "r" (_r5)			\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3);					\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r5 __asm__ ("r5") = _v2;				\
	register long _r6 __asm__ ("r6") = _v3;				\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: "r" (_nr), "r" (_r4), "r" (_r5), "r" (_r6)		\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r5 __asm__ ("r5") = _v2;				\
	register long _r6 __asm__ ("r6") = _v3;				\
	register long _r7 __asm__ ("r7") = _v4;				\
	register long _r0 __asm__ ("r0");				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "=r" (_r0)						\
		: "r" (_nr), "r" (_r4), "r" (_r5), "r" (_r6),		\
		  "r" (_r7)						\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall5(num, arg1, arg2, arg3, arg4, arg5)			\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5);					\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r5 __asm__ ("r5") = _v2;				\
	register long _r6 __asm__ ("r6") = _v3;				\
	register long _r7 __asm__ ("r7") = _v4;				\
	register long _r0 __asm__ ("r0") = _v5;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0)						\
		: "r" (_nr), "r" (_r4), "r" (_r5), "r" (_r6),		\
		  "r" (_r7)						\
		: "memory", "cc", "r1");				\
	_r0;								\
})

#define my_syscall6(num, arg1, arg2, arg3, arg4, arg5, arg6)		\
__extension__ ({							\
	long _v1 = (long)(arg1), _v2 = (long)(arg2);			\
	long _v3 = (long)(arg3), _v4 = (long)(arg4);			\
	long _v5 = (long)(arg5), _v6 = (long)(arg6);			\
	register long _nr __asm__ ("r3") = (long)(num);			\
	register long _r4 __asm__ ("r4") = _v1;				\
	register long _r5 __asm__ ("r5") = _v2;				\
	register long _r6 __asm__ ("r6") = _v3;				\
	register long _r7 __asm__ ("r7") = _v4;				\
	register long _r0 __asm__ ("r0") = _v5;				\
	register long _r1 __asm__ ("r1") = _v6;				\
									\
	__asm__ __volatile__ (						\
		__SSPKIT_SC_INSN					\
		: "+r" (_r0), "+r" (_r1)				\
		: "r" (_nr), "r" (_r4), "r" (_r5), "r" (_r6),		\
		  "r" (_r7)						\
		: "memory", "cc");					\
	_r0;								\
})

#endif /* _SSPKIT_SH_ASM_SYSCALL_H */
