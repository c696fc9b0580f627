#!/bin/sh
# tests/run: slow
# Bad input gets a message that names the problem and the fix, a non-zero
# exit, and loses nothing.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"

# A PATH that hides some programs: symlinks to everything else.
path_without() {
	dir="$T/path-$(echo "$*" | tr -c 'a-z0-9\n' _)"
	mkdir -p "$dir"
	for f in /usr/local/bin/* /usr/bin/* /bin/*; do
		n=${f##*/}
		for hide in "$@"; do case $n in $hide) continue 2 ;; esac; done
		[ -e "$dir/$n" ] || ln -s "$f" "$dir/$n"
	done
	echo "$dir"
}

mk O="$O"; rc=$?
check "make without .config fails" test $rc -ne 0
check_grep "...naming make defconfig and make menuconfig" \
	'no configuration.*run "make defconfig" or "make menuconfig" first' "$T/out"
check "...and builds nothing" test ! -e "$O/sample" -a ! -e "$O/include/config"

mk O="$T/bogus" ARCH=bogus defconfig; rc=$?
check "ARCH=bogus fails" test $rc -ne 0
check_grep "...listing the supported ARCH values" \
	"ARCH=bogus is not supported; use one of: $(echo $("$SRC/scripts/arches"))" "$T/out"
check "...and writes nothing, not even the O= directory" test ! -e "$T/bogus"

nokconfig=$(path_without 'kconfig-*')
(cd "$SRC" && PATH="$nokconfig" make O="$O" defconfig >"$T/out" 2>&1); rc=$?
check "defconfig without kconfig-frontends fails" test $rc -ne 0
check_grep "...naming the package and scripts/install-deps" \
	'kconfig-conf not found: install Debian package kconfig-frontends-nox \(scripts/install-deps' "$T/out"
check "...and writes no .config" test ! -e "$O/.config"

mk O="$O" defconfig
mk O="$O" CROSS_COMPILE=no-such-prefix-; rc=$?
check "a CROSS_COMPILE with no compiler fails" test $rc -ne 0
check_grep "...naming the compiler it looked for" \
	'compiler "no-such-prefix-gcc" not found' "$T/out"

noarm=$(path_without 'arm-linux-gnueabihf-*')
(cd "$SRC" && PATH="$noarm" make O="$T/arm" ARCH=arm defconfig all >"$T/out" 2>&1); rc=$?
check "ARCH=arm without its cross compiler fails" test $rc -ne 0
check_grep "...naming the Debian package to install" \
	'compiler "arm-linux-gnueabihf-gcc" not found.*install Debian package gcc-arm-linux-gnueabihf \(scripts/install-deps arm\)' "$T/out"

if command -v arm-linux-gnueabihf-gcc >/dev/null; then
	noqemu=$(path_without 'qemu-*')
	mk O="$T/arm" ARCH=arm defconfig all
	(cd "$SRC" && PATH="$noqemu" make O="$T/arm" ARCH=arm run >"$T/out" 2>&1); rc=$?
	check "make run without qemu-arm fails" test $rc -ne 0
	check_grep "...naming qemu-user" \
		'qemu-arm not found: install Debian package qemu-user \(scripts/install-deps arm\)' "$T/out"
else
	skip "make run without qemu-arm" "no arm cross compiler"
fi

# A hand-edited .config with a line that is not a setting stops the build
# (scripts/kconfig/config-check), naming the line, and is left as it was.
mk O="$O" defconfig
cp "$O/.config" "$T/clean"
echo 'this line is garbage' >>"$O/.config"
n=$(wc -l <"$O/.config")
cp "$O/.config" "$T/garbage"
mk O="$O"; rc=$?
check "a .config with a garbage line: the build stops" test $rc -ne 0
check_grep "...naming the file and line" "^$O/.config:$n: error: not a setting \(CONFIG_NAME=VALUE\) nor a comment: \"this line is garbage\"" "$T/out"
check ".config is left as it was" cmp -s "$T/garbage" "$O/.config"

# A hand-edited .config: an unknown symbol, two choice members.
cp "$T/clean" "$O/.config"
cat >>"$O/.config" <<'CFG'
CONFIG_NO_SUCH_SYMBOL=y
CONFIG_CC_STACKPROTECTOR_ALL=y
CFG
cp "$O/.config" "$T/edited"
mk O="$O"; rc=$?
check "a hand-edited .config still builds" test $rc -eq 0
check_grep "kconfig names the second choice member" 'override: CC_STACKPROTECTOR_ALL changes choice state' "$T/out"
check_grep "the build says the unknown symbol was dropped" \
	'CONFIG_NO_SUCH_SYMBOL=y removed' "$T/out"
check_grep "...and which choice member it settled on" \
	'CONFIG_CC_STACKPROTECTOR_STRONG: y -> n' "$T/out"
check_eq "exactly one choice member is set afterwards" 1 \
	"$(grep -c '^CONFIG_CC_STACKPROTECTOR_[A-Z]*=y' "$O/.config" | tr -d ' ' ; true)" 
check_nogrep "no garbage is left in .config" 'garbage|NO_SUCH_SYMBOL' "$O/.config"
check "the hand-edited file is kept as .config.old" cmp -s "$T/edited" "$O/.config.old"
mk O="$O"
check_eq "the next make is quiet" "" "$(cat "$T/out")"

# String values are data, for make and for the shell.
mk O="$O" defconfig
sed -i '/^CONFIG_LOCALVERSION=/d' "$O/.config"
echo 'CONFIG_LOCALVERSION="$(shell touch '"$T"'/pwned-make)`touch '"$T"'/pwned-sh`"' >>"$O/.config"
mk O="$O" all run
check "a \$(shell ...) string value is never run by make" test ! -e "$T/pwned-make"
check "a backquoted string value is never run by the shell" test ! -e "$T/pwned-sh"
check_grep "...it reaches the banner as text" \
	'^sspkit sample\$\(shell touch .*pwned-make\)`touch .*pwned-sh`:' "$T/out"

# SIGINT in the middle of a compile leaves nothing a later make trusts.
mk O="$O" clean
export CC_STALL=lib/vsprintf.o
in_group "$T/out" make -C "$SRC" O="$O" CC="$SRC/tests/bin/logcc"
i=0
while [ $i -lt 600 ] && ! grep -q 'partial object' "$O/lib/vsprintf.o.tmp" 2>/dev/null; do
	sleep 0.1; i=$((i + 1))
done
check "the stand-in compiler is mid-way through lib/vsprintf.o (as lib/vsprintf.o.tmp)" \
	grep -q 'partial object' "$O/lib/vsprintf.o.tmp"
# As ^C would: SIGINT to every process of the build's process group.
/bin/kill -s INT -- "-$pgid"
wait
check_grep "make reports the interrupt" 'Interrupt' "$T/out"
unset CC_STALL
check "an interrupted make leaves no half-written lib/vsprintf.o" \
	test ! -e "$O/lib/vsprintf.o"
mk O="$O" CC="$SRC/tests/bin/logcc"
check "the next make completes" test -x "$O/sample"
check_grep "...and compiles lib/vsprintf.o again" 'CC +lib/vsprintf.o' "$T/out"
check_nogrep "a complete object has no partial content" 'partial object' "$O/lib/vsprintf.o"

done_testing
