// SPDX-License-Identifier: GPL-2.0
/*
 * fixdep: turn a compiler's dependency file into per-symbol dependencies.
 *
 * usage: fixdep DEPFILE TARGET CMDLINE > .TARGET.cmd
 *        fixdep [-n NINJADEP] [-x | -c] -r TMP DEPFILE TARGET CMDLINE
 *        fixdep -e TMP TARGET RECORD CMDLINE
 *        fixdep -s FILE...
 *
 * With -r, fixdep also finishes the compile for if_changed_dep: it writes
 * the record to .TARGET.cmd.tmp, renames TMP (the compiler's output) to
 * TARGET, removes DEPFILE and renames the record to .TARGET.cmd, last, as
 * the shell did with mv, rm and mv: three processes fewer per object.
 *
 * Every object depends on include/generated/autoconf.h, which changes with
 * any Kconfig symbol: depending on it would rebuild everything for every
 * change. Instead each CONFIG_FOO_BAR that a source or one of its headers
 * mentions becomes a dependency on include/config/foo/bar.h, a file that
 * kconfig's --silentoldconfig touches only when that one symbol changes.
 * The output is a make fragment that also records CMDLINE for if_changed.
 *
 * The ninja engine (Documentation/ninja.md) runs the same commands, and
 * keeps the same records, so that either engine finds the other's work
 * done. With -n, fixdep also writes NINJADEP, the dependencies as ninja
 * reads them (deps = gcc): the headers, and include/config/foo/bar.h for
 * each symbol. ninja counts a file it cannot find as changed, on every
 * run, where make's $(wildcard) skips it: so a symbol file that kconfig
 * has not written yet (the symbol has not changed since the tree was
 * configured) is made here, empty and dated 1970, older than anything.
 * kconfig writes it anew when that symbol changes. NINJADEP may be DEPFILE
 * itself: ninja's text is then written over the compiler's, and DEPFILE is
 * left for ninja, which removes it once read.
 * With -x, CMDLINE is the command as the shell ran it (the ninja engine's
 * edge passes it once, where make passes it escaped): fixdep escapes it
 * for make itself, $ as $$ and # as $(pound), blanks folded as make's
 * $(strip) folds them, so that the record reads as make's own.
 * With -c, fixdep runs CMDLINE too, first: it removes .TARGET.cmd, TMP and
 * DEPFILE (no link planted there is written through), runs the command,
 * and stops with its status if it fails; then it goes on as with -x. Each
 * engine's compile is then `exec fixdep -c ...` (fixdep-run in
 * scripts/Kbuild.include): two processes (the shell's rm and fixdep's own
 * fork) fewer per object, and, for a command of plain words, a third (the
 * shell that would split them).
 * -e runs any other command the ninja engine runs, as -c runs a compile
 * (.TARGET.cmd and TMP removed first, its status if it fails), then
 * renames TMP to TARGET and copies RECORD (the record the generating make
 * wrote) to .TARGET.cmd, where if_changed's rm, mv and mv had been: the
 * edge is the shell's exec of fixdep and the command.
 * -s prints the file of each symbol that FILEs (make files) name, one a
 * line, making the missing ones as -n does: the ninja engine makes
 * build.ninja again when one of them changes, not for any change of
 * auto.conf (Documentation/ninja.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static const char *prog = "fixdep";

static void die(const char *what, const char *name)
{
	fprintf(stderr, "%s: %s: %s\n", prog, name, what);
	exit(2);
}

/*
 * fixdep runs once per object: its reads and writes are plain system
 * calls, not stdio's (what that saves: Documentation/ninja.md).
 */

