// SPDX-License-Identifier: GPL-2.0
/*
 * types.c: an indirect call resolved by type, where gcc says enough.
 * With CONFIG_STACK_USAGE gcc writes two dumps beside each object, named
 * after it by the compiler's pass numbers:
 *
 *   foo.o.c.NNNi.cgraph     -fdump-ipa-cgraph: a node per function the
 *                           unit knows, "Address is taken." under each
 *                           whose address it takes (in an initializer too)
 *   foo.o.c.NNNt.optimized  -fdump-tree-optimized-lineno: each function's
 *                           prototype, its locals with their types, its
 *                           statements each with its file:line:col
 *
 * An indirect call (the .ci's edge to __indirect_call, labelled with its
 * file:line:col) is made through a local or a parameter whose type the
 * dump gives. It goes to every function whose address some unit takes
 * and whose prototype has that type (types_match), each function of the
 * name (a static one in any file too). When none has, it stays
 * unresolved: its root is unbounded, naming the call. A function with a
 * "calls" annotation keeps its list, and task-start's call is the task's
 * entry. clang writes no such dump: its indirect calls need annotations.
 * A dump is read only when it can matter: an object's .optimized when its
 * .ci has an indirect call, the .cgraph files when a call is to resolve.
 */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checkstack.h"

static char **taken;		/* names whose address a unit takes */
static size_t ntaken;

/* Words a type keeps; any other but a tag makes it "?" (types_match). */
static const char *const kept[] = {
	"void", "char", "short", "int", "long", "unsigned", "signed", "float",
	"double", "_Bool", "_Complex", "__int128", "struct", "union",
};
/* Words that change no type a call can be made through. */
static const char *const dropped[] = {
	"const", "volatile", "restrict", "__restrict", "static", "extern",
	"inline", "__inline",
};

static bool among(const char *w, size_t n, const char *const *list, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (strlen(list[i]) == n && strncmp(list[i], w, n) == 0)
			return true;
	return false;
}
#define AMONG(w, n, list) among(w, n, list, sizeof(list) / sizeof(*list))

/*
 * The type spelt in S[0..len) with one space between its tokens, without
 * qualifiers and gcc's "<Tnnn>" tags; "?" when a word of it is neither a
 * keyword that names a type nor a struct's or union's tag: a typedef's
 * or an enum's, whose type the dump does not give.
 */
static char *canon(const char *s, size_t len)
{
	char *out = xrealloc(NULL, 2 * len + 2);
	size_t i = 0, o = 0, n;
	bool tag = false;

	while (i < len) {
		if (isspace((unsigned char)s[i])) {
			i++;
		} else if (s[i] == '<') {
			while (i < len && s[i] != '>')
				i++;
			i++;
		} else if (isalpha((unsigned char)s[i]) || s[i] == '_') {
			for (n = 0; i + n < len && (isalnum((unsigned char)s[i + n]) ||
						    s[i + n] == '_'); n++)
				;
			if (!AMONG(s + i, n, dropped)) {
				if (!tag && !AMONG(s + i, n, kept)) {
					strcpy(out, "?");
					return out;
				}
				o += (size_t)sprintf(out + o, "%s%.*s", o ? " " : "", (int)n, s + i);
				tag = (n == 6 && strncmp(s + i, "struct", 6) == 0) ||
				      (n == 5 && strncmp(s + i, "union", 5) == 0);
			}
			i += n;
		} else {
			o += (size_t)sprintf(out + o, "%s%c", o ? " " : "", s[i]);
			i++;
		}
	}
	out[o] = '\0';
	return out;
}

/* Where the parenthesis opened at S[open] closes, or NULL. */
static const char *closing(const char *s)
{
	int depth = 0;

	for (; *s; s++)
		if (*s == '(')
			depth++;
		else if (*s == ')' && --depth == 0)
			return s;
	return NULL;
}

/*
 * A function type as "RET|P1|P2|...": RET the return type, each P a
 * parameter's (canon), "..." for a variadic one's rest, and "RET|()"
 * for a type without a prototype. PARAMS is the text between the
 * parentheses of the parameter list; NAMED: each parameter ends in its
 * name (a definition's), which is left out.
 */
