#!/bin/sh
# Issue 35's smaller items: a config goal without a compiler for ARCH
# warns (README: "without one for ARCH they warn and go on") and writes the
# configuration; a build then stops naming the compiler. M= naming a path
# that is not there says so, not that it "has no Kbuild", and writes
# nothing.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
mk O="$O" CROSS_COMPILE=nonexistent- defconfig; rc=$?
check_eq "CROSS_COMPILE=nonexistent- defconfig exits 0" 0 $rc
check_grep "...warning that the compiler is not there" \
	'compiler "nonexistent-gcc" not found \(ARCH=x86_64 CROSS_COMPILE=nonexistent-\): check CROSS_COMPILE and PATH; the configuration is written without its probes' "$T/out"
check_grep "...and writes the configuration" '^CONFIG_CC_STACKPROTECTOR_STRONG=y' "$O/.config"
mk O="$O" CROSS_COMPILE=nonexistent-; rc=$?
check "a build with it fails" test $rc -ne 0
check_grep "...naming the compiler" '\*\*\* compiler "nonexistent-gcc" not found' "$T/out"
mk O="$T/ok" defconfig
check_nogrep "a defconfig with a compiler: no such warning" 'not found' "$T/out"

mk O="$O" x86_64_defconfig
sleep 1; touch "$T/stamp"
mk O="$O" M="$T/no-such-dir"; rc=$?
check "M= naming a missing path fails" test $rc -ne 0
check_grep "...saying it does not exist" "M=$T/no-such-dir: $T/no-such-dir does not exist: give M= the external tree's directory" "$T/out"
check_nogrep "...not that it has no Kbuild" 'has no Kbuild' "$T/out"
: >"$T/a-file"
mk O="$O" M="$T/a-file"; rc=$?
check_grep "M= naming a file: it is not a directory" "M=$T/a-file: $T/a-file is not a directory" "$T/out"
mkdir -p "$T/empty"
mk O="$O" M="$T/empty"
check_grep "M= naming a directory without Kbuild: says so" "M=$T/empty: $T/empty has no Kbuild or Makefile" "$T/out"
check_eq "...none of them wrote a file" "" "$(find "$O" -newer "$T/stamp" -type f ! -name .make.lock)"

done_testing
