// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit: what each object of a build was really built as, checked
 * against the stack-protector mode the build asked for.
 *
 * The command line says what the compiler was told; the object says what
 * it did. Every target C object carries five witness functions
 * (include/sspkit/ssp-witness.h) whose protection each mode defines, so
 * which of them have a canary tells the mode, whatever flag, wrapper or
 * compiler produced the object. spreport's scanner reads them.
 *
 * Three commands, run by the build (scripts/Makefile.build and the
 * top-level Makefile); see usage_text.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "optout.h"
#include "prebuilt.h"
#include "spreport.h"

static const char usage_text[] =
"usage: spaudit objects --expect=MODE [--threshold=N] [--strict]\n"
"                       [--no-sources] --manifest=FILE --stamp=FILE\n"
"       spaudit summary --expect=MODE --configured=MODE [--threshold=N]\n"
"                       [--cflags=FLAGS] [--guard=WHERE] --header=OUT.h\n"
"                       [--image=IMAGE --list=LIST] OBJ...|-\n"
"       spaudit report [--json] [--images=ORDER] LIST...\n"
"       spaudit prebuilt --image=IMAGE --list=LIST --record=OUT [--name=NAME]\n"
"                        [--banner=OUT.h] [--config=AUTO_CONF] ARCHIVE...\n"
"       spaudit sources FILE...\n"
"\n"
"  objects   audit the objects a manifest names, one per line:\n"
"            KIND<TAB>OBJ[<TAB>FLAG<TAB>ORIGIN], KIND c, exempt or asm; FLAG\n"
"            the last stack-protector flag of its command line and ORIGIN\n"
"            where it came from. Writes each object's record (DIR/.NAME.ssp)\n"
"            and warns about every object built weaker than MODE; with\n"
"            --strict that is an error and FILE is not written, so the\n"
"            next build audits the same objects again. It also reads the\n"
"            source and headers of each C object (its .cmd file lists\n"
"            them) for protection switched off in the source, as sources\n"
"            does: each such function is named in the record and warned\n"
"            about, an error with --strict, unless it is declared\n"
"            __no_stack_protector (then the record lists it by name).\n"
"            --no-sources leaves that out (scripts/bench/audit-cost\n"
"            measures what it costs).\n"
"  summary   read the records of the objects an image is linked from (OBJ\n"
"            arguments, or one per line on standard input for -) and write\n"
"            the effective mode to OUT.h: the weakest mode any object that\n"
"            is not declared exempt was built as, and WHERE the guard\n"
"            lives (what make decided; \"global\" by default). With --list,\n"
"            also write LIST, the image list that report reads: IMAGE, MODE,\n"
"            N and the objects.\n"
"  report    read what the last build left, compiling nothing: for each\n"
"            image LIST, one line per object (functions, protected, built\n"
"            as, exemption). An object without a record, rebuilt after its\n"
"            audit, or newer than its image means that build did not\n"
"            finish: report says so. --json prints JSON only.\n"
"            --images=ORDER: also the list of each image ORDER names (an\n"
"            images.order file), read here as data, not as arguments.\n"
"\n"
"  prebuilt  after the link: the functions of IMAGE that no object of LIST\n"
"            (its image list) defines and a member of an ARCHIVE (libgcc.a,\n"
"            libc.a) does, counted per member into OUT (report prints them\n"
"            after the image's objects), and one line per ARCHIVE: functions,\n"
"            members, protected, share of the image's text. --banner: also\n"
"            OUT.h, their sum for the image's banner (SSP_PREBUILT_CLAUSE,\n"
"            which scripts/ssp-mode.S puts in it; none when there is none).\n"
"\n"
"  sources   the places where each FILE, read as a .c file, changes stack\n"
"            protection for a function (objects does the same for the\n"
"            source and headers of every C object): FILE:LINE: FUNCTION:\n"
"            the pragma or attribute, or \"declared\" __no_stack_protector.\n"
"\n"
"MODE: none, explicit, regular, regular-above (Regular with a threshold the\n"
"compiler did not take), strong or all. N: the Regular threshold in bytes.\n"
"What an object is built as comes from its witnesses, the weakest first:\n"
"  none           no witness has a canary\n"
"  explicit       only the stack_protect one (gcc)\n"
"  regular-above  char[64], not char[N]\n"
"  regular        char[N] too\n"
"  strong         int[4] too\n"
"  all            the witness with no locals too\n"
"  unknown        the object has no witnesses (its compile did not include\n"
"                 ssp-witness.h): counted as weaker than every mode\n"
"Exit status: 0 fine, 1 an object is weaker than MODE (objects --strict,\n"
"report), a record is missing (summary) or the build did not finish\n"
"(report), 2 usage or unreadable input.\n";

/* Modes in the order of what they protect: each covers the ones before. */
enum rank {
	RANK_UNKNOWN = -1,
	RANK_NONE,
	RANK_EXPLICIT,
	RANK_REGULAR_ABOVE,
	RANK_REGULAR,
	RANK_STRONG,
	RANK_ALL,
	RANK_ASSEMBLER,		/* not compiled: no mode applies */
};

