/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86_64 raw system calls.
 *
 * ABI (x86_64 Linux, "syscall" instruction):
 *   number      rax
 *   arguments   rdi, rsi, rdx, r10, r8, r9   (r10, not rcx: syscall uses rcx)
 *   return      rax; -4095..-1 is -errno
 *   clobbered   rcx (return rip), r11 (rflags), and memory
 */
#ifndef _ASM_X86_SYSCALL_64_H
#define _ASM_X86_SYSCALL_64_H

#define __NR_write		1
#define __NR_getpid		39
#define __NR_fork		57
#define __NR_wait4		61
#define __NR_setitimer		38
#define __NR_kill		62
#define __NR_exit_group		231
#define __NR_getrandom		318

#define my_syscall0(num)						\
({									\
	long _ret;							\
	register long _num __asm__("rax") = (num);			\
									\
	__asm__ volatile (						\
		"syscall\n"						\
		: "=a"(_ret)						\
		: "0"(_num)						\
		: "rcx", "r11", "memory", "cc"				\
	);								\
	_ret;								\
})

#define my_syscall1(num, arg1)						\
({									\
	long _ret;							\
	register long _num  __asm__("rax") = (num);			\
	register long _arg1 __asm__("rdi") = (long)(arg1);		\
									\
	__asm__ volatile (						\
		"syscall\n"						\
		: "=a"(_ret)						\
		: "r"(_arg1), "0"(_num)					\
		: "rcx", "r11", "memory", "cc"				\
	);								\
	_ret;								\
})

#define my_syscall2(num, arg1, arg2)					\
({									\
	long _ret;							\
	register long _num  __asm__("rax") = (num);			\
	register long _arg1 __asm__("rdi") = (long)(arg1);		\
	register long _arg2 __asm__("rsi") = (long)(arg2);		\
									\
	__asm__ volatile (						\
		"syscall\n"						\
		: "=a"(_ret)						\
		: "r"(_arg1), "r"(_arg2), "0"(_num)			\
		: "rcx", "r11", "memory", "cc"				\
	);								\
	_ret;								\
})

#define my_syscall3(num, arg1, arg2, arg3)				\
({									\
	long _ret;							\
	register long _num  __asm__("rax") = (num);			\
	register long _arg1 __asm__("rdi") = (long)(arg1);		\
	register long _arg2 __asm__("rsi") = (long)(arg2);		\
	register long _arg3 __asm__("rdx") = (long)(arg3);		\
									\
	__asm__ volatile (						\
		"syscall\n"						\
		: "=a"(_ret)						\
		: "r"(_arg1), "r"(_arg2), "r"(_arg3), "0"(_num)		\
		: "rcx", "r11", "memory", "cc"				\
	);								\
	_ret;								\
})

#define my_syscall4(num, arg1, arg2, arg3, arg4)			\
({									\
	long _ret;							\
	register long _num  __asm__("rax") = (num);			\
	register long _arg1 __asm__("rdi") = (long)(arg1);		\
	register long _arg2 __asm__("rsi") = (long)(arg2);		\
	register long _arg3 __asm__("rdx") = (long)(arg3);		\
	register long _arg4 __asm__("r10") = (long)(arg4);		\
									\
	__asm__ volatile (						\
		"syscall\n"						\
		: "=a"(_ret)						\
		: "r"(_arg1), "r"(_arg2), "r"(_arg3), "r"(_arg4),	\
		  "0"(_num)						\
		: "rcx", "r11", "memory", "cc"				\
	);								\
	_ret;								\
})

#endif /* _ASM_X86_SYSCALL_64_H */
