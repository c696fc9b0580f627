// SPDX-License-Identifier: GPL-2.0
/*
 * picolibc's stdin, stdout and stderr (CONFIG_LIBC_PICOLIBC): stdout and
 * stderr write each character at once to the semihosting console's file
 * descriptors 1 and 2, so that nothing waits in a buffer when a canary
 * or exit() ends the program; stdin reads end of file.
 */
#include <stddef.h>
#include <stdio.h>

long picolibc_board_write(int fd, const void *buf, size_t len);

static int put_fd(char c, int fd)
{
	return picolibc_board_write(fd, &c, 1) == 1 ? (unsigned char)c : EOF;
}

static int put_stdout(char c, FILE *f)
{
	(void)f;
	return put_fd(c, 1);
}

static int put_stderr(char c, FILE *f)
{
	(void)f;
	return put_fd(c, 2);
}

static int get_eof(FILE *f)
{
	(void)f;
	return EOF;
}

static FILE board_stdin = FDEV_SETUP_STREAM(NULL, get_eof, NULL, _FDEV_SETUP_READ);
static FILE board_stdout = FDEV_SETUP_STREAM(put_stdout, NULL, NULL, _FDEV_SETUP_WRITE);
static FILE board_stderr = FDEV_SETUP_STREAM(put_stderr, NULL, NULL, _FDEV_SETUP_WRITE);

FILE *const stdin = &board_stdin;
FILE *const stdout = &board_stdout;
FILE *const stderr = &board_stderr;
