#!/bin/sh
# What a new user types: a defconfig for another arch, a compiler that is
# empty, missing or for another target, LLVM=1 where clang cannot go, paths
# make cannot use, an empty .config, a long LOCALVERSION; and the texts of
# STRICT, of the broken-compiler fallback, and of the mips link.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
B="$SRC/tests/bin"
# nothing_built DIR: no object, probe cache or host program was made.
nothing_built() { test -z "$(find "$1" \( -name '*.o' -o -name fixdep -o -name probes.mk \) 2>/dev/null)"; }

# 5. A defconfig belongs to its arch: without ARCH= it is an error naming
# the command to run, and nothing is written.
other=arm64; [ "$(uname -m)" = aarch64 ] && other=riscv
mk O="$O" defconfig
cp "$O/.config" "$T/before"
mk O="$O" ${other}_defconfig; rc=$?
check "(5) make ${other}_defconfig without ARCH= fails" test $rc -ne 0
check_grep "(5) ...naming the arch and the command to run" \
	"configs/${other}_defconfig is for ARCH=$other, and this make is for ARCH=[a-z0-9_]+ \(this machine's default\): run \"make ARCH=$other O=$O ${other}_defconfig\", and give ARCH=$other to every make in that tree" "$T/out"
check "(5) ...and leaves .config as it was" cmp -s "$T/before" "$O/.config"
mk O="$T/$other" ARCH=$other ${other}_defconfig; rc=$?
check_eq "(5) with ARCH=$other it is written" 0 $rc
check_grep "(5) ...for $other" "^# sspkit/$other Configuration" "$T/$other/.config"

# 6. Compilers: one check that the compiler exists and builds for ARCH.
mk O="$O" CC=; rc=$?
check "(6) CC= (empty) fails" test $rc -ne 0
check_grep "(6) ...saying CC is empty and what the default is" \
	'CC is empty: give CC= a compiler for ARCH=x86_64, or leave CC out to use gcc' "$T/out"
check_nogrep "(6) ...before any shell runs a command without it" 'not found|-Wp,-MMD' "$T/out"

mk O="$O" CC=/nonexistent/gcc; rc=$?
check "(6) CC=/nonexistent/gcc fails" test $rc -ne 0
check_grep "(6) ...naming the compiler and the CC= given" \
	'compiler "/nonexistent/gcc" not found \(ARCH=x86_64 CC=/nonexistent/gcc\): check the CC= you gave' "$T/out"
check_nogrep "(6) ...without advice to install a package" 'install Debian package' "$T/out"

if command -v arm-linux-gnueabihf-gcc >/dev/null; then
	mk O="$T/arm" ARCH=arm defconfig
	for cross in "" aarch64-linux-gnu-; do
		target=$(${cross}gcc -dumpmachine 2>/dev/null) || { skip "(6) CROSS_COMPILE=$cross" "no ${cross}gcc"; continue; }
		mk O="$T/arm" ARCH=arm CROSS_COMPILE=$cross; rc=$?
		check "(6) ARCH=arm CROSS_COMPILE=$cross fails" test $rc -ne 0
		check_grep "(6) ...naming the compiler, its target and the expected one" \
			"compiler \"${cross}gcc\" builds for $target, not for ARCH=arm \(arm-\* armv\*\): use a compiler for arm: CROSS_COMPILE=arm-linux-gnueabihf- \(Debian package gcc-arm-linux-gnueabihf\) or a CC= that builds for it" "$T/out"
		check_nogrep "(6) ...with no stack-protector warning and no assembler error" \
			'Cannot use|broken|Error: |as: ' "$T/out"
		check "(6) ...and compiles nothing" nothing_built "$T/arm/lib"
	done
	# A config target needs no compiler: one for another target is
	# warned about and, like none, tells Kconfig nothing.
	mk O="$T/armcfg" ARCH=arm CROSS_COMPILE= defconfig; rc=$?
	check_eq "(6) ARCH=arm CROSS_COMPILE= defconfig still configures" 0 $rc
	check_grep "(6) ...warning that the compiler builds for $(gcc -dumpmachine)" \
		"compiler \"gcc\" builds for $(gcc -dumpmachine), not for ARCH=arm .*; the configuration is written without its probes" "$T/out"
	check_grep "(6) ...writing an arm .config" '^# sspkit/arm Configuration' "$T/armcfg/.config"
	check_nogrep "(6) ...with no CC_HAS_* from the wrong compiler" '^CONFIG_CC_HAS_.*=y' "$T/armcfg/.config"
	check_nogrep "(6) ...and no stack-protector warning" 'Cannot use|broken' "$T/out"
