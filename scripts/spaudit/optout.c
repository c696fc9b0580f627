// SPDX-License-Identifier: GPL-2.0
/*
 * optout: where the sources an object was compiled from switch the stack
 * protector off, or change it, for some of their functions.
 *
 * The witnesses (include/sspkit/ssp-witness.h) are compiled at the start
 * of each translation unit, before any of its own text: they prove the
 * flags, not what a pragma or an attribute further down does. So the
 * audit also reads the text the compiler was given, the source and every
 * header it included (the deps_ list fixdep left in the object's .cmd
 * file), and finds each way of changing protection inside a source:
 *
 *   #pragma GCC optimize(...stack-protector...)   to the end of the unit,
 *   _Pragma("GCC optimize(...)")                  or to its pop_options
 *   #pragma clang attribute push(... no_stack_protector ...)   to its pop
 *   __attribute__((optimize(...stack-protector...)))   one function
 *   __attribute__((no_stack_protector)), [[gnu::...]], [[clang::...]]
 *   a #define whose body holds any of these, where the macro is used
 *
 * Each is tied to the functions it covers: a definition inside a pragma's
 * region, or the declaration an attribute stands in. The one declared way
 * is the kit's __no_stack_protector (include/sspkit/compiler.h); it is
 * reported too, so that make spaudit can list those functions by name.
 *
 * This reads text, as fixdep does, without preprocessing it: a spelling
 * in a branch of #if that is not compiled is reported all the same (the
 * safe side), and a region left open at the end of a header is reported
 * as covering the rest of the translation unit.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lexer.h"
#include "optout.h"

#define MAX_NEST	64
#define MAX_ALIASES	64

struct alias {
	char name[64];
	char *body;
	bool function_like;
};

struct region {
	bool active;
	unsigned line;
	char how[OPTOUT_HOW_MAX];
};

/* A declaration at file scope, as far as it has been read. */
struct decl {
	char candidate[OPTOUT_NAME_MAX];	/* the name before its first '(' */
	unsigned candidate_line;
	char prev_ident[OPTOUT_NAME_MAX];
	char idents[OPTOUT_IDENTS_MAX];
	int paren;
	bool after_rparen;
	int optimize_paren;	/* >0: inside optimize(...) at this depth */
	bool pending;		/* an opt-out attribute stands in it */
	bool declared;		/* __no_stack_protector stands in it */
	unsigned pending_line;
	char pending_how[OPTOUT_HOW_MAX];
};

struct scanner {
	const char *path;
	bool is_header;
	struct optout_list *out;
	struct region gcc[MAX_NEST];	/* push_options levels; [depth] is current */
	int gcc_depth;
	struct region clang[MAX_NEST];	/* clang attribute push groups */
	int clang_depth;
	struct alias aliases[MAX_ALIASES];
	int naliases;
	struct decl d;
	int expanding;		/* alias expansions in progress */
};

static void describe(char *how, const char *what, const char *text, size_t len,
		     const char *path, unsigned line)
{
	size_t n;

	while (len > 0 && (*text == ' ' || *text == '\t')) {
		text++;
		len--;
	}
	n = len > 80 ? 80 : len;

	snprintf(how, OPTOUT_HOW_MAX, "%s%.*s%s at %s:%u", what, (int)n, text,
		 len > n ? "..." : "", kfile_short_path(path), line);
}

static int add_site(struct optout_list *l, const struct optout_site *s)
{
	struct optout_site *grown;

	if (l->count == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 8;
		grown = realloc(l->sites, l->cap * sizeof(*grown));
		if (grown == NULL)
			return -1;
		l->sites = grown;
	}
	l->sites[l->count++] = *s;
	return 0;
}

static void record(struct scanner *sc, const char *name, const char *idents,
		   unsigned line, const char *how, bool declared)
{
	struct optout_site s = { .line = line, .declared = declared,
				 .in_source = !sc->is_header };

	snprintf(s.function, sizeof(s.function), "%s", name);
	snprintf(s.idents, sizeof(s.idents), "%s", idents);
	snprintf(s.file, sizeof(s.file), "%s", sc->path);
	snprintf(s.how, sizeof(s.how), "%s", how);
	if (add_site(sc->out, &s) != 0)
		sc->out->failed = true;
}

static void reset_decl(struct decl *d)
{
	memset(d, 0, sizeof(*d));
}

static const struct region *active_region(const struct scanner *sc)
{
	int i;

	if (sc->gcc[sc->gcc_depth].active)
		return &sc->gcc[sc->gcc_depth];
	for (i = sc->clang_depth; i > 0; i--)
		if (sc->clang[i].active)
			return &sc->clang[i];
	return NULL;
}

