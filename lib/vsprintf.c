// SPDX-License-Identifier: GPL-2.0
/*
 * A small vsnprintf: the conversions listed in <sspkit/stdio.h>.
 * Output past the buffer is counted but not stored, as in C's snprintf,
 * so a caller can tell how much room a line would need.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
#include <sspkit/sys.h>

struct sink {
	char *buf;
	size_t size;
	size_t len;
};

static void put(struct sink *out, char c)
{
	if (out->len + 1 < out->size)
		out->buf[out->len] = c;
	out->len++;
}

struct spec {
	unsigned int width;
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

/* Digits are produced backwards into the end of a small buffer. */
static void put_number(struct sink *out, uintmax_t v, bool negative,
		       unsigned int base, bool upper, const struct spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	size_t i = sizeof(tmp);

	do {
		tmp[--i] = digits[v % base];
		v /= base;
	} while (v);
	if (negative) {
		if (sp->zero_pad && sp->width) {
			put(out, '-');
			struct spec rest = *sp;
			rest.width = sp->width - 1;
			put_padded(out, tmp + i, sizeof(tmp) - i, &rest);
			return;
		}
		tmp[--i] = '-';
	}
	put_padded(out, tmp + i, sizeof(tmp) - i, sp);
}

static const char *parse_spec(const char *fmt, struct spec *sp)
{
	*sp = (struct spec){ 0 };
	for (;; fmt++) {
		if (*fmt == '0')
			sp->zero_pad = true;
		else if (*fmt == '-')
			sp->left = true;
		else
			break;
	}
	while (*fmt >= '0' && *fmt <= '9')
		sp->width = sp->width * 10 + (unsigned int)(*fmt++ - '0');
	return fmt;
}

enum length { LEN_INT, LEN_LONG, LEN_SIZE };

static uintmax_t unsigned_arg(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_LONG:	return va_arg(*ap, unsigned long);
	case LEN_SIZE:	return va_arg(*ap, size_t);
	default:	return va_arg(*ap, unsigned int);
	}
}

static intmax_t signed_arg(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_LONG:	return va_arg(*ap, long);
	case LEN_SIZE:	return (intmax_t)va_arg(*ap, size_t);
	default:	return va_arg(*ap, int);
	}
}

static void convert(struct sink *out, char conv, enum length len,
		    const struct spec *sp, va_list *ap)
{
	intmax_t sv;
	const char *s;
	char c;

	switch (conv) {
	case 'd':
	case 'i':
		sv = signed_arg(ap, len);
		put_number(out, sv < 0 ? -(uintmax_t)sv : (uintmax_t)sv,
			   sv < 0, 10, false, sp);
		break;
	case 'u':
		put_number(out, unsigned_arg(ap, len), false, 10, false, sp);
		break;
	case 'x':
	case 'X':
		put_number(out, unsigned_arg(ap, len), false, 16, conv == 'X', sp);
		break;
	case 'p':
		put(out, '0');
		put(out, 'x');
		put_number(out, (uintptr_t)va_arg(*ap, void *), false, 16, false, sp);
		break;
	case 's':
		s = va_arg(*ap, const char *);
		if (!s)
			s = "(null)";
		put_padded(out, s, strlen(s), sp);
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

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct sink out = { buf, size, 0 };
	va_list args;

	va_copy(args, ap);
	while (*fmt) {
		struct spec sp;
		enum length len = LEN_INT;

		if (*fmt != '%') {
			put(&out, *fmt++);
			continue;
		}
		if (*++fmt == '%') {
			put(&out, *fmt++);
			continue;
		}
		fmt = parse_spec(fmt, &sp);
		if (*fmt == 'l')
			len = LEN_LONG, fmt++;
		else if (*fmt == 'z')
			len = LEN_SIZE, fmt++;
		if (!*fmt)
			break;
		convert(&out, *fmt++, len, &sp, &args);
	}
	va_end(args);
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

static int vdprintf(int fd, const char *fmt, va_list ap)
{
	char line[256];
	int n = vsnprintf(line, sizeof(line), fmt, ap);
	size_t len = (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1;

	sys_write(fd, line, len);
	return n;
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

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(1, fmt, ap);
	va_end(ap);
	return n;
}
