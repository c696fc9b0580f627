// SPDX-License-Identifier: GPL-2.0
/*
 * walk.c: turn a command-line path into the object files to scan.
 *
 * A directory stands for every *.o below it, visited in sorted order so
 * that --list output is stable.  Archives (*.a) and the kernel's combined
 * objects (built-in.o, vmlinux.o: "ld -r" of objects that are also in the
 * tree) are left out, else their functions would be counted twice.
 * Symbolic links are not followed: an O= tree links back to the sources.
 */
#define _DEFAULT_SOURCE		/* scandir, alphasort, d_type */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "spreport.h"

static const char *const combined_objects[] = { "built-in.o", "vmlinux.o" };

static bool has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), s = strlen(suffix);

	return n > s && strcmp(name + n - s, suffix) == 0;
}

static bool is_counted_object(const char *name)
{
	size_t i;

	if (!has_suffix(name, ".o"))
		return false;
	for (i = 0; i < sizeof(combined_objects) / sizeof(*combined_objects); i++)
		if (strcmp(name, combined_objects[i]) == 0)
			return false;
	return true;
}

static char *join_path(const char *dir, const char *name)
{
	size_t len = strlen(dir) + strlen(name) + 2;
	char *path = malloc(len);

	if (path != NULL)
		snprintf(path, len, "%s/%s", dir, name);
	return path;
}

static void walk_directory(const char *dir, struct tally *t, function_cb cb,
			   void *ctx, unsigned *found);

/* FOUND counts the objects a directory stands for, readable or not. */
static void visit_entry(const char *dir, const char *name, struct tally *t,
			function_cb cb, void *ctx, unsigned *found)
{
	struct stat st;
	char *path;

	if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return;
	path = join_path(dir, name);
	if (path == NULL) {
		report_error(dir, "out of memory");
		t->errors++;
		return;
	}
	if (lstat(path, &st) == 0) {
		if (S_ISDIR(st.st_mode)) {
			walk_directory(path, t, cb, ctx, found);
		} else if (S_ISREG(st.st_mode) && is_counted_object(name)) {
			(*found)++;
			scan_file(path, t, cb, ctx);
		}
	}
	free(path);
}

static void walk_directory(const char *dir, struct tally *t, function_cb cb,
			   void *ctx, unsigned *found)
{
	struct dirent **entries;
	int n, i;

	n = scandir(dir, &entries, NULL, alphasort);
	if (n < 0) {
		report_error(dir, "%s", strerror(errno));
		t->errors++;
		return;
	}
	for (i = 0; i < n; i++) {
		visit_entry(dir, entries[i]->d_name, t, cb, ctx, found);
		free(entries[i]);
	}
	free(entries);
}

void walk_path(const char *path, struct tally *t, function_cb cb, void *ctx)
{
	struct stat st;
	unsigned found = 0;

	/* Named files are taken whatever their name: the user chose them. */
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		scan_file(path, t, cb, ctx);
		return;
	}
	walk_directory(path, t, cb, ctx, &found);
	/* "0 of 0" for a mistyped O= tree would look like a clean result. */
	if (found == 0) {
		report_error(path, "no ELF objects found (a directory stands "
			     "for the *.o files below it)");
		t->errors++;
	}
}
