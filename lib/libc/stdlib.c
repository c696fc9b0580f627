// SPDX-License-Identifier: GPL-2.0
/* <stdlib.h>: the end of the program, and number conversions. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sspkit/sys.h>

void exit(int status)
{
	sys_exit_group(status);
}

/* SIGABRT, as C's abort; should the signal be caught or blocked, 134
 * is the status a shell reports for it. */
void abort(void)
{
	sys_kill(sys_getpid(), SIGABRT);
	sys_exit_group(128 + SIGABRT);
}

int abs(int v)
{
	return v < 0 ? -v : v;
}

long labs(long v)
{
	return v < 0 ? -v : v;
}

static int digit_value(char c)
{
	if (isdigit(c))
		return c - '0';
	if (isalpha(c))
		return tolower(c) - 'a' + 10;
	return 99;
}

/* The base strtoul and strtol read in, the 0x or 0 prefix skipped. */
static const char *parse_base(const char *s, int *base)
{
	bool hex_prefix = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
			  digit_value(s[2]) < 16;

	if ((*base == 0 || *base == 16) && hex_prefix)
		return *base = 16, s + 2;
	if (*base == 0)
		*base = s[0] == '0' ? 8 : 10;
	return s;
}

/*
 * The magnitude of the digits at *s, saturated at ULONG_MAX with ERANGE;
 * *any says whether there was a digit at all.
 */
static unsigned long parse_digits(const char **s, int base, bool *any)
{
	unsigned long v = 0;
	bool over = false;
	int d;

	*any = false;
	for (; (d = digit_value(**s)) < base; (*s)++) {
		*any = true;
		if (v > (ULONG_MAX - (unsigned long)d) / (unsigned long)base)
			over = true;
		else
			v = v * (unsigned long)base + (unsigned long)d;
	}
	if (over) {
		errno = ERANGE;
		v = ULONG_MAX;
	}
	return v;
}

/* Skips the blanks and reads the sign: true for '-'. */
static bool parse_sign(const char **s)
{
	while (isspace(**s))
		(*s)++;
	if (**s == '-' || **s == '+')
		return *(*s)++ == '-';
	return false;
}

unsigned long strtoul(const char *s, char **end, int base)
{
	const char *p = s;
	bool neg = parse_sign(&p), any;
	unsigned long v;

	p = parse_base(p, &base);
	v = parse_digits(&p, base, &any);
	if (end)
		*end = (char *)(any ? p : s);
	return neg && v != ULONG_MAX ? -v : v;
}

long strtol(const char *s, char **end, int base)
{
	const char *p = s;
	bool neg = parse_sign(&p), any;
	unsigned long v, limit = neg ? -(unsigned long)LONG_MIN : LONG_MAX;

	p = parse_base(p, &base);
	v = parse_digits(&p, base, &any);
	if (end)
		*end = (char *)(any ? p : s);
	if (v > limit) {
		errno = ERANGE;
		return neg ? LONG_MIN : LONG_MAX;
	}
	return neg ? (long)-v : (long)v;
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}
