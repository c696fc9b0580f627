/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfile: the files Kbuild keeps beside each object, by name, and what its
 * .cmd file says the object was compiled from (kfile.c). The records of
 * spaudit (record.c, report.c) and the opt-out scan (optout.c) use them.
 */
#ifndef KFILE_H
#define KFILE_H

#include <stdbool.h>
#include <stddef.h>

/* The longest path of a deps_ list that is read: longer ones are left out. */
#define KFILE_PATH_MAX	1024

/* "dir/name.o" -> "dir/.name.oSUFFIX": where the build keeps what it
 * knows of an object (".cmd", ".ssp"). Returns NULL when out of memory. */
char *kfile_beside(const char *object, const char *suffix);

/* PATH as the source tree names it ($srctree/ taken off: make gives an
 * O= build absolute paths). */
const char *kfile_short_path(const char *path);

/* The whole of PATH, malloc'ed, LEN bytes; NULL, errno set, on failure. */
char *kfile_read(const char *path, size_t *len);

/* Called for each file OBJECT was compiled from: its source (IS_HEADER
 * false) and every header; returns nonzero to stop. */
typedef int (*kfile_source_fn)(const char *object, const char *file,
			       bool is_header, void *ctx);

/*
 * Each file OBJECT's .cmd file lists (source_ and deps_, written by
 * fixdep), to FN. Returns -1, with a message, when the .cmd file cannot
 * be read, or FN's nonzero.
 */
int kfile_for_each_source(const char *object, kfile_source_fn fn, void *ctx);

#endif /* KFILE_H */
