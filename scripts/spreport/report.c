// SPDX-License-Identifier: GPL-2.0
/*
 * report.c: the text and JSON output of spreport.
 *
 * Per-function lines are printed while their object is open (the scanner
 * keeps nothing afterwards); totals are printed at the end.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <unistd.h>

#include "spreport.h"

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

void print_summary(FILE *out, const struct tally *t)
{
	fprintf(out, "%" PRIu64 " of %" PRIu64
		" functions are stack-protected (%.2f%%)\n",
		t->protected_functions, t->functions,
		percent_of(t->protected_functions, t->functions));
	fprintf(out, "text: %" PRIu64 " bytes\n", t->text_bytes);
}

/* "protected   SIZE NAME FILE": fixed words so that awk/grep stay simple. */
void list_function(const struct function_info *fn, void *ctx)
{
	FILE *out = ctx;

	if (fn->is_discarded)
		return;
	fprintf(out, "%-11s %8" PRIu64 " %s %s\n",
		fn->is_protected ? "protected" : "unprotected", fn->size,
		fn->name, fn->file);
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

struct json_state {
	FILE *out;
	bool first;
};

static struct json_state json_state;

void json_begin(FILE *out)
{
	json_state.out = out;
	json_state.first = true;
	fputs("{\n  \"functions\": [", out);
}

void json_function(const struct function_info *fn, void *ctx)
{
	FILE *out = json_state.out;

	(void)ctx;
	if (fn->is_discarded)
		return;
	fputs(json_state.first ? "\n    {\"name\": " : ",\n    {\"name\": ", out);
	json_state.first = false;
	json_string(out, fn->name);
	fprintf(out, ", \"size\": %" PRIu64 ", \"protected\": %s, \"file\": ",
		fn->size, fn->is_protected ? "true" : "false");
	json_string(out, fn->file);
	fputc('}', out);
}

static void json_totals(FILE *out, const struct tally *t, const char *indent)
{
	fprintf(out, "%s\"functions_total\": %" PRIu64 ",\n", indent, t->functions);
	fprintf(out, "%s\"protected\": %" PRIu64 ",\n", indent,
		t->protected_functions);
	fprintf(out, "%s\"protected_percent\": %.2f,\n", indent,
		percent_of(t->protected_functions, t->functions));
	fprintf(out, "%s\"text\": %" PRIu64 ",\n", indent, t->text_bytes);
	fprintf(out, "%s\"objects\": %" PRIu64 ",\n", indent, t->objects);
	fprintf(out, "%s\"errors\": %u", indent, t->errors);
}

void json_end(FILE *out, const struct tally *t)
{
	fputs(json_state.first ? "],\n" : "\n  ],\n", out);
	json_totals(out, t, "  ");
	fputs("\n}\n", out);
}

double text_growth(const struct build *base, const struct build *b)
{
	double from = (double)base->tally.text_bytes;

	return from > 0 ? 100.0 * ((double)b->tally.text_bytes - from) / from : 0;
}

/* The layout of the v3.14 pull request's "intensity comparison". */
static void print_build(FILE *out, const struct build *base,
			const struct build *b)
{
	const struct tally *t = &b->tally;

	fprintf(out, "      - %s\n", b->label);
	if (b == base)
		fprintf(out, "        %" PRIu64 " text size\n"
			"        %" PRIu64 " function bodies\n",
			t->text_bytes, t->functions);
	else
		fprintf(out, "        %" PRIu64 " text size (%+.2f%%)\n",
			t->text_bytes, text_growth(base, b));
	fprintf(out, "        %" PRIu64 " of %" PRIu64
		" functions are stack-protected (%.2f%%)\n",
		t->protected_functions, t->functions,
		percent_of(t->protected_functions, t->functions));
	if (t->errors)
		fprintf(out, "        (%u inputs could not be read)\n", t->errors);
}

void print_compare(FILE *out, const struct build *builds, int count)
{
	int i;

	for (i = 0; i < count; i++) {
		if (i > 0)
			fputc('\n', out);
		print_build(out, &builds[0], &builds[i]);
	}
}

void print_compare_json(FILE *out, const struct build *builds, int count)
{
	int i;

	fputs("{\n  \"builds\": [", out);
	for (i = 0; i < count; i++) {
		fputs(i ? ",\n    {\n      \"label\": " : "\n    {\n      \"label\": ",
		      out);
		json_string(out, builds[i].label);
		fputs(",\n      \"path\": ", out);
		json_string(out, builds[i].path);
		fprintf(out, ",\n      \"text_growth_percent\": %.2f,\n",
			text_growth(&builds[0], &builds[i]));
		json_totals(out, &builds[i].tally, "      ");
		fputs("\n    }", out);
	}
	fputs("\n  ]\n}\n", out);
}
