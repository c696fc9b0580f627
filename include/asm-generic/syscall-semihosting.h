/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call layer on a bare-metal board (CONFIG_BARE_METAL: arm's
 * ARMv7-M, riscv's M-mode), under the same names as the Linux one, so
 * that <sspkit/sys.h> and its callers are the same on both platforms.
 * There is no kernel: each call is a function of lib/semihosting.c,
 * which does what it can through semihosting and the board's checkpoint
 * fork (lib/board-fork.c, where the platform selects HAVE_BOARD_FORK;
 * elsewhere fork, wait4 and setitimer return -ENOSYS):
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
#ifndef _SSPKIT_ASM_GENERIC_SYSCALL_SEMIHOSTING_H
#define _SSPKIT_ASM_GENERIC_SYSCALL_SEMIHOSTING_H

/* The calls are named by the arch's Linux numbers, from <asm/syscall.h>. */
#define ENOSYS			38

#include <asm-generic/semihosting.h>

#define my_syscall0(num)		semihosting_syscall((num), 0, 0, 0)
#define my_syscall1(num, a1)		semihosting_syscall((num), (long)(a1), 0, 0)
#define my_syscall2(num, a1, a2)	semihosting_syscall((num), (long)(a1), (long)(a2), 0)
#define my_syscall3(num, a1, a2, a3)					\
	semihosting_syscall((num), (long)(a1), (long)(a2), (long)(a3))
#define my_syscall4(num, a1, a2, a3, a4)				\
	((void)(a4), my_syscall3(num, a1, a2, a3))
#define my_syscall5(num, a1, a2, a3, a4, a5)				\
	((void)(a5), my_syscall4(num, a1, a2, a3, a4))
#define my_syscall6(num, a1, a2, a3, a4, a5, a6)			\
	((void)(a6), my_syscall5(num, a1, a2, a3, a4, a5))

#endif /* _SSPKIT_ASM_GENERIC_SYSCALL_SEMIHOSTING_H */
