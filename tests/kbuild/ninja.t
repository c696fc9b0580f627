#!/bin/sh
# tests/run: one engine
# The ninja engine (Documentation/ninja.md): make writes build.ninja from
# the Kbuild files and ninja runs it. What is particular to it: ninja
# really runs the steps; build.ninja is written again when a make file, a
# variable of the commands or the configuration changes, and only then;
# fixdep's symbol files all exist; spaudit --since reads only the objects
# rebuilt; the records the edges leave let the recursive make find the
# work done; bad input stops with a message. The other kbuild tests run
# under both engines (tests/run).
. "$(dirname "$0")/../lib.sh"
command -v ninja >/dev/null || { skip "the ninja engine" "ninja not installed (scripts/install-deps)"; done_testing; }

S="$T/src"; O="$T/obj"
src_copy "$S"
nmk() { smk O="$O" KBUILD_ENGINE=ninja "$@"; }
ninja_strace() {	# make KBUILD_ENGINE=ninja "$@" under strace (programs started: $T/strace); its status
	strace -f -z -e trace=execve -o "$T/strace" make -C "$S" --no-print-directory \
		KBUILD_ENGINE=ninja "$@" >"$T/out" 2>&1
}
CC_LOG="$T/cc.log"; export CC_LOG
LOGCC="$SRC/tests/bin/logcc"

smk O="$O" x86_64_defconfig && nmk CC="$LOGCC"
check "a build under the ninja engine" test -x "$O/sample"
check "...build.ninja is in the object tree" test -f "$O/build.ninja"
check_grep "...and ninja ran the compile of lib/string.o (its log)" '	lib/string\.o	' "$O/.ninja_log"
check_grep "...which left make's record beside it" '^cmd_lib/string\.o := ' "$O/lib/.string.o.cmd"
check_eq "...and no .cmd.tmp, .d or .nd of it" "" "$(cd "$O/lib" && ls -a .string.o.cmd.tmp .string.o.d .string.o.nd 2>/dev/null)"
# ninja 1.11 starts ready edges in build.ninja's order: the host tools'
# parts are listed first, so spaudit is built first and each directory's
# audit runs once its objects are, not all after the tree's last compile.
# (.ninja_log: one line per edge, in the order they ended.)
ended() { awk -F'\t' -v t="$1" '$4 == t { print NR; exit }' "$O/.ninja_log"; }
audit=$(ended arch/x86/kernel/.ssp-audit) main=$(ended samples/sample/main.o)
check "...arch/x86/kernel's audit ran before samples/sample/main.o's compile" \
	test -n "$audit" -a -n "$main" -a "${audit:-0}" -lt "${main:-0}"
# The depfile ninja reads is the compiler's own, which fixdep rewrote (no
# second file made and removed per object): kept here to be seen.
touch "$S/lib/string.c"
ninja -C "$O" -d keepdepfile lib/string.o >"$T/out" 2>&1
check "ninja -d keepdepfile, one compile: succeeds" test $? -eq 0
check_eq "...the compiler's depfile is ninja's, from fixdep (no autoconf.h)" "lib/string.o: 0" \
	"$(head -c 13 "$O/lib/.string.o.d") $(grep -c 'autoconf\.h' "$O/lib/.string.o.d")"
check_eq "...and fixdep made no other" "" "$(cd "$O/lib" && ls -a .string.o.nd 2>/dev/null)"
rm -f "$O/lib/.string.o.d"
nmk CC="$LOGCC"

# A directory's compiles share a rule of its part, each edge binding only
# the object's name (ninja-dep-edge): lib's objects one, and
# stackprotector.o, with -fno-stack-protector of its own, another.
check_eq "lib's part states two compile rules" 2 "$(grep -c '^rule kbuild_dep_' "$O/lib/.kbuild.ninja")"
check_grep "...its edges bind the object's name alone" '^  n = string$' "$O/lib/.kbuild.ninja"
check_grep "...stackprotector.o is compiled with its own flag" \
	'-fno-stack-protector .*-o lib/stackprotector\.o\.tmp ' "$CC_LOG"
