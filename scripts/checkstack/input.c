// SPDX-License-Identifier: GPL-2.0
/*
 * input.c: the call graph, from what the compiler and the annotations say.
 *
 *   foo.o.su  -fstack-usage: "file:line:col:name<TAB>bytes<TAB>kind", one
 *             line per function; kind "dynamic" (without ",bounded") is a
 *             VLA or alloca whose size the compiler cannot bound
 *   foo.o.ci  gcc's -fcallgraph-info=su,da (VCG): a node per function,
 *             titled "name" or, when static, "file.c:name"; an edge per
 *             call, to "__indirect_call" for a call through a pointer
 *
 * A function's key is its .ci title, so that two static functions of one
 * name in two files stay apart. A .su line finds its key through the
 * node's label, which has the same "file:line:col" and name. Without a
 * .ci (clang writes none) the key is the plain name, and the calls of the
 * function are unknown (no_graph).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkstack.h"

#define HASH_SIZE 4096

static struct func *table[HASH_SIZE];
/* By plain name too, each chain in the order the functions came. */
static struct func *by_name[HASH_SIZE];
static struct func **all;
static size_t nall;

struct task_root *task_roots;
size_t ntask_roots;
char *task_start;

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL) {
		fprintf(stderr, "checkstack: out of memory\n");
		exit(2);
	}
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xrealloc(NULL, n), s, n);
}

static unsigned hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % HASH_SIZE;
}

struct func *func_find(const char *key)
{
	struct func *f;

	for (f = table[hash(key)]; f != NULL; f = f->hash_next)
		if (strcmp(f->key, key) == 0)
			return f;
	return NULL;
}

struct func *func_get(const char *key)
{
	struct func *f = func_find(key), **tail;
	const char *colon = strrchr(key, ':');
	unsigned h = hash(key);

	if (f != NULL)
		return f;
	f = xrealloc(NULL, sizeof(*f));
	memset(f, 0, sizeof(*f));
	f->key = xstrdup(key);
	f->name = xstrdup(colon ? colon + 1 : key);
	f->frame = -1;
	f->hash_next = table[h];
	table[h] = f;
	for (tail = &by_name[hash(f->name)]; *tail != NULL; tail = &(*tail)->name_next)
		;
	*tail = f;
	all = xrealloc(all, (nall + 1) * sizeof(*all));
	all[nall++] = f;
	return f;
}

void funcs_all(struct func ***out, size_t *n)
{
	*out = all;
	*n = nall;
}

size_t funcs_named(const char *name, struct func **out, size_t max)
{
	struct func *f;
	size_t n = 0;

	for (f = by_name[hash(name)]; f != NULL && n < max; f = f->name_next)
		if (strcmp(f->name, name) == 0)
			out[n++] = f;
	return n;
}

void func_add_call(struct func *f, struct func *to, const char *site)
{
	if (f->ncalls == f->calls_cap) {
		f->calls_cap = f->calls_cap ? 2 * f->calls_cap : 4;
		f->calls = xrealloc(f->calls, f->calls_cap * sizeof(*f->calls));
	}
	f->calls[f->ncalls].to = to;
	f->calls[f->ncalls].site = site ? xstrdup(site) : NULL;
	f->calls[f->ncalls].type = NULL;
	f->ncalls++;
}

/* The text between the quotes after FIELD in LINE, or NULL. */
static char *quoted(const char *line, const char *field)
{
	const char *p = strstr(line, field), *end;
	char *s;

	if (p == NULL)
		return NULL;
	p += strlen(field);
	end = strchr(p, '"');
	if (end == NULL)
		return NULL;
	s = xrealloc(NULL, (size_t)(end - p) + 1);
	memcpy(s, p, (size_t)(end - p));
	s[end - p] = '\0';
	return s;
}

/*
 * One object's .ci locators: "file:line:col:name" of each function it
 * defines, with its key, for its .su lines to find.
 */
struct locator {
	char *where;
	struct func *f;
};
static struct locator *locs;
static size_t nlocs;

/* A node the object defines: its label is "name\nfile:l:c\nN bytes...". */
static void ci_node(const char *title, const char *label)
{
	const char *nl1 = strstr(label, "\\n"), *nl2;
	struct func *f;
	size_t nlen, wlen;
	char *where;

	if (nl1 == NULL || (nl2 = strstr(nl1 + 2, "\\n")) == NULL ||
	    strstr(nl2, " bytes (") == NULL)
		return;			/* only declared here */
	f = func_get(title);
	f->no_graph = false;
	nlen = (size_t)(nl1 - label);
	wlen = (size_t)(nl2 - nl1 - 2);
	where = xrealloc(NULL, wlen + 1 + nlen + 1);
	memcpy(where, nl1 + 2, wlen);
	where[wlen] = ':';
	memcpy(where + wlen + 1, label, nlen);
	where[wlen + 1 + nlen] = '\0';
	locs = xrealloc(locs, (nlocs + 1) * sizeof(*locs));
	locs[nlocs].where = where;
	locs[nlocs].f = f;
	nlocs++;
}