static char *signature(const char *ret, size_t rlen, const char *params,
		       size_t plen, bool named)
{
	char *r = canon(ret, rlen), *out;
	size_t cap = rlen + 2 * plen + 16, o, i = 0, start;
	int depth = 0;

	out = xrealloc(NULL, cap);
	o = (size_t)sprintf(out, "%s", r);
	free(r);
	while (plen > 0 && isspace((unsigned char)params[plen - 1]))
		plen--;
	if (plen == 0) {
		strcpy(out + o, "|()");
		return out;
	}
	if (plen == 4 && strncmp(params, "void", 4) == 0)
		return out;
	for (start = 0; i <= plen; i++) {
		size_t end = i, n;
		char *p;

		if (i < plen && (params[i] != ',' || depth > 0)) {
			depth += params[i] == '(' ? 1 : params[i] == ')' ? -1 : 0;
			continue;
		}
		while (end > start && isspace((unsigned char)params[end - 1]))
			end--;
		/* A definition's parameter: its name is the last word. */
		for (n = end; named && n > start && (isalnum((unsigned char)params[n - 1]) ||
						     params[n - 1] == '_'); n--)
			;
		if (named && n > start && n < end && strncmp(params + start, "...", 3))
			end = n;
		p = strncmp(params + start, "...", 3) ? canon(params + start, end - start) :
		    xstrdup("...");
		o += (size_t)snprintf(out + o, cap - o, "|%s", p);
		free(p);
		start = i + 1;
	}
	return out;
}

/* Two spellings of one type: equal, or either a "?" (a typedef's). */
static bool part_match(const char *a, size_t alen, const char *b, size_t blen)
{
	return (alen == 1 && *a == '?') || (blen == 1 && *b == '?') ||
	       (alen == blen && strncmp(a, b, alen) == 0);
}

/*
 * May a call through a pointer of type CALL reach a function of type
 * FUNC? Their return types and parameters agree one by one, a part
 * hidden behind a typedef or an enum agreeing with any: never fewer
 * functions than C's compatible types would give, maybe more.
 */
static bool types_match(const char *call, const char *func)
{
	const char *a = call, *b = func;

	if (strstr(call, "|()") != NULL || strstr(func, "|()") != NULL)
		return part_match(a, strcspn(a, "|"), b, strcspn(b, "|"));
	for (;;) {
		size_t al = strcspn(a, "|"), bl = strcspn(b, "|");

		if (!part_match(a, al, b, bl))
			return false;
		if (a[al] == '\0' || b[bl] == '\0')
			return a[al] == b[bl];
		a += al + 1;
		b += bl + 1;
	}
}

/* A local of the body being read: its name and its declared type. */
struct local {
	char *name, *type;
};

/* "RET (*<Tn>) (PARAMS)": the signature of what it points to, or NULL. */
static char *pointer_signature(const char *type)
{
	const char *star = strstr(type, "(*"), *shut, *open, *end;

	if (star == NULL || (shut = closing(star)) == NULL ||
	    (open = strchr(shut, '(')) == NULL || (end = closing(open)) == NULL)
		return NULL;
	return signature(type, (size_t)(star - type), open + 1,
			 (size_t)(end - open - 1), false);
}

/*
 * The type of parameter NAME[0..n) in PARAMS, a definition's parameter
 * list after its "(": "T a, U (*<T1>) (int) b)" gives b "U (*<T1>) (int)".
 */
static char *param_type(const char *params, const char *name, size_t n)
{
	const char *start = params, *p;
	int depth = 0;

	for (p = params; *p; p++) {
		if (*p == '(') {
			depth++;
			continue;
		}
		if ((*p != ',' && *p != ')') || (*p == ')' && depth-- > 0) ||
		    (*p == ',' && depth > 0))
			continue;
		/* START..P is one parameter: "TYPE NAME". */
		if ((size_t)(p - start) > n + 1 && strncmp(p - n, name, n) == 0 &&
		    p[-(long)n - 1] == ' ') {
			char *t = xrealloc(NULL, (size_t)(p - n - 1 - start) + 1);

			memcpy(t, start, (size_t)(p - n - 1 - start));
			t[p - n - 1 - start] = '\0';
			return t;
		}
		if (*p == ')')
			break;
		start = p + 1;
	}
	return NULL;
}

/*
 * The type of CALLEE[0..n), an SSA name: a local's ("p.0_1", "_2"), as
 * declared, or a parameter's own value's ("fn_5(D)"), from the
 * prototype's PARAMS; NULL for anything else.
 */
static char *callee_type(const char *callee, size_t n, const struct local *locals,
			 size_t nlocals, const char *params)
{
	size_t i, k;

	for (i = 0; i < nlocals; i++)
		if (strlen(locals[i].name) == n && strncmp(locals[i].name, callee, n) == 0)
			return xstrdup(locals[i].type);
	if (n < 4 || strncmp(callee + n - 3, "(D)", 3))
		return NULL;
	for (k = n - 3; k > 0 && isdigit((unsigned char)callee[k - 1]); k--)
		;
	if (k < 2 || callee[k - 1] != '_')
		return NULL;
	return param_type(params, callee, k - 1);
}