else
	skip "(6) ARCH=arm with another target's compiler" "no arm cross compiler"
fi

# The target is probed once per compiler identity, and cached.
CC_LOG="$T/cc.log"; export CC_LOG
: >"$CC_LOG"
mk O="$O" CC="$B/logcc"
check_eq "(6) a new compiler's target is probed once" 1 "$(grep -c -- '-dumpmachine' "$CC_LOG")"
: >"$CC_LOG"
mk O="$O" CC="$B/logcc"
check_eq "(6) ...and then taken from the cache" 0 "$(grep -c -- '-dumpmachine' "$CC_LOG")"
unset CC_LOG

for arch in sh m68k; do
	mk O="$T/llvm-$arch" ARCH=$arch ${arch}_defconfig
	(cd "$T/llvm-$arch" && find . | sort) >"$T/files-before"
	mk O="$T/llvm-$arch" ARCH=$arch LLVM=1; rc=$?
	check "(6) LLVM=1 ARCH=$arch fails" test $rc -ne 0
	check_grep "(6) ...saying clang cannot build it, and what to do" \
		"LLVM=1 cannot build ARCH=$arch: clang 14.* build it with gcc \(leave out LLVM=1\)" "$T/out"
	check_nogrep "(6) ...before any fallback warning or clang error" 'Cannot use|error:' "$T/out"
	check_eq "(6) ...and before anything runs (no file made or removed)" \
		"$(cat "$T/files-before")" "$(cd "$T/llvm-$arch" && find . | sort)"
	mk O="$T/llvm-cfg-$arch" ARCH=$arch LLVM=1 ${arch}_defconfig; rc=$?
	check_eq "(6) LLVM=1 ARCH=$arch ${arch}_defconfig still configures" 0 $rc
	check_grep "(6) ...warning that it has no probes" \
		"LLVM=1 cannot build ARCH=$arch: .*; the configuration is written without its probes" "$T/out"
	check_nogrep "(6) ...and tells Kconfig nothing of clang" 'CC_HAS_STACKPROTECTOR_[A-Z]*=y' "$T/llvm-cfg-$arch/.config"
done

# 7. Paths make cannot use: the one rule for names (tests/robust/names.t),
# and nothing created.
mk O="$T/new dir/obj" defconfig; rc=$?
check "(7) O= with a space fails" test $rc -ne 0
check_grep "(7) ...naming O= and the space" \
	"O=\"$T/new dir/obj\": a space is not allowed in a name" "$T/out"
check "(7) ...creating nothing" test ! -e "$T/new dir"
mk O="$T/new:dir" defconfig; rc=$?
check "(7) O= with a colon fails" test $rc -ne 0
check_grep "(7) ...naming O= and the colon" "O=\"$T/new:dir\": ':' is not allowed in a name" "$T/out"
check "(7) ...creating nothing" test ! -e "$T/new:dir"
mkdir -p "$T/src tree"
git -C "$SRC" ls-files -z | (cd "$SRC" && xargs -0 tar -cf - 2>/dev/null) | tar -C "$T/src tree" -xf -
(cd "$T/src tree" && make defconfig >"$T/out" 2>&1); rc=$?
check "(7) a source path with a space fails" test $rc -ne 0
check_grep "(7) ...naming the source directory and the space" \
	"the source directory \"$T/src tree\": a space is not allowed in a name" "$T/out"
check "(7) ...creating nothing in the tree" test ! -e "$T/src tree/.config" -a ! -e "$T/src tree/.tmp"
(cd "$T/src tree" && make O="$T/from-spaced" defconfig >"$T/out" 2>&1)
check "(7) ...nor in O=" test ! -e "$T/from-spaced"

