// SPDX-License-Identifier: GPL-2.0
/*
 * The kit's memcpy, memmove and memset against byte-at-a-time references,
 * at every length up to 300, every source and destination offset up to
 * 15 (memmove: 31, both ways, so every overlap a word copy can meet); the bytes around the
 * destination must stay as they were. Prints "strcheck: ok N" or the
 * first difference, and exits 1 on one.
 */
#include <stddef.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>

#define MAXLEN	300
#define OFFSETS	16
#define SIZE	(2 * (MAXLEN + 2 * OFFSETS))	/* copies read from SIZE / 2 on */

/*
 * The references write through volatile: the compiler would turn a plain
 * byte loop into a call to the very memcpy or memset under test.
 */
static unsigned char buf[SIZE];
static volatile unsigned char ref[SIZE];
static unsigned long checks;

static void fill(volatile unsigned char *b, unsigned seed)
{
	size_t i;

	for (i = 0; i < SIZE; i++)
		b[i] = (unsigned char)(i * 131 + seed * 7 + 1);
}

static int differs(const char *what, size_t len, size_t d, size_t s)
{
	size_t i;

	checks++;
	for (i = 0; i < SIZE; i++)
		if (buf[i] != ref[i]) {
			printf("strcheck: %s len %zu dst +%zu src +%zu: byte %zu is %u, not %u\n",
			       what, len, d, s, i, buf[i], ref[i]);
			return 1;
		}
	return 0;
}

/* memmove inside one buffer, both directions, every small shift. */
static int check_moves(void)
{
	volatile unsigned char tmp[MAXLEN];
	size_t len, d, s, i;

	for (len = 0; len <= MAXLEN; len++)
		for (d = 0; d < 2 * OFFSETS; d++)
			for (s = 0; s < 2 * OFFSETS; s++) {
				fill(buf, (unsigned)(len + d));
				fill(ref, (unsigned)(len + d));
				for (i = 0; i < len; i++)
					tmp[i] = ref[s + i];
				for (i = 0; i < len; i++)
					ref[d + i] = tmp[i];
				memmove(buf + d, buf + s, len);
				if (differs("memmove", len, d, s))
					return 1;
			}
	return 0;
}

static int check_sets(void)
{
	size_t len, d, i;

	for (len = 0; len <= MAXLEN; len++)
		for (d = 0; d < OFFSETS; d++) {
			fill(buf, (unsigned)len);
			fill(ref, (unsigned)len);
			for (i = 0; i < len; i++)
				ref[d + i] = 0xa5;
			memset(buf + d, 0x1a5, len);	/* only the low byte counts */
			if (differs("memset", len, d, 0))
				return 1;
		}
	return 0;
}

/* Whole copies by length and alignment, against the plain loops. */
static int check_plain_copies(void)
{
	size_t len, d, s, i;

	for (len = 0; len <= MAXLEN; len++)
		for (d = 0; d < OFFSETS; d++)
			for (s = 0; s < OFFSETS; s++) {
				fill(buf, (unsigned)(len ^ s));
				fill(ref, (unsigned)(len ^ s));
				for (i = 0; i < len; i++)
					ref[d + i] = ref[SIZE / 2 + s + i];
				memcpy(buf + d, buf + SIZE / 2 + s, len);
				if (differs("memcpy", len, d, s))
					return 1;
			}
	return 0;
}

int main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	if (check_plain_copies() || check_moves() || check_sets())
		return 1;
	printf("strcheck: ok %lu\n", checks);
	return 0;
}
