// SPDX-License-Identifier: GPL-2.0
/*
 * picolibc's calls into the board (CONFIG_LIBC_PICOLIBC), on the kit's
 * semihosting system calls (lib/semihosting.c): the streams' writes, and
 * _exit, which picolibc's exit() ends in. abort() raises SIGABRT, whose
 * default action is kill(getpid(), SIGABRT): a board has one program,
 * which a signal ends with status 128 + its number, as a shell says of a
 * process it killed.
 */
#include <stddef.h>
#include <sspkit/sys.h>

long picolibc_board_write(int fd, const void *buf, size_t len);
__noreturn void _exit(int status);
int getpid(void);
int kill(int pid, int sig);
void _fini(void);

long picolibc_board_write(int fd, const void *buf, size_t len)
{
	return sys_write(fd, buf, len);
}

void _exit(int status)
{
	sys_exit_group(status);
}

int getpid(void)
{
	return 1;
}

int kill(int pid, int sig)
{
	(void)pid;
	_exit(128 + sig);
}

/*
 * What exit() calls after the destructors: crt0's, in a picolibc
 * program. The kit has none, but the weak reference must resolve near
 * the code (virt.lds says why).
 */
void _fini(void)
{
}
