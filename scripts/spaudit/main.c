// SPDX-License-Identifier: GPL-2.0
/*
 * spaudit: what each object of a build was really built as, checked
 * against the stack-protector mode the build asked for.
 *
 * The command line says what the compiler was told; the object says what
 * it did. Every target C object carries five witness functions
 * (include/sspkit/ssp-witness.h) whose protection each mode defines, so
 * which of them have a canary tells the mode, whatever flag, wrapper or
 * compiler produced the object. scripts/elfscan reads them.
 *
 * main.c: the command line; each command is a file of its own (objects.c,
 * summary.c, report.c, prebuilt.c, sources.c), run by the build
 * (scripts/Makefile.build and the top-level Makefile); see usage_text.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "spaudit.h"

static const char usage_text[] =
"usage: spaudit objects --expect=MODE [--threshold=N] [--strict]\n"
"                       [--no-sources] --manifest=FILE --stamp=FILE\n"
"                       [--since=STAMP] (only objects rebuilt since STAMP)\n"
"       spaudit summary --expect=MODE --configured=MODE [--threshold=N]\n"
"                       [--cflags=FLAGS] [--guard=WHERE] [--runtime=DIRS]\n"
"                       --header=OUT.h (rewritten only when it changes)\n"
"                       [--image=IMAGE --list=LIST] OBJ...|-\n"
"       spaudit report [--json] [--images=ORDER] LIST...\n"
"       spaudit prebuilt --image=IMAGE --list=LIST --record=OUT [--name=NAME]\n"
"                        [--banner=OUT.h] [--config=AUTO_CONF] ARCHIVE...\n"
"       spaudit sources FILE...\n"
"\n"
"  objects   audit the objects a manifest names, one per line:\n"
"            KIND<TAB>OBJ[<TAB>FLAG<TAB>ORIGIN], KIND c, exempt or asm; FLAG\n"
"            the last stack-protector flag of its command line and ORIGIN\n"
"            where it came from. Writes each object's record (DIR/.NAME.ssp)\n"
"            and warns about every object built weaker than MODE; with\n"
"            --strict that is an error and FILE is not written, so the\n"
"            next build audits the same objects again. It also reads the\n"
"            source and headers of each C object (its .cmd file lists\n"
"            them) for protection switched off in the source, as sources\n"
"            does: each such function is named in the record and warned\n"
"            about, an error with --strict, unless it is declared\n"
"            __no_stack_protector (then the record lists it by name).\n"
"            --no-sources leaves that out (scripts/bench/audit-cost\n"
"            measures what it costs).\n"
"  summary   read the records of the objects an image is linked from (OBJ\n"
"            arguments, or one per line on standard input for -) and write\n"
"            the effective mode to OUT.h: the weakest mode any object that\n"
"            is not declared exempt was built as, and WHERE the guard\n"
"            lives (what make decided; \"global\" by default). With --list,\n"
"            also write LIST, the image list that report reads: IMAGE, MODE,\n"
"            N and the objects. DIRS: the kit's runtime folders (make's\n"
"            runtime-dirs); when every exemption is in them, the summary\n"
"            says so instead of counting.\n"
"  report    read what the last build left, compiling nothing: for each\n"
"            image LIST, one line per object (functions, protected, built\n"
"            as, exemption). An object without a record, rebuilt after its\n"
"            audit, or newer than its image means that build did not\n"
"            finish: report says so. --json prints JSON only.\n"
"            --images=ORDER: also the list of each image ORDER names (an\n"
"            images.order file), read here as data, not as arguments.\n"
"\n"
"  prebuilt  after the link: the functions of IMAGE that no object of LIST\n"
"            (its image list) defines and a member of an ARCHIVE (libgcc.a,\n"
"            libc.a) does, counted per member into OUT (report prints them\n"
"            after the image's objects), and one line per ARCHIVE: functions,\n"
"            members, protected, share of the image's text. --banner: also\n"
"            OUT.h, their sum for the image's banner (SSP_PREBUILT_CLAUSE,\n"
"            which scripts/ssp-mode.S puts in it; none when there is none).\n"
"\n"
"  sources   the places where each FILE, read as a .c file, changes stack\n"
"            protection for a function (objects does the same for the\n"
"            source and headers of every C object): FILE:LINE: FUNCTION:\n"
"            the pragma or attribute, or \"declared\" __no_stack_protector.\n"
"\n"
"MODE: none, explicit, regular, regular-above (Regular with a threshold the\n"
"compiler did not take), strong or all. N: the Regular threshold in bytes.\n"
"What an object is built as comes from its witnesses, the weakest first:\n"
"  none           no witness has a canary\n"
"  explicit       only the stack_protect one (gcc)\n"
"  regular-above  char[64], not char[N]\n"
"  regular        char[N] too\n"
"  strong         int[4] too\n"
"  all            the witness with no locals too\n"
"  unknown        the object has no witnesses (its compile did not include\n"
"                 ssp-witness.h): counted as weaker than every mode\n"
"Exit status: 0 fine, 1 an object is weaker than MODE (objects --strict,\n"
"report), a record is missing (summary) or the build did not finish\n"
"(report), 2 usage or unreadable input.\n";

void failure(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("spaudit: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static int usage_error(const char *why)
{
	failure("%s\nTry 'spaudit --help'.", why);
	return 2;
}

static const char *option_value(const char *arg, const char *name)
{
	size_t len = strlen(name);

	return strncmp(arg, name, len) == 0 && arg[len] == '=' ? arg + len + 1 : NULL;
}

static int parse_mode(const char *value, enum rank *out)
{
	int r = parse_rank(value);

	if (r < RANK_NONE || r > RANK_ALL)
		return -1;
	*out = (enum rank)r;
	return 0;
}

/* Returns the index of the first operand, or -1 after a usage error. */
static int parse_options(int argc, char **argv, struct options *opt)
{
	const char *v;
	int i;

	for (i = 2; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		if ((v = option_value(argv[i], "--expect")) != NULL) {
			if (parse_mode(v, &opt->expect) != 0)
				return usage_error("--expect: unknown mode"), -1;
		} else if ((v = option_value(argv[i], "--configured")) != NULL) {
			if (parse_mode(v, &opt->configured) != 0)
				return usage_error("--configured: unknown mode"), -1;
		} else if ((v = option_value(argv[i], "--threshold")) != NULL) {
			opt->threshold = (unsigned)strtoul(v, NULL, 10);
		} else if ((v = option_value(argv[i], "--manifest")) != NULL) {
			opt->manifest = v;
		} else if ((v = option_value(argv[i], "--stamp")) != NULL) {
			opt->stamp = v;
		} else if ((v = option_value(argv[i], "--since")) != NULL) {
			opt->since = v;
		} else if ((v = option_value(argv[i], "--header")) != NULL) {
			opt->header = v;
		} else if ((v = option_value(argv[i], "--cflags")) != NULL) {
			opt->cflags = v;
		} else if ((v = option_value(argv[i], "--guard")) != NULL) {
			opt->guard = v;
		} else if ((v = option_value(argv[i], "--runtime")) != NULL) {
			opt->runtime = v;
		} else if ((v = option_value(argv[i], "--image")) != NULL) {
			opt->image = v;
		} else if ((v = option_value(argv[i], "--list")) != NULL) {
			opt->list = v;
		} else if ((v = option_value(argv[i], "--images")) != NULL) {
			opt->images = v;
		} else if (strcmp(argv[i], "--strict") == 0) {
			opt->strict = true;
		} else if (strcmp(argv[i], "--json") == 0) {
			opt->json = true;
		} else if (strcmp(argv[i], "--no-sources") == 0) {
			opt->no_sources = true;
		} else {
			return usage_error("unknown option"), -1;
		}
	}
	return i;
}

