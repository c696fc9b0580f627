/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lexer: C text as tokens, read as fixdep reads it, without preprocessing
 * (lexer.c); the opt-out scanner (optout.c) reads its sources through it.
 */
#ifndef LEXER_H
#define LEXER_H

#include <stdbool.h>
#include <stddef.h>

enum token_kind { T_EOF, T_IDENT, T_STRING, T_PUNCT, T_DIRECTIVE };

struct token {
	enum token_kind kind;
	const char *text;
	size_t len;
	unsigned line;
};

struct lexer {
	const char *p, *end;
	unsigned line;
	bool bol;		/* at the start of a line: '#' begins a directive */
	unsigned fixed_line;	/* nonzero: a macro body, every token here */
};

bool is_ident_start(char c);
bool is_ident_char(char c);
/* The next token of LX: blanks, comments and line continuations skipped;
 * a directive, at the start of a line, is one token to its end. */
struct token next_token(struct lexer *lx);
bool tok_is(const struct token *t, const char *s);
bool contains(const char *text, size_t len, const char *needle);
bool has_word(const char *text, size_t len, const char *word);
bool next_word(const char *text, size_t len, size_t *pos, char *word,
	       size_t size);

#endif /* LEXER_H */
