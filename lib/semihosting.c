// SPDX-License-Identifier: GPL-2.0
/*
 * The system calls of a bare-metal board (arm's ARMv7-M, riscv's M-mode),
 * on semihosting and, where the board has one, its checkpoint fork
 * (<sspkit/board-fork.h>: lib/board-fork.c): what
 * <asm-generic/syscall-semihosting.h> promises, and -ENOSYS for the
 * rest; and the command line the reset path passes on.
 */
#include <stddef.h>
#include <asm/semihosting.h>
#include <asm/syscall.h>
#include <sspkit/board-fork.h>
#include <sspkit/board-stack.h>

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

/*
 * The status reaches the shell; qemu-system exits with it. The painted
 * stacks' lines first (CONFIG_STACK_PAINT).
 */
static void sh_exit(long status)
{
	long block[2] = { ADP_Stopped_ApplicationExit, status };

	board_stacks_report();
	semihosting_call(SYS_EXIT_EXTENDED, block);
}

long semihosting_syscall(long nr, long a1, long a2, long a3)
{
	switch (nr) {
	case __NR_write:
		return sh_write(a1, (const void *)a2, a3);
	case __NR_getpid:
		return board_getpid();
#ifdef __NR_fork
	case __NR_fork:
#else
	case __NR_clone:	/* the generic table's fork (<sspkit/sys.h>) */
#endif
		/* The child's writes open no handle the parent loses. */
		tt_open(1);
		tt_open(2);
		return board_fork();
	case __NR_wait4:
		return board_wait4(a1, (int *)a2);
	case __NR_setitimer:
		/* ITIMER_REAL's {interval, value}: the value's seconds */
		return a1 ? -22 : board_alarm(((const long *)a2)[2]);
	case __NR_kill:
		/* A child killed ends in its parent's wait4(). */
		if (board_in_child() && a1 == BOARD_CHILD_PID)
			board_child_exit((int)a2 & 0x7f);
		/* The program, killed by a signal: the shell's 128+SIG. */
		if (a1 != BOARD_PARENT_PID)
			return -3;	/* ESRCH */
		sh_exit(128 + a2);
		return 0;
	case __NR_exit_group:
		if (board_in_child())
			board_child_exit(((int)a1 & 0xff) << 8);
		sh_exit(a1);
		return 0;
	default:
		return -ENOSYS;
	}
}

/*
 * The command line (qemu's -semihosting-config arg=...), split at spaces,
 * as the argc/argv block a Linux kernel leaves on the stack: what a
 * board's reset path passes to __sspkit_start(). "sample" when the host
 * gives none. Called once, before the guard is set: it writes no guard
 * and returns before the guard changes.
 */
#define MAX_ARGS	16
static char cmdline[256];
static long boot_block[1 + MAX_ARGS + 2];	/* argc, argv[], NULL, envp NULL */

long *semihosting_boot_args(void)
{
	long query[2] = { (long)cmdline, (long)sizeof(cmdline) - 1 };
	static char name[] = "sample";
	char *p = cmdline;
	long argc = 0;

	if (semihosting_call(SYS_GET_CMDLINE, query) != 0)
		cmdline[0] = '\0';
	else
		cmdline[query[1]] = '\0';
	while (*p && argc < MAX_ARGS) {
		while (*p == ' ')
			*p++ = '\0';
		if (!*p)
			break;
		boot_block[1 + argc++] = (long)p;
		while (*p && *p != ' ')
			p++;
	}
	if (!argc)
		boot_block[1 + argc++] = (long)name;
	boot_block[0] = argc;
	return boot_block;
}
