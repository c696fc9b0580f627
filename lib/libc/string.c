// SPDX-License-Identifier: GPL-2.0
/*
 * <string.h> beyond lib/string.c's: byte at a time, as small as they
 * come; the kit's memcpy and memset are the ones that go by words.
 */
#include <stdbool.h>
#include <string.h>

void *memchr(const void *s, int c, size_t len)
{
	const unsigned char *p = s;

	for (; len; p++, len--)
		if (*p == (unsigned char)c)
			return (void *)p;
	return NULL;
}

/* The terminating NUL counts as part of the string (strchr(s, 0)). */
char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

/* Compares as unsigned char, as strcmp and memcmp do. */
int strncmp(const char *a, const char *b, size_t len)
{
	for (; len; a++, b++, len--) {
		unsigned char ca = (unsigned char)*a, cb = (unsigned char)*b;

		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (!ca)
			break;
	}
	return 0;
}

char *strcpy(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++))
		;
	return dst;
}

/* C's strncpy: pads with NULs to len, and leaves no NUL if src is longer. */
char *strncpy(char *dst, const char *src, size_t len)
{
	size_t i = 0;

	for (; i < len && src[i]; i++)
		dst[i] = src[i];
	for (; i < len; i++)
		dst[i] = '\0';
	return dst;
}

char *strcat(char *dst, const char *src)
{
	strcpy(dst + strlen(dst), src);
	return dst;
}

/* Appends at most len characters of src, then always a NUL. */
char *strncat(char *dst, const char *src, size_t len)
{
	char *d = dst + strlen(dst);
	size_t n = strnlen(src, len);

	memcpy(d, src, n);
	d[n] = '\0';
	return dst;
}

static bool in_set(char c, const char *set)
{
	for (; *set; set++)
		if (*set == c)
			return true;
	return false;
}

size_t strspn(const char *s, const char *accept)
{
	size_t n = 0;

	while (s[n] && in_set(s[n], accept))
		n++;
	return n;
}

size_t strcspn(const char *s, const char *reject)
{
	size_t n = 0;

	while (s[n] && !in_set(s[n], reject))
		n++;
	return n;
}

char *strpbrk(const char *s, const char *accept)
{
	s += strcspn(s, accept);
	return *s ? (char *)s : NULL;
}

char *strstr(const char *haystack, const char *needle)
{
	size_t n = strlen(needle);

	for (; *haystack; haystack++)
		if (!strncmp(haystack, needle, n))
			return (char *)haystack;
	return n ? NULL : (char *)haystack;
}