static void ci_line(const char *line)
{
	char *a, *b, *c;

	if (strncmp(line, "node: {", 7) == 0) {
		a = quoted(line, "title: \"");
		b = quoted(line, "label: \"");
		if (a != NULL && b != NULL)
			ci_node(a, b);
		free(a);
		free(b);
	} else if (strncmp(line, "edge: {", 7) == 0) {
		a = quoted(line, "sourcename: \"");
		b = quoted(line, "targetname: \"");
		c = quoted(line, "label: \"");
		if (a != NULL && b != NULL)
			func_add_call(func_get(a), strcmp(b, "__indirect_call") ?
				      func_get(b) : NULL, c);
		free(a);
		free(b);
		free(c);
	}
}

/* path with SUFFIX put after it, opened, or NULL when there is none. */
static FILE *open_beside(const char *object, const char *suffix, char **path)
{
	size_t n = strlen(object);
	FILE *fp;

	*path = xrealloc(NULL, n + strlen(suffix) + 1);
	memcpy(*path, object, n);
	strcpy(*path + n, suffix);
	fp = fopen(*path, "r");
	if (fp == NULL && errno != ENOENT)
		fprintf(stderr, "checkstack: %s: %s\n", *path, strerror(errno));
	return fp;
}

struct func *object_func(const char *name)
{
	size_t i;

	for (i = 0; i < nlocs; i++)
		if (strcmp(locs[i].f->name, name) == 0)
			return locs[i].f;
	return NULL;
}

static struct func *su_func(const char *where, bool have_ci)
{
	const char *colon = strrchr(where, ':');
	size_t i;

	for (i = 0; have_ci && i < nlocs; i++)
		if (strcmp(locs[i].where, where) == 0)
			return locs[i].f;
	return func_get(colon ? colon + 1 : where);
}

/* "file:l:c:name<TAB>bytes<TAB>static|dynamic|dynamic,bounded" */
static bool su_line(char *line, const char *path, unsigned lineno, bool have_ci)
{
	char *tab1 = strchr(line, '\t'), *tab2, *end;
	struct func *f;
	long bytes;

	if (tab1 == NULL || (tab2 = strchr(tab1 + 1, '\t')) == NULL) {
		fprintf(stderr, "checkstack: %s:%u: not a -fstack-usage line "
			"(file:line:col:name, bytes, kind, tab-separated): "
			"rebuild the object\n", path, lineno);
		return false;
	}
	*tab1 = *tab2 = '\0';
	bytes = strtol(tab1 + 1, &end, 10);
	if (*end != '\0' || bytes < 0) {
		fprintf(stderr, "checkstack: %s:%u: \"%s\" is not a frame size\n",
			path, lineno, tab1 + 1);
		return false;
	}
	tab2[strcspn(tab2 + 1, "\n") + 1] = '\0';
	f = su_func(line, have_ci);
	if (!have_ci)
		f->no_graph = f->ncalls == 0;
	/* Two static functions of one name in two files without a .ci
	 * share a key: the larger frame counts for both. */
	if (bytes > f->frame)
		f->frame = bytes;
	if (strstr(tab2 + 1, "dynamic") && !strstr(tab2 + 1, "bounded"))
		f->dynamic = true;
	return true;
}

bool read_object(const char *object)
{
	char *ci_path, *su_path, *line = NULL;
	size_t cap = 0, i;
	bool indirect = false;	/* a call through a pointer: read its types */
	unsigned lineno = 0;
	FILE *ci = open_beside(object, ".ci", &ci_path);
	FILE *su = open_beside(object, ".su", &su_path);
	bool ok = true;

	for (i = 0; i < nlocs; i++)
		free(locs[i].where);
	nlocs = 0;
	while (ci != NULL && getline(&line, &cap, ci) > 0) {
		ci_line(line);
		indirect |= strstr(line, "targetname: \"__indirect_call\"") != NULL;
	}
	while (su != NULL && getline(&line, &cap, su) > 0)
		ok = su_line(line, su_path, ++lineno, ci != NULL) && ok;
	if (ci != NULL && indirect)
		read_type_dumps(object);
	if (ci != NULL)
		fclose(ci);
	if (su != NULL)
		fclose(su);
	free(line);
	free(ci_path);
	free(su_path);
	return ok;
}
