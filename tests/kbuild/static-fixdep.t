#!/bin/sh
# fixdep, which starts once per compile, is linked statically when the
# host compiler can link a program so (scripts/basic/Makefile,
# hostld-option in scripts/Kbuild.include), and as any other host
# program when it cannot: the build works either way. (A sanitized
# build, where gcc refuses -static, is robust/hosttools.t's.)
. "$(dirname "$0")/../lib.sh"

# interp FILE: the dynamic loader FILE asks for, or nothing for a static
# program.
interp() { readelf -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p'; }

O="$T/obj"
mk O="$O" defconfig && mk O="$O" -j2
check_eq "the kit builds" 0 $?
if printf 'int main(void) { return 0; }\n' | gcc -static -x c - -o "$T/static" 2>/dev/null &&
	"$T/static"; then
	check_eq "...with fixdep static, as gcc links a program here" "" "$(interp "$O/scripts/basic/fixdep")"
	check_grep "...its link says -static" ' -static ' "$O/scripts/basic/.fixdep.cmd"
else
	skip "fixdep is static where gcc links static programs" "gcc -static fails on this host"
	skip "...its link says -static" "gcc -static fails on this host"
fi
check_grep "...the objects' records come from it" '^deps_lib/string.o :=' "$O/lib/.string.o.cmd"

# A host compiler that refuses -static, as a host with no libc.a does.
O="$T/dyn"
export CC_REJECT=-static REAL_CC=gcc
mk O="$O" defconfig && mk O="$O" -j2 HOSTCC="$SRC/tests/bin/cc-reject"
check_eq "a host compiler that cannot link statically builds the kit" 0 $?
unset CC_REJECT REAL_CC
check_grep "...fixdep was linked by it" \
	"^cmd_scripts/basic/fixdep := $SRC/tests/bin/cc-reject .* -o scripts/basic/fixdep" \
	"$O/scripts/basic/.fixdep.cmd"
check_nogrep "...without -static" ' -static ' "$O/scripts/basic/.fixdep.cmd"
check "...and asks for the dynamic loader" test -n "$(interp "$O/scripts/basic/fixdep")"
check_grep "...the objects' records come from it" '^deps_lib/string.o :=' "$O/lib/.string.o.cmd"

# The host compiler is part of the probes' identity: a new one (here the
# same program, changed, and now linking statically) is probed afresh,
# where a cached answer from the old one would keep fixdep dynamic.
if [ -z "$(interp "$T/obj/scripts/basic/fixdep")" ]; then
	mkdir -p "$T/bin" && cp "$SRC/tests/bin/cc-reject" "$T/bin/hostcc"
	O="$T/swap"
	export CC_REJECT=-static REAL_CC=gcc
	mk O="$O" defconfig && mk O="$O" -j2 HOSTCC="$T/bin/hostcc"
	unset CC_REJECT
	check "a host compiler that cannot link statically: fixdep dynamic" \
		test -n "$(interp "$O/scripts/basic/fixdep")"
	echo '# changed' >>"$T/bin/hostcc"
	mk O="$O" -j2 HOSTCC="$T/bin/hostcc"
	unset REAL_CC
	check_eq "...the host compiler changed, and links statically: fixdep static" \
		"" "$(interp "$O/scripts/basic/fixdep")"
	check_grep "...its program is in the probes' identity" \
		"$T/bin/hostcc:[0-9]+\\.[0-9]+\\.[0-9]+" "$O/.tmp/probes.mk"
else
	skip "a host compiler that cannot link statically: fixdep dynamic" "gcc -static fails on this host"
	skip "...the host compiler changed, and links statically: fixdep static" "gcc -static fails on this host"
	skip "...its program is in the probes' identity" "gcc -static fails on this host"
fi
done_testing