check_nogrep "...string.o without it" '-fno-stack-protector .*-o lib/string\.o\.tmp ' "$CC_LOG"

# A new tree (gen-batch-fresh, Documentation/ninja.md): each directory's
# make writes its files straight into it, with no batch to rename; the
# directories below one are made by its make, all with one mkdir, before
# their own makes start. A make file touched later writes them again
# through the batches.
O2="$T/obj-new"
smk O="$O2" x86_64_defconfig
batches() { grep -c 'execve("[^"]*/mv", \["mv", "-f", "-t", ' "$T/strace"; }
ninja_strace O="$O2"
check "a new tree: builds" test $? -eq 0 -a -x "$O2/sample"
check_eq "...renaming no batch into place (mv -t)" 0 "$(batches)"
check_eq "...and leaving no batch directory" "" "$(find "$O2" -name .gen.tmp)"
first_line() { grep -n -m1 -e "$1" "$T/strace" | cut -d: -f1; }
made=$(first_line 'execve("[^"]*/mkdir", \[.*"arch/x86/kernel"')
ran=$(first_line 'execve("[^"]*/make", \[.*"obj=arch/x86/kernel"')
check "...arch/x86/kernel is made (mkdir) before its own make starts" \
	test -n "$made" -a -n "$ran" -a "${made:-0}" -lt "${ran:-0}"
touch "$S/lib/Makefile"
ninja_strace O="$O2"
check "...a make file touched: build.ninja again" test $? -eq 0
check_grep "...(written)" 'GEN +build\.ninja' "$T/out"
check "...through a batch per directory (mv -t)" test "$(batches)" -gt 0
nmk CC="$LOGCC"

# A no-op: nothing run, nothing printed, build.ninja not written again.
: >"$CC_LOG"
before=$(stat -c %y "$O/build.ninja")
nmk CC="$LOGCC"
check_eq "no-op: prints nothing" "" "$(cat "$T/out")"
check_eq "no-op: starts no compiler" 0 "$(wc -l <"$CC_LOG")"
check_eq "no-op: build.ninja is not written again" "$before" "$(stat -c %y "$O/build.ninja")"

# The recursive make finds the ninja engine's work done.
: >"$CC_LOG"
smk O="$O" KBUILD_ENGINE=make CC="$LOGCC"
check_eq "KBUILD_ENGINE=make after ninja: nothing to compile" 0 "$(wc -l <"$CC_LOG")"
check_eq "...and prints nothing" "" "$(cat "$T/out")"

# A new variable of the commands: build.ninja again, every C object again.
: >"$CC_LOG"
nmk CC="$LOGCC" KCFLAGS=-DSSPKIT_NINJA_KEY
check "KCFLAGS=...: builds" test $? -eq 0
check "...build.ninja written again" test "$(stat -c %y "$O/build.ninja")" != "$before"
check_grep "...and the flag reaches lib/string.o" '-DSSPKIT_NINJA_KEY .* lib/string\.o\.tmp ' "$CC_LOG"

# A Kbuild file edited: a new object in lib/ is built and archived.
printf 'int ninja_extra(void);\nint ninja_extra(void) { return 7; }\n' >"$S/lib/ninja_extra.c"
echo 'obj-y += ninja_extra.o' >>"$S/lib/Makefile"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "a Kbuild file edited: builds" test $? -eq 0
check "...the new object is built" test -f "$O/lib/ninja_extra.o"
check_grep "...and is in lib's archive" '^lib/ninja_extra\.o$' "$O/lib/.built-in.a.list"
check_grep "...and was audited" '(^| )c	lib/ninja_extra\.o' "$O/lib/.ssp-audit.in"

# ninja run by hand makes build.ninja again itself (its generator edge).
sed -i '/ninja_extra/d' "$S/lib/Makefile"
(cd "$O" && ninja >"$T/ninja.out" 2>&1)
check "ninja by hand after a Kbuild edit: builds" test $? -eq 0
check_grep "...writing build.ninja first" 'GEN +build\.ninja' "$T/ninja.out"
check_nogrep "...and the dropped object is no longer archived" ninja_extra "$O/lib/.built-in.a.list"

