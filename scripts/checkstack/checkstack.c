// SPDX-License-Identifier: GPL-2.0
/*
 * checkstack: the worst-case stack depth of each root of a linked image.
 *
 *   checkstack [--json] [--check [--strict]] [--name=NAME] [--red-zone=N]
 *              [--call-bytes=N] [--annotations=FILE]...
 *              [--srctree=DIR] [--source=OBJDIR=SRCDIR]... IMAGE OBJECT...
 *
 * OBJECT... are the objects IMAGE was linked from; each one's frames and
 * calls are read from OBJECT.su and OBJECT.ci beside it (CONFIG_STACK_USAGE).
 * The stack-annotations file of each object's source directory is read
 * too: DIR/OBJECT's directory for an object named relative to the object
 * tree, SRCDIR/... for one below OBJDIR (an M= tree's MO=).
 * The roots are the image's entry point (read from IMAGE) and each task
 * an annotation declares. For each root: its bound in bytes and the
 * deepest path, or "unbounded" and what made it so.
 *
 * --red-zone=N: the ABI lets a leaf use N bytes below its sp, which no
 * frame counts (x86_64: 128): added to every bound.
 * --call-bytes=N: a call pushes N bytes that the callee's .su frame does
 * not count (m68k's return address: 4): added to every frame.
 * --name=NAME: what messages call the image (the build checks it under
 * its temporary name, before it is renamed into place).
 * --check: the build's check after the link; only tasks with a stack
 * size are looked at, and one whose bound exceeds it is a warning naming
 * the task, the bound, the size and the deepest path; --strict makes it
 * an error (CONFIG_CC_STACKPROTECTOR_STRICT).
 * Exit: 0; 1 when --check --strict found a stack too small; 2 on bad
 * input (an unreadable image, a malformed .su or annotation).
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checkstack.h"

#define MAX_PATH_LEN 256

struct options {
	bool json, check, strict;
	const char *image;
	char *entry;		/* the function at its entry point */
	const char *name;	/* what messages call it (--name) */
	const char *srctree;
	char **sources;		/* "OBJDIR=SRCDIR" */
	size_t nsources;
	long red_zone;		/* bytes below sp a leaf may use (--red-zone) */
	long call_bytes;	/* a call pushes, no frame counts (--call-bytes) */
	char **annotations;	/* files read, each once */
	size_t nannotations;
};

struct root {
	const char *kind;	/* "entry", "task", "stack" or "interrupt" */
	const char *name;
	long size;		/* -1: not known at build time */
	long pushed;		/* an interrupt's: what the hardware pushes */
	struct func *f;
	struct depth d;
	const struct root *irq;	/* the interrupt counted on top, or NULL */
};

/* The name of the function at the image's entry point, or NULL. */
static char *entry_name(Elf *elf, GElf_Addr entry)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Sym sym;
	char *found = NULL;
	size_t i, n;
	Elf_Data *data;

	while (found == NULL && (scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_SYMTAB ||
		    sh.sh_entsize == 0 || (data = elf_getdata(scn, NULL)) == NULL)
			continue;
		n = sh.sh_size / sh.sh_entsize;
		for (i = 0; i < n && found == NULL; i++)
			if (gelf_getsym(data, (int)i, &sym) != NULL &&
			    GELF_ST_TYPE(sym.st_info) == STT_FUNC &&
			    (sym.st_value & ~(GElf_Addr)1) == (entry & ~(GElf_Addr)1))
				found = xstrdup(elf_strptr(elf, sh.sh_link, sym.st_name));
	}
	return found;
}

static char *image_entry(const char *path)
{
	int fd = open(path, O_RDONLY);
	Elf *elf;
	GElf_Ehdr eh;
	char *name = NULL;

	if (fd < 0) {
		perror(path);
		return NULL;
	}
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (elf != NULL && gelf_getehdr(elf, &eh) != NULL) {
		name = entry_name(elf, eh.e_entry);
		image_class = gelf_getclass(elf) == ELFCLASS64 ? 64 : 32;
	}
	else
		fprintf(stderr, "checkstack: %s: not an ELF image: %s\n", path,
			elf_errmsg(-1));
	if (elf != NULL && name == NULL && gelf_getehdr(elf, &eh) != NULL)
		fprintf(stderr, "checkstack: %s: no function symbol at the entry "
			"point 0x%llx: link the image with its symbols\n", path,
			(unsigned long long)eh.e_entry);
	elf_end(elf);
	close(fd);
	return name;
}

