// SPDX-License-Identifier: GPL-2.0
/*
 * spreport: how many functions are stack-protected, and what it costs.
 *
 * Reproduces the "intensity comparison" of the v3.14 stackprotector pull
 * request from the objects of a build.  main.c: command line and modes.
 */
#define _GNU_SOURCE		/* getopt_long */

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "spreport.h"

static const char usage_text[] =
"usage: spreport [--list | --json] FILE|DIR...\n"
"       spreport --compare [--json] [--svg OUT.svg] BASE OTHER...\n"
"\n"
"Counts function bodies, how many of them are stack-protected, and the text\n"
"size of ELF relocatable objects, ar archives of them, and linked images that\n"
"kept their relocations (ld --emit-relocs).  Any ELF class, byte order and\n"
"machine; REL and RELA.\n"
"\n"
"  FILE        an object, an archive (every member) or a linked image\n"
"  DIR         every *.o below DIR, in sorted order.  Left out: archives,\n"
"              built-in.o and vmlinux.o (\"ld -r\" of objects that are in the\n"
"              tree already) and symbolic links.\n"
"  --list      one line per function: protected|unprotected, size, name, file\n"
"  --json      the same as JSON; with --compare, the table as JSON\n"
"  --compare   one build per argument after it: a DIR or FILE labelled by its\n"
"              last path component, or LABEL=PATH[,PATH...].  Prints text\n"
"              size, its change against the first build, protected functions\n"
"  --svg OUT   with --compare, also draw the result as an SVG chart\n"
"  --help      this text\n"
"\n"
"Definitions:\n"
"  function    an STT_FUNC symbol with a non-zero size.  Aliases (same section\n"
"              and value) count once; gcc's NAME.cold parts count as NAME.\n"
"  protected   the function checks its canary: its bytes (cold part\n"
"              included) call or branch to a failure handler,\n"
"              __stack_chk_fail or __stack_chk_fail_local, whether the\n"
"              handler is external or defined in the same file.  Seen as a\n"
"              relocation against the handler (any binding), one against a\n"
"              section symbol whose target lands in a local handler, or,\n"
"              where the assembler resolved the call and left no\n"
"              relocation, the direct call or branch itself (x86 call/jmp\n"
"              rel32, arm and Thumb-2 BL/B, aarch64 BL/B, ppc64 b/bl,\n"
"              m68k bsr/bra/jsr (d16,pc), riscv jal and auipc+jalr, mips\n"
"              j/jal in linked images).\n"
"              Why the check and not the canary load: a canary that nothing\n"
"              compares detects nothing (a function that ends in a noreturn\n"
"              call stores one and never checks it), and the load looks\n"
"              different on every guard kind (a relocation for the global\n"
"              __stack_chk_guard, none for %fs, %gs, r13 or sysreg guards);\n"
"              the call is the same on all of them.  So the code that only\n"
"              seeds __stack_chk_guard is not protected, and neither are the\n"
"              handlers themselves (a call from one to the other is the\n"
"              failure path, not a check).\n"
"  text        sum of the SHF_ALLOC|SHF_EXECINSTR sections, as in `size -A`.\n"
"              The text column of plain `size` is larger: it also counts\n"
"              read-only data (.rodata, .eh_frame).\n"
"\n"
"What it cannot see:\n"
"  - A canary check whose call to the handler was folded into another\n"
"    function (shared with a sibling, or reached through a pointer): the\n"
"    function is missed.  gcc 12 -O2 does not do that: with\n"
"    -fstack-protector, -strong and -all, on all nine targets, every\n"
"    function that compares its canary calls the handler itself, in its\n"
"    body or in its NAME.cold part.  Checked against the disassembly.\n"
"  - Code without an STT_FUNC symbol and size (bare assembler), LTO objects\n"
"    (no code yet), and linked images without --emit-relocs or without\n"
"    .symtab (both refused with an error).\n"
"  - A direct call to a local handler is found by decoding bytes, not\n"
"    instructions: on x86 a stray E8/E9 byte whose rel32 lands in the\n"
"    handler would count too (only in sections that define a handler).\n"
"    sh, and mips objects, are read through their relocations alone (their\n"
"    assemblers keep one for every such call).\n"
"  - NAME.cold is matched by name, so in a linked image two static\n"
"    functions of one name may share one cold part.\n"
"\n"
"Inputs that are not read: a FIFO, a device or a socket (an error, never a\n"
"wait); a directory with no *.o below it is an error (\"no ELF objects\n"
"found\"); an empty archive is 0 of 0.\n"
"\n"
"Errors name the file (\"spreport: FILE: reason\"); the other inputs are still\n"
"counted.  Exit status: 0 all read, 1 some input unreadable, 2 usage.\n";

