#!/bin/sh
# Incremental builds: (a) a no-op make starts no compiler, (b) a changed
# global flag rebuilds every object, (c) a changed symbol rebuilds only the
# objects that mention it, (d) O= leaves the source tree untouched; and
# probes are cached per compiler and redone when the compiler changes.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
CC_LOG="$T/cc.log"; export CC_LOG
LOGCC="$SRC/tests/bin/logcc"
status_before=$(git -C "$SRC" status --porcelain 2>/dev/null)

mk O="$O" x86_64_defconfig && mk O="$O" CC="$LOGCC"
check "full build with a wrapper CC" test -x "$O/sample"

objects=$(cd "$O" && find arch kernel lib samples -name '*.o' ! -name '*.ssp_mode.o' | wc -l)
# Each compile writes NAME.o.tmp, renamed to NAME.o once complete.
compiles() { grep -- ' -c -o [^ ]*\.o\.tmp ' "$CC_LOG" 2>/dev/null | grep -vc ' -o [^ ]*\.ssp_mode\.o\.tmp ' || true; }
starts() { [ -f "$CC_LOG" ] && wc -l <"$CC_LOG" || echo 0; }

# (a)
: >"$CC_LOG"
mk O="$O" CC="$LOGCC"
check_eq "(a) no-op make starts no compiler, assembler or linker" 0 "$(starts)"
check_eq "(a) no-op make prints nothing" "" "$(cat "$T/out")"
if command -v strace >/dev/null; then
	(cd "$SRC" && strace -f -qq -e trace=execve -o "$T/strace" \
		make O="$O" CC="$LOGCC" >/dev/null 2>&1)
	procs=$(grep -v ENOENT "$T/strace" | grep -c 'execve(')
	echo "# no-op make started $procs processes (strace -f -e trace=execve)"
	check_nogrep "(a) no-op make runs no gcc, cc1, as or ld" \
		'execve\("[^"]*/(gcc|cc1|as|ld|logcc)"' "$T/strace"
fi

# (b) KCFLAGS reaches every C object (as in Kbuild, not the assembler
# sources); KCPPFLAGS reaches every object.
c_objects=$(cd "$SRC" && for o in $(cd "$O" && find arch kernel lib samples -name '*.o'); do
	[ -f "${o%.o}.c" ] && echo "$o"; done | wc -l)
: >"$CC_LOG"
mk O="$O" CC="$LOGCC" KCFLAGS=-DSSPKIT_TEST_FLAG
check_eq "(b) KCFLAGS change rebuilds all $c_objects C objects" "$c_objects" "$(compiles)"
: >"$CC_LOG"
mk O="$O" CC="$LOGCC" KCFLAGS=-DSSPKIT_TEST_FLAG
check_eq "(b) the same KCFLAGS again rebuilds nothing" 0 "$(starts)"
: >"$CC_LOG"
mk O="$O" CC="$LOGCC" KCPPFLAGS=-DSSPKIT_TEST_FLAG
check_eq "(b) KCPPFLAGS instead rebuilds all $objects objects" "$objects" "$(compiles)"
: >"$CC_LOG"
mk O="$O" CC="$LOGCC"
check_eq "(b) dropping the flag rebuilds all objects again" "$objects" "$(compiles)"

# (c) CONFIG_LOCALVERSION is mentioned by samples/sample/main.c only.
mentions=$(cd "$SRC" && grep -rl CONFIG_LOCALVERSION --include='*.[chS]' --exclude-dir=generated . | sort)
check_eq "(c) exactly one source mentions CONFIG_LOCALVERSION" \
	"./samples/sample/main.c" "$mentions"
: >"$CC_LOG"
sed -i 's/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION="-c"/' "$O/.config"
mk O="$O" CC="$LOGCC"
check_eq "(c) one compile after changing CONFIG_LOCALVERSION" 1 "$(compiles)"
check_grep "(c) the one compile is samples/sample/main.o" \
	'-o samples/sample/main.o.tmp ' "$CC_LOG"
check_grep "(c) the new value reaches the banner" '^sspkit sample-c:' \
	"$(cd "$O" && ./sample >"$T/banner"; echo "$T/banner")"

# (c) fixdep finds a symbol, a whole word, wherever it stands: here a
# header's last bytes, with no newline after it (kconfig's file for
# CONFIG_FOO_BAR is include/config/foo/bar.h).
printf '#include "last.h"\n' >"$T/last.c"
printf '/* last, not XCONFIG_SAMPLE_RLE */\n#if CONFIG_CC_STACKPROTECTOR_STRONG\n#endif\n// CONFIG_SAMPLE_LZ' >"$T/last.h"
printf 'last.o: %s \\\n %s\n' "$T/last.c" "$T/last.h" >"$T/last.d"
"$O/scripts/basic/fixdep" "$T/last.d" last.o 'cc -c last.c' >"$T/last.cmd"
check_grep "(c) fixdep: a symbol in the middle of a header" \
	'^    \$\(wildcard include/config/cc/stackprotector/strong\.h\) \\$' "$T/last.cmd"
check_grep "(c) fixdep: ...and one that ends the file, whole" \
	'^    \$\(wildcard include/config/sample/lz\.h\) \\$' "$T/last.cmd"
check_nogrep "(c) fixdep: ...but no CONFIG_ inside a longer word" 'sample/rle' "$T/last.cmd"

# (d)
check_eq "(d) O= build leaves the source tree's git status unchanged" \
	"$status_before" "$(git -C "$SRC" status --porcelain 2>/dev/null)"
check "(d) no object in the source tree from an O= build" \
	test ! -e "$SRC/samples/sample/.main.o.cmd" -o -e "$SRC/.config"

# Probes: cached per compiler identity, redone for a new or updated one.
probes() { grep -c -- '-x c /dev/null\|ssp-probe.c' "$CC_LOG" 2>/dev/null || true; }
mkdir -p "$T/bin"
cp "$LOGCC" "$T/bin/cc-a"
: >"$CC_LOG"
mk O="$O" CC="$T/bin/cc-a"
first=$(probes)
check "a new compiler is probed afresh" test "$first" -gt 0
: >"$CC_LOG"
mk O="$O" CC="$T/bin/cc-a"
check_eq "its probe results are then cached" 0 "$(probes)"
sleep 1; cp "$LOGCC" "$T/bin/cc-a.new"; mv "$T/bin/cc-a.new" "$T/bin/cc-a"
: >"$CC_LOG"
mk O="$O" CC="$T/bin/cc-a"
check_eq "an updated compiler binary is probed afresh" "$first" "$(probes)"

done_testing
