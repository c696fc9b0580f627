// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit prebuilt: what an image links from code the build did not
 * compile, and so never audited: the members of libgcc.a (or of a C
 * library's libc.a) that the linker pulled in.
 *
 * The linked image is the truth about what is in it; the image list says
 * which objects the build compiled and audited; each archive's members say
 * where the rest came from. A function of the image that no audited object
 * defines, and that a member of an archive does, came from that member:
 * its size and whether it checks a canary are read from the image itself
 * (scripts/elfscan, as spreport reads it). One line per member goes to RECORD,
 * which "spaudit report" prints after the image's own objects, and one
 * line per archive to standard output, for the build's log.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spaudit.h"

/* A growing array of strings, sorted once it is complete. */
struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *s, const char *name)
{
	char *copy;

	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		char **v = realloc(s->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	copy = strdup(name);
	if (copy == NULL)
		return -1;
	s->v[s->n++] = copy;
	return 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void names_sort(struct names *s)
{
	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), compare_names);
}

static bool names_have(const struct names *s, const char *name)
{
	return s->n && bsearch(&name, s->v, s->n, sizeof(*s->v), compare_names);
}

static void names_free(struct names *s)
{
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
}

/* A member that defines functions, and what of it the image holds. */
struct member {
	char *file;		/* "lib.a(member.o)", as scan.c names it */
	uint64_t functions, protected_functions, bytes;
};

struct members {
	struct names by_function;	/* "NAME\tlib.a(member.o)", sorted */
	struct member *v;		/* one each, sorted by file */
	size_t n;
};

/* The functions an archive's members define, as "NAME\tlib.a(member.o)". */
static void collect_member_function(const struct function_info *info, void *ctx)
{
	struct names *s = ctx;
	size_t len = strlen(info->name) + strlen(info->file) + 2;
	char *entry;

	if (info->is_discarded || (entry = malloc(len)) == NULL)
		return;
	snprintf(entry, len, "%s\t%s", info->name, info->file);
	names_add(s, entry);
	free(entry);
}

static int compare_members(const void *a, const void *b)
{
	return strcmp(((const struct member *)a)->file,
		      ((const struct member *)b)->file);
}

/* One struct member per file the entries name. */
static int index_members(struct members *m)
{
	struct names files = { 0 };
	size_t k;

	for (k = 0; k < m->by_function.n; k++)
		if (names_add(&files, strchr(m->by_function.v[k], '\t') + 1) != 0)
			return -1;
	names_sort(&files);
	m->v = calloc(files.n ? files.n : 1, sizeof(*m->v));
	if (m->v == NULL)
		return -1;
	for (k = 0; k < files.n; k++) {
		if (m->n && strcmp(m->v[m->n - 1].file, files.v[k]) == 0) {
			free(files.v[k]);
			continue;
		}
		m->v[m->n++].file = files.v[k];
	}
	free(files.v);
	return 0;
}

/* The member that defines function NAME, or NULL. */
static struct member *member_of(const struct members *m, const char *name)
{
	size_t len = strlen(name), lo = 0, hi = m->by_function.n;
	struct member key;

