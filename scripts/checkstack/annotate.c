// SPDX-License-Identifier: GPL-2.0
/*
 * annotate.c: what the compiler cannot say, from a directory's
 * stack-annotations file (Documentation/stack-depth.md). One statement a
 * line, "#" to the end of a line is a comment:
 *
 *   frame FUNC BYTES        FUNC's frame: an assembler function's, or the
 *                           bound of a dynamic (VLA, alloca) one
 *   dynamic FUNC BYTES      FUNC's VLA or alloca is at most BYTES (with
 *                           its alignment): added to its .su frame
 *   extra FUNC BYTES        FUNC pushes BYTES its .su frame leaves out
 *                           (arm: a variadic function's argument registers)
 *   calls FUNC TARGET...    (after FUNC's frame, for an assembler one)
 *                           FUNC's indirect calls (an assembler function's
 *                           calls) go to these, each function of that name
 *                           the image has (a name it lacks is skipped);
 *                           "-" alone: to none that runs on this stack
 *   recursion FUNC DEPTH    a cycle through FUNC runs at most DEPTH deep
 *   task ENTRY SIZE|-       a root: a task whose first function is ENTRY,
 *                           on a stack of SIZE bytes ("-": given at run time)
 *   task-start FUNC         where every task begins: FUNC's indirect call
 *                           is the task's ENTRY (kernel/task.c task_entry)
 *   task-push BYTES         what the arch's __switch_to puts on a new task's
 *                           stack before task-start's function: added to
 *                           every task (mips: the o32 argument save area)
 *   stack FUNC SIZE|-       a root: FUNC runs on a stack of its own (a
 *                           fault or trap handler that moves to it)
 *   interrupt FUNC BYTES    a root: FUNC handles an interrupt on whatever
 *                           stack it interrupts, after the hardware pushed
 *                           BYTES; the deepest one is added to the entry's
 *                           and every task's bound
 *
 * FUNC names every function of that name, static ones in any file too.
 * A line may start with "OBJECT.o:": it then counts only when an object
 * of that name is among the image's (one directory, two variants:
 * "switch_64.o: frame __switch_to 56"); or with "elf32:" or "elf64:",
 * when the image is of that ELF class (one source, two word sizes).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkstack.h"

#define MAX_WORDS 64

char **object_names;
size_t nobject_names;
long task_push;
int image_class;

static const char *const usage[] = {
	"frame FUNC BYTES", "dynamic FUNC BYTES", "extra FUNC BYTES",
	"calls FUNC TARGET... (or -)",
	"recursion FUNC DEPTH", "task ENTRY SIZE|-", "task-start FUNC",
	"stack FUNC SIZE|-", "interrupt FUNC BYTES", "task-push BYTES",
};

static bool bad(const char *where, const char *what)
{
	size_t i;

	fprintf(stderr, "checkstack: %s: %s; a line is one of:", where, what);
	for (i = 0; i < sizeof(usage) / sizeof(*usage); i++)
		fprintf(stderr, "%s \"%s\"", i ? "," : "", usage[i]);
	fprintf(stderr, " (Documentation/stack-depth.md)\n");
	return false;
}

static bool number(const char *s, long *v)
{
	char *end;

	errno = 0;
	*v = strtol(s, &end, 10);
	return *s != '\0' && *end == '\0' && errno == 0 && *v >= 0;
}

/* Each function named NAME, made when there is none (assembler). */
static size_t named(const char *name, struct func **out, size_t max)
{
	size_t n = funcs_named(name, out, max);

	if (n == 0) {
		out[0] = func_get(name);
		n = 1;
	}
	return n;
}

static bool frame_line(char **w, int n, const char *where)
{
	struct func *fs[MAX_WORDS];
	size_t i, k;
	long v;

	if (n != 3 || !number(w[2], &v))
		return bad(where, "\"frame\" takes a function and a byte count");
	k = named(w[1], fs, MAX_WORDS);
	for (i = 0; i < k; i++) {
		fs[i]->frame = v;
		fs[i]->dynamic = false;
		fs[i]->frame_annotated = true;
	}
	return true;
}

/* Annotated calls, resolved once every annotation is read. */
struct pending {
	struct func *from;
	char *to, *where;
};
static struct pending *pendings;
static size_t npendings;

static void pending_call(struct func *from, const char *to, const char *where)
{
	pendings = xrealloc(pendings, (npendings + 1) * sizeof(*pendings));
	pendings[npendings].from = from;
	pendings[npendings].to = xstrdup(to);
	pendings[npendings].where = xstrdup(where);
	npendings++;
}

void resolve_annotated_calls(void)
{
	struct func *fs[MAX_WORDS];
	size_t i, k, n;

	for (i = 0; i < npendings; i++) {
		n = funcs_named(pendings[i].to, fs, MAX_WORDS);
		for (k = 0; k < n; k++)
			func_add_call(pendings[i].from, fs[k], pendings[i].where);
	}
}

static bool calls_line(char **w, int n, const char *where)
{
	struct func *fs[MAX_WORDS];
	size_t i, k;
	int t;

	if (n < 3 || (n > 3 && strcmp(w[2], "-") == 0))
		return bad(where, "\"calls\" takes a function and its targets, or -");
	/* Only functions there are: an assembler one's "frame" comes first. */
	k = funcs_named(w[1], fs, MAX_WORDS);
	for (i = 0; i < k; i++) {
		fs[i]->calls_annotated = true;
		for (t = 2; t < n && strcmp(w[2], "-"); t++)
			pending_call(fs[i], w[t], where);
	}
	return true;
}

