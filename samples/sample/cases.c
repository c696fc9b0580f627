// SPDX-License-Identifier: GPL-2.0
/*
 * What each stack-protector mode catches: one function per shape of stack
 * buffer, each overrun on request, and the table of the modes that must
 * catch each one.
 *
 * The table below is the one place the expectations live: "sample cases"
 * prints it, scripts/matrix/cell compares every case of "sample sweep"
 * with it and with the canaries it finds in this object, and
 * scripts/matrix/table turns it into Documentation/matrix.md's tables.
 *
 * Expectations are gcc's (-O2, gcc 12; the GCC manual on
 * -fstack-protector*): Regular protects a character array of
 * ssp-buffer-size bytes or more (8 by default; 4 in "regular4"), also
 * inside a struct, and alloca()/VLAs; Strong adds every other local
 * array, also inside a struct or union, and a local whose address is
 * passed on; All protects every function; Explicit only functions marked
 * __stack_protect (which every mode but None honours). A function marked
 * __no_stack_protector is never protected.
 *
 * Where another compiler's documented behaviour differs, the table says
 * so for that compiler (CAUGHT_BY_* below), and "sample cases" prints
 * the table of the compiler the sample was built with.
 */
#include <stddef.h>
#include <sspkit/compiler.h>
#include <sspkit/stdio.h>
#include <sspkit/string.h>
#include <sspkit/sys.h>
#include "cases.h"

/* The modes the table speaks of, in the order "sample cases" prints them. */
enum {
	M_NONE		= 1 << 0,
	M_REGULAR	= 1 << 1,
	M_REGULAR4	= 1 << 2,	/* Regular, ssp-buffer-size=4 */
	M_STRONG	= 1 << 3,
	M_ALL		= 1 << 4,
	M_EXPLICIT	= 1 << 5,
};
static const char *const mode_names[] = {
	"none", "regular", "regular4", "strong", "all", "explicit",
};

/*
 * How an overrun is written: the buffer's own bytes first, then the bytes
 * past its end. 0xa5 repeated is no address a process has mapped (and
 * non-canonical on x86_64, odd on arm/mips/sh), so a return through an
 * overwritten return address faults at once instead of running on.
 */
#define SMASH_BYTE	0xa5
#define SMASH_DEFAULT	64

/*
 * The writer is reached through a volatile pointer: the compiler cannot
 * see what it does with the buffer, so it keeps every buffer (a buffer
 * that is only written may otherwise vanish, and its canary with it) and
 * it cannot warn about, or turn into memset(), an overrun it cannot see.
 * The stores are volatile for the same reason.
 */
static __noinline void overrun(void *buf, size_t size, size_t over, int id)
{
	volatile unsigned char *p = buf;
	size_t i;

	for (i = 0; i < size; i++)
		p[i] = (unsigned char)id;
	for (; i < size + over; i++)
		p[i] = SMASH_BYTE;
}
static void (*volatile writer)(void *, size_t, size_t, int) = overrun;

/* The length of the alloca() and VLA buffers, unknown at compile time. */
static volatile size_t dyn_len = 16;

/*
 * One function per case, named case_<name> ('-' as '_') so the static
 * view (spreport --list) finds it. Each passes its own id to the writer:
 * no two bodies are identical, so gcc's identical-code folding cannot
 * merge two cases into one function with another's canary. Not static,
 * so no clone or inlined copy replaces the named function.
 */
#define DECLARE_CASE(fn) __noinline int fn(size_t over)
DECLARE_CASE(case_char16);
DECLARE_CASE(case_char8);
DECLARE_CASE(case_char4);
DECLARE_CASE(case_int_array);
DECLARE_CASE(case_struct_char);
DECLARE_CASE(case_struct_int);
DECLARE_CASE(case_union);
DECLARE_CASE(case_addr_taken);
DECLARE_CASE(case_alloca);
DECLARE_CASE(case_vla);
__stack_protect DECLARE_CASE(case_explicit);
__no_stack_protector DECLARE_CASE(case_opt_out);

int case_char16(size_t over)
{
	char buf[16];

	writer(buf, sizeof(buf), over, 1);
	return buf[0];
}