# A header removed with its #include: ninja knows it from the depfile
# only, and builds on (an edge naming it as an input would stop, "missing
# and no known rule to make it", until build.ninja is written again).
cp "$S/lib/string.c" "$T/string.c.orig"
echo '/* sspkit ninja test */' >"$S/lib/ninja_gone.h"
sed -i '1i #include "ninja_gone.h"' "$S/lib/string.c"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "a new header included: builds" test $? -eq 0
touch "$S/lib/Makefile"	# build.ninja written again, the header in lib/string.o's record
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
cp "$T/string.c.orig" "$S/lib/string.c"; rm -f "$S/lib/ninja_gone.h"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "...removed again with its #include: builds" test $? -eq 0
check_nogrep "...and no edge names it" ninja_gone "$O/lib/.kbuild.ninja"

# spaudit --since: an edit audits that object only; the records of the
# others keep their time.
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
touch -d '2000-01-01' "$O/lib/.vsprintf.o.ssp" "$O/lib/.string.o.ssp"
touch "$S/lib/string.c"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "one .c touched: builds" test $? -eq 0
check "...its object's audit record is written again" test "$(date -r "$O/lib/.string.o.ssp" +%Y)" != 2000
check_eq "...another object's is not read again" 2000 "$(date -r "$O/lib/.vsprintf.o.ssp" +%Y)"
# A stamp made for other options reads every object (the broken case:
# with the stamp's key ignored, vsprintf.o would be left as it is).
printf 'expect=0 threshold=8 strict=0 sources=1\n' >"$O/lib/.ssp-audit"
(cd "$O" && ./scripts/spaudit/spaudit objects --expect=strong --threshold=8 \
	--manifest=lib/.ssp-audit.in --since=lib/.ssp-audit --stamp="$T/stamp") >/dev/null 2>&1
check "spaudit --since, a stamp for another mode: every object read again" \
	test "$(date -r "$O/lib/.vsprintf.o.ssp" +%Y)" != 2000
check_grep "...and the new stamp says what they were read against" '^expect=[0-9]+ threshold=8 strict=0 sources=1$' "$T/stamp"

# fixdep -n: every symbol a source names has its file, one it had not
# already made dated 1970, and ninja's depfile names them.
mkdir -p "$T/fx/include/config/sspkit/old"
: >"$T/fx/include/config/sspkit/old/one.h"
touch -d '2001-01-01' "$T/fx/include/config/sspkit/old/one.h"
printf '#if CONFIG_SSPKIT_OLD_ONE || CONFIG_SSPKIT_NEW_TWO\n#endif\n' >"$T/fx/x.c"
printf 'x.o: x.c\n' >"$T/fx/x.d"
: >"$T/fx/x.o.tmp"
(cd "$T/fx" && "$O/scripts/basic/fixdep" -n x.nd -r x.o.tmp x.d x.o 'cc -c x.c')
check "fixdep -n: succeeds" test $? -eq 0
check_eq "...a symbol file not yet written is made, dated 1970-01-01 00:00:01" 1 \
	"$(stat -c %Y "$T/fx/include/config/sspkit/new/two.h" 2>/dev/null)"
check_eq "...one already there keeps its date" 2001 "$(date -r "$T/fx/include/config/sspkit/old/one.h" +%Y)"
check_eq "...ninja's depfile names the source and both symbols" \
	"x.o: x.c include/config/sspkit/old/one.h include/config/sspkit/new/two.h" \
	"$(tr -d '\\\n' <"$T/fx/x.nd" | tr -s ' ')"