static const char *const rank_names[] = {
	[RANK_NONE] = "none",
	[RANK_EXPLICIT] = "explicit",
	[RANK_REGULAR_ABOVE] = "regular-above",
	[RANK_REGULAR] = "regular",
	[RANK_STRONG] = "strong",
	[RANK_ALL] = "all",
	[RANK_ASSEMBLER] = "assembler",
};

static const char *rank_name(enum rank r)
{
	return r == RANK_UNKNOWN ? "unknown" : rank_names[r];
}

static int parse_rank(const char *name)
{
	int r;

	if (strcmp(name, "unknown") == 0)
		return RANK_UNKNOWN;
	for (r = RANK_NONE; r <= RANK_ASSEMBLER; r++)
		if (strcmp(name, rank_names[r]) == 0)
			return r;
	return -2;
}

/* The witnesses, by the strongest mode each one proves. */
static const struct {
	const char *name;
	enum rank proves;
} witnesses[] = {
	{ "__ssp_witness_plain", RANK_ALL },
	{ "__ssp_witness_array", RANK_STRONG },
	{ "__ssp_witness_chars_threshold", RANK_REGULAR },
	{ "__ssp_witness_chars_large", RANK_REGULAR_ABOVE },
	{ "__ssp_witness_marked", RANK_EXPLICIT },
};
#define NWITNESSES (sizeof(witnesses) / sizeof(witnesses[0]))

/* A function the object defines (a witness or not), by its source name. */
struct emitted {
	char name[OPTOUT_NAME_MAX];
	uint64_t size;
	bool is_protected;
};

/* What the scanner told us about one object. */
struct seen {
	unsigned found;		/* bit i: witness i is there */
	unsigned protected_mask;
	uint64_t functions;
	uint64_t protected_functions;
	uint64_t text_bytes;
	struct emitted *fns;
	size_t nfns, capfns;
};

/* gcc names the clones of f "f.constprop.0", "f.part.0", "f.cold"... */
static void note_emitted(struct seen *s, const struct function_info *fn)
{
	struct emitted *grown;

	if (s->nfns == s->capfns) {
		s->capfns = s->capfns ? s->capfns * 2 : 32;
		grown = realloc(s->fns, s->capfns * sizeof(*grown));
		if (grown == NULL)
			return;
		s->fns = grown;
	}
	snprintf(s->fns[s->nfns].name, OPTOUT_NAME_MAX, "%.*s",
		 (int)strcspn(fn->name, "."), fn->name);
	s->fns[s->nfns].size = fn->size;
	s->fns[s->nfns].is_protected = fn->is_protected;
	s->nfns++;
}

static void note_function(const struct function_info *fn, void *ctx)
{
	struct seen *s = ctx;
	size_t i;

	if (!fn->is_discarded) {
		s->functions++;
		s->protected_functions += fn->is_protected;
		s->text_bytes += fn->size;
		note_emitted(s, fn);
		return;
	}
	for (i = 0; i < NWITNESSES; i++)
		if (strcmp(fn->name, witnesses[i].name) == 0) {
			s->found |= 1u << i;
			if (fn->is_protected)
				s->protected_mask |= 1u << i;
		}
}

static enum rank built_as(const struct seen *s)
{
	enum rank best = RANK_NONE;
	size_t i;

	if (s->found != (1u << NWITNESSES) - 1)
		return RANK_UNKNOWN;
	for (i = 0; i < NWITNESSES; i++)
		if ((s->protected_mask & (1u << i)) && witnesses[i].proves > best)
			best = witnesses[i].proves;
	return best;
}

/* One object's audit, as its record file keeps it: a line of fields,
 * then a line per function whose protection its source changes. */
struct record {
	char *object;
	char *kind;		/* c, exempt or asm */
	enum rank built;
	uint64_t functions;
	uint64_t protected_functions;
	char *flag;		/* may be empty */
	char *origin;
	uint64_t text_bytes;
	unsigned undeclared;	/* functions switched off in the source */
	unsigned declared;	/* ...with __no_stack_protector */
	uint64_t declared_bytes;
	char *sites;		/* those lines, as the record has them */
};

struct options {
	enum rank expect;
	enum rank configured;
	unsigned threshold;
	bool strict;
	bool json;
	bool no_sources;	/* objects: witnesses only (for the benchmark) */
	const char *manifest;
	const char *stamp;
	const char *header;
	const char *cflags;
	const char *guard;	/* where the guard lives: "global", ... */
	const char *image;	/* summary: the image the objects link into */
	const char *list;	/* summary: where to write the image list */
	const char *images;	/* report: an images.order to read lists from */
};

