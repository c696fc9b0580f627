// SPDX-License-Identifier: GPL-2.0
/*
 * Freestanding string routines. The compiler may emit calls to memcpy and
 * memset on its own (struct copies, zeroing), so these must exist even in
 * a program that never calls them by name.
 */
#include <sspkit/string.h>

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

int memcmp(const void *a, const void *b, size_t len)
{
	const unsigned char *x = a, *y = b;

	for (; len; len--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
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