check "...and the object is renamed into place" test -f "$T/fx/x.o" -a ! -e "$T/fx/x.o.tmp"
# fixdep -n DEPFILE, as the engine's edges run it: ninja's text over the
# compiler's, in the same file, cut to its length (the compiler's was
# longer: autoconf.h, which fixdep drops, after 200 blanks), and left for
# ninja to remove.
printf 'x.o: x.c \\\n%200s include/generated/autoconf.h\n' '' >"$T/fx/x.d"
: >"$T/fx/x.o.tmp"
ino=$(stat -c %i "$T/fx/x.d")
(cd "$T/fx" && "$O/scripts/basic/fixdep" -n x.d -r x.o.tmp x.d x.o 'cc -c x.c') 2>"$T/err"
check "fixdep -n DEPFILE: succeeds" test $? -eq 0
check_eq "...the depfile is ninja's, cut to its own length" \
	"x.o: x.c include/config/sspkit/old/one.h include/config/sspkit/new/two.h" \
	"$(tr -d '\\\n' <"$T/fx/x.d" | tr -s ' ')"
check_eq "...written in the compiler's file, not a new one" "$ino" "$(stat -c %i "$T/fx/x.d")"
# ...and never through a link planted at the depfile's name (to a
# depfile fixdep would take).
echo 'x.o: x.c' >"$T/fx/victim"
ln -sf victim "$T/fx/x.d"
: >"$T/fx/x.o.tmp"
(cd "$T/fx" && "$O/scripts/basic/fixdep" -n x.d -r x.o.tmp x.d x.o 'cc -c x.c') 2>"$T/err"
check "fixdep -n DEPFILE, a link planted there: refused" test $? -ne 0
check_grep "...naming it" 'x\.d' "$T/err"
check_eq "...and what it points to is untouched" "x.o: x.c" "$(cat "$T/fx/victim")"
rm -f "$T/fx/x.d"
# fixdep -c: the compile edge's one process. It removes the old outputs,
# runs the command (a command of plain words itself, any other through
# sh), stops with the command's status, and records the same text.
# cc-parent: a compiler that notes which program started it.
printf '#!/bin/sh\ncat /proc/$PPID/comm >>parents\nexec gcc "$@"\n' >"$T/fx/cc-parent"
chmod +x "$T/fx/cc-parent"
printf 'const char *msg = MSG;\n' >"$T/fx/m.c"
echo victim >"$T/fx/victim"
ln -s victim "$T/fx/m.o.tmp"
echo stale >"$T/fx/.m.o.cmd"
fxc() { (cd "$T/fx" && "$O/scripts/basic/fixdep" -n m.nd -c -r m.o.tmp m.d m.o "$1") 2>"$T/err"; }
fxc './cc-parent -Wp,-MMD,m.d -DMSG=0 -c -o m.o.tmp m.c'
check "fixdep -c, a command of plain words: succeeds" test $? -eq 0
check_eq "...running the compiler itself, without a shell" fixdep "$(cat "$T/fx/parents")"
check "...the object in place" test -f "$T/fx/m.o" -a ! -L "$T/fx/m.o"
check_eq "...not written through the link planted at its temporary name" victim "$(cat "$T/fx/victim")"
check_eq "...the record is the command's" "cmd_m.o := ./cc-parent -Wp,-MMD,m.d -DMSG=0 -c -o m.o.tmp m.c" \
	"$(head -n 1 "$T/fx/.m.o.cmd")"
rm -f "$T/fx/parents"
fxc "./cc-parent -Wp,-MMD,m.d -DMSG='\"a \$b\"' -c -o m.o.tmp m.c"
check "fixdep -c, a command with quotes and \$: succeeds" test $? -eq 0
check_eq "...through the shell" sh "$(cat "$T/fx/parents")"
check "...which passed the string as one word, unexpanded" grep -qF 'a $b' "$T/fx/m.o"
check_eq "...the record is the command, \$ escaped for make" \
	"cmd_m.o := ./cc-parent -Wp,-MMD,m.d -DMSG='\"a \$\$b\"' -c -o m.o.tmp m.c" "$(head -n 1 "$T/fx/.m.o.cmd")"