static void failure(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void failure(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("spaudit: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* scan.c reports unreadable files through this. */
void report_error(const char *file, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "spaudit: %s: ", file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* "dir/name.o" -> "dir/.name.o.ssp", beside the object's .cmd file. */
static char *record_path(const char *object)
{
	return optout_beside(object, ".ssp");
}

/* Write TEXT to PATH under a temporary name, made fresh (fopen_fresh: no
 * planted link is written through), then rename it into place. */
static int write_atomically(const char *path, const char *text)
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

static const char *describe(enum rank r, unsigned threshold, char *buf,
			    size_t size)
{
	switch (r) {
	case RANK_UNKNOWN:
		return "built with no stack-protector witness (its compile did "
		       "not include include/sspkit/ssp-witness.h)";
	case RANK_NONE:
		return "built without stack protection";
	case RANK_REGULAR_ABOVE:
		snprintf(buf, size, "built as regular with a threshold above "
			 "%u bytes", threshold);
		return buf;
	default:
		snprintf(buf, size, "built as %s", rank_name(r));
		return buf;
	}
}

/* Weaker than asked: by its flags, or in functions its source switches off. */
static bool is_weaker(const struct record *r, enum rank expect)
{
	return strcmp(r->kind, "c") == 0 && (r->built < expect || r->undeclared);
}

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

/* A growing string: an image list has a line per object, however many. */
struct text {
	char *s;
	size_t len, cap;
	bool failed;
};

static void text_add(struct text *t, const char *a, const char *b)
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
static void text_add4(struct text *t, const char *a, const char *b,
		      const char *c, const char *d)
{
	char line[OPTOUT_PATH_MAX + OPTOUT_HOW_MAX + 2 * OPTOUT_NAME_MAX];

	snprintf(line, sizeof(line), "%s\t%s\t%s\t%s", a, b, c, d);
	text_add(t, line, "");
}

#define RECORD_FIELDS	11
#define RECORD_MAX	65536

static void format_record(const struct record *r, char *buf, size_t size)
{
	snprintf(buf, size, "%s\t%s\t%s\t%llu\t%llu\t%s\t%s\t%llu\t%u\t%u\t%llu\n",
		 r->object, r->kind, rank_name(r->built),
		 (unsigned long long)r->functions,
		 (unsigned long long)r->protected_functions, r->flag, r->origin,
		 (unsigned long long)r->text_bytes, r->undeclared, r->declared,
		 (unsigned long long)r->declared_bytes);
}

/* Split a line at tabs in place; returns how many fields were found. */
static int split_fields(char *line, char **fields, int max)
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
		snprintf(where, sizeof(where), "%s:%u", optout_short_path(site->file),
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

static int cmd_objects(const struct options *opt)
{
	FILE *m = fopen(opt->manifest, "r");
	char line[4096];
	bool weaker = false, undeclared = false;
	int status = 0;

	if (m == NULL) {
		failure("%s: %s", opt->manifest, strerror(errno));
		return 2;
	}
	while (fgets(line, sizeof(line), m) != NULL)
		if (line[strspn(line, " ")] != '\n' &&
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
	if (status == 0 && write_atomically(opt->stamp, "") != 0)
		status = 2;
	return status;
}

/* Read an object's record; returns -1 when there is none. */
static int read_record_quietly(const char *object, struct record *r, char *buf,
			       size_t size)
{
	char *path = record_path(object), *f[RECORD_FIELDS], *rest;
	FILE *in = path ? fopen(path, "r") : NULL;
	size_t n = in ? fread(buf, 1, size - 1, in) : 0;

	if (in != NULL)
		fclose(in);
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
static int read_record(const char *object, struct record *r, char *buf,
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

/* The objects: the arguments, where "-" stands for one per stdin line. */
typedef int (*object_cb)(const char *object, void *ctx);

static int for_each_object(char **args, int count, object_cb cb, void *ctx)
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

struct totals {
	const struct options *opt;
	struct text list;		/* summary --list: the image list */
	unsigned compiled;		/* kind c */
	unsigned at_rank[RANK_ASSEMBLER + 2];	/* index rank + 1 */
	unsigned assembler;
	unsigned exempt;
	char exempt_list[1024];
	uint64_t functions, text_bytes;	/* every object's, assembler too */
	uint64_t exempt_functions, exempt_bytes;	/* declared exemptions' */
	bool beyond_runtime;	/* an exemption outside lib/, kernel/, arch/ */
};

static void add_to_list(char *list, size_t size, const char *item)
{
	size_t used = strlen(list);

	if (used + strlen(item) + 3 < size)
		snprintf(list + used, size - used, "%s%s", used ? ", " : "", item);
}

/* The kit's own runtime: exemptions there are the guard's and the boot's. */
static bool is_runtime(const char *object)
{
	return strncmp(object, "lib/", 4) == 0 ||
	       strncmp(object, "kernel/", 7) == 0 ||
	       strncmp(object, "arch/", 5) == 0;
}

static int count_object(const char *object, void *ctx)
{
	struct totals *t = ctx;
	struct record r;
	char buf[RECORD_MAX];

	if (read_record(object, &r, buf, sizeof(buf)) != 0)
		return -1;
	text_add(&t->list, "object\t", object);
	t->functions += r.functions;
	t->text_bytes += r.text_bytes;
	if (strcmp(r.kind, "exempt") == 0) {
		t->exempt++;
		add_to_list(t->exempt_list, sizeof(t->exempt_list), r.object);
		t->exempt_functions += r.functions;
		t->exempt_bytes += r.text_bytes;
		t->beyond_runtime |= !is_runtime(r.object);
	} else if (strcmp(r.kind, "asm") == 0) {
		t->assembler++;
	} else {
		/* A function switched off in the source: none, for that part. */
		t->compiled++;
		t->at_rank[(r.undeclared ? RANK_NONE : r.built) + 1]++;
		t->exempt_functions += r.declared;
		t->exempt_bytes += r.declared_bytes;
		t->beyond_runtime |= r.declared && !is_runtime(r.object);
	}
	return 0;
}

/*
 * How much of the image is exempt, for the banner: "exempt: 2 objects,
 * 16 of 62 functions, 23% of text", or, when every exemption is the
 * kit's own runtime (the guard, the task switch, the boot code: lib/,
 * kernel/ and arch/), just that. Empty when nothing is exempt.
 */
static void format_exempt(const struct totals *t, char *buf, size_t size)
{
	char percent[16];

	/* Under none nothing is protected, so nothing is exempt from it. */
	if ((t->exempt_functions == 0 && t->exempt == 0) ||
	    t->opt->expect == RANK_NONE) {
		buf[0] = '\0';
		return;
	}
	if (!t->beyond_runtime) {
		snprintf(buf, size, "exempt: guard runtime and boot code only");
		return;
	}
	format_share(percent, sizeof(percent), t->exempt_bytes, t->text_bytes);
	snprintf(buf, size, "exempt: %u object%s, %llu of %llu functions, %s of text",
		 t->exempt, t->exempt == 1 ? "" : "s",
		 (unsigned long long)t->exempt_functions,
		 (unsigned long long)t->functions, percent);
}

static int weakest_rank(const struct totals *t)
{
	int r;

	for (r = RANK_UNKNOWN; r <= RANK_ALL; r++)
		if (t->at_rank[r + 1])
			return r;
	return t->opt->expect;	/* nothing compiled: nothing to contradict */
}

/* The mode word only: "regular-above" is Regular, weaker than asked. */
static const char *mode_word(int r)
{
	return r == RANK_REGULAR_ABOVE ? "regular" : rank_name(r);
}

static int cmd_summary(char **args, int count, const struct options *opt)
{
	struct totals t = { .opt = opt };
	int weakest, n_weakest, r;
	unsigned with_canary = 0;
	bool all_as_asked;
	char banner[384], header[3072], exempt[128];
	const char *guard = opt->guard ? opt->guard : "global";

	if (opt->list) {
		char line[64];

		text_add(&t.list, "# spaudit image list: what make spaudit reads", "");
		text_add(&t.list, "image\t", opt->image);
		text_add(&t.list, "expect\t", rank_name(opt->expect));
		snprintf(line, sizeof(line), "%u", opt->threshold);
		text_add(&t.list, "threshold\t", line);
	}
	if (for_each_object(args, count, count_object, &t) != 0) {
		free(t.list.s);
		return 1;
	}
	if (opt->list && (t.list.failed ||
			  write_atomically(opt->list, t.list.s) != 0)) {
		free(t.list.s);
		return 2;
	}
	free(t.list.s);
	weakest = weakest_rank(&t);
	for (r = RANK_EXPLICIT; r <= RANK_ALL; r++)
		with_canary += t.at_rank[r + 1];
	n_weakest = t.compiled ? (int)t.at_rank[weakest + 1] : 0;
	all_as_asked = weakest >= opt->expect && (unsigned)n_weakest == t.compiled;
	format_exempt(&t, exempt, sizeof(exempt));
	if (all_as_asked)
		snprintf(banner, sizeof(banner), "%s (configured %s%s%s)",
			 mode_word(weakest), rank_name(opt->configured),
			 *exempt ? "; " : "", exempt);
	else
		snprintf(banner, sizeof(banner), "%s (configured %s; %d of %u "
			 "objects%s%s)", mode_word(weakest), rank_name(opt->configured),
			 n_weakest, t.compiled, *exempt ? "; " : "", exempt);
	snprintf(header, sizeof(header),
		 "/* Generated by spaudit from this build's objects; do not edit. */\n"
		 "#ifndef __GENERATED_STACKPROTECTOR_H\n"
		 "#define __GENERATED_STACKPROTECTOR_H\n"
		 "#define SSP_MODE_CONFIGURED \"%s\"\n"
		 "#define SSP_MODE_EFFECTIVE \"%s\"\n"
		 "#define SSP_MODE_BANNER \"%s\"\n"
		 "/* ...without its closing parenthesis: ssp-mode.S adds what the\n"
		 " * image links from prebuilt archives before it (spaudit prebuilt) */\n"
		 "#define SSP_MODE_BANNER_OPEN \"%.*s\"\n"
		 "#define SSP_CFLAGS \"%s\"\n"
		 "#define SSP_GUARD_LOCATION \"%s\"\n"
		 "/* C objects, exemptions left out, and how many got the effective mode */\n"
		 "#define SSP_AUDIT_OBJECTS %u\n"
		 "#define SSP_AUDIT_WEAKEST %d\n"
		 "#define SSP_AUDIT_EXEMPT %u\n"
		 "/* ...and how many have a canary at all: 0, no function checks the guard */\n"
		 "#define SSP_AUDIT_WITH_CANARY %u\n"
		 "/* The image's functions and text, and how much of them is declared\n"
		 " * exempt (exempt objects, __no_stack_protector functions) */\n"
		 "#define SSP_IMAGE_FUNCTIONS %llu\n"
		 "#define SSP_IMAGE_TEXT_BYTES %llu\n"
		 "#define SSP_EXEMPT_FUNCTIONS %llu\n"
		 "#define SSP_EXEMPT_TEXT_BYTES %llu\n"
		 "#define SSP_EXEMPT_SUMMARY \"%s\"\n"
		 "#endif\n",
		 rank_name(opt->configured), mode_word(weakest), banner,
		 (int)strlen(banner) - 1, banner,
		 opt->cflags ? opt->cflags : "", guard, t.compiled, n_weakest, t.exempt,
		 with_canary, (unsigned long long)t.functions,
		 (unsigned long long)t.text_bytes,
		 (unsigned long long)t.exempt_functions,
		 (unsigned long long)t.exempt_bytes, exempt);
	if (write_atomically(opt->header, header) != 0)
		return 2;
	if (all_as_asked)
		printf("stack-protector: %s in all %u objects (configured %s)",
		       mode_word(weakest), t.compiled, rank_name(opt->configured));
	else
		printf("stack-protector: %s in %d of %u objects, configured %s: "
		       "see the warnings above, or make spaudit",
		       weakest == RANK_UNKNOWN ? "unknown" : mode_word(weakest),
		       n_weakest, t.compiled, rank_name(opt->configured));
	printf(", guard %s", guard);
	if (*exempt)
		printf("; %s", exempt);
	if (t.exempt)
		printf("; declared exempt: %s", t.exempt_list);
	putchar('\n');
	return 0;
}

/* What report found in one image list. */
struct reading {
	const struct options *opt;
	const char *list;
	const char *image;
	enum rank expect;
	unsigned threshold;
	struct timespec image_time;	/* zero: no image */
	bool json_first;
	FILE *prebuilt_json;		/* --json: the "prebuilt" array's entries */
	char *prebuilt_text;
	size_t prebuilt_size;
	bool weaker;
	unsigned unfinished;		/* objects the last build left behind */
};

static bool newer(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec > b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec > b->tv_nsec);
}

/* Why OBJECT's record cannot be taken as this build's, or NULL. */
static const char *unfinished_why(const struct reading *rd, const char *object,
				  bool have_record)
{
	struct stat obj, rec;
	char *path;
	bool stale;

	if (stat(object, &obj) != 0)
		return "the object is missing";
	if (!have_record)
		return "it was built but never audited";
	path = record_path(object);
	stale = path == NULL || stat(path, &rec) != 0 ||
		newer(&obj.st_mtim, &rec.st_mtim);
	free(path);
	if (stale)
		return "it was rebuilt after its audit";
	if (rd->image_time.tv_sec == 0)
		return "the image was never linked";
	if (newer(&obj.st_mtim, &rd->image_time))
		return "it is newer than the image";
	return NULL;
}

static void print_unfinished(struct reading *rd, const char *object,
			     const char *why)
{
	if (rd->unfinished++ == 0)
		fprintf(stderr, "spaudit: the last build of %s did not finish "
			"(%s): this reads what it left; run make to finish "
			"it\n", rd->image, rd->list);
	fprintf(stderr, "spaudit:   %s: %s\n", object, why);
}

/* A record's function lines, under its object's line. */
static void print_sites(const char *sites)
{
	char line[OPTOUT_PATH_MAX + OPTOUT_HOW_MAX + 2 * OPTOUT_NAME_MAX], *f[4];
	size_t n;

	for (; *sites; sites += n + (sites[n] == '\n')) {
		n = strcspn(sites, "\n");
		snprintf(line, sizeof(line), "%.*s", (int)n, sites);
		if (split_fields(line, f, 4) != 4)
			continue;
		if (strcmp(f[0], "declared") == 0)
			printf("    %s (%s): declared __no_stack_protector, %s bytes\n",
			       f[1], f[2], f[3]);
		else
			printf("    %s (%s): switched off by %s, undeclared  WEAKER\n",
			       f[1], f[2], f[3]);
	}
}

/* The same as JSON: "declared" and "switched_off" arrays. */
static void print_sites_json(const char *sites)
{
	char line[OPTOUT_PATH_MAX + OPTOUT_HOW_MAX + 2 * OPTOUT_NAME_MAX], *f[4];
	const char *kinds[] = { "declared", "optout" };
	const char *keys[] = { "declared", "switched_off" };
	const char *p;
	size_t n, k;
	bool first;

	for (k = 0; k < 2; k++) {
		printf(", \"%s\": [", keys[k]);
		first = true;
		for (p = sites; *p; p += n + (p[n] == '\n')) {
			n = strcspn(p, "\n");
			snprintf(line, sizeof(line), "%.*s", (int)n, p);
			if (split_fields(line, f, 4) != 4 || strcmp(f[0], kinds[k]))
				continue;
			fputs(first ? "{\"function\": " : ", {\"function\": ", stdout);
			first = false;
			json_string(stdout, f[1]);
			fputs(", \"where\": ", stdout);
			json_string(stdout, f[2]);
			if (k == 0) {
				printf(", \"bytes\": %s}", f[3]);
			} else {
				fputs(", \"how\": ", stdout);
				json_string(stdout, f[3]);
				putchar('}');
			}
		}
		putchar(']');
	}
}

static void print_object_json(struct reading *rd, const struct record *r,
			      const char *exemption, const char *why)
{
	fputs(rd->json_first ? "\n    {\"object\": " : ",\n    {\"object\": ", stdout);
	rd->json_first = false;
	json_string(stdout, r->object);
	fputs(", \"image\": ", stdout);
	json_string(stdout, rd->image);
	printf(", \"functions\": %llu, \"protected\": %llu, \"built_as\": ",
	       (unsigned long long)r->functions,
	       (unsigned long long)r->protected_functions);
	json_string(stdout, rank_name(r->built));
	fputs(", \"exemption\": ", stdout);
	json_string(stdout, strcmp(exemption, "-") ? exemption : "");
	fputs(", \"flag\": ", stdout);
	json_string(stdout, r->flag);
	fputs(", \"origin\": ", stdout);
	json_string(stdout, r->origin);
	printf(", \"weaker\": %s, \"unfinished\": ",
	       is_weaker(r, rd->expect) ? "true" : "false");
	if (why)
		json_string(stdout, why);
	else
		fputs("null", stdout);
	print_sites_json(r->sites ? r->sites : "");
	putchar('}');
}

static int report_object(const char *object, struct reading *rd)
{
	struct record r = { .object = (char *)object, .kind = "c",
			    .built = RANK_UNKNOWN, .flag = "", .origin = "" };
	const char *exemption, *why;
	bool have, weaker;
	char buf[RECORD_MAX];

	have = read_record_quietly(object, &r, buf, sizeof(buf)) == 0;
	why = unfinished_why(rd, object, have);
	if (why)
		print_unfinished(rd, object, why);
	exemption = strcmp(r.kind, "exempt") == 0 ? "exempt (Makefile)" :
		    strcmp(r.kind, "asm") == 0 ? "assembler" : "-";
	weaker = have && is_weaker(&r, rd->expect);
	rd->weaker |= weaker;
	if (rd->opt->json) {
		print_object_json(rd, &r, exemption, why);
		return 0;
	}
	printf("%-40s %5llu %5llu  %-13s %s%s\n", r.object,
	       (unsigned long long)r.functions,
	       (unsigned long long)r.protected_functions,
	       have ? rank_name(r.built) : "(no record)", exemption,
	       weaker ? "  WEAKER" : "");
	if (have)
		print_sites(r.sites);
	return 0;
}

/* The members of prebuilt archives the image links (spaudit prebuilt's
 * record beside LIST), after its objects: compiled by someone else, so
 * counted from the image, never audited. */
static void report_prebuilt(const char *list, struct reading *rd)
{
	size_t len = strlen(list);
	const char *suffix = ".ssp-objects";
	char path[4096], line[4096], *f[5];
	FILE *in;

	if (len < strlen(suffix) || len + 8 >= sizeof(path) ||
	    strcmp(list + len - strlen(suffix), suffix) != 0)
		return;
	snprintf(path, sizeof(path), "%.*s.ssp-prebuilt",
		 (int)(len - strlen(suffix)), list);
	in = fopen(path, "r");
	if (in == NULL)
		return;
	while (fgets(line, sizeof(line), in) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || split_fields(line, f, 5) != 5 ||
		    strcmp(f[0], "prebuilt") != 0)
			continue;
		if (rd->opt->json && rd->prebuilt_json) {
			/* apart from "objects": they were not compiled here */
			FILE *j = rd->prebuilt_json;

			fputs(ftell(j) ? ",\n    {\"member\": " : "\n    {\"member\": ", j);
			json_string(j, f[1]);
			fputs(", \"image\": ", j);
			json_string(j, rd->image);
			fprintf(j, ", \"functions\": %s, \"protected\": %s, "
				"\"bytes\": %s}", f[2], f[3], f[4]);
		} else if (!rd->opt->json) {
			/* "/usr/lib/.../libgcc.a(m.o)": the archive's own name */
			char *paren = strchr(f[1], '('), *name = f[1], *p;

			for (p = f[1]; paren && p < paren; p++)
				if (*p == '/')
					name = p + 1;
			printf("%-40s %5s %5s  %-13s %s\n", name, f[2], f[3],
			       "prebuilt", "not audited (compiled elsewhere)");
		}
	}
	fclose(in);
}

/* Read one image list: its header into RD, then report every object. */
static int report_list(const char *list, struct reading *rd)
{
	FILE *in = fopen(list, "r");
	char line[4096], *f[2], image[1024] = "";
	struct stat st;
	int status = 0, mode;

	if (in == NULL) {
		failure("%s: %s (no image list: run make to build and audit "
			"the image first)", list, strerror(errno));
		return 2;
	}
	rd->list = list;
	rd->image = image;
	rd->unfinished = 0;
	while (status == 0 && fgets(line, sizeof(line), in) != NULL) {
		if (line[0] == '#' || line[0] == '\n')
			continue;
		/* make's $(foreach) leaves a blank after each object */
		line[strcspn(line, "\n")] = '\0';
		while (*line && strchr(" \t", line[strlen(line) - 1]))
			line[strlen(line) - 1] = '\0';
		if (split_fields(line, f, 2) != 2) {
			failure("%s: bad line (want NAME<TAB>VALUE)", list);
			status = 2;
		} else if (strcmp(f[0], "image") == 0) {
			snprintf(image, sizeof(image), "%s", f[1]);
			if (!rd->opt->json)
				printf("%s:\n", image);
			rd->image_time = (struct timespec){ 0 };
			if (stat(image, &st) == 0)
				rd->image_time = st.st_mtim;
		} else if (strcmp(f[0], "expect") == 0) {
			/* Checked before it is kept: rank_names[] is
			 * indexed by it (JSON's "expect"). */
			mode = parse_rank(f[1]);
			if (mode < RANK_NONE || mode > RANK_ALL) {
				failure("%s: unknown mode %s", list, f[1]);
				status = 2;
			} else {
				rd->expect = (enum rank)mode;
			}
		} else if (strcmp(f[0], "threshold") == 0) {
			rd->threshold = (unsigned)strtoul(f[1], NULL, 10);
		} else if (strcmp(f[0], "object") == 0) {
			report_object(f[1], rd);
		} else {
			failure("%s: unknown line %s", list, f[0]);
			status = 2;
		}
	}
	fclose(in);
	if (status == 0)
		report_prebuilt(list, rd);
	return status;
}

/* Where the build keeps IMAGE's list (ssp-image-list-file): beside an
 * absolute (M=) image, else in the object tree, the current directory. */
static char *image_list_path(const char *image)
{
	const char *slash = strrchr(image, '/');

	return optout_beside(image[0] == '/' || !slash ? image : slash + 1,
			     ".ssp-objects");
}

/* Next blank-separated word of IN into WORD; 0 at the end, -1 if longer
 * than SIZE - 1 (a corrupt file: no word is cut in two). */
static int next_word(FILE *in, char *word, size_t size)
{
	size_t n = 0;
	int c;

	while ((c = getc(in)) != EOF && strchr(" \t\n", c))
		;
	for (; c != EOF && !strchr(" \t\n", c); c = getc(in)) {
		if (n + 1 >= size)
			return -1;
		word[n++] = (char)c;
	}
	word[n] = '\0';
	return n > 0;
}

/* report --images=ORDER: the list of every image ORDER names. The names
 * are data read here, never words of a command line make builds. */
static int report_order(const char *order, struct reading *rd,
			unsigned *unfinished)
{
	FILE *in = fopen(order, "r");
	char image[4096], *list;
	int status = 0, got;

	if (in == NULL) {
		failure("%s: %s (run make to build the tree first)", order,
			strerror(errno));
		return 2;
	}
	while ((got = next_word(in, image, sizeof(image))) > 0) {
		list = image_list_path(image);
		if (list == NULL || report_list(list, rd) != 0)
			status = 2;
		*unfinished += rd->unfinished;
		free(list);
	}
	if (got < 0) {
		failure("%s: a name longer than %zu bytes", order, sizeof(image) - 1);
		status = 2;
	}
	fclose(in);
	return status;
}

static int cmd_report(char **lists, int count, const struct options *opt)
{
	struct reading rd = { .opt = opt, .json_first = true };
	unsigned unfinished = 0;
	int i, status = 0;

	if (opt->json) {
		fputs("{\"objects\": [", stdout);
		rd.prebuilt_json = open_memstream(&rd.prebuilt_text, &rd.prebuilt_size);
	} else
		printf("%-40s %5s %5s  %-13s %s\n", "object", "funcs", "prot",
		       "built as", "exemption");
	for (i = 0; i < count; i++) {
		if (report_list(lists[i], &rd) != 0)
			status = 2;
		unfinished += rd.unfinished;
	}
	if (opt->images && report_order(opt->images, &rd, &unfinished) != 0)
		status = 2;
	if (opt->json) {
		if (rd.prebuilt_json)
			fclose(rd.prebuilt_json);
		printf("\n  ], \"prebuilt\": [%s%s], \"expect\": \"%s\", "
		       "\"weaker\": %s, \"complete\": %s}\n",
		       rd.prebuilt_text ? rd.prebuilt_text : "",
		       rd.prebuilt_text && *rd.prebuilt_text ? "\n  " : "",
		       rank_name(rd.expect), rd.weaker ? "true" : "false",
		       unfinished ? "false" : "true");
		free(rd.prebuilt_text);
	}
	if (status != 0)
		return status;
	return rd.weaker || unfinished ? 1 : 0;
}

/* What the source scan finds in files read as a translation unit's own
 * .c file: every site, kept or not, for tests and for a look by hand. */
static int cmd_sources(char **files, int count)
{
	struct optout_list sites = { 0 };
	const struct optout_site *site;
	int i, status = 0;
	size_t k;

	for (i = 0; i < count; i++) {
		if (optout_scan_file(files[i], false, &sites) != 0) {
			failure("%s: %s", files[i], strerror(errno));
			status = 2;
			continue;
		}
		for (k = 0; k < sites.count; k++) {
			site = &sites.sites[k];
			printf("%s:%u: %s: %s%s\n", site->file, site->line,
			       site->function, site->declared ? "declared " : "",
			       site->how);
		}
		optout_free(&sites);
	}
	return status;
}

static int usage_error(const char *why)
{
	failure("%s\nTry 'spaudit --help'.", why);
	return 2;
}

static const char *option_value(const char *arg, const char *name)
{
	size_t len = strlen(name);

	return strncmp(arg, name, len) == 0 && arg[len] == '=' ? arg + len + 1 : NULL;
}

static int parse_mode(const char *value, enum rank *out)
{
	int r = parse_rank(value);

	if (r < RANK_NONE || r > RANK_ALL)
		return -1;
	*out = (enum rank)r;
	return 0;
}

/* Returns the index of the first operand, or -1 after a usage error. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	const char *v;
	int i;

	for (i = 2; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		if ((v = option_value(argv[i], "--expect")) != NULL) {
			if (parse_mode(v, &opt->expect) != 0)
				return usage_error("--expect: unknown mode"), -1;
		} else if ((v = option_value(argv[i], "--configured")) != NULL) {
			if (parse_mode(v, &opt->configured) != 0)
				return usage_error("--configured: unknown mode"), -1;
		} else if ((v = option_value(argv[i], "--threshold")) != NULL) {
			opt->threshold = (unsigned)strtoul(v, NULL, 10);
		} else if ((v = option_value(argv[i], "--manifest")) != NULL) {
			opt->manifest = v;
		} else if ((v = option_value(argv[i], "--stamp")) != NULL) {
			opt->stamp = v;
		} else if ((v = option_value(argv[i], "--header")) != NULL) {
			opt->header = v;
		} else if ((v = option_value(argv[i], "--cflags")) != NULL) {
			opt->cflags = v;
		} else if ((v = option_value(argv[i], "--guard")) != NULL) {
			opt->guard = v;
		} else if ((v = option_value(argv[i], "--image")) != NULL) {
			opt->image = v;
		} else if ((v = option_value(argv[i], "--list")) != NULL) {
			opt->list = v;
		} else if ((v = option_value(argv[i], "--images")) != NULL) {
			opt->images = v;
		} else if (strcmp(argv[i], "--strict") == 0) {
			opt->strict = true;
		} else if (strcmp(argv[i], "--json") == 0) {
			opt->json = true;
		} else if (strcmp(argv[i], "--no-sources") == 0) {
			opt->no_sources = true;
		} else {
			return usage_error("unknown option"), -1;
		}
	}
	return i;
}

int main(int argc, char **argv)
{
	struct options opt = { .expect = RANK_NONE, .configured = RANK_NONE,
			       .threshold = 8 };
	int first;

	if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc < 2)
		return usage_error("no command (objects, summary or report)");
	if (strcmp(argv[1], "prebuilt") == 0) {
		scan_init();
		return cmd_prebuilt(argc - 2, argv + 2);
	}
	first = parse_options(argc, argv, &opt);
	if (first < 0)
		return 2;
	scan_init();
	if (strcmp(argv[1], "objects") == 0) {
		if (!opt.manifest || !opt.stamp)
			return usage_error("objects needs --manifest and --stamp");
		return cmd_objects(&opt);
	}
	if (strcmp(argv[1], "report") == 0 && (first < argc || opt.images))
		return cmd_report(argv + first, argc - first, &opt);
	if (first >= argc)
		return usage_error("no objects (give them, or - for stdin)");
	if (strcmp(argv[1], "summary") == 0) {
		if (!opt.header)
			return usage_error("summary needs --header");
		if (!opt.list != !opt.image)
			return usage_error("summary: --list and --image go together");
		return cmd_summary(argv + first, argc - first, &opt);
	}
	if (strcmp(argv[1], "sources") == 0)
		return cmd_sources(argv + first, argc - first);
	return usage_error("unknown command");
}
