// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit summary: the effective mode of an image, the weakest any of its
 * objects was built as, from their records; written as a header for the
 * image's banner, and as the image list that report reads.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>

#include "spaudit.h"

struct totals {
	const struct options *opt;
	struct text list;		/* summary --list: the image list */
	unsigned compiled;		/* kind c */
	unsigned at_rank[RANK_ASSEMBLER + 2];	/* index rank + 1 */
	unsigned assembler;
	unsigned exempt;
	char exempt_list[1024];
	uint64_t functions, text_bytes;	/* every object's, assembler too */
	uint64_t exempt_functions, exempt_bytes;	/* declared exemptions' */
	bool beyond_runtime;	/* an exemption outside the runtime */
};

static void add_to_list(char *list, size_t size, const char *item)
{
	size_t used = strlen(list);

	if (used + strlen(item) + 3 < size)
		snprintf(list + used, size - used, "%s%s", used ? ", " : "", item);
}

/* The kit's own runtime, a folder of --runtime (make's runtime-dirs):
 * exemptions there are the guard's and the boot's. */
static bool is_runtime(const char *object, const char *runtime)
{
	size_t n;

	for (; runtime && *runtime; runtime += n) {
		runtime += strspn(runtime, " ");
		n = strcspn(runtime, " ");
		if (n && strncmp(object, runtime, n) == 0 && object[n] == '/')
			return true;
	}
	return false;
}

static int count_object(const char *object, void *ctx)
{
	struct totals *t = ctx;
	struct record r;
	char buf[RECORD_MAX];

	if (read_record(object, &r, buf, sizeof(buf)) != 0)
		return -1;
	text_add(&t->list, "object\t", object);
	t->functions += r.functions;
	t->text_bytes += r.text_bytes;
	if (strcmp(r.kind, "exempt") == 0) {
		t->exempt++;
		add_to_list(t->exempt_list, sizeof(t->exempt_list), r.object);
		t->exempt_functions += r.functions;
		t->exempt_bytes += r.text_bytes;
		t->beyond_runtime |= !is_runtime(r.object, t->opt->runtime);
	} else if (strcmp(r.kind, "asm") == 0) {
		t->assembler++;
	} else {
		/* A function switched off in the source: none, for that part. */
		t->compiled++;
		t->at_rank[(r.undeclared ? RANK_NONE : r.built) + 1]++;
		t->exempt_functions += r.declared;
		t->exempt_bytes += r.declared_bytes;
		t->beyond_runtime |= r.declared && !is_runtime(r.object, t->opt->runtime);
	}
	return 0;
}

/*
 * How much of the image is exempt, for the banner: "exempt: 2 objects,
 * 16 of 62 functions, 23% of text", or, when every exemption is the
 * kit's own runtime (the guard, the task switch, the boot code: the
 * folders of --runtime), just that. Empty when nothing is exempt.
 */
static void format_exempt(const struct totals *t, char *buf, size_t size)
{
	char percent[16];

	/* Under none nothing is protected, so nothing is exempt from it. */
	if ((t->exempt_functions == 0 && t->exempt == 0) ||
	    t->opt->expect == RANK_NONE) {
		buf[0] = '\0';
		return;
	}
	if (!t->beyond_runtime) {
		snprintf(buf, size, "exempt: guard runtime and boot code only");
		return;
	}
	format_share(percent, sizeof(percent), t->exempt_bytes, t->text_bytes);
	snprintf(buf, size, "exempt: %u object%s, %llu of %llu functions, %s of text",
		 t->exempt, t->exempt == 1 ? "" : "s",
		 (unsigned long long)t->exempt_functions,
		 (unsigned long long)t->functions, percent);
}

static int weakest_rank(const struct totals *t)
{
	int r;

	for (r = RANK_UNKNOWN; r <= RANK_ALL; r++)
		if (t->at_rank[r + 1])
			return r;
	return t->opt->expect;	/* nothing compiled: nothing to contradict */
}

