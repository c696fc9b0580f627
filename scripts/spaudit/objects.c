// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit objects: audit each object a manifest names, as the build
 * compiles it, into its record; warn about (or, strict, stop at) every
 * object or function built weaker than asked.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kfile.h"
#include "optout.h"
#include "spaudit.h"

/* "lib/x.o: built without stack protection (-fno-stack-protector, from KCFLAGS)" */
static void print_weaker(const struct record *r, const struct options *opt)
{
	char buf[96];
	const char *level = opt->strict ? "error" : "warning";

	fprintf(stderr, "%s: %s: %s", level, r->object,
		describe(r->built, opt->threshold, buf, sizeof(buf)));
	if (*r->flag && strcmp(r->origin, "the configured mode") == 0)
		fprintf(stderr, " (its command line has %s, from the configured "
			"mode: the compiler or a wrapper around it did not "
			"honour it)", r->flag);
	else if (*r->flag)
		fprintf(stderr, " (%s, from %s)", r->flag, r->origin);
	else if (*r->origin)
		fprintf(stderr, " (%s)", r->origin);
	fprintf(stderr, "; the build asks for %s\n", rank_name(opt->expect));
}

/* The function of the object a site stands for: by the name the
 * declaration gives, else by any identifier in it (a macro that defines
 * the function names it in its arguments). */
static const struct emitted *site_function(const struct seen *s,
					   const struct optout_site *site)
{
	char idents[OPTOUT_IDENTS_MAX], *word, *save;
	size_t i;

	for (i = 0; i < s->nfns; i++)
		if (strcmp(s->fns[i].name, site->function) == 0)
			return &s->fns[i];
	snprintf(idents, sizeof(idents), "%s", site->idents);
	for (word = strtok_r(idents, " ", &save); word != NULL;
	     word = strtok_r(NULL, " ", &save))
		for (i = 0; i < s->nfns; i++)
			if (strcmp(s->fns[i].name, word) == 0)
				return &s->fns[i];
	return NULL;
}

static bool already_listed(const struct text *lines, const char *kind,
			   const char *function)
{
	char key[OPTOUT_NAME_MAX + 16];

	snprintf(key, sizeof(key), "%s\t%s\t", kind, function);
	return lines->s != NULL && (strncmp(lines->s, key, strlen(key)) == 0 ||
				    strstr(lines->s, key) != NULL);
}

/*
 * The functions whose protection the object's sources change: a line
 * each in LINES for the record, a warning (an error under STRICT) for
 * each undeclared one. Declared ones are kept when the object defines
 * them; undeclared ones also when they stand in its own .c file, or
 * cover the rest of the translation unit.
 */
static int audit_sources(struct record *r, const struct seen *s,
			 const struct options *opt, struct text *lines)
{
	struct optout_list sites = { 0 };
	const struct optout_site *site;
	const struct emitted *fn;
	const char *name;
	char where[OPTOUT_PATH_MAX + 16], size[32];
	size_t i;

	if (optout_scan_object(r->object, &sites) != 0) {
		optout_free(&sites);
		return -1;
	}
	for (i = 0; i < sites.count; i++) {
		site = &sites.sites[i];
		fn = site_function(s, site);
		if (fn == NULL && (site->declared || (!site->in_source &&
		    strcmp(site->function, OPTOUT_REST_OF_UNIT) != 0)))
			continue;
		name = fn ? fn->name : site->function;
		if (already_listed(lines, site->declared ? "declared" : "optout", name))
			continue;
		snprintf(where, sizeof(where), "%s:%u", kfile_short_path(site->file),
			 site->line);
		if (site->declared) {
			snprintf(size, sizeof(size), "%llu", (unsigned long long)fn->size);
			r->declared++;
			r->declared_bytes += fn->size;
			text_add4(lines, "declared", name, where, size);
			continue;
		}
		r->undeclared++;
		text_add4(lines, "optout", name, where, site->how);
		fprintf(stderr, "%s: %s: %s (%s): stack protection switched off in "
			"its source by %s, undeclared; the build asks for %s\n",
			opt->strict ? "error" : "warning", r->object, name, where,
			site->how, rank_name(opt->expect));
	}
	optout_free(&sites);
	return lines->failed ? -1 : 0;
}

static int audit_one(char *line, const struct options *opt, bool *weaker,
		     bool *undeclared)
{
	char *f[4] = { "", "", "", "" };
	struct tally t = { 0 };
	struct seen s = { 0 };
	struct text lines = { 0 };
	struct record r;
	char text[4096], *path;
	int n, status = 0;

	line += strspn(line, " ");	/* make's $(foreach) joins with a space */
	n = split_fields(line, f, 4);
	if (n < 2 || (strcmp(f[0], "c") && strcmp(f[0], "exempt") &&
		      strcmp(f[0], "asm"))) {
		failure("%s: bad manifest line (want KIND<TAB>OBJ...)", opt->manifest);
		return -1;
	}
	scan_file(f[1], &t, note_function, &s);
	if (t.errors) {
		free(s.fns);
		return -1;
	}
	r = (struct record){
		.object = f[1], .kind = f[0], .functions = s.functions,
		.protected_functions = s.protected_functions,
		.flag = n > 2 ? f[2] : "", .origin = n > 3 ? f[3] : "",
		.text_bytes = s.text_bytes,
	};
	r.built = strcmp(f[0], "asm") == 0 ? RANK_ASSEMBLER : built_as(&s);
	if (is_weaker(&r, opt->expect)) {
		print_weaker(&r, opt);
		*weaker = true;
	}
	/* An exempt object is unprotected as a whole, and says so already. */
	if (strcmp(r.kind, "c") == 0 && !opt->no_sources &&
	    audit_sources(&r, &s, opt, &lines) != 0)
		status = -1;
	free(s.fns);
	*undeclared |= r.undeclared > 0;
	format_record(&r, text, sizeof(text));
	text_add(&lines, "", "");	/* a buffer even when nothing was added */
	path = record_path(f[1]);
	if (status == 0 && !lines.failed) {
		struct text all = { 0 };

		text_add(&all, text, lines.s);
		all.len -= 2;		/* text_add's two newlines */
		all.s[all.len] = '\0';
		status = all.failed || path == NULL ||
			 write_atomically(path, all.s) != 0 ? -1 : 0;
		free(all.s);
	}
	free(lines.s);
	free(path);
	return lines.failed ? -1 : status;
}