/* "#pragma ..." text (after "pragma"), from a directive or _Pragma. */
static void handle_pragma(struct scanner *sc, const char *text, size_t len,
			  unsigned line)
{
	char w1[32] = "", w2[32] = "", w3[32] = "";
	size_t pos = 0;
	bool ssp = contains(text, len, "stack-protector") ||
		   contains(text, len, "stack_protector");

	next_word(text, len, &pos, w1, sizeof(w1));
	next_word(text, len, &pos, w2, sizeof(w2));
	next_word(text, len, &pos, w3, sizeof(w3));
	if (strcmp(w1, "GCC") == 0) {
		struct region *cur = &sc->gcc[sc->gcc_depth];

		if (strcmp(w2, "push_options") == 0 && sc->gcc_depth + 1 < MAX_NEST) {
			sc->gcc[sc->gcc_depth + 1] = *cur;
			sc->gcc_depth++;
		} else if (strcmp(w2, "pop_options") == 0 && sc->gcc_depth > 0) {
			sc->gcc_depth--;
		} else if (strcmp(w2, "reset_options") == 0) {
			cur->active = false;
		} else if (strcmp(w2, "optimize") == 0 && ssp) {
			cur->active = true;
			cur->line = line;
			describe(cur->how, "#pragma ", text, len, sc->path, line);
		}
	} else if (strcmp(w1, "clang") == 0 && strcmp(w2, "attribute") == 0) {
		bool push = strcmp(w3, "push") == 0 ||
			    (strstr(w3, "push") && has_word(text, len, "push"));
		bool pop = has_word(text, len, "pop");
		bool off = has_word(text, len, "no_stack_protector") ||
			   has_word(text, len, "__no_stack_protector__");

		if (pop && !push) {
			if (sc->clang_depth > 0)
				sc->clang_depth--;
			return;
		}
		if (push && sc->clang_depth + 1 < MAX_NEST)
			sc->clang[++sc->clang_depth] = (struct region){ 0 };
		if (off && sc->clang_depth > 0) {
			struct region *r = &sc->clang[sc->clang_depth];

			r->active = true;
			r->line = line;
			describe(r->how, "#pragma ", text, len, sc->path, line);
		}
	}
}

/* _Pragma("..."): the string, with its escapes undone, is a pragma. */
static void handle_pragma_string(struct scanner *sc, const struct token *t)
{
	char buf[512];
	size_t i, n = 0;

	for (i = 1; i + 1 < t->len && n + 1 < sizeof(buf); i++) {
		if (t->text[i] == '\\' && i + 2 < t->len)
			i++;
		buf[n++] = t->text[i];
	}
	handle_pragma(sc, buf, n, t->line);
}

static struct alias *find_alias(struct scanner *sc, const struct token *t)
{
	int i;

	for (i = 0; i < sc->naliases; i++)
		if (tok_is(t, sc->aliases[i].name))
			return &sc->aliases[i];
	return NULL;
}

/* Any spelling above in TEXT: a macro body worth expanding where used
 * (so is one with a _Pragma, which may close a region). */
static bool holds_optout(const char *text, size_t len)
{
	return has_word(text, len, "no_stack_protector") ||
	       has_word(text, len, "__no_stack_protector__") ||
	       has_word(text, len, "__no_stack_protector") ||
	       contains(text, len, "stack-protector") ||
	       contains(text, len, "stack_protector");
}

/* "#define NAME BODY": remember NAME when BODY changes protection. */
static void handle_define(struct scanner *sc, const char *text, size_t len)
{
	size_t pos = 0, start;
	struct alias *a;
	char name[64];

	if (!next_word(text, len, &pos, name, sizeof(name)))
		return;
	/* The kit's own declaration is the declared form, not an alias. */
	if (strcmp(name, "__no_stack_protector") == 0 ||
	    !(holds_optout(text + pos, len - pos) ||
	      has_word(text + pos, len - pos, "_Pragma")) ||
	    sc->naliases == MAX_ALIASES)
		return;
	a = &sc->aliases[sc->naliases];
	a->function_like = pos < len && text[pos] == '(';
	if (a->function_like)
		while (pos < len && text[pos] != ')')
			pos++;
	start = pos < len ? pos + 1 : len;
	a->body = strndup(text + start, len - start);
	if (a->body == NULL)
		return;
	snprintf(a->name, sizeof(a->name), "%s", name);
	sc->naliases++;
}

static void handle_directive(struct scanner *sc, const struct token *t)
{
	char word[16];
	size_t pos = 0;

	if (!next_word(t->text, t->len, &pos, word, sizeof(word)))
		return;
	if (strcmp(word, "pragma") == 0)
		handle_pragma(sc, t->text + pos, t->len - pos, t->line);
	else if (strcmp(word, "define") == 0)
		handle_define(sc, t->text + pos, t->len - pos);
}

