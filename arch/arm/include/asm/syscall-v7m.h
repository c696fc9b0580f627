/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call layer on an ARMv7-M board (CONFIG_ARM_SINGLE_ARMV7M),
 * under the same names as the Linux one, so that <sspkit/sys.h> and its
 * callers are the same on both platforms. There is no kernel: each call
 * is a function of arch/arm/lib/semihosting.c, which does what it can
 * through semihosting and the board's checkpoint fork
 * (arch/arm/kernel/fork-v7m.c):
 *   write(1|2)      SYS_WRITE to the host's standard output or error
 *   exit_group(N)   SYS_EXIT_EXTENDED: N reaches the shell; in a child,
 *                   the child ends with N
 *   getpid()        1, and 2 in the child while one runs
 *   kill(1, SIG)    ends the program as the signal would: status 128+SIG;
 *                   kill(2, SIG) in the child ends the child so
 *   fork()          a checkpoint of RAM, undone when the child ends
 *   wait4(2, ...)   the ended child's status, as Linux words it
 *   setitimer(ITIMER_REAL) in the child: SIGALRM after its seconds
 * Everything else (getrandom, set_tls...) returns -ENOSYS, as an older
 * kernel would, and callers already handle that.
 * Arguments past the third are never needed by those that exist.
 */
#ifndef _SSPKIT_ARM_ASM_SYSCALL_V7M_H
#define _SSPKIT_ARM_ASM_SYSCALL_V7M_H

/* The calls are named by the Linux EABI numbers, from <asm/syscall.h>. */
#define ENOSYS			38

long v7m_syscall(long nr, long a1, long a2, long a3);

#define my_syscall0(num)		v7m_syscall((num), 0, 0, 0)
#define my_syscall1(num, a1)		v7m_syscall((num), (long)(a1), 0, 0)
#define my_syscall2(num, a1, a2)	v7m_syscall((num), (long)(a1), (long)(a2), 0)
#define my_syscall3(num, a1, a2, a3)					\
	v7m_syscall((num), (long)(a1), (long)(a2), (long)(a3))
#define my_syscall4(num, a1, a2, a3, a4)				\
	((void)(a4), my_syscall3(num, a1, a2, a3))
#define my_syscall5(num, a1, a2, a3, a4, a5)				\
	((void)(a5), my_syscall4(num, a1, a2, a3, a4))
#define my_syscall6(num, a1, a2, a3, a4, a5, a6)			\
	((void)(a6), my_syscall5(num, a1, a2, a3, a4, a5))

#endif /* _SSPKIT_ARM_ASM_SYSCALL_V7M_H */
