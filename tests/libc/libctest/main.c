/*
 * Prints what every function of the C library for the user's code gives
 * (lib/libc/Kconfig), one line each, in a form that does not depend on
 * the arch: tests/libc/libc.t compares it with the same program built
 * against the build machine's C library. Arguments: "exit N" ends with
 * status N, "abort" calls abort(), "assert" fails an assertion.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pathlib.h"

/* Not constants: the compiler would warn of the truncation and overflow
 * that the calls are there to test. */
static const char *volatile long_word = "truncated";
static volatile size_t huge = SIZE_MAX / 2;

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

/* The offset of p in s, or -1 for NULL. */
static long at(const char *s, const char *p)
{
	return p ? (long)(p - s) : -1L;
}

static void strings(void)
{
	const char *s = "flash/fs//lfs.c";
	char buf[32], pad[8];

	printf("memchr %ld strchr %ld %ld %ld strrchr %ld %ld\n",
	       at(s, memchr(s, '/', strlen(s))), at(s, strchr(s, '/')),
	       at(s, strchr(s, 'z')), at(s, strchr(s, '\0')),
	       at(s, strrchr(s, '/')), at(s, strrchr(s, 'q')));
	printf("strlen %zu strnlen %zu %zu\n", strlen(s), strnlen(s, 4),
	       strnlen(s, 99));
	printf("strcmp %d %d %d strncmp %d %d memcmp %d %d\n",
	       sign(strcmp("abc", "abd")), sign(strcmp("abc", "abc")),
	       sign(strcmp("b\xff", "b\x01")), sign(strncmp("abcx", "abcy", 3)),
	       sign(strncmp("ab", "abc", 5)), sign(memcmp("a\x80", "a\x7f", 2)),
	       memcmp("same", "same", 4));
	strcpy(buf, "lfs");
	strcat(buf, "_dir");
	strncat(buf, long_word, 5);
	printf("strcpy/strcat/strncat %s\n", buf);	/* lfs_dirtrunc */
	memset(pad, '#', sizeof(pad));
	strncpy(pad, "ab", 5);
	printf("strncpy %d %d %d %d %c\n", pad[0], pad[1], pad[2], pad[4], pad[5]);
	printf("strspn %zu %zu strcspn %zu %zu\n", strspn("//a/b", "/"),
	       strspn("abc", "xyz"), strcspn("name/rest", "/"),
	       strcspn("name", "/"));
	printf("strpbrk %ld %ld strstr %ld %ld %ld\n", at(s, strpbrk(s, "./")),
	       at(s, strpbrk(s, "%")), at(s, strstr(s, "lfs")),
	       at(s, strstr(s, "lfsx")), at(s, strstr(s, "")));
	memcpy(buf, "0123456789", 11);
	memmove(buf + 2, buf, 5);
	printf("memcpy/memmove %s\n", buf);
	memmove(buf, buf + 3, 5);
	printf("memmove back %s\n", buf);
}

static int logv(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vfprintf(f, fmt, ap);
	va_end(ap);
	return n;
}

