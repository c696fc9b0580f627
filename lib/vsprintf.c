// SPDX-License-Identifier: GPL-2.0
/*
 * A small vsnprintf: the conversions listed in <sspkit/stdio.h>.
 * Output past the buffer is counted but not stored, as in C's snprintf,
 * so a caller can tell how much room a line would need. printf and
 * dprintf write their buffer out whenever it fills, so a line of any
 * length reaches the file descriptor whole.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
#include <sspkit/sys.h>

/* Where formatted output goes: a string, or (fd >= 0) a file descriptor. */
struct sink {
	char *buf;
	size_t size;
	size_t len;		/* characters produced so far */
	size_t flushed;		/* of those, already written to fd */
	int fd;
};

static void flush(struct sink *out)
{
	sys_write(out->fd, out->buf, out->len - out->flushed);
	out->flushed = out->len;
}

static void put(struct sink *out, char c)
{
	size_t at = out->len - out->flushed;

	if (out->fd >= 0) {
		if (at == out->size) {
			flush(out);
			at = 0;
		}
		out->buf[at] = c;
	} else if (at + 1 < out->size) {
		out->buf[at] = c;
	}
	out->len++;
}

struct spec {
	unsigned int width;
	int precision;		/* -1: none given */
	bool zero_pad;
	bool left;
};

static void put_padded(struct sink *out, const char *s, size_t n,
		       const struct spec *sp)
{
	size_t pad = sp->width > n ? sp->width - n : 0;

	if (!sp->left)
		while (pad--)
			put(out, sp->zero_pad ? '0' : ' ');
	while (n--)
		put(out, *s++);
	if (sp->left)
		while (pad--)
			put(out, ' ');
}

/*
 * Numbers are held as unsigned long long (the ll and j modifiers), but
 * divided as unsigned long: on 32-bit ports a 64-bit division would call
 * libgcc's __udivdi3, which mips does not link (arch/mips/Makefile). A
 * value wider than a long is divided 16 bits at a time (divide_chunked).
 */
struct number {
	unsigned long long magnitude;
	unsigned int base;
	bool negative;
	bool upper;
};

/*
 * Digits are produced backwards into the end of a small buffer. The
 * number travels in a struct, so the call needs few arguments: on sh4,
 * gcc 12 -O2 code that passed the bool on the stack printed "-" for every
 * hex number under qemu-sh4 7.2.
 */
/*
 * *v / base, leaving the remainder: long division by 16-bit digits, each
 * step's dividend below base << 16, so that it fits an unsigned long on
 * every port; the shifts are by constants, which no port calls libgcc for.
 */
static unsigned int divide_chunked(unsigned long long *v, unsigned int base)
{
	const unsigned long chunk[4] = {
		(unsigned long)(*v >> 48) & 0xffff, (unsigned long)(*v >> 32) & 0xffff,
		(unsigned long)(*v >> 16) & 0xffff, (unsigned long)*v & 0xffff,
	};
	unsigned long long q = 0;
	unsigned long r = 0;

	for (int i = 0; i < 4; i++) {
		unsigned long cur = r << 16 | chunk[i];

		q = q << 16 | cur / base;
		r = cur % base;
	}
	*v = q;
	return (unsigned int)r;
}

static void put_number(struct sink *out, const struct number *num,
		       const struct spec *sp)
{
	const char *digits = num->upper ? "0123456789ABCDEF" : "0123456789abcdef";
	unsigned long long wide = num->magnitude;
	unsigned long v;
	char tmp[24];
	size_t i = sizeof(tmp);

	while (wide > (unsigned long)-1)
		tmp[--i] = digits[divide_chunked(&wide, num->base)];
	v = (unsigned long)wide;
	/* A precision is the least number of digits: none at all for a zero
	 * with precision 0, as C has it. */
	if (v || i < sizeof(tmp) || sp->precision != 0) {
		do {
			tmp[--i] = digits[v % num->base];
			v /= num->base;
		} while (v);
	}
	while (sp->precision > 0 && sizeof(tmp) - i < (size_t)sp->precision && i > 1)
		tmp[--i] = '0';
	if (num->negative) {
		if (sp->zero_pad && sp->width && sp->precision < 0) {
			struct spec rest = *sp;

			put(out, '-');
			rest.width = sp->width - 1;
			put_padded(out, tmp + i, sizeof(tmp) - i, &rest);
			return;
		}
		tmp[--i] = '-';
	}
	put_padded(out, tmp + i, sizeof(tmp) - i, sp);
}

/*
 * noinline: with this inlined into vsnprintf, gcc 12 -O2 code for sh4
 * took the NULL branch for every %s after the first under qemu-sh4 7.2
 * (the pointer itself arrived intact: %p printed it right). Kept out of
 * line, every port prints the same; see Documentation/findings.md.
 */
static __attribute__((__noinline__)) void put_string(struct sink *out,
						     const char *s,
						     const struct spec *sp)
{
	size_t n = 0;

	if (!s)
		s = "(null)";
	/* A precision is the most characters to print: s need not end
	 * within it (a token of a JSON text, a field of a record). */
	if (sp->precision < 0)
		n = strlen(s);
	else
		while (n < (size_t)sp->precision && s[n])
			n++;
	put_padded(out, s, n, sp);
}

/* A width or precision: digits, or * for the next int argument. */
static const char *parse_count(const char *fmt, int *count, va_list *ap)
{
	if (*fmt == '*') {
		*count = va_arg(*ap, int);
		return fmt + 1;
	}
	*count = 0;
	while (*fmt >= '0' && *fmt <= '9')
		*count = *count * 10 + (*fmt++ - '0');
	return fmt;
}

