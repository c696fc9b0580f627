/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spreport: count stack-protected functions and text size in ELF objects.
 *
 * Shared declarations of its four parts: main.c reads the command line,
 * walk.c turns command-line paths into files, report.c prints, svg.c
 * draws. The ELF reading is scripts/elfscan's (elfscan.h), which spaudit
 * (scripts/spaudit) links too.
 */
#ifndef SPREPORT_H
#define SPREPORT_H

#include "../elfscan/elfscan.h"

/* walk.c */
/* A path is a file, or a directory standing for every *.o below it. */
void walk_path(const char *path, struct tally *t, function_cb cb, void *ctx);

/* report.c */
void print_summary(FILE *out, const struct tally *t);
void list_function(const struct function_info *fn, void *ctx);
void json_begin(FILE *out);
void json_function(const struct function_info *fn, void *ctx);
void json_end(FILE *out, const struct tally *t);

struct build {
	const char *label;
	const char *path;
	bool labelled;		/* given as LABEL=PATH[,PATH...] */
	struct tally tally;
};

void print_compare(FILE *out, const struct build *builds, int count);
void print_compare_json(FILE *out, const struct build *builds, int count);
double text_growth(const struct build *base, const struct build *b);

/* svg.c */
int write_svg(const char *path, const struct build *builds, int count);

#endif /* SPREPORT_H */
