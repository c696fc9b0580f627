// SPDX-License-Identifier: GPL-2.0
/*
 * lexer.c: C text as tokens (lexer.h). Comments, strings and character
 * literals are skipped whole, so that a spelling inside one is never
 * taken for code; a directive is one token, continuations joined.
 */
#include <string.h>

#include "lexer.h"

bool is_ident_start(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool is_ident_char(char c)
{
	return is_ident_start(c) || (c >= '0' && c <= '9');
}

/* Past blanks, newlines, comments and line continuations. */
static void skip_blank(struct lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;

		if (c == '\n') {
			lx->line++;
			lx->bol = true;
			lx->p++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			lx->p++;
		} else if (c == '\\' && lx->p + 1 < lx->end && lx->p[1] == '\n') {
			lx->line++;
			lx->p += 2;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
			lx->p += 2;
			while (lx->p + 1 < lx->end && !(lx->p[0] == '*' && lx->p[1] == '/'))
				lx->line += *lx->p++ == '\n';
			lx->p = lx->p + 1 < lx->end ? lx->p + 2 : lx->end;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else {
			return;
		}
	}
}

/* A string or character literal; p is at its opening quote. */
static void skip_quoted(struct lexer *lx)
{
	char quote = *lx->p++;

	while (lx->p < lx->end && *lx->p != quote && *lx->p != '\n') {
		if (*lx->p == '\\' && lx->p + 1 < lx->end)
			lx->line += *++lx->p == '\n';
		lx->p++;
	}
	if (lx->p < lx->end && *lx->p == quote)
		lx->p++;
}

/* A directive, to the end of its logical line (continuations joined). */
static void skip_directive(struct lexer *lx)
{
	while (lx->p < lx->end && *lx->p != '\n') {
		if (*lx->p == '\\' && lx->p + 1 < lx->end && lx->p[1] == '\n') {
			lx->line++;
			lx->p++;
		} else if (*lx->p == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
			lx->p += 2;
			while (lx->p + 1 < lx->end && !(lx->p[0] == '*' && lx->p[1] == '/'))
				lx->line += *lx->p++ == '\n';
			lx->p++;
		} else if (*lx->p == '"' || *lx->p == '\'') {
			skip_quoted(lx);
			continue;
		}
		lx->p++;
	}
}

struct token next_token(struct lexer *lx)
{
	struct token t = { T_EOF, NULL, 0, 0 };
	const char *start;

	skip_blank(lx);
	t.line = lx->fixed_line ? lx->fixed_line : lx->line;
	if (lx->p >= lx->end)
		return t;
	start = lx->p;
	if (*lx->p == '#' && lx->bol && !lx->fixed_line) {
		lx->p++;
		skip_directive(lx);
		t.kind = T_DIRECTIVE;
		start++;
	} else if (is_ident_start(*lx->p)) {
		while (lx->p < lx->end && is_ident_char(*lx->p))
			lx->p++;
		t.kind = T_IDENT;
	} else if (*lx->p == '"' || *lx->p == '\'') {
		skip_quoted(lx);
		t.kind = *start == '"' ? T_STRING : T_PUNCT;
	} else if (*lx->p >= '0' && *lx->p <= '9') {
		while (lx->p < lx->end && (is_ident_char(*lx->p) || *lx->p == '.'))
			lx->p++;
		t.kind = T_PUNCT;
	} else {
		lx->p++;
		t.kind = T_PUNCT;
	}
	lx->bol = false;
	t.text = start;
	t.len = (size_t)(lx->p - start);
	return t;
}

bool tok_is(const struct token *t, const char *s)
{
	return t->len == strlen(s) && memcmp(t->text, s, t->len) == 0;
}

/* Does TEXT (LEN bytes, not terminated) contain NEEDLE? */
bool contains(const char *text, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(text + i, needle, n) == 0)
			return true;
	return false;
}

/* Does TEXT hold the identifier WORD, not as part of a longer one? */
bool has_word(const char *text, size_t len, const char *word)
{
	size_t n = strlen(word), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(text + i, word, n) == 0 &&
		    (i == 0 || !is_ident_char(text[i - 1])) &&
		    (i + n == len || !is_ident_char(text[i + n])))
			return true;
	return false;
}

/* The next identifier of TEXT from *POS on, into WORD; false at the end. */
bool next_word(const char *text, size_t len, size_t *pos, char *word,
		      size_t size)
{
	size_t i = *pos, n;

	while (i < len && !is_ident_start(text[i]))
		i++;
	if (i >= len)
		return false;
	for (n = 0; i < len && is_ident_char(text[i]); i++)
		if (n + 1 < size)
			word[n++] = text[i];
	word[n] = '\0';
	*pos = i;
	return true;
}
