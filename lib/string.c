// SPDX-License-Identifier: GPL-2.0
/*
 * Freestanding string routines. The compiler may emit calls to memcpy and
 * memset on its own (struct copies, zeroing), so these must exist even in
 * a program that never calls them by name.
 *
 * memcpy, memmove and memset move a machine word at a time, four per
 * loop, once the destination is aligned; byte by byte only at the edges,
 * and where source and destination differ in alignment on a CPU without
 * cheap unaligned loads (CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS).
 * scripts/bench/string counts their instructions against the compiler's
 * builtins and the byte loops they replace.
 */
#include <stdint.h>
#include <sspkit/kconfig.h>
#include <sspkit/string.h>

typedef unsigned long word_t;
#define WORD		sizeof(word_t)
/*
 * Words are read and written through types that may alias anything (the
 * caller's objects have any type) and, for the source of a copy between
 * differently aligned buffers, that may sit at any address.
 */
typedef word_t __attribute__((__may_alias__)) aliased_word;
typedef word_t __attribute__((__may_alias__, __aligned__(1))) unaligned_word;

static inline size_t misalignment(const void *p)
{
	return (uintptr_t)p & (WORD - 1);
}

/* Can words be read from S while they are written to an aligned D? */
static inline int words_reach(const unsigned char *d, const unsigned char *s)
{
	return IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS) ||
	       misalignment(d) == misalignment(s);
}

/* Forward copy of LEN bytes, the destination aligned to a word. */
static void copy_words_forward(unsigned char *d, const unsigned char *s,
			       size_t len)
{
	aliased_word *dw = (aliased_word *)(void *)d;
	const unaligned_word *sw = (const unaligned_word *)(const void *)s;

	for (; len >= 4 * WORD; len -= 4 * WORD, dw += 4, sw += 4) {
		word_t a = sw[0], b = sw[1], c = sw[2], e = sw[3];

		dw[0] = a;
		dw[1] = b;
		dw[2] = c;
		dw[3] = e;
	}
	for (; len >= WORD; len -= WORD)
		*dw++ = *sw++;
	d = (unsigned char *)dw;
	s = (const unsigned char *)sw;
	while (len--)
		*d++ = *s++;
}

/* Backward copy of LEN bytes ending at D and S, D's end word-aligned. */
static void copy_words_backward(unsigned char *d, const unsigned char *s,
				size_t len)
{
	aliased_word *dw = (aliased_word *)(void *)d;
	const unaligned_word *sw = (const unaligned_word *)(const void *)s;

	for (; len >= 4 * WORD; len -= 4 * WORD) {
		word_t a = sw[-1], b = sw[-2], c = sw[-3], e = sw[-4];

		dw[-1] = a;
		dw[-2] = b;
		dw[-3] = c;
		dw[-4] = e;
		dw -= 4;
		sw -= 4;
	}
	for (; len >= WORD; len -= WORD)
		*--dw = *--sw;
	d = (unsigned char *)dw;
	s = (const unsigned char *)sw;
	while (len--)
		*--d = *--s;
}

void *memcpy(void *dst, const void *src, size_t len)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (len >= 2 * WORD && words_reach(d, s)) {
		for (; misalignment(d); len--)
			*d++ = *s++;
		copy_words_forward(d, s, len);
		return dst;
	}
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
	/* The destination overlaps the source's end: copy from the end. */
	d += len;
	s += len;
	if (len >= 2 * WORD && words_reach(d, s)) {
		for (; misalignment(d); len--)
			*--d = *--s;
		copy_words_backward(d, s, len);
		return dst;
	}
	while (len--)
		*--d = *--s;
	return dst;
}

void *memset(void *dst, int byte, size_t len)
{
	/* volatile: gcc would turn these very loops into calls to memset. */
	volatile unsigned char *d = dst;
	volatile aliased_word *dw;
	word_t w = (unsigned char)byte * (~(word_t)0 / 0xff);

	if (len >= 2 * WORD) {
		for (; misalignment((const void *)d); len--)
			*d++ = (unsigned char)byte;
		dw = (volatile aliased_word *)(volatile void *)d;
		for (; len >= 4 * WORD; len -= 4 * WORD, dw += 4) {
			dw[0] = w;
			dw[1] = w;
			dw[2] = w;
			dw[3] = w;
		}
		for (; len >= WORD; len -= WORD)
			*dw++ = w;
		d = (volatile unsigned char *)dw;
	}
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
