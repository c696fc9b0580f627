/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Small formatted output (lib/vsprintf.c). Conversions: %d %i %u %x %X %p
 * %s %c %%, with the l, ll, h, hh, j, z and t length modifiers, a field
 * width and a precision (digits or *), and the 0 and - flags. Enough for
 * banners, tables, the <inttypes.h> of the kit's C library and published
 * code's %.*s, nothing more.
 */
#ifndef _SSPKIT_STDIO_H
#define _SSPKIT_STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define __printf(a, b) __attribute__((__format__(__printf__, a, b)))

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...) __printf(3, 4);
int vdprintf(int fd, const char *fmt, va_list ap);
int dprintf(int fd, const char *fmt, ...) __printf(2, 3);
int printf(const char *fmt, ...) __printf(1, 2);

#endif /* _SSPKIT_STDIO_H */