int cmd_summary(char **args, int count, const struct options *opt)
{
	struct totals t = { .opt = opt };
	int weakest, n_weakest, r;
	unsigned with_canary = 0;
	bool all_as_asked;
	char banner[384], header[3072], exempt[128];
	const char *guard = opt->guard ? opt->guard : "global";

	if (opt->list) {
		char line[64];

		text_add(&t.list, "# spaudit image list: what make spaudit reads", "");
		text_add(&t.list, "image\t", opt->image);
		text_add(&t.list, "expect\t", rank_name(opt->expect));
		snprintf(line, sizeof(line), "%u", opt->threshold);
		text_add(&t.list, "threshold\t", line);
	}
	if (for_each_object(args, count, count_object, &t) != 0) {
		free(t.list.s);
		return 1;
	}
	if (opt->list && (t.list.failed ||
			  write_atomically(opt->list, t.list.s) != 0)) {
		free(t.list.s);
		return 2;
	}
	free(t.list.s);
	weakest = weakest_rank(&t);
	for (r = RANK_EXPLICIT; r <= RANK_ALL; r++)
		with_canary += t.at_rank[r + 1];
	n_weakest = t.compiled ? (int)t.at_rank[weakest + 1] : 0;
	all_as_asked = weakest >= opt->expect && (unsigned)n_weakest == t.compiled;
	format_exempt(&t, exempt, sizeof(exempt));
	if (all_as_asked)
		snprintf(banner, sizeof(banner), "%s (configured %s%s%s)",
			 mode_word(weakest), rank_name(opt->configured),
			 *exempt ? "; " : "", exempt);
	else
		snprintf(banner, sizeof(banner), "%s (configured %s; %d of %u "
			 "objects%s%s)", mode_word(weakest), rank_name(opt->configured),
			 n_weakest, t.compiled, *exempt ? "; " : "", exempt);
	snprintf(header, sizeof(header),
		 "/* Generated by spaudit from this build's objects; do not edit. */\n"
		 "#ifndef __GENERATED_SSP_SUMMARY_H\n"
		 "#define __GENERATED_SSP_SUMMARY_H\n"
		 "#define SSP_MODE_CONFIGURED \"%s\"\n"
		 "#define SSP_MODE_EFFECTIVE \"%s\"\n"
		 "#define SSP_MODE_BANNER \"%s\"\n"
		 "/* ...without its closing parenthesis: ssp-mode.S adds what the\n"
		 " * image links from prebuilt archives before it (spaudit prebuilt) */\n"
		 "#define SSP_MODE_BANNER_OPEN \"%.*s\"\n"
		 "#define SSP_CFLAGS \"%s\"\n"
		 "#define SSP_GUARD_LOCATION \"%s\"\n"
		 "/* C objects, exemptions left out, and how many got the effective mode */\n"
		 "#define SSP_AUDIT_OBJECTS %u\n"
		 "#define SSP_AUDIT_WEAKEST %d\n"
		 "#define SSP_AUDIT_EXEMPT %u\n"
		 "/* ...and how many have a canary at all: 0, no function checks the guard */\n"
		 "#define SSP_AUDIT_WITH_CANARY %u\n"
		 "/* The image's functions and text, and how much of them is declared\n"
		 " * exempt (exempt objects, __no_stack_protector functions) */\n"
		 "#define SSP_IMAGE_FUNCTIONS %llu\n"
		 "#define SSP_IMAGE_TEXT_BYTES %llu\n"
		 "#define SSP_EXEMPT_FUNCTIONS %llu\n"
		 "#define SSP_EXEMPT_TEXT_BYTES %llu\n"
		 "#define SSP_EXEMPT_SUMMARY \"%s\"\n"
		 "#endif\n",
		 rank_name(opt->configured), mode_word(weakest), banner,
		 (int)strlen(banner) - 1, banner,
		 opt->cflags ? opt->cflags : "", guard, t.compiled, n_weakest, t.exempt,
		 with_canary, (unsigned long long)t.functions,
		 (unsigned long long)t.text_bytes,
		 (unsigned long long)t.exempt_functions,
		 (unsigned long long)t.exempt_bytes, exempt);
	if (write_if_changed(opt->header, header) != 0)
		return 2;
	if (all_as_asked)
		printf("stack-protector: %s in all %u objects (configured %s)",
		       mode_word(weakest), t.compiled, rank_name(opt->configured));
	else
		printf("stack-protector: %s in %d of %u objects, configured %s: "
		       "see the warnings above, or make spaudit",
		       weakest == RANK_UNKNOWN ? "unknown" : mode_word(weakest),
		       n_weakest, t.compiled, rank_name(opt->configured));
	printf(", guard %s", guard);
	if (*exempt)
		printf("; %s", exempt);
	if (t.exempt)
		printf("; declared exempt: %s", t.exempt_list);
	putchar('\n');
	return 0;
}