/* The one function NAME names, preferring a global one. */
static struct func *lookup(const char *name)
{
	struct func *fs[8];
	size_t n = funcs_named(name, fs, 8);

	return func_find(name) ? func_find(name) : n ? fs[0] : NULL;
}

static size_t path_of(const struct root *r, const char **out, size_t max)
{
	const struct depth *d = &r->d;
	struct func *f = r->f;
	size_t n = 0;

	if (strcmp(r->kind, "task") == 0 && task_start != NULL) {
		out[n++] = task_start;
		f = d->next;
	} else {
		out[n++] = f->name;
		f = d->next;
	}
	while (f != NULL && n < max) {
		out[n++] = f->name;
		f = depth_of(f)->next;
	}
	return n;
}

static void print_text(const char *image, const struct root *r)
{
	const char *path[MAX_PATH_LEN];
	size_t i, n = path_of(r, path, MAX_PATH_LEN);

	printf("%s: %s %s: ", image, r->kind, r->name);
	if (r->size >= 0)
		printf("stack %ld, ", r->size);
	if (r->d.why != NULL)
		printf("unbounded: %s", r->d.why);
	else
		printf("bound %ld bytes", r->d.bytes);
	if (r->d.why == NULL && r->irq != NULL)
		printf(" (%ld of them interrupt %s's)", r->irq->d.bytes, r->irq->name);
	if (r->size >= 0 && r->d.why == NULL)
		printf(", margin %ld", r->size - r->d.bytes);
	printf("\n  %s:", r->d.why ? "path" : "deepest");
	for (i = 0; i < n; i++)
		printf(" %s%s", i ? "> " : "", path[i]);
	printf("\n");
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++)
		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			printf("\\u%04x", *s);
		else
			putchar(*s);
	putchar('"');
}

static void print_json(const struct root *r, bool first)
{
	const char *path[MAX_PATH_LEN];
	size_t i, n = path_of(r, path, MAX_PATH_LEN);

	printf("%s{\"kind\":\"%s\",\"root\":", first ? "" : ",", r->kind);
	json_string(r->name);
	if (r->d.why == NULL)
		printf(",\"bound\":%ld", r->d.bytes);
	else
		printf(",\"bound\":null");
	if (r->size >= 0)
		printf(",\"stack\":%ld", r->size);
	else
		printf(",\"stack\":null");
	if (r->size >= 0 && r->d.why == NULL)
		printf(",\"margin\":%ld", r->size - r->d.bytes);
	else
		printf(",\"margin\":null");
	printf(",\"interrupt\":");
	if (r->irq != NULL && r->d.why == NULL) {
		json_string(r->irq->name);
		printf(",\"interrupt_bytes\":%ld", r->irq->d.bytes);
	} else {
		printf("null,\"interrupt_bytes\":null");
	}
	printf(",\"path\":[");
	for (i = 0; i < n; i++) {
		printf("%s", i ? "," : "");
		json_string(path[i]);
	}
	printf("],\"unbounded\":");
	if (r->d.why)
		json_string(r->d.why);
	else
		printf("null");
	printf("}");
}

static char *reason_of_interrupt(const struct root *irq)
{
	size_t len = strlen(irq->name) + strlen(irq->d.why) + 32;
	char *s = xrealloc(NULL, len);

	snprintf(s, len, "interrupt %s: %s", irq->name, irq->d.why);
	return s;
}

/* --check: a root whose stack is known and too small, or unknowable. */
static int check_root(const char *image, const struct root *r, bool strict)
{
	const char *path[MAX_PATH_LEN];
	size_t i, n;

	if (r->size < 0)
		return 0;
	if (r->d.why != NULL) {
		fprintf(stderr, "%s: warning: %s %s: its stack of %ld bytes "
			"cannot be checked: unbounded: %s\n", image, r->kind,
			r->name, r->size, r->d.why);
		return 0;
	}
	if (r->d.bytes <= r->size)
		return 0;
	n = path_of(r, path, MAX_PATH_LEN);
	fprintf(stderr, "%s: %s: %s %s needs up to %ld bytes of stack, but "
		"its stack is %ld bytes; deepest path:", image,
		strict ? "error" : "warning", r->kind, r->name, r->d.bytes, r->size);
	for (i = 0; i < n; i++)
		fprintf(stderr, " %s%s", i ? "> " : "", path[i]);
	fprintf(stderr, "\n");
	return strict ? 1 : 0;
}