/*
 * "dynamic FUNC BYTES": the VLA or alloca of FUNC is at most BYTES;
 * "extra FUNC BYTES": FUNC pushes BYTES its .su frame leaves out. Both
 * are added to the frame the compiler gave.
 */
static bool add_line(char **w, int n, const char *where)
{
	bool dynamic = strcmp(w[0], "dynamic") == 0;
	struct func *fs[MAX_WORDS];
	size_t i, k;
	long v;

	if (n != 3 || !number(w[2], &v))
		return bad(where, dynamic ? "\"dynamic\" takes a function and a byte count" :
			   "\"extra\" takes a function and a byte count");
	k = funcs_named(w[1], fs, MAX_WORDS);
	for (i = 0; i < k; i++)
		if (fs[i]->frame >= 0 && (fs[i]->dynamic || !dynamic)) {
			fs[i]->frame += v;
			fs[i]->dynamic = false;
		}
	return true;
}

static bool recursion_line(char **w, int n, const char *where)
{
	struct func *fs[MAX_WORDS];
	size_t i, k;
	long v;

	if (n != 3 || !number(w[2], &v) || v < 1)
		return bad(where, "\"recursion\" takes a function and a depth of 1 or more");
	k = named(w[1], fs, MAX_WORDS);
	for (i = 0; i < k; i++)
		fs[i]->recursion = v;
	return true;
}

/* "task ENTRY SIZE", "stack FUNC SIZE", "interrupt FUNC BYTES". */
static bool root_line(char **w, int n, const char *where)
{
	enum root_kind kind = strcmp(w[0], "task") == 0 ? ROOT_TASK :
		strcmp(w[0], "stack") == 0 ? ROOT_STACK : ROOT_INTERRUPT;
	long size = -1, pushed = 0;

	if (kind == ROOT_INTERRUPT && (n != 3 || !number(w[2], &pushed)))
		return bad(where, "\"interrupt\" takes a handler and the bytes the hardware pushes");
	if (kind != ROOT_INTERRUPT && (n != 3 || (strcmp(w[2], "-") && !number(w[2], &size))))
		return bad(where, kind == ROOT_TASK ?
			   "\"task\" takes an entry function and a stack size (or -)" :
			   "\"stack\" takes a function and the size of its stack (or -)");
	task_roots = xrealloc(task_roots, (ntask_roots + 1) * sizeof(*task_roots));
	task_roots[ntask_roots] = (struct task_root){ .kind = kind,
		.entry = xstrdup(w[1]), .size = size, .pushed = pushed,
		.where = xstrdup(where) };
	ntask_roots++;
	return true;
}

/* "foo.o:": is an object named foo.o among the image's? */
static bool object_present(const char *word)
{
	size_t len = strlen(word) - 1, i;

	for (i = 0; i < nobject_names; i++) {
		const char *o = object_names[i], *slash = strrchr(o, '/');

		if (slash != NULL)
			o = slash + 1;
		if (strlen(o) == len && strncmp(o, word, len) == 0)
			return true;
	}
	return false;
}

static bool statement(char **w, int n, const char *where)
{
	size_t len = strlen(w[0]);

	if (strcmp(w[0], "elf32:") == 0 || strcmp(w[0], "elf64:") == 0) {
		if (n < 2)
			return bad(where, "an ELF class condition with no statement after it");
		return image_class == atoi(w[0] + 3) ? statement(w + 1, n - 1, where) : true;
	}
	if (len > 3 && strcmp(w[0] + len - 3, ".o:") == 0) {
		if (n < 2)
			return bad(where, "an object condition with no statement after it");
		return object_present(w[0]) ? statement(w + 1, n - 1, where) : true;
	}
	if (strcmp(w[0], "frame") == 0)
		return frame_line(w, n, where);
	if (strcmp(w[0], "calls") == 0)
		return calls_line(w, n, where);
	if (strcmp(w[0], "dynamic") == 0 || strcmp(w[0], "extra") == 0)
		return add_line(w, n, where);
	if (strcmp(w[0], "recursion") == 0)
		return recursion_line(w, n, where);
	if (strcmp(w[0], "task") == 0 || strcmp(w[0], "stack") == 0 ||
	    strcmp(w[0], "interrupt") == 0)
		return root_line(w, n, where);
	if (strcmp(w[0], "task-push") == 0) {
		if (n != 2 || !number(w[1], &task_push))
			return bad(where, "\"task-push\" takes a byte count");
		return true;
	}
	if (strcmp(w[0], "task-start") == 0 && n == 2) {
		free(task_start);
		task_start = xstrdup(w[1]);
		return true;
	}
	return bad(where, "not a statement checkstack knows");
}

static int split(char *line, char **w)
{
	int n = 0;
	char *tok, *save;

	line[strcspn(line, "#\n")] = '\0';
	for (tok = strtok_r(line, " \t", &save); tok != NULL && n < MAX_WORDS;
	     tok = strtok_r(NULL, " \t", &save))
		w[n++] = tok;
	return n;
}

bool read_annotations(const char *path)
{
	FILE *fp = fopen(path, "r");
	char *line = NULL, *w[MAX_WORDS], *where;
	size_t cap = 0;
	unsigned lineno = 0;
	bool ok = true;
	int n;

	if (fp == NULL) {
		fprintf(stderr, "checkstack: %s: %s\n", path, strerror(errno));
		return false;
	}
	where = xrealloc(NULL, strlen(path) + 16);
	while (getline(&line, &cap, fp) > 0) {
		sprintf(where, "%s:%u", path, ++lineno);
		n = split(line, w);
		if (n > 0)
			ok = statement(w, n, where) && ok;
	}
	free(where);
	free(line);
	fclose(fp);
	return ok;
}
