// SPDX-License-Identifier: GPL-2.0
/*
 * The system calls of an ARMv7-M board, on Arm semihosting and on the
 * board's checkpoint fork (arch/arm/kernel/fork-v7m.c): what
 * <asm/syscall-v7m.h> promises, and -ENOSYS for the rest.
 */
#include <stddef.h>
#include <asm/fork-v7m.h>
#include <asm/semihosting.h>
#include <asm/syscall.h>

/*
 * The host's standard output and error: ":tt" opened for writing and for
 * appending (the semihosting spec's convention, which QEMU follows).
 * Opened on first use; -1 until then.
 */
static long tt_handle[3] = { -1, -1, -1 };

static long tt_open(int fd)
{
	static const char tt[] = ":tt";
	long block[3] = { (long)tt, fd == 1 ? SH_OPEN_W : SH_OPEN_A,
			  (long)(sizeof(tt) - 1) };

	if (tt_handle[fd] < 0)
		tt_handle[fd] = semihosting_call(SYS_OPEN, block);
	return tt_handle[fd];
}

static long sh_write(long fd, const void *buf, long len)
{
	long block[3];
	long left;

	if (fd != 1 && fd != 2)
		return -9;	/* EBADF */
	block[0] = tt_open((int)fd);
	if (block[0] < 0)
		return -5;	/* EIO */
	block[1] = (long)buf;
	block[2] = len;
	left = semihosting_call(SYS_WRITE, block);
	return left < 0 || left > len ? -5 : len - left;
}

/* The status reaches the shell; qemu-system-arm exits with it. */
static void sh_exit(long status)
{
	long block[2] = { ADP_Stopped_ApplicationExit, status };

	semihosting_call(SYS_EXIT_EXTENDED, block);
}

long v7m_syscall(long nr, long a1, long a2, long a3)
{
	switch (nr) {
	case __NR_write:
		return sh_write(a1, (const void *)a2, a3);
	case __NR_getpid:
		return v7m_getpid();
	case __NR_fork:
		/* The child's writes open no handle the parent loses. */
		tt_open(1);
		tt_open(2);
		return v7m_fork();
	case __NR_wait4:
		return v7m_wait4(a1, (int *)a2);
	case __NR_setitimer:
		/* ITIMER_REAL's {interval, value}: the value's seconds */
		return a1 ? -22 : v7m_alarm(((const long *)a2)[2]);
	case __NR_kill:
		/* A child killed ends in its parent's wait4(). */
		if (v7m_in_child() && a1 == V7M_CHILD_PID)
			v7m_child_exit((int)a2 & 0x7f);
		/* The program, killed by a signal: the shell's 128+SIG. */
		if (a1 != V7M_PARENT_PID)
			return -3;	/* ESRCH */
		sh_exit(128 + a2);
		return 0;
	case __NR_exit_group:
		if (v7m_in_child())
			v7m_child_exit(((int)a1 & 0xff) << 8);
		sh_exit(a1);
		return 0;
	default:
		return -ENOSYS;
	}
}
