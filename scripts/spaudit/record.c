// SPDX-License-Identifier: GPL-2.0
/*
 * record.c: an object's audit record (DIR/.NAME.o.ssp), written by
 * objects and read by summary and report, and the other files spaudit
 * writes, each made whole under a temporary name.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kfile.h"
#include "spaudit.h"

/* "dir/name.o" -> "dir/.name.o.ssp", beside the object's .cmd file. */
char *record_path(const char *object)
{
	return kfile_beside(object, ".ssp");
}

/* Whether PATH holds exactly TEXT. */
static bool file_holds(const char *path, const char *text)
{
	size_t len = strlen(text), got;
	char *buf = malloc(len + 2);
	FILE *f = fopen(path, "r");
	bool same = false;

	if (f != NULL && buf != NULL) {
		got = fread(buf, 1, len + 1, f);
		same = got == len && memcmp(buf, text, len) == 0;
	}
	if (f != NULL)
		fclose(f);
	free(buf);
	return same;
}

/* write_atomically, but only when PATH does not hold TEXT already: a
 * generated header keeps its time stamp, and what is built from it is
 * not built again (the image's ssp-summary.h and its banner object). */
int write_if_changed(const char *path, const char *text)
{
	return file_holds(path, text) ? 0 : write_atomically(path, text);
}

/* Write TEXT to PATH under a temporary name, made fresh (fopen_fresh: no
 * planted link is written through), then rename it into place. */
int write_atomically(const char *path, const char *text)
{
	size_t len = strlen(path) + 5;
	char *tmp = malloc(len);
	FILE *f;
	int ok;

	if (tmp == NULL)
		return -1;
	snprintf(tmp, len, "%s.tmp", path);
	f = fopen_fresh(tmp);
	ok = f != NULL && fputs(text, f) >= 0;
	ok = f != NULL && fclose(f) == 0 && ok;
	ok = ok && rename(tmp, path) == 0;
	if (!ok) {
		failure("%s: cannot write: %s", path, strerror(errno));
		remove(tmp);
	}
	free(tmp);
	return ok ? 0 : -1;
}

void text_add(struct text *t, const char *a, const char *b)
{
	size_t need = t->len + strlen(a) + strlen(b) + 2;
	char *grown;

	if (t->failed)
		return;
	if (need > t->cap) {
		t->cap = need * 2;
		grown = realloc(t->s, t->cap);
		if (grown == NULL) {
			t->failed = true;
			return;
		}
		t->s = grown;
	}
	t->len += (size_t)sprintf(t->s + t->len, "%s%s\n", a, b);
}

/* A line of four tab-separated fields. */
void text_add4(struct text *t, const char *a, const char *b,
		      const char *c, const char *d)
{
	char line[OPTOUT_PATH_MAX + OPTOUT_HOW_MAX + 2 * OPTOUT_NAME_MAX];

	snprintf(line, sizeof(line), "%s\t%s\t%s\t%s", a, b, c, d);
	text_add(t, line, "");
}

#define RECORD_FIELDS	11

void format_record(const struct record *r, char *buf, size_t size)
{
	snprintf(buf, size, "%s\t%s\t%s\t%llu\t%llu\t%s\t%s\t%llu\t%u\t%u\t%llu\n",
		 r->object, r->kind, rank_name(r->built),
		 (unsigned long long)r->functions,
		 (unsigned long long)r->protected_functions, r->flag, r->origin,
		 (unsigned long long)r->text_bytes, r->undeclared, r->declared,
		 (unsigned long long)r->declared_bytes);
}

/* Split a line at tabs in place; returns how many fields were found. */
int split_fields(char *line, char **fields, int max)
{
	int n = 0;

	line[strcspn(line, "\n")] = '\0';
	while (n < max) {
		fields[n++] = line;
		line = strchr(line, '\t');
		if (line == NULL)
			break;
		*line++ = '\0';
	}
	return n;
}

/*
 * Up to SIZE bytes of PATH into BUF, how many; 0 when it cannot be read.
 * open and read, not stdio: the image's summary reads one record per
 * object, 4000 at a time, and stdio's buffer, fstat and second read at
 * the end of the file were a third of that.
 */
static size_t read_small_file(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0;
	bool short_read;

	if (fd < 0)
		return 0;
	while (n < size) {
		ssize_t got = read(fd, buf + n, size - n);

		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		/* A short read is the end of a regular file: no read for 0. */
		short_read = (size_t)got < size - n;
		n += (size_t)got;
		if (short_read)
			break;
	}
	close(fd);
	return n;
}

/* Read an object's record; returns -1 when there is none. */
int read_record_quietly(const char *object, struct record *r, char *buf,
			       size_t size)
{
	char *path = record_path(object), *f[RECORD_FIELDS], *rest;
	size_t n = path ? read_small_file(path, buf, size - 1) : 0;

	free(path);
	buf[n] = '\0';
	rest = strchr(buf, '\n');
	if (rest != NULL)
		*rest++ = '\0';
	if (n == 0 || split_fields(buf, f, RECORD_FIELDS) != RECORD_FIELDS ||
	    parse_rank(f[2]) < -1)
		return -1;
	*r = (struct record){
		.object = f[0], .kind = f[1], .built = parse_rank(f[2]),
		.functions = strtoull(f[3], NULL, 10),
		.protected_functions = strtoull(f[4], NULL, 10),
		.flag = f[5], .origin = f[6],
		.text_bytes = strtoull(f[7], NULL, 10),
		.undeclared = (unsigned)strtoul(f[8], NULL, 10),
		.declared = (unsigned)strtoul(f[9], NULL, 10),
		.declared_bytes = strtoull(f[10], NULL, 10),
		.sites = rest ? rest : "",
	};
	return 0;
}

/* The same, with a message when there is none. */
int read_record(const char *object, struct record *r, char *buf,
		       size_t size)
{
	char *path;

	if (read_record_quietly(object, r, buf, size) == 0)
		return 0;
	path = record_path(object);
	failure("%s: no audit record (%s): was it built outside the Kbuild "
		"lists? Run make again", object, path ? path : "out of memory");
	free(path);
	return -1;
}

int for_each_object(char **args, int count, object_cb cb, void *ctx)
{
	char line[4096];
	int i, status = 0;

	for (i = 0; i < count; i++) {
		if (strcmp(args[i], "-") != 0) {
			if (cb(args[i], ctx) != 0)
				status = 1;
			continue;
		}
		while (fgets(line, sizeof(line), stdin) != NULL) {
			line[strcspn(line, "\n")] = '\0';
			if (*line && cb(line, ctx) != 0)
				status = 1;
		}
	}
	return status;
}