/*
 * The stamp holds what the objects were audited against, so that --since
 * can tell a new mode, threshold or strictness (every object again) from
 * an object rebuilt (that one only).
 */
static void stamp_key(const struct options *opt, char *buf, size_t size)
{
	snprintf(buf, size, "expect=%d threshold=%u strict=%d sources=%d\n",
		 (int)opt->expect, opt->threshold, opt->strict, !opt->no_sources);
}

static bool newer(const struct stat *a, const struct stat *b)
{
	return a->st_mtim.tv_sec != b->st_mtim.tv_sec ?
	       a->st_mtim.tv_sec > b->st_mtim.tv_sec :
	       a->st_mtim.tv_nsec > b->st_mtim.tv_nsec;
}

/*
 * --since=STAMP (the ninja engine, which has no $? to give): whether
 * every object must be read, because there is no stamp, or it was made
 * for other options, or the manifest or spaudit itself is newer.
 */
static bool audit_all(const struct options *opt, struct stat *stamp)
{
	char key[96], old[96] = "";
	struct stat st;
	FILE *f;
	size_t n = 0;

	if (stat(opt->since, stamp) != 0)
		return true;
	f = fopen(opt->since, "r");
	if (f != NULL) {
		n = fread(old, 1, sizeof(old) - 1, f);
		fclose(f);
	}
	old[n] = '\0';
	stamp_key(opt, key, sizeof(key));
	if (strcmp(key, old) != 0)
		return true;
	if (stat(opt->manifest, &st) != 0 || !newer(stamp, &st))
		return true;
	return stat("/proc/self/exe", &st) != 0 || !newer(stamp, &st);
}

/*
 * An object to read again: one not older than the stamp (a time stamp
 * equal to it may be later within the file system's tick), or without a
 * record.
 */
static bool rebuilt_since(const char *line, const struct stat *stamp)
{
	char object[4096], *path;
	struct stat st;
	const char *f = line + strspn(line, " ");
	size_t kind = strcspn(f, "\t"), len;
	bool again;

	if (f[kind] != '\t')
		return true;	/* audit_one says what is wrong with it */
	f += kind + 1;
	len = strcspn(f, "\t\n");
	if (len >= sizeof(object))
		return true;
	memcpy(object, f, len);
	object[len] = '\0';
	if (stat(object, &st) != 0 || newer(&st, stamp) ||
	    (st.st_mtim.tv_sec == stamp->st_mtim.tv_sec &&
	     st.st_mtim.tv_nsec == stamp->st_mtim.tv_nsec))
		return true;
	path = record_path(object);
	again = path == NULL || stat(path, &st) != 0;
	free(path);
	return again;
}

int cmd_objects(const struct options *opt)
{
	FILE *m = fopen(opt->manifest, "r");
	char line[4096], key[96];
	bool weaker = false, undeclared = false, all = true;
	struct stat stamp;
	int status = 0;

	if (m == NULL) {
		failure("%s: %s", opt->manifest, strerror(errno));
		return 2;
	}
	if (opt->since)
		all = audit_all(opt, &stamp);
	while (fgets(line, sizeof(line), m) != NULL)
		if (line[strspn(line, " ")] != '\n' &&
		    (all || rebuilt_since(line, &stamp)) &&
		    audit_one(line, opt, &weaker, &undeclared) != 0)
			status = 2;
	fclose(m);
	if (status == 0 && weaker && opt->strict)
		fprintf(stderr, "error: objects above are built weaker than the "
			"configured stack-protector mode, and "
			"CONFIG_CC_STACKPROTECTOR_STRICT=y stops the build: drop "
			"the flag named, or declare the object exempt in its "
			"Makefile (CFLAGS_foo.o += $(DISABLE_STACKPROTECTOR))\n");
	if (status == 0 && undeclared && opt->strict)
		fprintf(stderr, "error: functions above have stack protection "
			"switched off in their sources, and "
			"CONFIG_CC_STACKPROTECTOR_STRICT=y stops the build: remove "
			"the pragma or attribute named, or declare the function "
			"__no_stack_protector (include/sspkit/compiler.h), or its "
			"object exempt in its Makefile\n");
	if (status == 0 && (weaker || undeclared) && opt->strict)
		return 1;
	stamp_key(opt, key, sizeof(key));
	if (status == 0 && write_atomically(opt->stamp, key) != 0)
		status = 2;
	return status;
}
