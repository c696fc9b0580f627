/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <string.h> of the kit's C library (CONFIG_LIBC_KIT): lib/string.c's
 * routines, and the rest from lib/libc/string.c.
 */
#ifndef _LIBC_STRING_H
#define _LIBC_STRING_H

#include <sspkit/string.h>

void *memchr(const void *s, int c, size_t len);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
size_t strnlen(const char *s, size_t max);
int strncmp(const char *a, const char *b, size_t len);
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t len);
char *strcat(char *dst, const char *src);
char *strncat(char *dst, const char *src, size_t len);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
char *strpbrk(const char *s, const char *accept);
char *strstr(const char *haystack, const char *needle);

#endif /* _LIBC_STRING_H */
