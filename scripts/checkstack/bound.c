// SPDX-License-Identifier: GPL-2.0
/*
 * bound.c: the worst-case depth of every function, over all its paths.
 *
 * The functions are split into strongly connected components (Tarjan),
 * which come out callees first, so each component's callees outside it
 * are known when it is reached. A component that is a cycle is recursion:
 * unbounded, naming the cycle, unless an annotation gives its depth N;
 * then each member counts N times the sum of the cycle's frames, which
 * covers any order the recursion takes through them (sound, maybe loose).
 * A depth is a frame plus the deepest callee; anything unknown on the way
 * (no frame, a dynamic frame, an indirect call, a function whose calls
 * the compiler did not say) makes it unbounded, with the reason kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkstack.h"

static struct depth *depths;
static struct func **fs;
static size_t nfs;
static struct func **stack;
static size_t nstack;
static int next_index, nsccs;

static char *reason(const char *fmt, const char *a, const char *b)
{
	size_t n = strlen(fmt) + strlen(a) + (b ? strlen(b) : 0) + 1;
	char *s = xrealloc(NULL, n);

	snprintf(s, n, fmt, a, b ? b : "");
	return s;
}

/* What in F itself makes its depth unknown; NULL when nothing does. */
static char *own_reason(const struct func *f, bool entry_known)
{
	size_t i;

	if (f->frame < 0)
		return reason("no frame for %s: no -fstack-usage line (assembler, "
			      "or built without CONFIG_STACK_USAGE): give it a "
			      "\"frame\" annotation%s", f->name, NULL);
	if (f->dynamic)
		return reason("dynamic frame in %s (a VLA or alloca): give its "
			      "size with a \"dynamic\" annotation%s", f->key, NULL);
	if (f->no_graph && !f->calls_annotated)
		return reason("calls of %s unknown: its object has no .ci call "
			      "graph (gcc -fcallgraph-info; clang writes none)%s",
			      f->name, NULL);
	for (i = 0; i < f->ncalls && !f->calls_annotated && !entry_known; i++)
		if (f->calls[i].to == NULL)
			return reason("indirect call in %s at %s: list its targets "
				      "with a \"calls\" annotation", f->name,
				      f->calls[i].site ? f->calls[i].site : "?");
	return NULL;
}

static void strongconnect(struct func *f);

static void visit_callee(struct func *f, struct func *to)
{
	if (to->index < 0) {
		strongconnect(to);
		if (to->lowlink < f->lowlink)
			f->lowlink = to->lowlink;
	} else if (to->on_stack && to->index < f->lowlink) {
		f->lowlink = to->index;
	}
}

/* The text "a > b > a" of the cycle MEMBERS form. */
static char *cycle_text(struct func **members, size_t n)
{
	size_t i, len = 1;
	char *s;

	for (i = 0; i <= n; i++)
		len += strlen(members[i % n]->name) + 3;
	s = xrealloc(NULL, len);
	s[0] = '\0';
	for (i = 0; i <= n; i++) {
		strcat(s, members[i % n]->name);
		if (i < n)
			strcat(s, " > ");
	}
	return s;
}

static bool calls_itself(const struct func *f)
{
	size_t i;

	for (i = 0; i < f->ncalls; i++)
		if (f->calls[i].to == f)
			return true;
	return false;
}

/* Deepest callee outside the component (all done): bytes, or why not. */
static struct depth deepest_exit(struct func **members, size_t n, int scc)
{
	struct depth best = { .done = true };
	size_t i, c;

	for (i = 0; i < n; i++)
		for (c = 0; c < members[i]->ncalls; c++) {
			struct func *to = members[i]->calls[c].to;
			const struct depth *d;

			if (to == NULL || to->scc == scc)
				continue;
			d = &depths[to->scc];
			if (d->why != NULL && best.why == NULL) {
				best.why = d->why;
				best.next = to;
			} else if (best.why == NULL && d->bytes >= best.bytes &&
				   (best.next == NULL || d->bytes > best.bytes)) {
				best.bytes = d->bytes;
				best.next = to;
			}
		}
	return best;
}