/*
 * A statement "[file:l:c] ... X (ARGS);" or "[file:l:c] _1 = X (ARGS);"
 * where X has a pointer type: the call at file:l:c of F goes through it.
 */
static void statement(struct func *f, const char *line, const struct local *locals,
		      size_t nlocals, const char *params)
{
	const char *loc, *end, *call, *eq, *paren;
	char *type, *site, *sig;
	size_t i;

	while (isspace((unsigned char)*line))
		line++;
	if (*line != '[' || (end = strchr(line, ']')) == NULL)
		return;
	loc = line + 1;
	call = end + 1;
	while (*call == ' ' || *call == '[') {	/* its parts' own places */
		if (*call == '[' && (call = strchr(call, ']')) == NULL)
			return;
		call++;
	}
	paren = strstr(call, " (");
	eq = strstr(call, " = ");
	if (eq != NULL && paren != NULL && eq < paren) {
		call = eq + 3;		/* "_1 = X (ARGS)", not "_1 = (T) x" */
		paren = strstr(call, " (");
	}
	if (paren == NULL || paren <= call)
		return;
	type = callee_type(call, (size_t)(paren - call), locals, nlocals, params);
	sig = type ? pointer_signature(type) : NULL;
	free(type);
	if (sig == NULL)
		return;
	site = xrealloc(NULL, (size_t)(end - loc) + 1);
	memcpy(site, loc, (size_t)(end - loc));
	site[end - loc] = '\0';
	for (i = 0; i < f->ncalls; i++)
		if (f->calls[i].to == NULL && f->calls[i].site &&
		    strcmp(f->calls[i].site, site) == 0 && f->calls[i].type == NULL)
			f->calls[i].type = xstrdup(sig);
	free(site);
	free(sig);
}

/* "RET NAME (PARAMS)", the prototype line of NAME's body: its signature. */
static char *prototype(const char *line, const char *name, const char **params)
{
	size_t n = strlen(name);
	const char *p, *end;

	for (p = strstr(line, name); p != NULL; p = strstr(p + 1, name))
		if ((p == line || p[-1] == ' ') && strncmp(p + n, " (", 2) == 0)
			break;
	if (p == NULL || (end = closing(p + n + 1)) == NULL)
		return NULL;
	*params = p + n + 2;
	return signature(line, (size_t)(p - line), p + n + 2,
			 (size_t)(end - p - n - 2), true);
}

/* One object's .optimized dump: prototypes and its calls' types. */
static void read_optimized(FILE *fp)
{
	char *line = NULL, name[256], *params = NULL;
	size_t cap = 0, nlocals = 0, i;
	struct local *locals = NULL;
	struct func *f = NULL;
	enum { OUTSIDE, HEAD, LOCALS, BODY } state = OUTSIDE;
	const char *pp;

	while (getline(&line, &cap, fp) > 0) {
		line[strcspn(line, "\n")] = '\0';
		if (strncmp(line, ";; Function ", 12) == 0) {
			const char *a = strchr(line + 12, '('), *c = a ? strchr(a, ',') : NULL;

			/* The symbol's name: "f (f.isra.0, funcdef_no=...)". */
			snprintf(name, sizeof(name), "%.*s", c ? (int)(c - a - 1) : 0, a ? a + 1 : "");
			f = object_func(name);
			state = HEAD;
		} else if (state == HEAD && line[0] != '\0' && strncmp(line, "__attribute__", 13)) {
			char *sig = f ? prototype(line, name, &pp) : NULL;

			if (sig == NULL && f != NULL) {
				/* A clone's line names it as written: "f (...)". */
				char plain[256];

				snprintf(plain, sizeof(plain), "%.*s", (int)strcspn(name, "."), name);
				sig = prototype(line, plain, &pp);
			}
			if (f != NULL && sig != NULL && f->type == NULL)
				f->type = sig;
			else
				free(sig);
			free(params);
			params = xstrdup(sig ? pp : "");
			state = LOCALS;
		} else if (state == LOCALS && line[0] == '{') {
			continue;
		} else if (state == LOCALS && line[0] == ' ' && line[2] != '[' &&
			   line[strlen(line) - 1] == ';') {
			char *sp = strrchr(line, ' ');

			locals = xrealloc(locals, (nlocals + 1) * sizeof(*locals));
			locals[nlocals].name = xstrdup(sp + 1);
			locals[nlocals].name[strlen(sp + 1) - 1] = '\0';
			*sp = '\0';
			locals[nlocals].type = xstrdup(line);
			nlocals++;
		} else if (state == LOCALS || state == BODY) {
			state = line[0] == '}' ? OUTSIDE : BODY;
			if (f != NULL && state == BODY)
				statement(f, line, locals, nlocals, params);
			if (state == OUTSIDE) {
				for (i = 0; i < nlocals; i++) {
					free(locals[i].name);
					free(locals[i].type);
				}
				nlocals = 0;
			}
		}
	}
	free(locals);
	free(params);
	free(line);
}

