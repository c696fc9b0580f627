#!/bin/sh
# tests/run: slow
# The real build farms and caches (issue 35, 5): distcc to a distccd this
# test starts on 127.0.0.1, with gcc and with LLVM=1 clang, and ccache
# with gcc, in its default mode and with CCACHE_NOCPP2=1 (the compiler
# then compiles the preprocessed text, as distcc's helpers do). Each full
# build and each rebuild after make clean succeeds, and make spaudit's
# verdict equals the plain build's, object for object. distcc runs with
# DISTCC_FALLBACK=0, so a compile it could not send fails instead of
# running here, and the daemon's log counts what it compiled. A ccache
# hit never brings an object built with other protection flags into the
# image: strong, then none, then strong again from the cache audits as
# the plain strong build does.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

for t in distcc distccd ccache clang python3; do
	command -v $t >/dev/null || { skip "build farms" "no $t (scripts/install-deps installs it)"; done_testing; }
done

# build NAME ARGS...: configure and build O=$T/NAME, its audit in $T/NAME.audit.
build() {
	name=$1; shift
	mk O="$T/$name" "$@" x86_64_defconfig && mk O="$T/$name" "$@"; rc=$?
	make -s -C "$SRC" O="$T/$name" spaudit >"$T/$name.audit" 2>&1
	return $rc
}
# rebuild NAME ARGS...: make clean, make again, the audit in $T/NAME.audit.
rebuild() {
	name=$1; shift
	mk O="$T/$name" clean && mk O="$T/$name" "$@"; rc=$?
	make -s -C "$SRC" O="$T/$name" spaudit >"$T/$name.audit" 2>&1
	return $rc
}
# same_audit NAME REF: the audits agree, object for object.
same_audit() {
	if cmp -s "$T/$2.audit" "$T/$1.audit"; then pass "$3"
	else fail "$3" "$(diff "$T/$2.audit" "$T/$1.audit" | head -20)"; fi
}

build plain-gcc; check_eq "plain gcc build" 0 $?
build plain-clang LLVM=1; check_eq "plain clang build" 0 $?
check_grep "...its audit lists objects" '^kernel/start\.o ' "$T/plain-gcc.audit"

####
# distcc: a daemon of the test's own on a free port, killed on exit.
# Started by root, distccd runs as its own user, which may not open files
# in this test's folder: its log goes to stderr, and the pid file is the
# test's ($!, the daemon itself under --no-detach).
D="$T/distccd"
mkdir -p "$D" "$T/distcc-state"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
distccd --daemon --no-detach --log-stderr --log-level info --allow 127.0.0.1 \
	--listen 127.0.0.1 --port "$port" --jobs 2 2>"$D/log" &
daemon=$!
echo $daemon >"$D/pid"
trap 'kill $daemon 2>/dev/null' EXIT
trap 'exit 1' INT TERM
i=0
until grep -q 'daemon started' "$D/log" 2>/dev/null || [ $i -ge 50 ]; do sleep 0.1; i=$((i + 1)); done
check_grep "distccd started on 127.0.0.1:$port" 'daemon started' "$D/log"
export DISTCC_HOSTS="127.0.0.1:$port/2" DISTCC_FALLBACK=0 DISTCC_DIR="$T/distcc-state"

# sent: compiles the daemon has finished so far.
sent() { grep -c 'COMPILE_OK' "$D/log"; }
# compiles: target compiles the last make ran (C and assembler).
compiles() { grep -cE '^  (CC|AS) ' "$T/out"; }
c_compiles() { grep -cE '^  CC ' "$T/out"; }
for cc in gcc clang; do
	llvm=""; [ $cc = clang ] && llvm=LLVM=1
	for step in "build:full build" "rebuild:rebuild after make clean"; do
		before=$(sent)
		${step%%:*} distcc-$cc $llvm CC="distcc $cc"; rc=$?
		n=$(($(sent) - before)) all=$(compiles) c=$(c_compiles)
		echo "# distcc $cc, ${step#*:}: $n of $all compiles sent to the daemon ($c C)"
		check_eq "distcc $cc: ${step#*:}" 0 $rc
		check "...every C compile went to the daemon" test "$n" -ge "$c" -a "$c" -gt 0
		same_audit distcc-$cc plain-$cc "...audit equals the plain build's"
	done
done

kill "$(cat "$D/pid")"; wait $daemon 2>/dev/null
check_fails "distccd is stopped" kill -0 $daemon

####
# ccache, in a cache of the test's own.
export CCACHE_DIR="$T/ccache"
# stat NAME: one of ccache's counters.
stat() { ccache --print-stats | awk -v k="$1" '$1 == k { print $2 }'; }
for nocpp2 in "" 1; do
	v=ccache${nocpp2:+-nocpp2}
	export CCACHE_NOCPP2=$nocpp2
	[ -z "$nocpp2" ] && unset CCACHE_NOCPP2
	ccache -C >/dev/null; ccache -z >/dev/null
	build $v CC="ccache gcc"; rc=$?
	check_eq "$v: full build" 0 $rc
	same_audit $v plain-gcc "...audit equals the plain build's"
	ccache -z >/dev/null
	rebuild $v CC="ccache gcc"; rc=$?
	hits=$(($(stat direct_cache_hit) + $(stat preprocessed_cache_hit)))
	misses=$(($(stat cache_miss)))
	echo "# $v, rebuild after make clean: $hits hits, $misses misses ($(c_compiles) C compiles)"
	check_eq "$v: rebuild after make clean" 0 $rc
	check "...every C compile a hit" test "$hits" -ge "$(c_compiles)" -a "$misses" -eq 0
	same_audit $v plain-gcc "...audit equals the plain build's"
done
unset CCACHE_NOCPP2

# Strong, then none, then strong again: the cache holds both; the
# objects that come back must be the strong ones.
mk O="$T/ccache" none.config && mk O="$T/ccache" CC="ccache gcc"; rc=$?
make -s -C "$SRC" O="$T/ccache" spaudit >"$T/ccache.audit" 2>&1
check_eq "ccache: the same tree in mode none builds" 0 $rc
check_grep "...and audits as none" '^lib/string\.o .* none ' "$T/ccache.audit"
ccache -z >/dev/null
mk O="$T/ccache" strong.config && mk O="$T/ccache" CC="ccache gcc"; rc=$?
make -s -C "$SRC" O="$T/ccache" spaudit >"$T/ccache.audit" 2>&1
hits=$(($(stat direct_cache_hit) + $(stat preprocessed_cache_hit)))
echo "# ccache, back to strong: $hits hits"
check_eq "ccache: back to strong builds" 0 $rc
check "...from the cache" test "$hits" -gt 0
same_audit ccache plain-gcc "...audit equals the plain strong build's, object for object"

done_testing