static size_t make_roots(const char *image, char *entry, struct root *roots)
{
	size_t i, n = 0;

	if (entry != NULL) {
		roots[n] = (struct root){ .kind = "entry", .name = entry,
					  .size = -1, .f = func_get(entry) };
		n++;
	}
	for (i = 0; i < ntask_roots; i++) {
		static const char *const kinds[] = {
			[ROOT_TASK] = "task", [ROOT_STACK] = "stack",
			[ROOT_INTERRUPT] = "interrupt",
		};
		struct func *f = lookup(task_roots[i].entry);
		const char *kind = kinds[task_roots[i].kind];

		if (f == NULL || f->frame < 0) {
			fprintf(stderr, "checkstack: %s: %s %s: no such function "
				"among the objects of %s; skipped\n",
				task_roots[i].where, kind, task_roots[i].entry, image);
			continue;
		}
		roots[n] = (struct root){ .kind = kind, .name = f->name,
					  .size = task_roots[i].size,
					  .pushed = task_roots[i].pushed, .f = f };
		n++;
	}
	return n;
}

/*
 * An interrupt lands on whatever stack runs: the entry's or a task's.
 * The deepest handler is added to each (one level: nesting is not
 * counted); one that is unbounded makes them unbounded.
 */
static void add_interrupts(struct root *roots, size_t n)
{
	const struct root *worst = NULL;
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(roots[i].kind, "interrupt") == 0 &&
		    (worst == NULL || (worst->d.why == NULL &&
		     (roots[i].d.why != NULL || roots[i].d.bytes > worst->d.bytes))))
			worst = &roots[i];
	for (i = 0; worst != NULL && i < n; i++) {
		if (strcmp(roots[i].kind, "entry") && strcmp(roots[i].kind, "task"))
			continue;
		roots[i].irq = worst;
		if (roots[i].d.why == NULL && worst->d.why != NULL)
			roots[i].d.why = reason_of_interrupt(worst);
		roots[i].d.bytes += worst->d.bytes;
	}
}

/* Once every function is known: the roots' depths. */
static void bound_roots(struct root *roots, size_t n, const struct options *o)
{
	struct func *start = task_start ? lookup(task_start) : NULL;
	struct func **fs;
	size_t i, nfs;

	funcs_all(&fs, &nfs);
	for (i = 0; i < nfs; i++)
		if (fs[i]->frame >= 0)
			fs[i]->frame += o->call_bytes;
	resolve_annotated_calls();
	bound_all();
	for (i = 0; i < n; i++)
		roots[i].d = start && strcmp(roots[i].kind, "task") == 0 ?
			task_depth(start, roots[i].f) : *depth_of(roots[i].f);
	for (i = 0; i < n; i++)
		roots[i].d.bytes += o->red_zone + roots[i].pushed;
	add_interrupts(roots, n);
}

static int usage(void)
{
	fprintf(stderr, "usage: checkstack [--json] [--check [--strict]] "
		"[--name=NAME] [--red-zone=N] [--call-bytes=N] [--annotations=FILE]... "
		"[--srctree=DIR] "
		"[--source=OBJDIR=SRCDIR]... IMAGE OBJECT...\n");
	return 2;
}

/* Where OBJECT's source directory is: a new string, or NULL. */
static char *source_dir(const struct options *o, const char *object)
{
	const char *slash = strrchr(object, '/');
	size_t dlen = slash ? (size_t)(slash - object) : 0, i, plen;
	char *s;

	for (i = 0; i < o->nsources; i++) {
		const char *eq = strchr(o->sources[i], '=');

		plen = (size_t)(eq - o->sources[i]);
		if (dlen >= plen && strncmp(object, o->sources[i], plen) == 0 &&
		    (dlen == plen || object[plen] == '/')) {
			s = xrealloc(NULL, strlen(eq + 1) + dlen - plen + 1);
			sprintf(s, "%s%.*s", eq + 1, (int)(dlen - plen), object + plen);
			return s;
		}
	}
	if (object[0] == '/' || o->srctree == NULL)
		return NULL;
	s = xrealloc(NULL, strlen(o->srctree) + dlen + 2);
	sprintf(s, "%s/%.*s", o->srctree, (int)dlen, object);
	return s;
}

