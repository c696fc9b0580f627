#!/bin/sh
# tests/run: slow
# Kbuild at scale: a directory of 5000 objects builds, and no
# command line grows with the number of objects; the member list recorded
# in .built-in.a.cmd still rebuilds the archive when it changes;
# compile_commands.json takes a handful of processes. At N = 1000 every
# rebuild is exactly what the sources say: one .c, a header's includers,
# one CONFIG_ symbol's users, nothing for a no-op. The trees come from
# scripts/bench/gen-tree (tiny C files), in $T.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

# A tree of $1 files in $2 directories with $3 headers, in $T/src-NAME.
gen() {
	src_copy "$T/src-$4" && sh "$SRC/scripts/bench/gen-tree" "$T/src-$4" "$1" "$2" "$3"
}
tmk() { d=$1; shift; make -C "$d" --no-print-directory "$@" >"$T/out" 2>&1; }

####
# 5000 objects in one directory. Before the member list went through a
# file, ar's command line and the printf of the .cmd record each carried
# all of them, and sh -c failed with "Argument list too long" from about
# 2700 objects on.
S="$T/src-one" O="$T/one"
gen 5000 1 0 one
tmk "$S" O="$O" x86_64_defconfig && tmk "$S" O="$O" -j2
check "5000 objects in one directory build" test -x "$O/sample"
check_nogrep "...with no 'Argument list too long'" 'Argument list too long' "$T/out"
check_eq "...and the archive has all 5000" 5000 \
	"$(ar t "$O/samples/sample/gen/d00/built-in.a" 2>/dev/null | wc -l)"
check "...and sample runs" sh -c "cd '$O' && ./sample >/dev/null"

# The member list is recorded beside the command, one line, all 5000.
check_eq "the .cmd record holds the member list" 5000 \
	"$(sed -n 's|^list_samples/sample/gen/d00/built-in.a := ||p' "$O/samples/sample/gen/d00/.built-in.a.cmd" | wc -w)"

# One object changed: the longest command line of the rebuild (its
# compile, ar, the audit, the link) stays far below the member list,
# which is 5000 names of about 30 bytes.
if command -v strace >/dev/null; then
	touch "$S/samples/sample/gen/d00/f2500.c"
	(cd "$S" && strace -f -qq -s 1000000 -e trace=execve -o "$T/strace" \
		make O="$O" -j2 >"$T/out" 2>&1)
	check_grep "one source touched: the archive is made again" \
		'execve\("[^"]*/ar", \["ar", "cDqS"' "$T/strace"
	longest=$(grep -v ENOENT "$T/strace" | awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }')
	echo "# longest command started: $longest bytes"
	check "...and no command line is longer than 8 KiB" test "$longest" -lt 8192
else
	skip "no command line grows with N" "strace is not installed"
fi

# compile_commands.json: one entry per source, and a handful of
# processes to write it however many there are (a `cat` per record before).
tmk "$S" O="$O" compile_commands.json
check "compile_commands.json is valid JSON" python3 -m json.tool "$O/compile_commands.json" /dev/null
check_eq "...with an entry for each of the 5000 generated sources" 5000 \
	"$(grep -c '"file": ".*/samples/sample/gen/d00/f[0-9]*\.c"' "$O/compile_commands.json")"
check_grep "...each with its command" \
	'"command": "gcc .* -c -o samples/sample/gen/d00/f2500\.o\.tmp .*/samples/sample/gen/d00/f2500\.c"' \
	"$O/compile_commands.json"
if command -v strace >/dev/null; then
	# execs() ARGS: how many programs make ARGS starts.
	execs() {
		(cd "$S" && strace -f -qq -e trace=execve -o "$T/strace" \
			make O="$O" "$@" >"$T/out" 2>&1)
		grep -v ENOENT "$T/strace" | grep -c ' execve('
	}
	noop=$(execs) compdb=$(execs compile_commands.json)
	echo "# a no-op starts $noop programs, make compile_commands.json $compdb"
	check "...and writing it starts no more than 8 programs beyond a no-op's" \
		test $((compdb - noop)) -le 8
fi

# A member dropped from obj-y, no file newer, no command changed: only the
# recorded list tells if_changed to make the archive again.
sed -i '/^obj-y += f4999\.o$/d' "$S/samples/sample/gen/d00/Makefile"
tmk "$S" O="$O" -j2
check_grep "a member dropped from obj-y makes the archive again" \
	'^  AR      samples/sample/gen/d00/built-in.a$' "$T/out"
check_eq "...without it" 4999 "$(ar t "$O/samples/sample/gen/d00/built-in.a" | wc -l)"
check_nogrep "...and compiles nothing" '^  CC ' "$T/out"
tmk "$S" O="$O" -j2
check_eq "...then a no-op prints nothing" "" "$(cat "$T/out")"