fxc './cc-parent -Wp,-MMD,m.d -c -o m.o.tmp m.c'; rc=$?
check_eq "fixdep -c, a command that fails: fixdep fails with its status" 1 $rc
check "...leaving no record that says it ran" test ! -e "$T/fx/.m.o.cmd"
check_grep "...the compiler's message passed on" "MSG. undeclared" "$T/err"
fxc 'sspkit-no-such-cc -c -o m.o.tmp m.c'; rc=$?
check_eq "fixdep -c, a compiler not found: fails as the shell would (127)" 127 $rc
check_grep "...naming it" 'sspkit-no-such-cc' "$T/err"
# fixdep -e: any other edge's one process. It removes the old record and
# TMP, runs the command (ar here, plain words: itself), stops with its
# status, then renames TMP and puts the record the generating make wrote
# in place.
rm -f "$T/fx/parents"
printf '#!/bin/sh\ncat /proc/$PPID/comm >>parents\nexec ar "$@"\n' >"$T/fx/ar-parent"
chmod +x "$T/fx/ar-parent"
echo 'cmd_lib.a := ./ar-parent cDqS lib.a.tmp m.o' >"$T/fx/.lib.a.cmd.next"
echo stale >"$T/fx/.lib.a.cmd"
echo old >"$T/fx/lib.a.tmp"
fxe() { (cd "$T/fx" && "$O/scripts/basic/fixdep" -e lib.a.tmp lib.a .lib.a.cmd.next "$1") 2>"$T/err"; }
fxe './ar-parent cDqS lib.a.tmp m.o'
check "fixdep -e: succeeds" test $? -eq 0
check_eq "...running the command itself, without a shell" fixdep "$(cat "$T/fx/parents")"
check_eq "...on no old output: the archive holds m.o alone" m.o "$(ar t "$T/fx/lib.a")"
check "...renamed into place" test ! -e "$T/fx/lib.a.tmp"
check_eq "...the record is the one written for it" "cmd_lib.a := ./ar-parent cDqS lib.a.tmp m.o" \
	"$(cat "$T/fx/.lib.a.cmd")"
fxe './ar-parent cDqS lib.a.tmp nosuch.o'; rc=$?
check_eq "fixdep -e, a command that fails: fixdep fails with its status" 1 $rc
check_grep "...the command's message passed on" 'nosuch\.o' "$T/err"
fxe 'test -e lib.a.tmp || exit 3'; rc=$?
check_eq "...a command for the shell, too" 3 $rc
check "...leaving no record that says it ran" test ! -e "$T/fx/.lib.a.cmd"
check "...and the last output where it was" test -f "$T/fx/lib.a"

# fixdep -s: the files of the symbols make files name, made as -n makes them.
printf 'obj-$(CONFIG_SSPKIT_MK_ONE) += a.o\n# CONFIG_SSPKIT_OLD_ONE\nx := MYCONFIG_NOT\n' >"$T/fx/Makefile"
check_eq "fixdep -s: one symbol file a line" \
	"include/config/sspkit/mk/one.h include/config/sspkit/old/one.h" \
	"$(cd "$T/fx" && "$O/scripts/basic/fixdep" -s Makefile | tr '\n' ' ' | sed 's/ $//')"
check_eq "...making the missing one, dated 1970" 1 "$(stat -c %Y "$T/fx/include/config/sspkit/mk/one.h" 2>/dev/null)"
(cd "$T/fx" && "$O/scripts/basic/fixdep" -s Makefile nosuch.mk) >/dev/null 2>"$T/err"
check "...a make file it cannot read: fails" test $? -ne 0
check_grep "...naming it" 'nosuch\.mk' "$T/err"

# A make file that stops: no build.ninja is left to be taken as current.
echo '$(error sspkit-ninja-test broken Kbuild)' >>"$S/lib/Makefile"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "a broken Kbuild file: make fails" test $? -ne 0
check_grep "...naming it" 'sspkit-ninja-test broken Kbuild' "$T/out"
check "...and leaves no build.ninja" test ! -e "$O/build.ninja"
sed -i '/sspkit-ninja-test/d' "$S/lib/Makefile"
nmk KCFLAGS=-DSSPKIT_NINJA_KEY
check "...once fixed, it builds again" test $? -eq 0 -a -f "$O/build.ninja"

