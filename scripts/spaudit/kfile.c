// SPDX-License-Identifier: GPL-2.0
/*
 * kfile.c: the names of the files Kbuild keeps beside an object, and the
 * reading of its .cmd file (kfile.h).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfile.h"

char *kfile_beside(const char *object, const char *suffix)
{
	const char *slash = strrchr(object, '/');
	size_t dir = slash ? (size_t)(slash - object) + 1 : 0;
	size_t len = strlen(object) + strlen(suffix) + 2;
	char *path = malloc(len);

	if (path != NULL)
		snprintf(path, len, "%.*s.%s%s", (int)dir, object, object + dir, suffix);
	return path;
}

const char *kfile_short_path(const char *path)
{
	const char *top = getenv("srctree");
	size_t n = top ? strlen(top) : 0;

	if (n > 1 && strncmp(path, top, n) == 0 && path[n] == '/')
		return path + n + 1;
	return strncmp(path, "./", 2) == 0 ? path + 2 : path;
}

char *kfile_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *grown;
	size_t cap = 0, n;

	*len = 0;
	if (f == NULL)
		return NULL;
	do {
		if (*len + 65536 > cap) {
			cap = cap ? cap * 2 : 65536;
			grown = realloc(buf, cap);
			if (grown == NULL) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = grown;
		}
		n = fread(buf + *len, 1, cap - *len, f);
		*len += n;
	} while (n > 0);
	fclose(f);
	return buf;
}

/* The value of "NAME<object> := VALUE" in a .cmd file's text, or NULL. */
static const char *cmd_value(const char *text, const char *name,
			     const char *object)
{
	size_t n = strlen(name), o = strlen(object);
	const char *line;

	for (line = text; line != NULL; line = strchr(line, '\n'), line = line ? line + 1 : NULL)
		if (strncmp(line, name, n) == 0 && strncmp(line + n, object, o) == 0 &&
		    strncmp(line + n + o, " := ", 4) == 0)
			return line + n + o + 4;
	return NULL;
}

/* One path of a deps_ list, P at its first byte: the length of the path,
 * 0 for a $(wildcard ...) line, -1 past the list's last line. */
static int deps_entry(const char *p, const char *end, size_t *n)
{
	*n = end ? (size_t)(end - p) : strlen(p);
	if (*n < 2 || p[*n - 1] != '\\')
		return -1;
	*n -= 2;
	while (*n > 0 && (p[*n - 1] == ' ' || p[*n - 1] == '\t'))
		(*n)--;
	return *n == 0 || *p == '$' ? 0 : 1;
}

int kfile_for_each_source(const char *object, kfile_source_fn fn, void *ctx)
{
	char *path = kfile_beside(object, ".cmd"), *text, *source = NULL;
	const char *v, *p, *end;
	size_t len, n;
	int status = 0;

	text = path ? kfile_read(path, &len) : NULL;
	if (text == NULL) {
		fprintf(stderr, "spaudit: %s: cannot read the command record %s: %s\n",
			object, path ? path : "", strerror(errno));
		free(path);
		return -1;
	}
	text[len ? len - 1 : 0] = '\0';
	v = cmd_value(text, "source_", object);
	if (v != NULL)
		source = strndup(v, strcspn(v, "\n"));
	v = cmd_value(text, "deps_", object);
	/* deps_OBJ := \ then one path per line, up to a line without "\". */
	for (p = v ? strchr(v, '\n') : NULL; p != NULL && status == 0; p = end) {
		char file[KFILE_PATH_MAX];

		p++;
		end = strchr(p, '\n');
		p += strspn(p, " \t");
		switch (deps_entry(p, end, &n)) {
		case -1:
			end = NULL;
			continue;
		case 0:
			continue;	/* $(wildcard include/config/...) */
		}
		if (n >= sizeof(file))
			continue;
		snprintf(file, sizeof(file), "%.*s", (int)n, p);
		status = fn(object, file, !source || strcmp(file, source) != 0, ctx);
	}
	free(source);
	free(text);
	free(path);
	return status;
}
