// SPDX-License-Identifier: GPL-2.0
/*
 * output.c: the output helpers spreport and spaudit both print with.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <unistd.h>

#include "elfscan.h"

/* PATH opened for writing as a file made here: whatever was at PATH is
 * removed and O_EXCL refuses anything put there since, so that a link
 * planted at an output's name (an M= tree is third-party content) is
 * replaced, never written through. NULL, errno set, on failure. */
FILE *fopen_fresh(const char *path)
{
	FILE *f;
	int fd;

	if (unlink(path) != 0 && errno != ENOENT)
		return NULL;
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (f == NULL)
		close(fd);
	return f;
}

double percent_of(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

/* A share for a banner, in whole percents: "23%", or "<1%" for a share
 * that is there but rounds to nothing. */
void format_share(char *buf, size_t size, uint64_t part, uint64_t whole)
{
	double share = percent_of(part, whole);

	if (share > 0 && share < 1)
		snprintf(buf, size, "<1%%");
	else
		snprintf(buf, size, "%.0f%%", share);
}

/* Symbol and file names are bytes, not text: escape all but plain ASCII. */
void json_string(FILE *out, const char *s)
{
	const unsigned char *p;

	fputc('"', out);
	for (p = (const unsigned char *)s; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else if (*p < 0x20 || *p >= 0x7f)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

const char *elfscan_program = "elfscan";

void report_error(const char *file, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);		/* keep errors after the lines they follow */
	fprintf(stderr, "%s: %s: ", elfscan_program, file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}