/* One object's .cgraph dump: the names whose address it takes. */
static void read_cgraph(FILE *fp)
{
	char *line = NULL, *node = NULL;
	size_t cap = 0, i;

	while (getline(&line, &cap, fp) > 0) {
		if (!isspace((unsigned char)line[0]) && strchr(line, '/') &&
		    strstr(line, " (") != NULL) {
			free(node);
			node = xrealloc(NULL, strcspn(line, "/") + 1);
			memcpy(node, line, strcspn(line, "/"));
			node[strcspn(line, "/")] = '\0';
		} else if (node != NULL && strcmp(line, "  Address is taken.\n") == 0) {
			for (i = 0; i < ntaken && strcmp(taken[i], node); i++)
				;
			if (i == ntaken) {
				taken = xrealloc(taken, (ntaken + 1) * sizeof(*taken));
				taken[ntaken++] = xstrdup(node);
			}
		}
	}
	free(node);
	free(line);
}

/* OBJECT's dump named OBJECT.c.*.SUFFIX, read by FN: false when none. */
static bool read_dump(const char *object, const char *suffix, void (*fn)(FILE *))
{
	char pattern[4096];
	glob_t g;
	FILE *fp;
	bool found = false;

	snprintf(pattern, sizeof(pattern), "%s.c.*.%s", object, suffix);
	if (glob(pattern, 0, NULL, &g) != 0)
		return false;
	if (g.gl_pathc == 1 && (fp = fopen(g.gl_pathv[0], "r")) != NULL) {
		fn(fp);
		fclose(fp);
		found = true;
	}
	globfree(&g);
	return found;
}

/* The types of OBJECT's indirect calls, while its functions are known. */
void read_type_dumps(const char *object)
{
	read_dump(object, "optimized", read_optimized);
}

/* Every function whose address is taken and whose type TYPE matches. */
static size_t candidates(const char *type, struct func **out, size_t max)
{
	struct func *fs[16];
	size_t i, k, n, got = 0;

	for (i = 0; i < ntaken; i++) {
		n = funcs_named(taken[i], fs, 16);
		for (k = 0; k < n && got < max; k++)
			if (fs[k]->type == NULL || types_match(type, fs[k]->type))
				out[got++] = fs[k];
	}
	return got;
}

/*
 * Is there a call to resolve: one with a type, in a function that has no
 * "calls" annotation and is not task-start?
 */
static bool typed_calls(struct func **fs, size_t nfs)
{
	size_t i, j;

	for (i = 0; i < nfs; i++)
		for (j = 0; j < fs[i]->ncalls; j++)
			if (fs[i]->calls[j].to == NULL && fs[i]->calls[j].type != NULL &&
			    !fs[i]->calls_annotated &&
			    !(task_start && strcmp(fs[i]->name, task_start) == 0))
				return true;
	return false;
}

/*
 * The addresses taken are read only when a call needs them: an image
 * whose indirect calls are all annotated (the kit's, and the scale
 * tree's 1000 objects) reads no .cgraph.
 */
void resolve_typed_calls(void)
{
	struct func **fs, *to[256];
	size_t nfs, i, j, k, n;

	funcs_all(&fs, &nfs);
	if (!typed_calls(fs, nfs))
		return;
	for (i = 0; i < nobject_names; i++)
		read_dump(object_names[i], "cgraph", read_cgraph);
	for (i = 0; i < nfs; i++) {
		struct func *f = fs[i];

		if (f->calls_annotated || (task_start && strcmp(f->name, task_start) == 0))
			continue;
		for (j = 0; j < f->ncalls; j++) {
			char *site;

			if (f->calls[j].to != NULL || f->calls[j].type == NULL ||
			    (n = candidates(f->calls[j].type, to, 256)) == 0 || n == 256)
				continue;
			site = f->calls[j].site;
			f->calls[j].to = to[0];
			for (k = 1; k < n; k++)
				func_add_call(f, to[k], site);
		}
	}
}
