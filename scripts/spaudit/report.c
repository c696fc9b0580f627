// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit report: what the last build left, compiling nothing: one line
 * per object of each image list, and whether that build finished.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kfile.h"
#include "spaudit.h"

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

	return kfile_beside(image[0] == '/' || !slash ? image : slash + 1,
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

int cmd_report(char **lists, int count, const struct options *opt)
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
