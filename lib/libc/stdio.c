// SPDX-License-Identifier: GPL-2.0
/*
 * <stdio.h>'s streams over file descriptors: printf's formatting is
 * lib/vsprintf.c's, and every write goes out at once (no buffer to lose
 * when a protected function's canary ends the program).
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sspkit/sys.h>

struct __libc_file {
	int fd;
};

static struct __libc_file streams[3] = { { 0 }, { 1 }, { 2 } };
FILE *const stdin = &streams[0];
FILE *const stdout = &streams[1];
FILE *const stderr = &streams[2];

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
	return vdprintf(f->fd, fmt, ap);
}

int vprintf(const char *fmt, va_list ap)
{
	return vdprintf(1, fmt, ap);
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(f->fd, fmt, ap);
	va_end(ap);
	return n;
}

/* No size is given: the caller promises the room, as C has it. */
int vsprintf(char *buf, const char *fmt, va_list ap)
{
	return vsnprintf(buf, INT_MAX, fmt, ap);
}

int sprintf(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsprintf(buf, fmt, ap);
	va_end(ap);
	return n;
}

size_t fwrite(const void *buf, size_t size, size_t n, FILE *f)
{
	size_t total = size * n, done = 0;

	while (done < total) {
		long w = sys_write(f->fd, (const char *)buf + done, total - done);

		if (w <= 0)
			break;
		done += (size_t)w;
	}
	return size ? done / size : 0;
}

int fputc(int c, FILE *f)
{
	unsigned char byte = (unsigned char)c;

	return fwrite(&byte, 1, 1, f) == 1 ? byte : EOF;
}

int putc(int c, FILE *f)
{
	return fputc(c, f);
}

int putchar(int c)
{
	return fputc(c, stdout);
}

int fputs(const char *s, FILE *f)
{
	size_t len = strlen(s);

	return fwrite(s, 1, len, f) == len ? 0 : EOF;
}

int puts(const char *s)
{
	return fputs(s, stdout) == EOF ? EOF : putchar('\n');
}

/* Nothing is buffered. */
int fflush(FILE *f)
{
	(void)f;
	return 0;
}