/* Words that are followed by '(' in a declaration without naming it. */
static bool is_decl_keyword(const char *w)
{
	static const char *const words[] = {
		"__attribute__", "__attribute", "__declspec", "_Alignas",
		"alignas", "__typeof__", "__typeof", "typeof", "sizeof",
		"__asm__", "__asm", "asm", "_Static_assert", "static_assert",
		"optimize", "__optimize__", "__has_attribute", "_Atomic",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(w, words[i]) == 0)
			return true;
	return false;
}

static void add_ident(struct decl *d, const struct token *t)
{
	size_t used = strlen(d->idents);

	if (used + t->len + 2 < sizeof(d->idents))
		snprintf(d->idents + used, sizeof(d->idents) - used, "%s%.*s",
			 used ? " " : "", (int)t->len, t->text);
}

static void mark_pending(struct decl *d, const struct token *t, const char *how)
{
	if (d->pending)
		return;
	d->pending = true;
	d->pending_line = t->line;
	snprintf(d->pending_how, sizeof(d->pending_how), "%s", how);
}

/* The end of a declaration: a prototype (';') or a definition ('{'). */
static void end_decl(struct scanner *sc, bool definition)
{
	struct decl *d = &sc->d;
	const struct region *r = definition ? active_region(sc) : NULL;
	const char *name = d->candidate[0] ? d->candidate : "(unnamed)";

	if (d->candidate[0] || d->pending) {
		if (d->pending)
			record(sc, name, d->idents, d->candidate_line ?
			       d->candidate_line : d->pending_line,
			       d->pending_how, false);
		else if (r)
			record(sc, name, d->idents, d->candidate_line, r->how, false);
		if (d->declared && (definition || d->candidate[0]))
			record(sc, name, d->idents, d->candidate_line,
			       "__no_stack_protector", true);
	}
	reset_decl(d);
}

static void scan_text(struct scanner *sc, struct lexer *lx);

/* A use of an alias: its body, read as if it stood here. */
static void expand_alias(struct scanner *sc, struct lexer *lx,
			 const struct alias *a, unsigned line)
{
	struct lexer body = { .p = a->body, .end = a->body + strlen(a->body),
			      .line = line, .fixed_line = line };
	char how[OPTOUT_HOW_MAX];
	bool was_pending = sc->d.pending;

	if (a->function_like) {	/* skip the arguments */
		struct lexer save = *lx;
		struct token t = next_token(lx);
		int depth = 0;

		if (!tok_is(&t, "(")) {
			*lx = save;
		} else {
			for (depth = 1; depth > 0 && t.kind != T_EOF;) {
				t = next_token(lx);
				depth += tok_is(&t, "(") - tok_is(&t, ")");
			}
		}
	}
	if (sc->expanding >= 8)
		return;
	sc->expanding++;
	scan_text(sc, &body);
	sc->expanding--;
	/* Name the macro where the attribute came from one. */
	if (sc->d.pending && !was_pending) {
		snprintf(how, sizeof(how), "macro %.60s (%.180s)", a->name, sc->d.pending_how);
		snprintf(sc->d.pending_how, sizeof(sc->d.pending_how), "%s", how);
	}
}

/* A function body or an initializer: skip to the matching '}'. */
static void skip_braces(struct lexer *lx)
{
	int depth = 1;
	struct token t;

	while (depth > 0 && (t = next_token(lx)).kind != T_EOF)
		depth += tok_is(&t, "{") - tok_is(&t, "}");
}

static void scan_ident(struct scanner *sc, struct lexer *lx, const struct token *t)
{
	struct decl *d = &sc->d;
	const struct alias *a;
	char how[OPTOUT_HOW_MAX];

	if (tok_is(t, "_Pragma")) {
		struct token open = next_token(lx), str = next_token(lx);

		if (tok_is(&open, "(") && str.kind == T_STRING) {
			handle_pragma_string(sc, &str);
			next_token(lx);	/* ")" */
		}
		return;
	}
	if (tok_is(t, "__no_stack_protector")) {
		d->declared = true;
		return;
	}
	if (tok_is(t, "no_stack_protector") || tok_is(t, "__no_stack_protector__")) {
		snprintf(how, sizeof(how), "the no_stack_protector attribute at %s:%u",
			 kfile_short_path(sc->path), t->line);
		mark_pending(d, t, how);
		return;
	}
	if (tok_is(t, "optimize") || tok_is(t, "__optimize__")) {
		d->optimize_paren = d->paren + 1;
		return;
	}
	a = find_alias(sc, t);
	if (a != NULL) {
		expand_alias(sc, lx, a, t->line);
		return;
	}
	add_ident(d, t);
	snprintf(d->prev_ident, sizeof(d->prev_ident), "%.*s", (int)t->len, t->text);
	d->after_rparen = false;
}