# The fast path (Documentation/ninja.md): a make with the variables and
# environment of the last one runs ninja itself, with one make; anything
# that make would have noticed, ninja (build.ninja's own edge) or
# scripts/locked-make notices.
makes() {	# make O=$O KBUILD_ENGINE=ninja "$@": 1, or 2 with the make under the lock
	ninja_strace O="$O" "$@" || echo failed
	echo $((1 + $(grep -c 'execve("[^"]*/make", .*"KBUILD_LOCKED=' "$T/strace")))
}
makes >/dev/null
check_eq "fast path: a make as the last one starts one make" 1 "$(makes)"
check_eq "...and prints nothing" "" "$(cat "$T/out")"
check_eq "another variable: two makes (the one that checks everything)" 2 "$(makes SSPKIT_FAST=1)"
check_eq "...then one, with it again" 1 "$(makes SSPKIT_FAST=1)"
check_eq "...and two without it" 2 "$(makes)"
check_eq "another environment: two makes" 2 "$(SSPKIT_FAST_ENV=1 makes)"
check_eq "make -n: two makes (ninja -n)" 2 "$(makes -n)"
check_eq "make all run: two makes" 2 "$(makes all run)"
makes >/dev/null
rm -f "$O/sample"
check_eq "a link removed: one make" 1 "$(makes)"
check "...which makes it again" test -L "$O/sample"
# The fast path's ninja runs in the environment of the make that ran it
# last (its exports): spaudit's records name sources relative to srctree
# (cases.c declares functions exempt, by file and line).
cp "$O/samples/sample/.cases.o.ssp" "$T/cases.ssp"
touch "$S/samples/sample/cases.c"
check_eq "one .c touched: one make" 1 "$(makes)"
check_grep "...which compiles it" 'CC +samples/sample/cases\.o' "$T/out"
check_grep "...whose record names its exemptions" '^declared	' "$O/samples/sample/.cases.o.ssp"
check "...and audits it as the full make did (srctree reaches spaudit)" cmp "$T/cases.ssp" "$O/samples/sample/.cases.o.ssp"
rm -f "$O/include/generated/build.h"
check_eq "a generated header removed: one make" 1 "$(makes)"
check "...which makes it again (build.ninja's edge, then prepare)" test -s "$O/include/generated/build.h"
check_nogrep "...and says nothing of build.ninja being current" 'up to date' "$T/out"
# .config edited by hand to another mode: ninja writes build.ninja
# again (kconfig first), and every object is compiled in the new mode.
cp "$O/.config" "$T/config.strong"
sed -i 's/^CONFIG_CC_STACKPROTECTOR_STRONG=y/# CONFIG_CC_STACKPROTECTOR_STRONG is not set\nCONFIG_CC_STACKPROTECTOR_ALL=y/' "$O/.config"
check_eq ".config edited to ALL: one make" 1 "$(makes)"
check_grep "...build.ninja is written again" 'GEN +build\.ninja' "$T/out"
check_grep "...kconfig took the new mode" '^CONFIG_CC_STACKPROTECTOR_ALL=y' "$O/include/config/auto.conf"
check_grep "...and lib/string.o was compiled for it" '-fstack-protector-all' "$O/lib/.string.o.cmd"
check_grep "...and audited as ALL" 'SSP_MODE_EFFECTIVE "all"' "$O/include/generated/ssp-summary.h"
cp "$T/config.strong" "$O/.config"
makes >/dev/null
check_grep "...and back to STRONG" '-fstack-protector-strong' "$O/lib/.string.o.cmd"
# A symbol no make file names (LOCALVERSION, which main.c prints): the
# compiles that read it, and build.ninja is not written again; once a
# make file names it, a change of it writes build.ninja again.
lv() { sed -i "s/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION=\"$1\"/" "$O/.config"; }
part_date=$(stat -c %Y.%y "$O/lib/.kbuild.ninja")
lv -ninja1
check_eq "LOCALVERSION edited: one make" 1 "$(makes)"
check_grep "...which compiles main.c" 'CC +samples/sample/main\.o' "$T/out"
check_nogrep "...and not lib/string.c" 'CC +lib/string\.o' "$T/out"
check_eq "...nor writes lib's part of build.ninja" "$part_date" "$(stat -c %Y.%y "$O/lib/.kbuild.ninja")"
echo 'ccflags-y += -DSSPKIT_LV$(subst -,_,$(subst ",,$(CONFIG_LOCALVERSION)))' >>"$S/lib/Makefile"
makes >/dev/null
check_grep "a make file names it: its flag reaches lib/string.o" 'DSSPKIT_LV_ninja1 ' "$O/lib/.string.o.cmd"
lv -ninja2
makes >/dev/null
check_grep "...and a new value of it, by .config alone, too" 'DSSPKIT_LV_ninja2 ' "$O/lib/.string.o.cmd"
sed -i '/SSPKIT_LV/d' "$S/lib/Makefile"
lv ""
makes >/dev/null
# A compiler replaced by one older than build.ninja: ninja would not see
# it; its identity does (the broken case: with the check dropped, one make).
cp "$LOGCC" "$T/cc-fast"
makes CC="$T/cc-fast" >/dev/null
check_eq "a compiler as CC=: one make the second time" 1 "$(makes CC="$T/cc-fast")"
touch -d '2000-01-01' "$T/cc-fast"
check_eq "...that compiler dated 2000: two makes" 2 "$(makes CC="$T/cc-fast")"
makes >/dev/null
# The token: a make that wrote the key again after the outer make read it.
tok=$(head -n 1 "$O/.tmp/ninja.fast-key")
"$SRC/scripts/locked-make" "$O/.make.lock" --ninja "$tok" ninja -- echo slow >"$T/lm" 2>&1
check_eq "locked-make, the key's token: runs ninja (prints nothing)" "" "$(cat "$T/lm")"
"$SRC/scripts/locked-make" "$O/.make.lock" --ninja 1$tok ninja -- echo slow >"$T/lm" 2>&1
check_eq "...another token: runs the make" slow "$(cat "$T/lm")"
check_eq "make, a key with a bad token: two makes" 2 "$(sed -i '1s/.*/1;x/' "$O/.tmp/ninja.fast-key"; makes)"

