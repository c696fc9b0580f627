/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The few system calls sspkit uses, on top of the arch's raw syscall
 * layer (arch/<arch>/include/asm/syscall.h). Each returns what the kernel
 * returned: a negative value is -errno.
 */
#ifndef _SSPKIT_SYS_H
#define _SSPKIT_SYS_H

#include <stddef.h>
#include <asm/syscall.h>
#include <sspkit/compiler.h>

#define SIGABRT 6

static inline long sys_write(int fd, const void *buf, size_t len)
{
	return my_syscall3(__NR_write, fd, buf, len);
}

static inline long sys_getrandom(void *buf, size_t len, unsigned int flags)
{
	return my_syscall3(__NR_getrandom, buf, len, flags);
}

static inline long sys_getpid(void)
{
	return my_syscall0(__NR_getpid);
}

static inline long sys_kill(long pid, int sig)
{
	return my_syscall2(__NR_kill, pid, sig);
}

/*
 * A child process. The generic syscall table (arm64, riscv) has no fork:
 * clone with only the exit signal (SIGCHLD, 17 there) is the same call.
 * Its other arguments are all zero, so their per-arch order does not
 * matter.
 */
static inline long sys_fork(void)
{
#ifdef __NR_fork
	return my_syscall0(__NR_fork);
#else
	return my_syscall5(__NR_clone, 17, 0, 0, 0, 0);
#endif
}

static inline long sys_wait4(long pid, int *status, int options)
{
	return my_syscall4(__NR_wait4, pid, status, options, 0);
}

/*
 * SIGALRM after SECONDS of real time, which by default ends the process:
 * alarm() itself is missing from the generic table (arm64, riscv), while
 * setitimer() is in every port's. Its struct is two old-style timevals,
 * longs on every ABI here.
 */
static inline long sys_alarm(unsigned int seconds)
{
	long itimerval[4] = { 0, 0, (long)seconds, 0 };	/* interval, value */

	return my_syscall3(__NR_setitimer, 0 /* ITIMER_REAL */, itimerval, 0);
}

static inline __noreturn void sys_exit_group(int status)
{
	for (;;)
		(void)my_syscall1(__NR_exit_group, status);
}

#endif /* _SSPKIT_SYS_H */
