/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <stdio.h> of the kit's C library (CONFIG_LIBC_KIT): the formatted
 * output of lib/vsprintf.c (<sspkit/stdio.h> lists its conversions), and
 * the three standard streams as file descriptors 0, 1 and 2, written
 * unbuffered. No files are opened: there is no fopen.
 */
#ifndef _LIBC_STDIO_H
#define _LIBC_STDIO_H

#include <sspkit/stdio.h>

#define EOF (-1)

typedef struct __libc_file FILE;
extern FILE *const stdin;
extern FILE *const stdout;
extern FILE *const stderr;

int vprintf(const char *fmt, va_list ap);
int fprintf(FILE *f, const char *fmt, ...) __printf(2, 3);
int vfprintf(FILE *f, const char *fmt, va_list ap);
int sprintf(char *buf, const char *fmt, ...) __printf(2, 3);
int vsprintf(char *buf, const char *fmt, va_list ap);
int fputc(int c, FILE *f);
int putc(int c, FILE *f);
int putchar(int c);
int fputs(const char *s, FILE *f);
int puts(const char *s);
size_t fwrite(const void *buf, size_t size, size_t n, FILE *f);
int fflush(FILE *f);

#endif /* _LIBC_STDIO_H */