int case_char8(size_t over)
{
	char buf[8];

	writer(buf, sizeof(buf), over, 2);
	return buf[0];
}

int case_char4(size_t over)
{
	char buf[4];

	writer(buf, sizeof(buf), over, 3);
	return buf[0];
}

int case_int_array(size_t over)
{
	int v[4];

	writer(v, sizeof(v), over, 4);
	return v[0];
}

/* The array is the struct's last member: the overrun leaves the struct. */
int case_struct_char(size_t over)
{
	struct {
		long tag;
		char name[16];
	} s;

	s.tag = 5;
	writer(s.name, sizeof(s.name), over, 5);
	return s.name[0] + (int)s.tag;
}

int case_struct_int(size_t over)
{
	struct {
		long tag;
		int v[4];
	} s;

	s.tag = 6;
	writer(s.v, sizeof(s.v), over, 6);
	return s.v[0] + (int)s.tag;
}

/* LKDTM's CORRUPT_STACK_STRONG: no char array, only Strong sees it. */
int case_union(size_t over)
{
	union {
		unsigned short shorts[4];
		unsigned long *ptr;
	} data;

	writer(&data, sizeof(data), over, 7);
	return data.shorts[0];
}

int case_addr_taken(size_t over)
{
	long x = 8;

	writer(&x, sizeof(x), over, 8);
	return (int)x;
}

int case_alloca(size_t over)
{
	size_t n = dyn_len;
	char *buf = __builtin_alloca(n);

	writer(buf, n, over, 9);
	return buf[0];
}

int case_vla(size_t over)
{
	size_t n = dyn_len;
	char buf[n];

	writer(buf, n, over, 10);
	return buf[0];
}

/* int[4]: Regular protects this only because of the attribute. */
int case_explicit(size_t over)
{
	int v[4];

	writer(v, sizeof(v), over, 11);
	return v[0];
}

int case_opt_out(size_t over)
{
	char buf[16];

	writer(buf, sizeof(buf), over, 12);
	return buf[0];
}

/* What a case leaves to run once it has returned (smash_checked()). */
static int (*volatile after_return)(int);

#ifdef SAMPLE_GAP_CASE
/*
 * For the matrix's own test (tests/matrix), never in a real build
 * (KCFLAGS=-DSAMPLE_GAP_CASE): a buffer below a pointer in one struct,
 * which no compiler may reorder, so no canary lies between the two. The
 * pointer is used after the function returned, as a saved return address
 * is: a short overrun rewrites it past its canary's check and crashes,
 * a longer one reaches the canary and is caught. A sweep must call that
 * a gap.
 */
static int gap_next(int v)
{
	return v;
}

/*
 * What a rewritten pointer leads to. Called through it directly, a
 * partly rewritten address lands wherever the layout puts it: in one
 * build that was code ending in the failure handler, a false "caught".
 */
static int gap_crash(int v)
{
	(void)v;
	__builtin_trap();
}

DECLARE_CASE(case_gap);
int case_gap(size_t over)
{
	struct {
		char buf[16];
		int (*next)(int);
	} s;

	s.next = gap_next;
	writer(s.buf, sizeof(s.buf), over, 13);
	after_return = s.next == gap_next ? gap_next : gap_crash;
	return s.buf[0];
}
#define GAP_CASE	CASE("gap", case_gap, REGULAR_UP, \
			     "char[16] below a pointer used after return (test only)"),
#else
#define GAP_CASE
#endif

struct ssp_case {
	const char *name;
	int (*fn)(size_t over);
	const char *fn_name;
	unsigned int caught_by;		/* M_*: the modes that must catch it */
	const char *what;
};

#define CASE(name, fn, modes, what) { name, fn, #fn, modes, what }
#define REGULAR_UP	(M_REGULAR | M_REGULAR4 | M_STRONG | M_ALL)

/*
 * clang 14 has neither -fstack-protector-explicit nor the stack_protect
 * attribute (clang's attribute reference lists no_stack_protector only;
 * it warns that stack_protect is ignored): case_explicit is a plain
 * function with an int[4] there, which only Strong and All protect.
 */