static int logp(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

static int fmt_into(char *buf, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsprintf(buf, fmt, ap);
	va_end(ap);
	return n;
}

static int fmt_n(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

static void output(void)
{
	char buf[64];
	int n;

	n = printf("printf [%d|%5d|%-5d|%05d|%u|%x|%X|%c|%s|%-4s|%%]\n", -42, 42,
		   42, -42, 3000000000u, 0xbeefu, 0xbeefu, 'z', "str", "ab");
	printf("printf returned %d\n", n);
	/* jsmn's examples print tokens with %.*s */
	printf("precision [%.3s|%.*s|%*d|%-*d|%.5d|%.0d|%8.3x|%.*s|%-6.2s]\n",
	       "abcdef", 2, "xyz", 6, 42, 4, 7, -42, 0, 255u, -1, "neg", "left");
	printf("long %ld %lu %lx size %zu %td ll %lld %llu %llx h %hd %hu hh %hhd %hhu\n",
	       (long)INT32_MIN, 4000000000UL, 0xabcdefUL, (size_t)77,
	       (ptrdiff_t)-77, LLONG_MIN, ULLONG_MAX,
	       0x123456789abcdefULL, (short)-1234, (unsigned short)65535,
	       (signed char)-128, (unsigned char)255);
	printf("inttypes %" PRId8 " %" PRIu16 " %" PRIi32 " %" PRIx32 " %" PRId64
	       " %" PRIu64 " %" PRIX64 " %" PRIdMAX " %" PRIuMAX " %" PRIuPTR
	       " %" PRIxPTR "\n", (int8_t)-8, (uint16_t)65535, (int32_t)INT32_MIN,
	       (uint32_t)0xdeadbeef, INT64_MIN, UINT64_MAX, (uint64_t)0xfedcba9876543210u,
	       INTMAX_MIN, UINTMAX_MAX, (uintptr_t)4096, (uintptr_t)0xc0de);
	n = sprintf(buf, "%s-%03d", "sprintf", 7);
	printf("%s %d\n", buf, n);
	n = fmt_into(buf, "%x/%d", 255, -1);
	printf("vsprintf %s %d\n", buf, n);
	n = snprintf(buf, 6, "%s", long_word);
	printf("snprintf %s %d\n", buf, n);
	n = fmt_n(buf, 4, "%d", 123456);
	printf("vsnprintf %s %d\n", buf, n);
	fprintf(stdout, "fprintf stdout %d\n", 1);
	fprintf(stderr, "fprintf stderr %d\n", 2);
	logv(stdout, "vfprintf %s\n", "stdout");
	logp("vprintf %s\n", "ok");
	fputs("fputs", stdout);
	fputc(' ', stdout);
	putc('p', stdout);
	putchar('\n');
	puts("puts line");
	printf("fwrite %zu\n", fwrite("abcdef", 2, 3, stdout));
	putchar('\n');
	printf("fflush %d\n", fflush(stdout));
}

static void conversions(void)
{
	char *end;
	long v;

	printf("abs %d %d labs %ld atoi %d %d %d\n", abs(-5), abs(5), labs(-70000L),
	       atoi("  -123abc"), atoi("+42"), atoi("x"));
	v = strtol("0x1fZ", &end, 0);
	printf("strtol %ld rest %s", v, end);
	v = strtol("0777", &end, 0);
	printf(" %ld rest '%s'", v, end);
	v = strtol("zz", &end, 36);
	printf(" %ld", v);
	v = strtol("junk", &end, 10);
	printf(" %ld rest %s\n", v, end);
	errno = 0;
	v = strtol("99999999999999999999999", &end, 10);
	printf("strtol overflow max %d erange %d rest '%s'\n", v == LONG_MAX,
	       errno == ERANGE, end);
	errno = 0;
	v = strtol("-99999999999999999999999", NULL, 10);
	printf("strtol underflow min %d erange %d\n", v == LONG_MIN, errno == ERANGE);
	printf("strtoul %lu %lu max %d\n", strtoul("  +100", NULL, 10),
	       strtoul("ff", NULL, 16), strtoul("-1", NULL, 10) == ULONG_MAX);
}

/* Which of 0..127 each classifier accepts: a count and a sum. */
static void classes(void)
{
	static int (*const fn[])(int) = { isalnum, isalpha, iscntrl, isdigit,
		isgraph, islower, isprint, ispunct, isspace, isupper, isxdigit };
	static const char *const name[] = { "alnum", "alpha", "cntrl", "digit",
		"graph", "lower", "print", "punct", "space", "upper", "xdigit" };

	for (size_t i = 0; i < sizeof(fn) / sizeof(fn[0]); i++) {
		int count = 0, sum = 0;

		for (int c = 0; c < 128; c++)
			if (fn[i](c))
				count++, sum += c;
		printf("is%s %d %d\n", name[i], count, sum);
	}
	printf("tolower %c%c%c toupper %c%c%c\n", tolower('A'), tolower('z'),
	       tolower('1'), toupper('a'), toupper('Z'), toupper('#'));
}

static void memory(void)
{
	struct pathlib_node *list = NULL;
	unsigned char *p, *q;
	int zero = 1, rc[4];

	p = calloc(100, 4);
	for (int i = 0; i < 400; i++)
		zero &= p[i] == 0;
	memset(p, 0x5a, 400);
	q = realloc(p, 4000);
	printf("calloc zero %d realloc kept %d %d\n", zero, q[0] == 0x5a,
	       q[399] == 0x5a);
	free(q);
	errno = 0;
	p = malloc(huge);
	printf("malloc huge null %d enomem %d\n", p == NULL, errno == ENOMEM);
	p = calloc(huge, 4);
	printf("calloc overflow null %d\n", p == NULL);
	/* Many allocations freed in turn: the heap is reused. */
	for (int round = 0; round < 200; round++) {
		p = malloc(1000);
		q = malloc(3000);
		assert(p && q && p != q);
		free(p);
		free(q);
	}
	printf("depth %zu %zu %zu\n", pathlib_depth("/a//b/c/"), pathlib_depth("///"),
	       pathlib_depth("x"));
	rc[0] = pathlib_add(&list, "/fs/boot.bin", 3);
	rc[1] = pathlib_add(&list, "log.txt", 4000);
	rc[2] = pathlib_add(&list, "/fs/", 1) == -EINVAL;
	rc[3] = pathlib_add(&list, "/a b", 1) == -EINVAL;
	printf("add %d %d %d %d\n", rc[0], rc[1], rc[2], rc[3]);
	printf("total %" PRIu64 " first %s\n", pathlib_total(list), list->name);
	pathlib_free(list);
}

int main(int argc, char *argv[])
{
	if (argc > 2 && !strcmp(argv[1], "exit"))
		exit(atoi(argv[2]));
	if (argc > 1 && !strcmp(argv[1], "abort"))
		abort();
	assert(argc < 2 || strcmp(argv[1], "assert"));
	strings();
	output();
	conversions();
	classes();
	memory();
	puts("done");
	return 0;
}
