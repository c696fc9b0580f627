#!/bin/sh
# The kit's C library for the user's code (CONFIG_LIBC_KIT, lib/libc/):
# a small library written for the test (tests/libc/libctest), using every
# header, is built as an external tree (M=) with gcc and clang on x86_64
# and arm and run under qemu-user where cross; what it prints is what the
# same sources print built against the build machine's C library (glibc),
# the oracle, which knows nothing of the kit. exit(), abort() and a failed
# assert() end the run with their status; the kit's own runtime stays
# freestanding, and an image links only the members it calls.
. "$(dirname "$0")/../lib.sh"

if ! gcc -std=gnu11 -O2 -Wall -Wextra -Werror -o "$T/oracle" \
	"$SRC"/tests/libc/libctest/*.c >"$T/out" 2>&1; then
	fail "the oracle builds with the build machine's gcc and C library" "$(cat "$T/out")"
	done_testing; exit 0
fi
"$T/oracle" >"$T/expected" 2>"$T/expected.err"
check_eq "the oracle ran to its end" done "$(tail -1 "$T/expected")"

# libc_config O ARCH DEFCONFIG [LLVM=1]: a configuration with the kit's C library.
libc_config() {
	o=$1 arch=$2 def=$3; shift 3
	mk O="$o" ARCH=$arch "$@" $def &&
		echo CONFIG_LIBC_KIT=y >>"$o/.config" &&
		mk O="$o" ARCH=$arch "$@" olddefconfig
}

for cell in "x86_64 x86_64_defconfig" "x86_64 x86_64_defconfig LLVM=1" \
	"arm arm_defconfig" "arm arm_defconfig LLVM=1"; do
	set -- $cell
	arch=$1 def=$2 llvm=${3:-}
	cname="$arch${llvm:+ (clang)}"
	O="$T/$arch${llvm:+-llvm}" X="$T/ext-$arch${llvm:+-llvm}"
	mkdir -p "$X" && cp "$SRC"/tests/libc/libctest/* "$X/"
	libc_config "$O" $arch $def $llvm
	check_grep "$cname: the configuration has the kit's C library" '^CONFIG_LIBC_KIT=y' "$O/.config"
	mk O="$O" ARCH=$arch $llvm M="$X" -j2; rc=$?
	check_eq "$cname: a library using every standard header builds and links" 0 $rc
	[ $rc -eq 0 ] || { sed 's/^/#   /' "$T/out" | tail -5; continue; }
	make -C "$SRC" -s O="$O" ARCH=$arch $llvm M="$X" run >"$T/got" 2>"$T/got.err"
	check_eq "$cname: ...and prints what the build machine's C library prints" \
		"$(cat "$T/expected")" "$(cat "$T/got")"
	check_eq "$cname: ...stderr included" "$(cat "$T/expected.err")" "$(cat "$T/got.err")"

	mk O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="exit 7"; rc=$?
	check_grep "$cname: exit(7) ends the run with status 7" 'Error 7$' "$T/out"
	mk O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="abort"
	check_grep "$cname: abort() ends it by SIGABRT" '(Aborted|Error 134)' "$T/out"
	mk O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="assert"; rc=$?
	check "$cname: a failed assert() fails the run" test $rc -ne 0
	check_grep "$cname: ...naming the assertion, its file and line" \
		"main\.c:[0-9]+: main: Assertion .argc < 2 \|\| strcmp\(argv\[1\], \"assert\"\). failed\." "$T/out"

	# Only the user's directories see the library's headers.
	check_grep "$cname: the user's objects are compiled with lib/libc/include" \
		'-isystem [^ ]*/lib/libc/include' "$X/.main.o.cmd"
	check_nogrep "$cname: ...the kit's runtime is not" 'lib/libc/include' "$O/lib/.vsprintf.o.cmd"
	check_nogrep "$cname: ...nor the kit's sample" 'lib/libc/include' "$O/samples/sample/.main.o.cmd"
	# The archive's members only where called: sample calls none.
	check_eq "$cname: the image links malloc from the library" "T malloc" \
		"$(nm "$X/libctest" 2>/dev/null | grep -o 'T malloc$')"
	check_eq "$cname: ...and sample, which calls none of it, links none" "" \
		"$(nm "$O/sample" 2>/dev/null | grep -E ' T (malloc|strcspn|puts|isalpha)$')"
done

# LIBC_NONE is the default, and keeps the freestanding set: <stdio.h>
# is refused (tests/kbuild/freestanding.t has the full check).
O="$T/none" X="$T/ext-none"
mkdir -p "$X" && cp "$SRC"/tests/libc/libctest/* "$X/"
mk O="$O" x86_64_defconfig
check_grep "the default is LIBC_NONE" '^CONFIG_LIBC_NONE=y' "$O/.config"
mk O="$O" M="$X"; rc=$?
check "LIBC_NONE: the same library does not build" test $rc -ne 0
check_grep "...the compiler has no <assert.h>" "assert.h'?( file not found|: No such file or directory)" "$T/out"

# A board cannot have it: its runtime has no Linux system calls.
O="$T/mps2"
mk O="$O" ARCH=arm mps2_defconfig && echo CONFIG_LIBC_KIT=y >>"$O/.config" &&
	mk O="$O" ARCH=arm olddefconfig
check_nogrep "LIBC_KIT is not offered on a board" '^CONFIG_LIBC_KIT=y' "$O/.config"

done_testing
