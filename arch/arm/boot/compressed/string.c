// SPDX-License-Identifier: GPL-2.0
/*
 * The early-boot stage's own string helpers, as kernel decompressors
 * carry theirs: the stage links nothing from lib/. The compiler may emit
 * calls to memcpy, memmove and memset by itself, so they exist even
 * where the stage does not call them by name.
 */
#include "misc.h"

void *memcpy(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (len--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d <= s || d >= s + len)
		return memcpy(dst, src, len);
	while (len--)
		d[len] = s[len];
	return dst;
}

void *memset(void *dst, int byte, size_t len)
{
	/* volatile: gcc would turn this very loop into a call to memset. */
	volatile unsigned char *d = dst;

	while (len--)
		*d++ = (unsigned char)byte;
	return dst;
}

size_t strlen(const char *s)
{
	const char *end = s;

	while (*end)
		end++;
	return (size_t)(end - s);
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}