#ifdef __clang__
#define SSP_COMPILER		"clang"
#define CAUGHT_BY_EXPLICIT	(M_STRONG | M_ALL)
#else
#define SSP_COMPILER		"gcc"
#define CAUGHT_BY_EXPLICIT	(REGULAR_UP | M_EXPLICIT)
#endif

/*
 * clang lowers a union to its most-aligned member plus padding made of
 * chars: with 4-byte pointers, union { short[4]; pointer } becomes
 * { pointer, char[4] }, and that char[4] is a character array of
 * ssp-buffer-size 4 (LLVM's rule for -fstack-protector looks at the
 * lowered type). With 8-byte pointers there is no padding.
 */
#if defined(__clang__) && __SIZEOF_POINTER__ == 4
#define CAUGHT_BY_UNION		(M_REGULAR4 | M_STRONG | M_ALL)
#else
#define CAUGHT_BY_UNION		(M_STRONG | M_ALL)
#endif

/* THE expected table. */
static const struct ssp_case cases[] = {
	CASE("char16", case_char16, REGULAR_UP, "local char[16]"),
	CASE("char8", case_char8, REGULAR_UP, "local char[8]"),
	CASE("char4", case_char4, M_REGULAR4 | M_STRONG | M_ALL, "local char[4]"),
	CASE("int-array", case_int_array, M_STRONG | M_ALL, "local int[4]"),
	CASE("struct-char", case_struct_char, REGULAR_UP,
	     "local struct holding char[16]"),
	CASE("struct-int", case_struct_int, M_STRONG | M_ALL,
	     "local struct holding int[4]"),
	CASE("union", case_union, CAUGHT_BY_UNION,
	     "local union of short[4] and a pointer (LKDTM CORRUPT_STACK_STRONG)"),
	CASE("addr-taken", case_addr_taken, M_STRONG | M_ALL,
	     "local long whose address is passed to a function"),
	CASE("alloca", case_alloca, REGULAR_UP, "alloca(16)"),
	CASE("vla", case_vla, REGULAR_UP, "char vla[n], n = 16"),
	CASE("explicit", case_explicit, CAUGHT_BY_EXPLICIT,
	     "int[4] in a function marked __stack_protect"),
	CASE("opt-out", case_opt_out, 0,
	     "char[16] in a function marked __no_stack_protector"),
	GAP_CASE
};

#define NR_CASES	(sizeof(cases) / sizeof(cases[0]))
#define NR_MODES	(sizeof(mode_names) / sizeof(mode_names[0]))

/* One line per case: "NAME | MODES | FUNCTION | WHAT"; "-" for no mode. */
int cases_list(void)
{
	size_t i, m;

	printf("# compiler: %s\n", SSP_COMPILER);
	printf("# case | caught by | function | what\n");
	for (i = 0; i < NR_CASES; i++) {
		const struct ssp_case *c = &cases[i];
		const char *sep = "";

		printf("%s | ", c->name);
		for (m = 0; m < NR_MODES; m++) {
			if (c->caught_by & (1u << m)) {
				printf("%s%s", sep, mode_names[m]);
				sep = " ";
			}
		}
		printf("%s | %s | %s\n", *sep ? "" : "-", c->fn_name, c->what);
	}
	return 0;
}

static const struct ssp_case *find_case(const char *name)
{
	size_t i;

	for (i = 0; i < NR_CASES; i++)
		if (!strcmp(name, cases[i].name))
			return &cases[i];
	dprintf(2, "sample: unknown case '%s' (see \"sample cases\")\n", name);
	return NULL;
}

static size_t parse_bytes(const char *s)
{
	size_t n = 0;

	if (!s)
		return SMASH_DEFAULT;
	for (; *s >= '0' && *s <= '9'; s++)
		n = n * 10 + (size_t)(*s - '0');
	return *s || n > 4096 ? (size_t)-1 : n;
}

/*
 * Run one case's overrun and exit, with status 3 when the caller's
 * registers did not survive. The four values are live across the call,
 * so they sit in callee-saved registers (or in this frame): an overrun
 * that rewrote a saved register and returned shows here instead of
 * passing for harmless. Not protected: a canary of its own would catch,
 * and count for the case, an overrun that reached this frame. Never
 * returning: an overrun may have rewritten this frame's own return
 * address, and a child must not return into the sweep's loop.
 */