int main(int argc, char **argv)
{
	struct options opt = { .expect = RANK_NONE, .configured = RANK_NONE,
			       .threshold = 8 };
	int first;

	elfscan_program = "spaudit";
	if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc < 2)
		return usage_error("no command (objects, summary or report)");
	if (strcmp(argv[1], "prebuilt") == 0) {
		scan_init();
		return cmd_prebuilt(argc - 2, argv + 2);
	}
	first = parse_options(argc, argv, &opt);
	if (first < 0)
		return 2;
	scan_init();
	if (strcmp(argv[1], "objects") == 0) {
		if (!opt.manifest || !opt.stamp)
			return usage_error("objects needs --manifest and --stamp");
		return cmd_objects(&opt);
	}
	if (strcmp(argv[1], "report") == 0 && (first < argc || opt.images))
		return cmd_report(argv + first, argc - first, &opt);
	if (first >= argc)
		return usage_error("no objects (give them, or - for stdin)");
	if (strcmp(argv[1], "summary") == 0) {
		if (!opt.header)
			return usage_error("summary needs --header");
		if (!opt.list != !opt.image)
			return usage_error("summary: --list and --image go together");
		return cmd_summary(argv + first, argc - first, &opt);
	}
	if (strcmp(argv[1], "sources") == 0)
		return cmd_sources(argv + first, argc - first);
	return usage_error("unknown command");
}