struct options {
	bool list;
	bool json;
	bool compare;
	const char *svg;
};

static int usage_error(const char *why)
{
	fprintf(stderr, "spreport: %s\nTry 'spreport --help'.\n", why);
	return 2;
}

/* Returns the index of the first operand, or -1 after a usage error. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	static const struct option longopts[] = {
		{ "list", no_argument, NULL, 'l' },
		{ "json", no_argument, NULL, 'j' },
		{ "compare", no_argument, NULL, 'c' },
		{ "svg", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'l': opt->list = true; break;
		case 'j': opt->json = true; break;
		case 'c': opt->compare = true; break;
		case 's': opt->svg = optarg; break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		default:
			return -1;
		}
	}
	return optind;
}

static int report_files(char **paths, int count, const struct options *opt)
{
	struct tally t = { 0 };
	function_cb cb = NULL;
	int i;

	if (opt->json) {
		json_begin(stdout);
		cb = json_function;
	} else if (opt->list) {
		cb = list_function;
	}
	for (i = 0; i < count; i++)
		walk_path(paths[i], &t, cb, stdout);
	if (opt->json)
		json_end(stdout, &t);
	else
		print_summary(stdout, &t);
	return t.errors ? 1 : 0;
}

/* "LABEL=PATH", or PATH labelled by its last component ("x86/strong/"). */
static void name_build(struct build *b, char *arg)
{
	char *eq = strchr(arg, '=');
	size_t len;
	char *slash;

	if (eq != NULL && eq != arg && memchr(arg, '/', (size_t)(eq - arg)) == NULL) {
		*eq = '\0';
		b->labelled = true;
		b->label = arg;
		b->path = eq + 1;
		return;
	}
	b->path = arg;
	len = strlen(arg);
	while (len > 1 && arg[len - 1] == '/')
		arg[--len] = '\0';
	slash = strrchr(arg, '/');
	b->label = slash && slash[1] ? slash + 1 : arg;
}

/* A labelled build may list several paths: "LABEL=PATH,PATH...". */
static void walk_build(struct build *b)
{
	char *paths = (char *)b->path, *comma;

	if (!b->labelled) {
		walk_path(paths, &b->tally, NULL, NULL);
		return;
	}
	for (;;) {
		comma = strchr(paths, ',');
		if (comma != NULL)
			*comma = '\0';
		if (*paths != '\0')
			walk_path(paths, &b->tally, NULL, NULL);
		if (comma == NULL)
			break;
		*comma = ',';	/* --json prints the path as given */
		paths = comma + 1;
	}
}

static int compare_builds(char **args, int count, const struct options *opt)
{
	struct build *builds = calloc((size_t)count, sizeof(*builds));
	int i, status = 0;

	if (builds == NULL)
		return usage_error("out of memory");
	for (i = 0; i < count; i++) {
		name_build(&builds[i], args[i]);
		walk_build(&builds[i]);
		if (builds[i].tally.errors)
			status = 1;
	}
	if (opt->json)
		print_compare_json(stdout, builds, count);
	else
		print_compare(stdout, builds, count);
	if (opt->svg && write_svg(opt->svg, builds, count) != 0)
		status = 1;
	free(builds);
	return status;
}

int main(int argc, char **argv)
{
	struct options opt = { 0 };
	int first;

	elfscan_program = "spreport";
	first = parse_options(argc, argv, &opt);

	if (first < 0)
		return usage_error("bad option");
	if (first >= argc)
		return usage_error("no input files");
	if (opt.svg && !opt.compare)
		return usage_error("--svg needs --compare");
	if (opt.compare && opt.list)
		return usage_error("--list and --compare do not mix");
	scan_init();
	if (opt.compare)
		return compare_builds(argv + first, argc - first, &opt);
	return report_files(argv + first, argc - first, &opt);
}
