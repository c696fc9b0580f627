// SPDX-License-Identifier: GPL-2.0
/*
 * The system calls of an ARMv7-M board, on Arm semihosting: what
 * <asm/syscall-v7m.h> promises, and -ENOSYS for the rest.
 */
#include <stddef.h>
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
		return 1;
	case __NR_kill:
		/* The one program, killed by a signal: the shell's 128+SIG. */
		if (a1 != 1)
			return -3;	/* ESRCH */
		sh_exit(128 + a2);
		return 0;
	case __NR_exit_group:
		sh_exit(a1);
		return 0;
	default:
		return -ENOSYS;
	}
}
