// SPDX-License-Identifier: GPL-2.0
/*
 * rank.c: the modes in the order of what they protect, and the witnesses
 * that tell which one an object was built as.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "spaudit.h"

static const char *const rank_names[] = {
	[RANK_NONE] = "none",
	[RANK_EXPLICIT] = "explicit",
	[RANK_REGULAR_ABOVE] = "regular-above",
	[RANK_REGULAR] = "regular",
	[RANK_STRONG] = "strong",
	[RANK_ALL] = "all",
	[RANK_ASSEMBLER] = "assembler",
};

const char *rank_name(enum rank r)
{
	return r == RANK_UNKNOWN ? "unknown" : rank_names[r];
}

int parse_rank(const char *name)
{
	int r;

	if (strcmp(name, "unknown") == 0)
		return RANK_UNKNOWN;
	for (r = RANK_NONE; r <= RANK_ASSEMBLER; r++)
		if (strcmp(name, rank_names[r]) == 0)
			return r;
	return -2;
}

/* The witnesses, by the strongest mode each one proves. */
static const struct {
	const char *name;
	enum rank proves;
} witnesses[] = {
	{ "__ssp_witness_plain", RANK_ALL },
	{ "__ssp_witness_array", RANK_STRONG },
	{ "__ssp_witness_chars_threshold", RANK_REGULAR },
	{ "__ssp_witness_chars_large", RANK_REGULAR_ABOVE },
	{ "__ssp_witness_marked", RANK_EXPLICIT },
};
#define NWITNESSES (sizeof(witnesses) / sizeof(witnesses[0]))

/* gcc names the clones of f "f.constprop.0", "f.part.0", "f.cold"... */
static void note_emitted(struct seen *s, const struct function_info *fn)
{
	struct emitted *grown;

	if (s->nfns == s->capfns) {
		s->capfns = s->capfns ? s->capfns * 2 : 32;
		grown = realloc(s->fns, s->capfns * sizeof(*grown));
		if (grown == NULL)
			return;
		s->fns = grown;
	}
	snprintf(s->fns[s->nfns].name, OPTOUT_NAME_MAX, "%.*s",
		 (int)strcspn(fn->name, "."), fn->name);
	s->fns[s->nfns].size = fn->size;
	s->fns[s->nfns].is_protected = fn->is_protected;
	s->nfns++;
}

void note_function(const struct function_info *fn, void *ctx)
{
	struct seen *s = ctx;
	size_t i;

	if (!fn->is_discarded) {
		s->functions++;
		s->protected_functions += fn->is_protected;
		s->text_bytes += fn->size;
		note_emitted(s, fn);
		return;
	}
	for (i = 0; i < NWITNESSES; i++)
		if (strcmp(fn->name, witnesses[i].name) == 0) {
			s->found |= 1u << i;
			if (fn->is_protected)
				s->protected_mask |= 1u << i;
		}
}

enum rank built_as(const struct seen *s)
{
	enum rank best = RANK_NONE;
	size_t i;

	if (s->found != (1u << NWITNESSES) - 1)
		return RANK_UNKNOWN;
	for (i = 0; i < NWITNESSES; i++)
		if ((s->protected_mask & (1u << i)) && witnesses[i].proves > best)
			best = witnesses[i].proves;
	return best;
}

const char *describe(enum rank r, unsigned threshold, char *buf,
			    size_t size)
{
	switch (r) {
	case RANK_UNKNOWN:
		return "built with no stack-protector witness (its compile did "
		       "not include include/sspkit/ssp-witness.h)";
	case RANK_NONE:
		return "built without stack protection";
	case RANK_REGULAR_ABOVE:
		snprintf(buf, size, "built as regular with a threshold above "
			 "%u bytes", threshold);
		return buf;
	default:
		snprintf(buf, size, "built as %s", rank_name(r));
		return buf;
	}
}

/* Weaker than asked: by its flags, or in functions its source switches off. */
bool is_weaker(const struct record *r, enum rank expect)
{
	return strcmp(r->kind, "c") == 0 && (r->built < expect || r->undeclared);
}

/* The mode word only: "regular-above" is Regular, weaker than asked. */
const char *mode_word(int r)
{
	return r == RANK_REGULAR_ABOVE ? "regular" : rank_name(r);
}
