/* SPDX-License-Identifier: GPL-2.0 */
/*
 * spaudit: what each object of a build was really built as (main.c).
 * Shared declarations of its parts: rank.c (the modes and the witnesses),
 * record.c (the records and lists it reads and writes), and one file per
 * command: objects.c, summary.c, report.c, prebuilt.c, sources.c.
 */
#ifndef SPAUDIT_H
#define SPAUDIT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../elfscan/elfscan.h"
#include "optout.h"

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

/* rank.c */
const char *rank_name(enum rank r);
/* RANK_UNKNOWN..RANK_ASSEMBLER, or -2 for a name that is none of them. */
int parse_rank(const char *name);
/* The mode word only: "regular-above" is Regular, weaker than asked. */
const char *mode_word(int r);

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

/* scan_file()'s callback: fills a struct seen. */
void note_function(const struct function_info *fn, void *ctx);
enum rank built_as(const struct seen *s);

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
	const char *since;	/* objects: audit only what is newer than it */
	const char *header;
	const char *cflags;
	const char *guard;	/* where the guard lives: "global", ... */
	const char *runtime;	/* summary: the runtime's folders, blank-separated */
	const char *image;	/* summary: the image the objects link into */
	const char *list;	/* summary: where to write the image list */
	const char *images;	/* report: an images.order to read lists from */
};

/* "built as strong", "built without stack protection"... */
const char *describe(enum rank r, unsigned threshold, char *buf, size_t size);
/* Weaker than asked: by its flags, or in functions its source switches off. */
bool is_weaker(const struct record *r, enum rank expect);

/* record.c */
#define RECORD_MAX	65536

/* A growing string: an image list has a line per object, however many. */
struct text {
	char *s;
	size_t len, cap;
	bool failed;
};

void text_add(struct text *t, const char *a, const char *b);
/* A line of four tab-separated fields. */
void text_add4(struct text *t, const char *a, const char *b, const char *c,
	       const char *d);
/* "dir/name.o" -> "dir/.name.o.ssp", beside the object's .cmd file. */
char *record_path(const char *object);
int write_atomically(const char *path, const char *text);
int write_if_changed(const char *path, const char *text);
void format_record(const struct record *r, char *buf, size_t size);
/* Split a line at tabs in place; returns how many fields were found. */
int split_fields(char *line, char **fields, int max);
/* Read an object's record into R (its strings point into BUF); -1 when
 * there is none, read_record() saying so. */
int read_record_quietly(const char *object, struct record *r, char *buf,
			size_t size);
int read_record(const char *object, struct record *r, char *buf, size_t size);
/* The objects: the arguments, where "-" stands for one per stdin line. */
typedef int (*object_cb)(const char *object, void *ctx);
int for_each_object(char **args, int count, object_cb cb, void *ctx);

/* main.c: "spaudit: message" on stderr. */
void failure(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The commands; each returns the exit status. */
int cmd_objects(const struct options *opt);
int cmd_summary(char **args, int count, const struct options *opt);
int cmd_report(char **lists, int count, const struct options *opt);
int cmd_sources(char **files, int count);
/* argv: the options and archives after "prebuilt". */
int cmd_prebuilt(int argc, char **argv);

#endif /* SPAUDIT_H */