	while (lo < hi) {		/* the first entry not below "NAME\t" */
		size_t mid = (lo + hi) / 2;
		const char *e = m->by_function.v[mid];
		int c = strncmp(e, name, len);

		if (c < 0 || (c == 0 && (unsigned char)e[len] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == m->by_function.n || strncmp(m->by_function.v[lo], name, len) != 0 ||
	    m->by_function.v[lo][len] != '\t')
		return NULL;
	key.file = m->by_function.v[lo] + len + 1;
	return bsearch(&key, m->v, m->n, sizeof(*m->v), compare_members);
}

/* Each function of the image that no audited object defines is counted
 * against the member that defines it. */
struct attribution {
	const struct names *defined;
	struct members *members;
};

static void attribute_function(const struct function_info *info, void *ctx)
{
	struct attribution *a = ctx;
	struct member *m;

	if (info->is_discarded || names_have(a->defined, info->name))
		return;
	m = member_of(a->members, info->name);
	if (m == NULL)
		return;
	m->functions++;
	m->protected_functions += info->is_protected;
	m->bytes += info->size;
}

static void collect_name(const struct function_info *info, void *ctx)
{
	if (!info->is_discarded)
		names_add(ctx, info->name);
}

/* The objects of an image list ("object<TAB>PATH" lines). */
static int read_list_objects(const char *list, struct names *objects)
{
	FILE *in = fopen(list, "r");
	char line[4096];

	if (in == NULL) {
		fprintf(stderr, "spaudit: %s: %s (no image list: the image's "
			"summary writes it before the link)\n", list, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), in) != NULL) {
		char *path = line + strlen("object\t");

		if (strncmp(line, "object\t", 7) != 0)
			continue;
		path[strcspn(path, " \t\n")] = '\0';
		if (*path && names_add(objects, path) != 0) {
			fclose(in);
			return -1;
		}
	}
	fclose(in);
	return 0;
}

/* Writes PATH under a fresh name (fopen_fresh, as write_atomically does)
 * renamed into place, WRITE filling it: no half-written file is ever
 * read, and no link followed. */
static int write_fresh(const char *path, int (*write)(FILE *, const void *),
		       const void *data)
{
	size_t len = strlen(path) + sizeof(".tmp");
	char *tmp = malloc(len);
	FILE *out;
	int bad;

	if (tmp == NULL)
		return -1;
	snprintf(tmp, len, "%s.tmp", path);
	out = fopen_fresh(tmp);
	if (out == NULL) {
		fprintf(stderr, "spaudit: %s: %s\n", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	bad = write(out, data) != 0;
	if (fclose(out) != 0 || bad || rename(tmp, path) != 0) {
		fprintf(stderr, "spaudit: %s: cannot write it\n", path);
		remove(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

/* The record: one line per member the image holds code of. */
static int print_record(FILE *out, const void *data)
{
	const struct members *m = data;
	int bad = 0;

	fputs("# spaudit prebuilt: code the image links from archives the build "
	      "did not compile\n", out);
	for (size_t k = 0; k < m->n; k++)
		if (m->v[k].functions &&
		    fprintf(out, "prebuilt\t%s\t%llu\t%llu\t%llu\n", m->v[k].file,
			    (unsigned long long)m->v[k].functions,
			    (unsigned long long)m->v[k].protected_functions,
			    (unsigned long long)m->v[k].bytes) < 0)
			bad = 1;
	return bad;
}

/* All the prebuilt code an image holds, and its share of the image's text. */
struct prebuilt_total {
	uint64_t functions, protected_functions, bytes, text_bytes;
};

/*
 * The banner's part (--banner=OUT.h), for scripts/ssp-mode.S to put in
 * the banner's parentheses when the image is linked again with it:
 * "; prebuilt: 30 functions, 0 protected, 41% of text". An image that
 * holds no prebuilt code gets no SSP_PREBUILT_CLAUSE, and keeps the
 * banner the summary wrote.
 */
static int print_banner_header(FILE *out, const void *data)
{
	const struct prebuilt_total *p = data;
	char share[16];

	fputs("/* Generated by spaudit prebuilt from the linked image; do not "
	      "edit. */\n", out);
	if (p->functions == 0)
		return 0;
	format_share(share, sizeof(share), p->bytes, p->text_bytes);
	return fprintf(out, "#define SSP_PREBUILT_FUNCTIONS %llu\n"
		       "#define SSP_PREBUILT_PROTECTED %llu\n"
		       "#define SSP_PREBUILT_TEXT_BYTES %llu\n"
		       "#define SSP_PREBUILT_CLAUSE \"; prebuilt: %llu function%s, "
		       "%llu protected, %s of text\"\n",
		       (unsigned long long)p->functions,
		       (unsigned long long)p->protected_functions,
		       (unsigned long long)p->bytes,
		       (unsigned long long)p->functions, p->functions == 1 ? "" : "s",
		       (unsigned long long)p->protected_functions, share) < 0;
}

static struct prebuilt_total total_of(const struct members *m, uint64_t text_bytes)
{
	struct prebuilt_total p = { .text_bytes = text_bytes };

	for (size_t k = 0; k < m->n; k++) {
		p.functions += m->v[k].functions;
		p.protected_functions += m->v[k].protected_functions;
		p.bytes += m->v[k].bytes;
	}
	return p;
}

/*
 * --config=AUTO_CONF: CONFIG_CC_STACKPROTECTOR_STRICT_PREBUILT and the
 * archives it trusts, read here from the configuration as data (a string
 * value never reaches a command line). Returns 1 when the check is on.
 */
static int read_strict_config(const char *path, char *trusted, size_t size)
{
	FILE *in = fopen(path, "r");
	char line[1024];
	int on = 0;
	const char *key = "CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED=\"";

	*trusted = '\0';
	if (in == NULL) {
		fprintf(stderr, "spaudit: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), in) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (strcmp(line, "CONFIG_CC_STACKPROTECTOR_STRICT_PREBUILT=y") == 0)
			on = 1;
		else if (strncmp(line, key, strlen(key)) == 0) {
			const char *v = line + strlen(key);
			size_t n = strcspn(v, "\"");

			if (n >= size)
				n = size - 1;
			memcpy(trusted, v, n);
			trusted[n] = '\0';
		}
	}
	fclose(in);
	return on;
}

/* Whether NAME is one of the blank-separated words of LIST. */
static bool is_word_of(const char *name, const char *list)
{
	size_t len = strlen(name);

	for (const char *p = list; (p = strstr(p, name)) != NULL; p += len)
		if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
			return true;
	return false;
}

/* The archive's line for the build's log, when the image holds any of it.
 * Returns 1 when its members hold functions and none is protected. */
static int print_archive_line(const char *name, const struct members *m,
			      const char *archive, uint64_t text_bytes)
{
	const char *base = strrchr(archive, '/');
	size_t alen = strlen(archive);
	uint64_t funcs = 0, prot = 0, bytes = 0, members = 0;

	for (size_t k = 0; k < m->n; k++) {
		const struct member *v = &m->v[k];

		if (!v->functions || strncmp(v->file, archive, alen) != 0 ||
		    v->file[alen] != '(')
			continue;
		members++;
		funcs += v->functions;
		prot += v->protected_functions;
		bytes += v->bytes;
	}
	if (funcs == 0)
		return 0;
	printf("  %s: prebuilt %s: %llu function%s from %llu member%s, %llu "
	       "protected, %.1f%% of text\n", name, base ? base + 1 : archive,
	       (unsigned long long)funcs, funcs == 1 ? "" : "s",
	       (unsigned long long)members, members == 1 ? "" : "s",
	       (unsigned long long)prot, percent_of(bytes, text_bytes));
	return prot == 0;
}

static int usage(void)
{
	fputs("usage: spaudit prebuilt --image=IMAGE --list=LIST --record=OUT "
	      "[--banner=OUT.h] [--name=NAME] [--config=AUTO_CONF] ARCHIVE...\n",
	      stderr);
	return 2;
}

int cmd_prebuilt(int argc, char **argv)
{
	const char *image = NULL, *list = NULL, *record = NULL, *name = NULL;
	const char *config = NULL, *banner = NULL;
	char trusted[512] = "";
	int strict = 0;
	struct names objects = { 0 }, defined = { 0 };
	struct members members = { 0 };
	struct attribution a = { &defined, &members };
	struct tally t = { 0 };
	int i, k, status = 1;

	for (i = 0; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		if (strncmp(argv[i], "--image=", 8) == 0)
			image = argv[i] + 8;
		else if (strncmp(argv[i], "--list=", 7) == 0)
			list = argv[i] + 7;
		else if (strncmp(argv[i], "--record=", 9) == 0)
			record = argv[i] + 9;
		else if (strncmp(argv[i], "--name=", 7) == 0)
			name = argv[i] + 7;
		else if (strncmp(argv[i], "--config=", 9) == 0)
			config = argv[i] + 9;
		else if (strncmp(argv[i], "--banner=", 9) == 0)
			banner = argv[i] + 9;
		else
			return usage();
	}
	if (!image || !list || !record)
		return usage();
	if (config && (strict = read_strict_config(config, trusted, sizeof(trusted))) < 0)
		return 2;
	if (read_list_objects(list, &objects) != 0)
		goto out;

	/* What the build compiled: every function its objects define. */
	for (size_t j = 0; j < objects.n; j++)
		scan_file(objects.v[j], &t, collect_name, &defined);
	names_sort(&defined);
	for (k = i; k < argc; k++)
		scan_file(argv[k], &t, collect_member_function, &members.by_function);
	names_sort(&members.by_function);
	if (t.errors || index_members(&members) != 0)
		goto out;
	t = (struct tally){ 0 };
	scan_file(image, &t, attribute_function, &a);
	if (t.errors || write_fresh(record, print_record, &members) != 0)
		goto out;
	if (banner) {
		struct prebuilt_total p = total_of(&members, t.text_bytes);

		if (write_fresh(banner, print_banner_header, &p) != 0)
			goto out;
	}
	status = 0;
	for (k = i; k < argc; k++) {
		const char *base = strrchr(argv[k], '/');

		base = base ? base + 1 : argv[k];
		if (print_archive_line(name ? name : image, &members, argv[k],
				       t.text_bytes) && strict &&
		    !is_word_of(base, trusted)) {
			fprintf(stderr, "error: %s: the members it links from %s "
				"check no canary, and CONFIG_CC_STACKPROTECTOR_STRICT_"
				"PREBUILT refuses prebuilt code built without the "
				"stack protector: rebuild the library with "
				"-fstack-protector-strong, or name %s in "
				"CONFIG_CC_STACKPROTECTOR_PREBUILT_TRUSTED\n",
				name ? name : image, argv[k], base);
			status = 1;
		}
	}
out:
	for (size_t j = 0; j < members.n; j++)
		free(members.v[j].file);
	free(members.v);
	names_free(&members.by_function);
	names_free(&objects);
	names_free(&defined);
	return status;
}
