// SPDX-License-Identifier: GPL-2.0
/*
 * fork(), alarm() and wait4() as the sweep uses them, in a program of its
 * own (tests/board/fork-alarm.t): a child that never ends by itself is ended
 * by its alarm, killed by SIGALRM (wait4 status 14), and the parent goes
 * on; then a child that exits 3 (status 3 << 8), which an alarm left over
 * from the first child must not reach. Linux prints the same lines, so
 * the board's checkpoint fork is judged against it.
 */
#include <sspkit/stdio.h>
#include <sspkit/sys.h>

/* volatile: the spinning child's loop stays a loop. */
static volatile unsigned long spins;

static long run_child(const char *name, int spin)
{
	int status = -1;
	long pid = sys_fork();

	if (pid < 0) {
		printf("%s: fork failed (%ld)\n", name, pid);
		return pid;
	}
	if (pid == 0) {
		if (!spin)
			sys_exit_group(3);
		sys_alarm(1);
		for (;;)
			spins++;
	}
	if (sys_wait4(pid, &status, 0) != pid) {
		printf("%s: wait4 failed\n", name);
		return -1;
	}
	printf("%s: wait4 status %d\n", name, status);
	return 0;
}

int main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	if (run_child("spinning child", 1) || run_child("exiting child", 0))
		return 1;
	printf("parent: goes on\n");
	return 0;
}