/* One component, its members MEMBERS[0..n), every callee outside done. */
static void component_depth(struct func **members, size_t n, int scc)
{
	struct depth d = deepest_exit(members, n, scc);
	long frames = 0, depth = 0;
	char *why = NULL;
	size_t i;

	for (i = 0; i < n && why == NULL; i++) {
		why = own_reason(members[i], false);
		frames += members[i]->frame;
		if (members[i]->recursion > depth)
			depth = members[i]->recursion;
	}
	if (why == NULL && (n > 1 || calls_itself(members[0]))) {
		if (depth == 0)
			why = reason("recursion %s: give its depth with a "
				     "\"recursion\" annotation%s",
				     cycle_text(members, n), NULL);
		d.cycle = depth;
		frames *= depth;
	}
	if (why != NULL) {
		d.why = why;
		d.next = NULL;
	}
	d.bytes += frames;
	d.done = true;
	depths[scc] = d;
}

static void strongconnect(struct func *f)
{
	size_t i, first;

	f->index = f->lowlink = next_index++;
	stack[nstack++] = f;
	f->on_stack = true;
	for (i = 0; i < f->ncalls; i++)
		if (f->calls[i].to != NULL)
			visit_callee(f, f->calls[i].to);
	if (f->lowlink != f->index)
		return;
	first = nstack;
	do {
		first--;
		stack[first]->on_stack = false;
		stack[first]->scc = nsccs;
	} while (stack[first] != f);
	component_depth(stack + first, nstack - first, nsccs);
	nsccs++;
	nstack = first;
}

/*
 * Recursive, one level per call depth: the kit's graphs are shallow; a
 * deep one needs a larger host stack (ulimit -s), as checkstack says
 * nothing about the tool's own.
 */
/*
 * gcc's .ci titles a weak definition "file.c:name", as a static one, while
 * its callers name it "name": a call to a name nothing defines goes to
 * each definition of that name (the one the linker kept among them). A
 * call to "name.localalias" goes to name.
 */
static struct func *defined_as(struct func *to, size_t skip)
{
	struct func *named[64];
	size_t i, n, len;
	char *base;

	if (to == NULL || to->frame >= 0 || to->calls_annotated)
		return NULL;
	/* gcc's "f.localalias" is f under a local name. */
	len = strlen(to->name);
	if (len > 11 && strcmp(to->name + len - 11, ".localalias") == 0)
		len -= 11;
	else if (strchr(to->key, ':') != NULL)
		return NULL;
	base = xstrdup(to->name);
	base[len] = '\0';
	n = funcs_named(base, named, 64);
	free(base);
	for (i = 0; i < n; i++)
		if (named[i] != to && named[i]->frame >= 0 && skip-- == 0)
			return named[i];
	return NULL;
}

static void resolve_weak(struct func *f)
{
	size_t c, k, n = f->ncalls;
	struct func *def, *to;

	for (c = 0; c < n; c++) {
		to = f->calls[c].to;
		for (k = 0; (def = defined_as(to, k)) != NULL; k++) {
			if (k == 0)
				f->calls[c].to = def;
			else
				func_add_call(f, def, f->calls[c].site);
		}
	}
}

void bound_all(void)
{
	size_t i;

	funcs_all(&fs, &nfs);
	for (i = 0; i < nfs; i++)
		resolve_weak(fs[i]);
	depths = xrealloc(NULL, (nfs + 1) * sizeof(*depths));
	memset(depths, 0, (nfs + 1) * sizeof(*depths));
	stack = xrealloc(NULL, (nfs + 1) * sizeof(*stack));
	for (i = 0; i < nfs; i++)
		fs[i]->index = -1;
	for (i = 0; i < nfs; i++)
		if (fs[i]->index < 0)
			strongconnect(fs[i]);
}

const struct depth *depth_of(struct func *f)
{
	return &depths[f->scc];
}

struct depth task_depth(struct func *start, struct func *entry)
{
	struct depth d = { .done = true, .next = entry };
	const struct depth *e = depth_of(entry);
	size_t i;

	d.why = own_reason(start, true);
	if (d.why != NULL)
		return d;
	d.why = e->why;
	d.bytes = e->bytes;
	for (i = 0; i < start->ncalls && d.why == NULL; i++) {
		struct func *to = start->calls[i].to;

		if (to == NULL || to == entry)
			continue;
		e = depth_of(to);
		if (e->why != NULL || e->bytes > d.bytes) {
			d.why = e->why;
			d.bytes = e->bytes;
			d.next = to;
		}
	}
	d.bytes += start->frame;
	return d;
}
