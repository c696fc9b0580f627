/* SPDX-License-Identifier: GPL-2.0 */
/*
 * optout: the places where an object's sources change stack protection
 * for some of their functions (see optout.c).
 */
#ifndef OPTOUT_H
#define OPTOUT_H

#include <stdbool.h>
#include <stdio.h>

#include "kfile.h"

#define OPTOUT_NAME_MAX		128
#define OPTOUT_IDENTS_MAX	512
#define OPTOUT_HOW_MAX		256
#define OPTOUT_PATH_MAX		KFILE_PATH_MAX
/* The function name of a region a header leaves open. */
#define OPTOUT_REST_OF_UNIT	"(the rest of the translation unit)"

struct optout_site {
	char function[OPTOUT_NAME_MAX];	/* as the declaration names it */
	char idents[OPTOUT_IDENTS_MAX];	/* every identifier of the declaration */
	char file[OPTOUT_PATH_MAX];
	unsigned line;
	char how[OPTOUT_HOW_MAX];	/* the spelling, and where it stands */
	bool declared;			/* the kit's __no_stack_protector */
	bool in_source;			/* in the .c file, not a header */
};

struct optout_list {
	struct optout_site *sites;
	size_t count, cap;
	bool failed;
};

/* Scan one file the compiler read; sites are appended to OUT. */
int optout_scan_file(const char *path, bool is_header, struct optout_list *out);

/*
 * Scan every file OBJECT was compiled from, as its .cmd file lists them
 * (source_ and deps_, written by fixdep). Each file is read once per
 * process. Returns -1, with a message, when the .cmd file or a source
 * cannot be read.
 */
int optout_scan_object(const char *object, struct optout_list *out);

void optout_free(struct optout_list *l);

#endif /* OPTOUT_H */