####
# Precision at N = 1000 (20 directories of 50, 40 shared headers): what
# is compiled after each change is exactly what the sources say depends
# on it, read back from them with grep, counted with a logging compiler.
S="$T/src-1000" O="$T/n1000"
gen 1000 20 40 1000
LOGCC="$SRC/tests/bin/logcc"
CC_LOG="$T/cc.log"; export CC_LOG
tmk "$S" O="$O" CC="$LOGCC" x86_64_defconfig && tmk "$S" O="$O" CC="$LOGCC" -j2
check "N=1000: a tree of 1000 objects in 20 directories builds" test -x "$O/sample"

# compiled: the target objects the logged compiler wrote since the log was
# emptied, sorted (an image's banner object, .IMAGE.ssp_mode.o, is assembled on every
# link, so it is left out).
compiled() {
	sed -n 's/.* -c -o \([^ ]*\.o\)\.tmp .*/\1/p' "$CC_LOG" | grep -v '\.ssp_mode\.o$' | sort
}
# objects-of FILE...: the objects of those generated sources, sorted.
objects_of() { for f in "$@"; do echo "${f%.c}.o"; done | sed "s|^$S/||" | sort; }
total=$(ls "$S"/samples/sample/gen/d*/*.c | wc -l)

# A no-op first.
: >"$CC_LOG"
tmk "$S" O="$O" CC="$LOGCC" -j2
check_eq "N=1000: a no-op prints nothing" "" "$(cat "$T/out")"
check_eq "...and starts no compiler" 0 "$(wc -l <"$CC_LOG")"

# One source touched: its object, and the link.
: >"$CC_LOG"
touch "$S/samples/sample/gen/d07/f0507.c"
tmk "$S" O="$O" CC="$LOGCC" -j2
check_eq "N=1000: touching one .c compiles that object alone" \
	"samples/sample/gen/d07/f0507.o" "$(compiled)"
check_grep "...and links sample again" ' -o samples/sample/sample\.tmp ' "$CC_LOG"

# A header: exactly the sources that include it.
h=samples/sample/gen/include/gen/h05.h
want=$(objects_of $(grep -l '^#include <gen/h05\.h>$' "$S"/samples/sample/gen/d*/*.c))
n=$(echo "$want" | wc -l)
: >"$CC_LOG"
touch "$S/$h"
tmk "$S" O="$O" CC="$LOGCC" -j2
got=$(compiled)
check "N=1000: $h has includers, not every source ($n of $total)" \
	test "$n" -gt 1 -a "$n" -lt "$total"
check_eq "...touching it compiles exactly its $n includers" "$want" "$got"

# One CONFIG_ symbol: exactly the sources that mention it, directly or
# through a header.
users=$(grep -rl 'CONFIG_GEN_SYM_11\b' "$S/samples/sample/gen" | sed "s|^$S/samples/sample/gen/include/||")
want=$(objects_of $(for u in $users; do case $u in
	*.c) echo "$u" ;;
	*.h) grep -l "^#include <$u>\$" "$S"/samples/sample/gen/d*/*.c ;;
	esac; done | sort -u))
n=$(echo "$want" | wc -l)
check_eq "N=1000: CONFIG_GEN_SYM_11 is mentioned by one header only" \
	"gen/h11.h" "$users"
: >"$CC_LOG"
sed -i 's/^CONFIG_GEN_SYM_11=11$/CONFIG_GEN_SYM_11=111/' "$O/.config"
tmk "$S" O="$O" CC="$LOGCC" -j2
check_grep "...its new value reaches auto.conf" '^CONFIG_GEN_SYM_11=111$' "$O/include/config/auto.conf"
check_eq "...and changing it compiles exactly the $n sources that use it" "$want" "$(compiled)"

# A header moved to another directory of the include path: its old path,
# a prerequisite of its includers, is missing, which must rebuild them
# (make 4.3 lists a missing prerequisite in $?), and exactly them.
want=$(objects_of $(grep -l '^#include <gen/h21\.h>$' "$S"/samples/sample/gen/d*/*.c))
n=$(echo "$want" | wc -l)
mkdir -p "$S/include/gen"
mv "$S/samples/sample/gen/include/gen/h21.h" "$S/include/gen/h21.h"
: >"$CC_LOG"
tmk "$S" O="$O" CC="$LOGCC" -j2
check_eq "N=1000: a header moved along the include path rebuilds exactly its $n includers" \
	"$want" "$(compiled)"
check_eq "...whose records now name its new path" "$n" \
	"$(grep -l "^ *$S/include/gen/h21\\.h " "$O"/samples/sample/gen/d*/.f*.o.cmd | wc -l)"

: >"$CC_LOG"
tmk "$S" O="$O" CC="$LOGCC" -j2
check_eq "N=1000: then a no-op starts no compiler" 0 "$(wc -l <"$CC_LOG")"

done_testing
