#!/bin/sh
# Kbuild at scale (issue 28): a directory of 5000 objects builds, and no
# command line grows with the number of objects; the member list recorded
# in .built-in.a.cmd still rebuilds the archive when it changes;
# compile_commands.json takes a handful of processes. The trees come from
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
	"$(ar t "$O/samples/gen/d00/built-in.a" 2>/dev/null | wc -l)"
check "...and sample runs" sh -c "cd '$O' && ./sample >/dev/null"

# The member list is recorded beside the command, one line, all 5000.
check_eq "the .cmd record holds the member list" 5000 \
	"$(sed -n 's|^list_samples/gen/d00/built-in.a := ||p' "$O/samples/gen/d00/.built-in.a.cmd" | wc -w)"

# One object changed: the longest command line of the rebuild (its
# compile, ar, the audit, the link) stays far below the member list,
# which is 5000 names of about 30 bytes.
if command -v strace >/dev/null; then
	touch "$S/samples/gen/d00/f2500.c"
	(cd "$S" && strace -f -qq -s 1000000 -e trace=execve -o "$T/strace" \
		make O="$O" -j2 >"$T/out" 2>&1)
	check_grep "one source touched: the archive is made again" \
		'execve\("[^"]*/ar", \["ar", "cDPrST"' "$T/strace"
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
	"$(grep -c '"file": ".*/samples/gen/d00/f[0-9]*\.c"' "$O/compile_commands.json")"
check_grep "...each with its command" \
	'"command": "gcc .* -c -o samples/gen/d00/f2500\.o\.tmp .*/samples/gen/d00/f2500\.c"' \
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
sed -i '/^obj-y += f4999\.o$/d' "$S/samples/gen/d00/Makefile"
tmk "$S" O="$O" -j2
check_grep "a member dropped from obj-y makes the archive again" \
	'^  AR      samples/gen/d00/built-in.a$' "$T/out"
check_eq "...without it" 4999 "$(ar t "$O/samples/gen/d00/built-in.a" | wc -l)"
check_nogrep "...and compiles nothing" '^  CC ' "$T/out"
tmk "$S" O="$O" -j2
check_eq "...then a no-op prints nothing" "" "$(cat "$T/out")"

done_testing