/* Whole file open as FD in memory, NUL-terminated; FD stays open. */
static char *read_fd(int fd, const char *name, size_t *len)
{
	struct stat st;
	size_t cap, n = 0;
	char *buf;

	if (fstat(fd, &st))
		die(strerror(errno), name);
	/* One byte past the size, so that the second read sees the end. */
	cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 4096;
	buf = malloc(cap + 1);
	for (;;) {
		ssize_t got;

		if (!buf)
			die("out of memory", name);
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap + 1);
			continue;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			die(strerror(errno), name);
		if (got == 0)
			break;
		n += (size_t)got;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* Whole file in memory, NUL-terminated; NULL if it cannot be opened. */
static char *read_file(const char *name, size_t *len)
{
	int fd = open(name, O_RDONLY | O_CLOEXEC);
	char *buf;

	if (fd < 0)
		return NULL;
	buf = read_fd(fd, name, len);
	close(fd);
	return buf;
}

/* Text made in memory, then written with one write(). */
struct text {
	char *s;
	size_t len, cap;
};

static void text_add(struct text *t, const char *s, size_t n)
{
	if (t->cap - t->len <= n) {
		size_t cap = t->cap ? t->cap : 1024;

		while (cap - t->len <= n)
			cap *= 2;
		t->s = realloc(t->s, cap);
		if (!t->s)
			die("out of memory", "text");
		t->cap = cap;
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
}

/* The strings given, in order, up to a NULL. */
static void text_cat(struct text *t, ...)
{
	va_list ap;

	va_start(ap, t);
	for (const char *s; (s = va_arg(ap, const char *)) != NULL; )
		text_add(t, s, strlen(s));
	va_end(ap);
}

static void write_text(int fd, const struct text *t, const char *name)
{
	for (size_t done = 0; done < t->len; ) {
		ssize_t n = write(fd, t->s + done, t->len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die("write error", name);
		done += (size_t)n;
	}
}

/* A small open-addressing set of symbol names already emitted. */
#define SEEN_SLOTS 8192
static char *seen[SEEN_SLOTS];

static unsigned long hash(const char *s, size_t len)
{
	unsigned long h = 5381;
	for (size_t i = 0; i < len; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

/* Returns true the first time a name is offered. */
static bool first_sighting(const char *name, size_t len)
{
	size_t slot = hash(name, len) % SEEN_SLOTS;

	for (size_t probes = 0; probes < SEEN_SLOTS; probes++) {
		if (!seen[slot]) {
			seen[slot] = strndup(name, len);
			return true;
		}
		if (strlen(seen[slot]) == len && !memcmp(seen[slot], name, len))
			return false;
		slot = (slot + 1) % SEEN_SLOTS;
	}
	die("too many CONFIG_ symbols", "set");
	return false;
}

static bool is_symbol_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* The record (or, with -s, the list of symbol files), for stdout or
 * .TARGET.cmd. */
static struct text record_text;
/* -n: ninja's dependency file's text, when ninja_deps is set. */
static struct text ninja_text;
static bool ninja_deps;
/* -s: the symbol files alone, a line each. */
static bool list_only;

/* mkdir -p of the directories in PATH (not its last part). */
static void make_parents(char *path)
{
	for (char *slash = strchr(path, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0777) && errno != EEXIST)
			die(strerror(errno), path);
		*slash = '/';
	}
}

/* A symbol file kconfig has not written: made empty, dated 1 s past the
 * epoch (ninja takes 0 for a missing file), so nothing is newer. */
static void ensure_symbol_file(char *path)
{
	const struct timespec old[2] = { { 1, 0 }, { 1, 0 } };
	int fd;

	if (access(path, F_OK) == 0)
		return;
	make_parents(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0666);
	if (fd < 0) {
		if (errno == EEXIST)
			return;	/* another compile made it meanwhile */
		die(strerror(errno), path);
	}
	if (futimens(fd, old))
		die(strerror(errno), path);
	close(fd);
}

/* CONFIG_FOO_BAR -> include/config/foo/bar.h, as kconfig names it. */
static void emit_symbol_dep(const char *sym, size_t len)
{
	char path[512];
	size_t n;

	if (!first_sighting(sym, len))
		return;
	if (len > sizeof(path) - 32)
		die("symbol name too long", "CONFIG_");
	n = (size_t)sprintf(path, "include/config/");
	for (size_t i = 0; i < len; i++) {
		char c = sym[i];
		path[n++] = c == '_' ? '/' : (char)tolower((unsigned char)c);
	}
	strcpy(path + n, ".h");
	if (list_only) {
		ensure_symbol_file(path);
		text_cat(&record_text, path, "\n", NULL);
		return;
	}
	text_cat(&record_text, "    $(wildcard ", path, ") \\\n", NULL);
	if (ninja_deps) {
		ensure_symbol_file(path);
		text_cat(&ninja_text, " \\\n  ", path, NULL);
	}
}

/* Every whole word CONFIG_xxx in the text of one file. */
static void scan_for_symbols(const char *text, size_t len)
{
	static const char prefix[] = "CONFIG_";
	const size_t plen = sizeof(prefix) - 1;

	for (const char *p = text; (p = strstr(p, prefix)) != NULL; ) {
		const char *sym = p + plen;
		const char *end = sym;

		if (p > text && is_symbol_char(p[-1])) {
			p = sym;
			continue;
		}
		while (end < text + len && is_symbol_char(*end))
			end++;
		if (end > sym)
			emit_symbol_dep(sym, (size_t)(end - sym));
		p = end;
	}
}

static bool is_autoconf(const char *name)
{
	size_t n = strlen(name);
	static const char suffix[] = "include/generated/autoconf.h";
	const size_t slen = sizeof(suffix) - 1;

	return n >= slen && !strcmp(name + n - slen, suffix);
}

static void scan_dependency(const char *name)
{
	size_t len;
	char *text = read_file(name, &len);

	if (!text)
		die("cannot read dependency", name);
	scan_for_symbols(text, len);
	free(text);
}

/*
 * The one rule for names (check-name in scripts/Kbuild.include): each
 * dependency goes into the record make reads back and into recipes, so a
 * header the compiler found passes it too. gcc writes a blank in a name
 * as "\\ ", which splits the word after the backslash.
 */
static void check_name(const char *name)
{
	static const char ok[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+@";
	const char *bad = name + strspn(name, ok);
	char shown[16];

	if (!*bad)
		return;
	if (bad[0] == '\\' && !bad[1])
		snprintf(shown, sizeof(shown), "a space");
	else if (*bad == '\'')
		snprintf(shown, sizeof(shown), "\"'\"");
	else if (isprint((unsigned char)*bad))
		snprintf(shown, sizeof(shown), "'%c'", *bad);
	else
		snprintf(shown, sizeof(shown), "a byte 0x%02x", (unsigned char)*bad);
	fprintf(stderr, "%s: \"%s\": %s is not allowed in a name (make and the "
		"shell read names unquoted); use only letters, digits and "
		"/ . _ - + @ (Documentation/security.md)\n", prog, name, shown);
	exit(2);
}

/* Split the depfile into words, skipping "target:" and line continuations. */
static void parse_depfile(char *deps, const char *target)
{
	bool seen_colon = false, first = true;
	char *save = NULL;

	for (char *w = strtok_r(deps, " \t\r\n", &save); w;
	     w = strtok_r(NULL, " \t\r\n", &save)) {
		size_t n = strlen(w);

		if (!strcmp(w, "\\"))
			continue;
		if (!seen_colon) {
			seen_colon = n > 0 && w[n - 1] == ':';
			continue;
		}
		if (is_autoconf(w))
			continue;
		check_name(w);
		if (first) {
			text_cat(&record_text, "source_", target, " := ", w, "\n\n",
				 "deps_", target, " := \\\n", NULL);
			first = false;
		}
		text_cat(&record_text, "  ", w, " \\\n", NULL);
		if (ninja_deps)
			text_cat(&ninja_text, " \\\n  ", w, NULL);
		scan_dependency(w);
	}
	if (first)
		die("no prerequisites found in dependency file", target);
}

/* .TARGET.cmd: the record's name, beside TARGET, as make's $(dot-target). */
static char *record_name(const char *target, const char *suffix)
{
	const char *base = strrchr(target, '/');
	size_t dir = base ? (size_t)(base + 1 - target) : 0;
	size_t len = strlen(target) + strlen(suffix) + 6;
	char *name = malloc(len);

	if (!name)
		die("out of memory", target);
	snprintf(name, len, "%.*s.%s.cmd%s", (int)dir, target, target + dir, suffix);
	return name;
}

/*
 * NAME made here with TEXT: whatever was at NAME before is removed and
 * O_EXCL refuses anything put there since, so that a link planted at the
 * temporary name (an M= tree is third-party content) is never written
 * through.
 */
static void write_fresh(const char *name, const struct text *t)
{
	int fd;

	if (unlink(name) && errno != ENOENT)
		die(strerror(errno), name);
	fd = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0)
		die(strerror(errno), name);
	write_text(fd, t, name);
	if (close(fd))
		die("write error", name);
}

/*
 * -n DEPFILE: ninja's text over the compiler's, in the same file, open as
 * FD since it was read (O_NOFOLLOW: a link planted there is not written
 * through); one file made and removed per compile, not two (why that
 * counts, and why not truncated to 0 first: Documentation/ninja.md).
 */
static void write_over(int fd, const char *name, const struct text *t)
{
	if (lseek(fd, 0, SEEK_SET))
		die(strerror(errno), name);
	write_text(fd, t, name);
	if (ftruncate(fd, (off_t)t->len))
		die(strerror(errno), name);
	if (close(fd))
		die("write error", name);
}

/* TMP to TARGET, then RECORD to TARGET's record, as if_changed does. */
static int finish_command(const char *tmp, const char *target, const char *from)
{
	struct text t = { NULL, 0, 0 };
	char *record = record_name(target, ""), *record_tmp = record_name(target, ".tmp");

	t.s = read_file(from, &t.len);
	if (!t.s)
		die(strerror(errno), from);
	write_fresh(record_tmp, &t);
	if (rename(tmp, target))
		die(strerror(errno), tmp);
	if (rename(record_tmp, record))
		die(strerror(errno), record_tmp);
	return 0;
}

/* CMDLINE as make reads it back from the record: $(strip)ped, $ and # escaped. */
static void print_make_escaped(const char *cmd)
{
	bool blank = false, started = false;

	for (; *cmd; cmd++) {
		if (isspace((unsigned char)*cmd)) {
			blank = started;
			continue;
		}
		if (blank)
			text_add(&record_text, " ", 1);
		blank = false;
		started = true;
		if (*cmd == '$')
			text_add(&record_text, "$$", 2);
		else if (*cmd == '#')
			text_add(&record_text, "$(pound)", 8);
		else
			text_add(&record_text, cmd, 1);
	}
}

/*
 * A command of plain words: letters, digits and / . _ + @ , = : % -,
 * between blanks, and no assignment before the program's name. The shell
 * would only split it at the blanks and run it, so fixdep does that itself.
 * Anything else (a quote, $, a glob, a redirection...) is the shell's.
 */
static bool is_plain_words(const char *cmd)
{
	static const char ok[] = "abcdefghijklmnopqrstuvwxyz"
		"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._+@,=:%- \t\n";
	size_t first = strspn(cmd, " \t\n");
	size_t first_len = strcspn(cmd + first, " \t\n");

	return cmd[strspn(cmd, ok)] == '\0' && first_len > 0 &&
	       !memchr(cmd + first, '=', first_len);
}

/* Split a command of plain words into its argv, in place. */
static char **split_words(char *cmd)
{
	size_t n = 0, words = 1;
	char **argv, *save = NULL;

	for (const char *p = cmd; *p; p++)
		words += *p == ' ' || *p == '\t' || *p == '\n';
	argv = malloc((words + 1) * sizeof(*argv));
	if (!argv)
		die("out of memory", "command");
	for (char *w = strtok_r(cmd, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save))
		argv[n++] = w;
	argv[n] = NULL;
	return argv;
}

/* -c: run CMDLINE, as sh -c would; its exit status, 128 + N for signal N. */
static int run_command(const char *cmd)
{
	char *copy = strdup(cmd);
	char *sh_argv[] = { "sh", "-c", copy, NULL };
	char **argv = copy && is_plain_words(copy) ? split_words(copy) : sh_argv;
	pid_t pid;
	int err, status;

	if (!copy)
		die("out of memory", "command");
	if (argv == sh_argv)
		err = posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ);
	else
		err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);
	if (err) {
		fprintf(stderr, "%s: %s: %s\n", prog, argv[0], strerror(err));
		return 127;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			die(strerror(errno), "waitpid");
	if (argv != sh_argv)
		free(argv);
	free(copy);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return WEXITSTATUS(status);
}

/* -c: the outputs of the last run of the command gone, then the command. */
static void remove_old(const char *name)
{
	if (unlink(name) && errno != ENOENT)
		die(strerror(errno), name);
}

/* -c, -e: TARGET's record and TMP gone, then CMDLINE; its status. */
static int run_fresh(const char *target, const char *tmp, const char *cmd)
{
	remove_old(record_name(target, ""));
	remove_old(tmp);
	return run_command(cmd);
}

/* -e TMP TARGET RECORD CMDLINE: the command, then its outputs in place. */
static int run_and_finish(const char *tmp, const char *target, const char *from,
			  const char *cmd)
{
	int status = run_fresh(target, tmp, cmd);

	if (status)
		return status;
	return finish_command(tmp, target, from);
}

/* -s: the symbol files of the symbols FILES name. */
static int list_symbol_files(char **files)
{
	list_only = true;
	for (; *files; files++)
		scan_dependency(*files);
	write_text(STDOUT_FILENO, &record_text, "stdout");
	return 0;
}

int main(int argc, char *argv[])
{
	size_t len;
	char *deps;
	const char *tmp = NULL, *ninja_name = NULL;
	char *record = NULL, *record_tmp = NULL;
	bool escape = false, run = false, over;
	int over_fd = -1;

	if (argc == 6 && !strcmp(argv[1], "-e"))
		return run_and_finish(argv[2], argv[3], argv[4], argv[5]);
	if (argc >= 2 && !strcmp(argv[1], "-s"))
		return list_symbol_files(argv + 2);
	if (argc >= 3 && !strcmp(argv[1], "-n")) {
		ninja_name = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc >= 2 && (!strcmp(argv[1], "-x") || !strcmp(argv[1], "-c"))) {
		escape = true;
		run = argv[1][1] == 'c';
		argv++;
		argc--;
	}
	if (argc == 6 && !strcmp(argv[1], "-r")) {
		tmp = argv[2];
		argv += 2;
		argc -= 2;
	}
	if (argc != 4 || ((ninja_name || run) && !tmp)) {
		fprintf(stderr, "usage: %s [[-n NINJADEP] [-x | -c] -r TMP] DEPFILE TARGET "
			"CMDLINE\n       %s -e TMP TARGET RECORD CMDLINE\n       %s -s FILE...\n",
			prog, prog, prog);
		return 2;
	}
	if (tmp) {
		record = record_name(argv[2], "");
		record_tmp = record_name(argv[2], ".tmp");
	}
	if (run) {
		int status;

		remove_old(argv[1]);
		status = run_fresh(argv[2], tmp, argv[3]);
		if (status)
			return status;
	}
	over = ninja_name && !strcmp(ninja_name, argv[1]);
	if (over) {
		over_fd = open(argv[1], O_RDWR | O_NOFOLLOW | O_CLOEXEC);
		deps = over_fd < 0 ? NULL : read_fd(over_fd, argv[1], &len);
	} else {
		deps = read_file(argv[1], &len);
	}
	if (!deps)
		die(strerror(errno), argv[1]);
	if (ninja_name) {
		ninja_deps = true;
		text_cat(&ninja_text, argv[2], ":", NULL);
	}

	text_cat(&record_text, "cmd_", argv[2], " := ", NULL);
	if (escape)
		print_make_escaped(argv[3]);
	else
		text_cat(&record_text, argv[3], NULL);
	text_cat(&record_text, "\n\n", NULL);
	parse_depfile(deps, argv[2]);
	text_cat(&record_text, "\n", argv[2], ": $(deps_", argv[2], ")\n\n$(deps_",
		 argv[2], "):\n", NULL);
	free(deps);
	if (!tmp)
		write_text(STDOUT_FILENO, &record_text, "stdout");
	else
		write_fresh(record_tmp, &record_text);
	if (ninja_deps) {
		text_cat(&ninja_text, "\n", NULL);
		if (over)
			write_over(over_fd, ninja_name, &ninja_text);
		else
			write_fresh(ninja_name, &ninja_text);
	}
	if (tmp) {
		/* The object first, the record last, as if_changed does. */
		if (rename(tmp, argv[2]))
			die(strerror(errno), tmp);
		/* ninja removes its depfile once read. */
		if (!over && unlink(argv[1]) && errno != ENOENT)
			die(strerror(errno), argv[1]);
		if (rename(record_tmp, record))
			die(strerror(errno), record_tmp);
	}
	return 0;
}