/* Flags, width and precision; a negative * width is the - flag, a
 * negative * precision none, as C has them. */
static const char *parse_spec(const char *fmt, struct spec *sp, va_list *ap)
{
	int width;

	*sp = (struct spec){ .precision = -1 };
	for (;; fmt++) {
		if (*fmt == '0')
			sp->zero_pad = true;
		else if (*fmt == '-')
			sp->left = true;
		else
			break;
	}
	fmt = parse_count(fmt, &width, ap);
	if (width < 0) {
		sp->left = true;
		width = -width;
	}
	sp->width = (unsigned int)width;
	if (*fmt == '.') {
		fmt = parse_count(fmt + 1, &sp->precision, ap);
		if (sp->precision < 0)
			sp->precision = -1;
	}
	return fmt;
}

/* h and hh read an int (the promoted argument), then narrow it. */
enum length { LEN_INT, LEN_LONG, LEN_SIZE, LEN_LLONG, LEN_SHORT, LEN_CHAR };

static unsigned long long unsigned_arg(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_LONG:	return va_arg(*ap, unsigned long);
	case LEN_SIZE:	return va_arg(*ap, size_t);
	case LEN_LLONG:	return va_arg(*ap, unsigned long long);
	case LEN_SHORT:	return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_CHAR:	return (unsigned char)va_arg(*ap, unsigned int);
	default:	return va_arg(*ap, unsigned int);
	}
}

static long long signed_arg(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_LONG:	return va_arg(*ap, long);
	case LEN_SIZE:	return (long)va_arg(*ap, size_t);
	case LEN_LLONG:	return va_arg(*ap, long long);
	case LEN_SHORT:	return (short)va_arg(*ap, int);
	case LEN_CHAR:	return (signed char)va_arg(*ap, int);
	default:	return va_arg(*ap, int);
	}
}

/* The length modifier at fmt, if any: l ll h hh z, and j (intmax_t is
 * long long's width on every port) and t (ptrdiff_t is size_t's). */
static const char *parse_length(const char *fmt, enum length *len)
{
	*len = LEN_INT;
	if (*fmt == 'l')
		*len = fmt[1] == 'l' ? (fmt++, LEN_LLONG) : LEN_LONG;
	else if (*fmt == 'h')
		*len = fmt[1] == 'h' ? (fmt++, LEN_CHAR) : LEN_SHORT;
	else if (*fmt == 'j')
		*len = LEN_LLONG;
	else if (*fmt == 'z' || *fmt == 't')
		*len = LEN_SIZE;
	else
		return fmt;
	return fmt + 1;
}

static void convert(struct sink *out, char conv, enum length len,
		    const struct spec *sp, va_list *ap)
{
	long long sv;
	char c;

	struct number num = { .base = 10 };

	switch (conv) {
	case 'd':
	case 'i':
		sv = signed_arg(ap, len);
		num.negative = sv < 0;
		num.magnitude = num.negative ? -(unsigned long long)sv :
			(unsigned long long)sv;
		put_number(out, &num, sp);
		break;
	case 'u':
		num.magnitude = unsigned_arg(ap, len);
		put_number(out, &num, sp);
		break;
	case 'x':
	case 'X':
		num.magnitude = unsigned_arg(ap, len);
		num.base = 16;
		num.upper = conv == 'X';
		put_number(out, &num, sp);
		break;
	case 'p':
		put(out, '0');
		put(out, 'x');
		num.magnitude = (uintptr_t)va_arg(*ap, void *);
		num.base = 16;
		put_number(out, &num, sp);
		break;
	case 's':
		put_string(out, va_arg(*ap, const char *), sp);
		break;
	case 'c':
		c = (char)va_arg(*ap, int);
		put_padded(out, &c, 1, sp);
		break;
	default:
		put(out, '%');
		put(out, conv);
		break;
	}
}

static void format(struct sink *out, const char *fmt, va_list ap)
{
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		struct spec sp;
		enum length len;

		if (*fmt != '%') {
			put(out, *fmt++);
			continue;
		}
		if (*++fmt == '%') {
			put(out, *fmt++);
			continue;
		}
		fmt = parse_length(parse_spec(fmt, &sp, &args), &len);
		if (!*fmt)
			break;
		convert(out, *fmt++, len, &sp, &args);
	}
	va_end(args);
}

/*
 * With picolibc for the user's code (CONFIG_LIBC_PICOLIBC), its printf,
 * snprintf and vsnprintf are the ones the user's code gets, with %f and
 * all of C's conversions: lib/ is linked whole and first, so a definition
 * here would win over them. The kit's runtime calls none of the three;
 * dprintf and vdprintf, which picolibc lacks, stay.
 */
#ifndef CONFIG_LIBC_PICOLIBC
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct sink out = { .buf = buf, .size = size, .fd = -1 };

	format(&out, fmt, ap);
	if (size)
		buf[out.len < size ? out.len : size - 1] = '\0';
	return (int)out.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

#endif /* !CONFIG_LIBC_PICOLIBC */

int vdprintf(int fd, const char *fmt, va_list ap)
{
	char line[256];
	struct sink out = { .buf = line, .size = sizeof(line), .fd = fd };

	format(&out, fmt, ap);
	flush(&out);
	return (int)out.len;
}

int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(fd, fmt, ap);
	va_end(ap);
	return n;
}

#ifndef CONFIG_LIBC_PICOLIBC
int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(1, fmt, ap);
	va_end(ap);
	return n;
}
#endif /* !CONFIG_LIBC_PICOLIBC */