# A make killed with its process group: ninja runs each command in a
# group of its own, which the kill misses. Such a compile holds the lock
# still, so the next make waits for it rather than compile beside it (the
# broken case: robust/rebuild.t saw a third make find work left).
printf '#!/bin/sh\ncase " $* " in *" lib/string.o.tmp "*) sleep 4 ;; esac\nexec gcc "$@"\n' >"$T/slowcc"
chmod +x "$T/slowcc"
nmk CC="$T/slowcc"
touch "$S/lib/string.c"
in_group "$T/killed.out" make -C "$S" O="$O" KBUILD_ENGINE=ninja CC="$T/slowcc"
sleep 2
/bin/kill -s KILL -- "-$pgid"
wait
nmk CC="$T/slowcc"
check_grep "a make killed mid-compile: the next one waits for ninja's compile" \
	'waiting for it to finish' "$T/out"
nmk CC="$T/slowcc"
check_eq "...and the make after that finds nothing to do" "" "$(cat "$T/out")"

# Bad input.
smk O="$O" KBUILD_ENGINE=ninja2
check "KBUILD_ENGINE=ninja2: refused" test $? -ne 0
check_grep "...naming the two engines" 'KBUILD_ENGINE=ninja2: use make or ninja' "$T/out"
smk O="$O" KBUILD_ENGINE=ninja NINJA=/nonexistent/ninja
check "KBUILD_ENGINE=ninja without ninja: refused" test $? -ne 0
check_grep "...naming the package" '/nonexistent/ninja not found: install Debian package ninja-build' "$T/out"

# clean leaves nothing of the engine.
smk O="$O" clean
check_eq "make clean: no build.ninja, log or part left" "" \
	"$(cd "$O" && find . -name build.ninja -o -name '.ninja_*' -o -name '.kbuild.ninja' -o -name '*.cmd.next' -o -name 'ninja.*')"

done_testing