static __noinline __noreturn __no_stack_protector void smash_checked(
	const struct ssp_case *c, size_t over, int verbose)
{
	size_t a = dyn_len, b = a * 3 + 1, d = b * 5 + 2, e = d * 7 + 3;
	int rc = 0;

	after_return = NULL;
	c->fn(over);
	if (after_return)
		after_return(0);
	if (a != 16 || b != 49 || d != 247 || e != 1732)
		rc = 3;
	if (verbose)
		printf("smash %s: returned (not caught)%s\n", c->name,
		       rc ? ", with a saved register rewritten" : "");
	sys_exit_group(rc);
}

/*
 * Overrun one case. A canary that is caught ends in __stack_chk_fail:
 * "stack-protector: ... at ADDRESS" and SIGABRT (status 134).
 */
__no_stack_protector int cases_smash(const char *name, const char *bytes)
{
	const struct ssp_case *c = find_case(name);
	size_t over = parse_bytes(bytes);

	if (!c)
		return 2;
	if (over == (size_t)-1) {
		dprintf(2, "sample: bad byte count '%s' (0-4096)\n", bytes);
		return 2;
	}
	printf("smash %s: %s overruns its buffer by %u bytes\n", c->name,
	       c->fn_name, (unsigned int)over);
	smash_checked(c, over, 1);
}

/*
 * The sweep's own process. A child whose overrun rewrote only the low
 * bytes of a return address can land in the sweep's loop and run on as
 * if it were the parent: wherever it lands, it meets this check first.
 */
static volatile long sweep_parent;

/* A child smashes one frame and exits: even under a busy emulator that
 * takes well under a second. */
#define SWEEP_CHILD_SECONDS	3

static void stay_parent(void)
{
	if (sys_getpid() != sweep_parent)
		sys_exit_group(4);
}

/* wait4()'s status word, as the shell would say it. */
static void print_status(const char *name, size_t over, int status)
{
	stay_parent();
	if ((status & 0x7f) == 0)
		printf("sweep %s %u exit %d\n", name, (unsigned int)over,
		       (status >> 8) & 0xff);
	else
		printf("sweep %s %u signal %d\n", name, (unsigned int)over,
		       status & 0x7f);
}

/* One child per overrun, so a crash ends the child only. */
static __no_stack_protector int sweep_case(const struct ssp_case *c)
{
	size_t over;

	for (over = 1; over <= SMASH_DEFAULT; over++) {
		int status = 0;
		long pid;

		stay_parent();
		pid = sys_fork();

		if (pid < 0) {
			dprintf(2, "sample: fork failed (%ld)\n", pid);
			return 1;
		}
		if (pid == 0) {
			/*
			 * A return address rewritten to land in a loop would
			 * hang the sweep (seen: i386 none, char16 by 13):
			 * after SWEEP_CHILD_SECONDS it dies of SIGALRM, which
			 * is "crashed".
			 */
			sys_alarm(SWEEP_CHILD_SECONDS);
			smash_checked(c, over, 0);
		}
		if (sys_wait4(pid, &status, 0) != pid) {
			dprintf(2, "sample: wait4 failed\n");
			return 1;
		}
		print_status(c->name, over, status);
	}
	return 0;
}

/*
 * Overrun each case (all of them, or those named) by 1 to 64 bytes, each
 * in a child of its own, in one run: one emulator start for the sweep.
 * A child's canary report (stderr) comes before its "sweep" line.
 */
__no_stack_protector int cases_sweep(int argc, char *argv[])
{
	size_t i;
	int n;

	sweep_parent = sys_getpid();
	if (!argc) {
		for (i = 0; i < NR_CASES; i++)
			if (sweep_case(&cases[i]))
				return 1;
		return 0;
	}
	for (n = 0; n < argc; n++)
		if (!find_case(argv[n]))
			return 2;
	for (n = 0; n < argc; n++)
		if (sweep_case(find_case(argv[n])))
			return 1;
	return 0;
}