static void scan_punct(struct scanner *sc, struct lexer *lx, const struct token *t)
{
	struct decl *d = &sc->d;

	if (tok_is(t, "(")) {
		if (d->paren == 0 && d->prev_ident[0] && !d->candidate[0] &&
		    !is_decl_keyword(d->prev_ident)) {
			snprintf(d->candidate, sizeof(d->candidate), "%s", d->prev_ident);
			d->candidate_line = t->line;
		}
		d->paren++;
	} else if (tok_is(t, ")")) {
		if (d->paren > 0)
			d->paren--;
		if (d->optimize_paren > d->paren)
			d->optimize_paren = 0;
		d->after_rparen = d->paren == 0;
		d->prev_ident[0] = '\0';
		return;
	} else if (d->paren == 0 && tok_is(t, ";")) {
		end_decl(sc, false);
		return;
	} else if (d->paren == 0 && tok_is(t, "{")) {
		bool definition = d->after_rparen && d->candidate[0];

		skip_braces(lx);
		if (definition)
			end_decl(sc, true);
		return;
	}
	d->prev_ident[0] = '\0';
	d->after_rparen = false;
}

static void scan_text(struct scanner *sc, struct lexer *lx)
{
	struct token t;
	char how[OPTOUT_HOW_MAX];

	while ((t = next_token(lx)).kind != T_EOF) {
		switch (t.kind) {
		case T_DIRECTIVE:
			handle_directive(sc, &t);
			break;
		case T_IDENT:
			scan_ident(sc, lx, &t);
			break;
		case T_STRING:
			if (sc->d.optimize_paren && (contains(t.text, t.len, "stack-protector") ||
						      contains(t.text, t.len, "stack_protector"))) {
				describe(how, "the optimize attribute ", t.text, t.len,
					 sc->path, t.line);
				mark_pending(&sc->d, &t, how);
			}
			break;
		default:
			scan_punct(sc, lx, &t);
			break;
		}
	}
}

int optout_scan_file(const char *path, bool is_header, struct optout_list *out)
{
	struct scanner *sc = calloc(1, sizeof(*sc));
	struct lexer lx = { .line = 1, .bol = true };
	size_t len;
	char *text = kfile_read(path, &len);
	const struct region *r;
	int i;

	if (sc == NULL || text == NULL) {
		free(sc);
		free(text);
		return -1;
	}
	sc->path = path;
	sc->is_header = is_header;
	sc->out = out;
	lx.p = text;
	lx.end = text + len;
	scan_text(sc, &lx);
	/* A region a header leaves open covers what includes it, after it. */
	r = active_region(sc);
	if (is_header && r != NULL)
		record(sc, OPTOUT_REST_OF_UNIT, "", r->line, r->how, false);
	for (i = 0; i < sc->naliases; i++)
		free(sc->aliases[i].body);
	free(sc);
	free(text);
	return out->failed ? -1 : 0;
}

/* Each file's sites, kept for the other objects that include it. */
struct cached {
	char *path;
	bool is_header;
	struct optout_list sites;
};

static struct cached *cache;
static size_t ncache, cache_cap;

static const struct optout_list *scan_cached(const char *path, bool is_header)
{
	struct cached *grown, *c;
	size_t i;

	for (i = 0; i < ncache; i++)
		if (cache[i].is_header == is_header && strcmp(cache[i].path, path) == 0)
			return &cache[i].sites;
	if (ncache == cache_cap) {
		cache_cap = cache_cap ? cache_cap * 2 : 64;
		grown = realloc(cache, cache_cap * sizeof(*grown));
		if (grown == NULL)
			return NULL;
		cache = grown;
	}
	c = &cache[ncache];
	*c = (struct cached){ .path = strdup(path), .is_header = is_header };
	if (c->path == NULL || optout_scan_file(path, is_header, &c->sites) != 0) {
		free(c->path);
		optout_free(&c->sites);
		return NULL;
	}
	ncache++;
	return &c->sites;
}

static int append(struct optout_list *out, const struct optout_list *in)
{
	size_t i;

	for (i = 0; i < in->count; i++)
		if (add_site(out, &in->sites[i]) != 0)
			return -1;
	return 0;
}

/* kfile_for_each_source()'s: FILE's sites, appended to CTX's list. */
static int scan_source(const char *object, const char *file, bool is_header,
		       void *ctx)
{
	const struct optout_list *sites = scan_cached(file, is_header);

	if (sites == NULL) {
		fprintf(stderr, "spaudit: %s: cannot read %s, which it was "
			"compiled from: %s\n", object, file, strerror(errno));
		return -1;
	}
	return append(ctx, sites);
}

int optout_scan_object(const char *object, struct optout_list *out)
{
	return kfile_for_each_source(object, scan_source, out);
}

void optout_free(struct optout_list *l)
{
	free(l->sites);
	*l = (struct optout_list){ 0 };
}
