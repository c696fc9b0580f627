#!/bin/sh
# fixdep, which starts once per compile, is linked with musl where
# musl-gcc links and runs a static program and the host compiler is the
# default gcc; else statically when the host compiler can link a program
# so (scripts/basic/Makefile, hostcc-static and hostld-option in
# scripts/Kbuild.include); else as any other host program: the build
# works each way. (A sanitized build, where gcc refuses -static, is
# robust/hosttools.t's.)
. "$(dirname "$0")/../lib.sh"

# interp FILE: the dynamic loader FILE asks for, or nothing for a static
# program.
interp() { readelf -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p'; }
# glibc FILE: true if FILE carries the note glibc's start files put in
# every program (.note.ABI-tag); musl's carry none.
glibc() { readelf -S "$1" | grep -q '\.note\.ABI-tag'; }
# links_static CC: true if CC links a static program that runs.
links_static() {
	printf 'int main(void) { return 0; }\n' | $1 -static -x c - -o "$T/static" 2>/dev/null && "$T/static"
}

O="$T/obj"
mk O="$O" defconfig && mk O="$O" -j2
check_eq "the kit builds" 0 $?
if command -v musl-gcc >/dev/null && links_static musl-gcc; then
	check_grep "...with fixdep linked by musl-gcc, installed here" \
		'^cmd_scripts/basic/fixdep := musl-gcc .* -static ' "$O/scripts/basic/.fixdep.cmd"
	check_eq "...static" "" "$(interp "$O/scripts/basic/fixdep")"
	check_fails "...without glibc's start files" glibc "$O/scripts/basic/fixdep"
else
	for c in "...with fixdep linked by musl-gcc, installed here" "...static" \
		"...without glibc's start files"; do
		skip "$c" "musl-gcc (Debian musl-tools) is not installed or cannot link a static program"
	done
fi
check_grep "...the objects' records come from it" '^deps_lib/string.o :=' "$O/lib/.string.o.cmd"

# A host compiler of the user's own (here gcc by its path): musl-gcc
# wraps gcc, not it, so fixdep is linked by it, statically with glibc.
O="$T/glibc"
gcc=$(command -v gcc)
mk O="$O" defconfig && mk O="$O" -j2 HOSTCC="$gcc"
check_eq "HOSTCC=$gcc builds the kit" 0 $?
check_grep "...fixdep was linked by it" "^cmd_scripts/basic/fixdep := $gcc " "$O/scripts/basic/.fixdep.cmd"
if links_static gcc; then
	check_eq "...static, as gcc links a program here" "" "$(interp "$O/scripts/basic/fixdep")"
	check_grep "...its link says -static" ' -static ' "$O/scripts/basic/.fixdep.cmd"
	check "...with glibc's start files" glibc "$O/scripts/basic/fixdep"
else
	for c in "...static, as gcc links a program here" "...its link says -static" \
		"...with glibc's start files"; do
		skip "$c" "gcc -static fails on this host"
	done
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
if links_static gcc; then
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

# musl-gcc is part of the probes' identity too: one that could not link
# statically, then changed and now can, links fixdep with musl at the
# next make. (Here a musl-gcc first on PATH that refuses -static.)
if command -v musl-gcc >/dev/null && links_static musl-gcc; then
	mkdir -p "$T/mbin" && cp "$SRC/tests/bin/cc-reject" "$T/mbin/musl-gcc"
	O="$T/musl-swap"
	export CC_REJECT=-static REAL_CC="$(command -v musl-gcc)"
	PATH="$T/mbin:$PATH" mk O="$O" defconfig && PATH="$T/mbin:$PATH" mk O="$O" -j2
	check_nogrep "a musl-gcc that cannot link statically: fixdep is not linked by it" \
		'^cmd_scripts/basic/fixdep := musl-gcc ' "$O/scripts/basic/.fixdep.cmd"
	unset CC_REJECT
	echo '# changed' >>"$T/mbin/musl-gcc"
	PATH="$T/mbin:$PATH" mk O="$O" -j2
	check_eq "...it changed, and can: the next make builds the kit" 0 $?
	unset REAL_CC
	check_grep "...with fixdep linked by it" '^cmd_scripts/basic/fixdep := musl-gcc .* -static ' \
		"$O/scripts/basic/.fixdep.cmd"
	check_fails "...without glibc's start files" glibc "$O/scripts/basic/fixdep"

	# One that links, but whose programs do not run (a broken install):
	# the probe runs what it linked, and fixdep is linked by gcc.
	mkdir -p "$T/nbin"
	cat >"$T/nbin/musl-gcc" <<-EOF
	#!/bin/sh
	out= prev=
	for a in "\$@"; do [ "\$prev" = -o ] && out=\$a; prev=\$a; done
	$(command -v musl-gcc) "\$@" || exit
	[ -z "\$out" ] || printf '#!/bin/false\\n' >"\$out"
	EOF
	chmod +x "$T/nbin/musl-gcc"
	O="$T/musl-norun"
	PATH="$T/nbin:$PATH" mk O="$O" defconfig && PATH="$T/nbin:$PATH" mk O="$O" -j2
	check_eq "a musl-gcc whose programs do not run: the kit builds" 0 $?
	check_nogrep "...fixdep not linked by it" '^cmd_scripts/basic/fixdep := musl-gcc ' \
		"$O/scripts/basic/.fixdep.cmd"
else
	for c in "a musl-gcc that cannot link statically: fixdep is not linked by it" \
		"...it changed, and can: the next make builds the kit" "...with fixdep linked by it" \
		"...without glibc's start files" "a musl-gcc whose programs do not run: the kit builds" \
		"...fixdep not linked by it"; do
		skip "$c" "musl-gcc (Debian musl-tools) is not installed or cannot link a static program"
	done
fi
done_testing