/* The stack-annotations beside OBJECT's source, once per directory. */
static bool annotations_of(struct options *o, const char *object)
{
	char *dir = source_dir(o, object), *path;
	size_t i;

	if (dir == NULL)
		return true;
	path = xrealloc(NULL, strlen(dir) + sizeof("/stack-annotations"));
	sprintf(path, "%s/stack-annotations", dir);
	free(dir);
	for (i = 0; i < o->nannotations; i++)
		if (strcmp(o->annotations[i], path) == 0)
			break;
	if (i < o->nannotations || access(path, F_OK) != 0) {
		free(path);
		return true;
	}
	o->annotations = xrealloc(o->annotations, (o->nannotations + 1) *
				  sizeof(*o->annotations));
	o->annotations[o->nannotations++] = path;
	return read_annotations(path);
}

static bool option(struct options *o, const char *arg)
{
	if (strcmp(arg, "--json") == 0)
		o->json = true;
	else if (strcmp(arg, "--check") == 0)
		o->check = true;
	else if (strcmp(arg, "--strict") == 0)
		o->strict = true;
	else if (strncmp(arg, "--red-zone=", 11) == 0)
		o->red_zone = atol(arg + 11);
	else if (strncmp(arg, "--call-bytes=", 13) == 0)
		o->call_bytes = atol(arg + 13);
	else if (strncmp(arg, "--name=", 7) == 0)
		o->name = arg + 7;
	else if (strncmp(arg, "--srctree=", 10) == 0)
		o->srctree = arg + 10;
	else if (strncmp(arg, "--source=", 9) == 0 && strchr(arg + 9, '=')) {
		o->sources = xrealloc(o->sources, (o->nsources + 1) * sizeof(char *));
		o->sources[o->nsources++] = xstrdup(arg + 9);
	} else if (strncmp(arg, "--annotations=", 14) != 0)
		return false;
	return true;
}

static int parse_args(int argc, char **argv, struct options *o, bool *ok)
{
	int i, first;

	for (i = 1; i < argc && argv[i][0] == '-'; i++)
		if (!option(o, argv[i]))
			return -1;
	if (i >= argc)
		return -1;
	o->image = argv[i++];
	/* Its class first: an annotation may be for one ("elf64: ..."). */
	o->entry = image_entry(o->image);
	first = i;
	for (; i < argc; i++)
		*ok = read_object(argv[i]) && *ok;
	object_names = argv + first;
	nobject_names = (size_t)(argc - first);
	/* After the objects: an annotation names the functions they define. */
	for (i = 1; i < argc && argv[i][0] == '-'; i++)
		if (strncmp(argv[i], "--annotations=", 14) == 0)
			*ok = read_annotations(argv[i] + 14) && *ok;
	for (i = first; i < argc; i++)
		*ok = annotations_of(o, argv[i]) && *ok;
	return 0;
}

int main(int argc, char **argv)
{
	struct options o = { .json = false };
	struct root *roots;
	bool ok = true;
	size_t i, n;
	int rc = 0;

	if (parse_args(argc, argv, &o, &ok) < 0)
		return usage();
	if (!ok)
		return 2;
	roots = xrealloc(NULL, (ntask_roots + 1) * sizeof(*roots));
	n = make_roots(o.image, o.entry, roots);
	if (n == 0 || strcmp(roots[0].kind, "entry"))
		return 2;
	if (o.red_zone < 0 || o.call_bytes < 0)
		return usage();
	bound_roots(roots, n, &o);
	if (o.name == NULL)
		o.name = o.image;
	if (o.json) {
		printf("{\"image\":");
		json_string(o.name);
		printf(",\"roots\":[");
	}
	for (i = 0; i < n; i++) {
		if (o.check)
			rc |= check_root(o.name, &roots[i], o.strict);
		else if (o.json)
			print_json(&roots[i], i == 0);
		else
			print_text(o.name, &roots[i]);
	}
	if (o.json)
		printf("]}\n");
	return rc;
}