# A directory this user may not write to: as root, run make as nobody.
ro=$(mktemp -d "${TMPDIR:-/tmp}/sspkit-ro.XXXXXX")
chmod 755 "$ro"
as_user=""
if [ "$(id -u)" -eq 0 ]; then as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups"
else chmod 555 "$ro"; fi
if $as_user test -r "$SRC/Makefile" 2>/dev/null; then
	(cd "$SRC" && $as_user make O="$ro" defconfig >"$T/out" 2>&1); rc=$?
	check "(7) an O= that is not writable fails" test $rc -ne 0
	check_grep "(7) ...saying so" "output directory \"$ro\" is not writable: give O= a directory you may write to" "$T/out"
	check_nogrep "(7) ...not with kconfig's generic error" 'Error during writing' "$T/out"
	check "(7) ...and writes nothing there" test -z "$(ls -A "$ro")"
else
	skip "(7) an O= that is not writable" "the source tree is not readable by nobody"
fi
chmod 755 "$ro"; rm -rf "$ro"

# 8. An empty .config: every symbol was added, none removed.
mk O="$T/empty" defconfig
: >"$T/empty/.config"
mk O="$T/empty"; rc=$?
check_eq "(8) an empty .config builds" 0 $rc
check_grep "(8) ...reporting the symbols kconfig added" 'CONFIG_CC_STACKPROTECTOR_NONE=y added' "$T/out"
check_nogrep "(8) ...and none removed" 'removed' "$T/out"
printf 'CONFIG_A=y\n' >"$T/one"; : >"$T/zero"
sh "$SRC/scripts/kconfig/config-changes" "$T/one" "$T/zero" >"$T/o"
check_grep "(8) config-changes still names a symbol removed from a config" 'CONFIG_A=y removed' "$T/o"

# 9. The banner always carries the mode, whatever LOCALVERSION's length.
mk O="$O" defconfig
long=-$(printf '%0300d' 0 | tr 0 x)
sed -i "s/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION=\"$long\"/" "$O/.config"
mk O="$O" run
check_grep "(9) a 301-byte LOCALVERSION: the whole banner, mode and newline included" \
	"^sspkit sample$long: arch=x86_64 stack-protector=strong \(configured strong; exempt: [^)]*\) guard=random guard-location=global\$" "$T/out"

# STRICT stops the build, and its texts say so.
strict_build() {
	mk O="$T/$1" defconfig
	echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$T/$1/.config"
	mk O="$T/$1" CC="$2"
}
strict_build strict-broken "$B/cc-broken"; rc=$?
check "(9) broken compiler + STRICT: the build stops" test $rc -ne 0
check_grep "(9) ...and the error says it stops" \
	'stack-protector enabled but compiler support broken \(.* accepts -fstack-protector-strong but emits no canary; the build stops\)' "$T/out"
check_nogrep "(9) ...not that it builds without protection" 'building without' "$T/out"
strict_build strict-old "$B/cc-old-gcc"; rc=$?
check "(9) old gcc + STRICT: the build stops" test $rc -ne 0
check_grep "(9) ...and the error names the best mode there is, and that it stops" \
	'Cannot use CONFIG_CC_STACKPROTECTOR_STRONG: -fstack-protector-strong not supported by compiler \(the strongest mode it supports is regular: -fstack-protector; the build stops\)' "$T/out"
check_nogrep "(9) ...not that it falls back" 'falling back' "$T/out"

# After the broken-compiler fallback there is no guard to speak of.
mk O="$T/broken" defconfig
mk O="$T/broken" CC="$B/cc-broken" run
check_grep "(9) broken compiler: the banner says guard=none" \
	'stack-protector=none \(configured strong\) guard=none guard-location=none$' "$T/out"

# mips links no libgcc: no abicalls warning, and the sample still runs.
if command -v mips-linux-gnu-gcc >/dev/null && command -v qemu-mips >/dev/null; then
	mk O="$T/mips" ARCH=mips defconfig
	mk O="$T/mips" ARCH=mips V=1 all run; rc=$?
	check_eq "(9) mips builds and runs" 0 $rc
	check_nogrep "(9) ...with no abicalls warning" 'warning: linking abicalls' "$T/out"
	check_nogrep "(9) ...linking no libgcc" 'sample.tmp .*-lgcc' "$T/out"
	check_grep "(9) ...and prints its banner" '^sspkit sample: arch=mips stack-protector=strong' "$T/out"
else
	skip "(9) mips without libgcc" "no mips cross compiler or qemu-mips"
fi

done_testing
