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

. "$SRC/tests/libc/libc.sh"

for cell in "x86_64 x86_64_defconfig" "x86_64 x86_64_defconfig LLVM=1" \
	"arm arm_defconfig" "arm arm_defconfig LLVM=1"; do
	libc_cell LIBC_KIT $cell || continue
	mk_run O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="abort"
	check_grep "$cname: abort() ends it by SIGABRT" '(Aborted|Error 134)' "$T/out"
	mk_run O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="assert"; rc=$?
	check "$cname: a failed assert() fails the run" test $rc -ne 0
	check_grep "$cname: ...naming the assertion, its file and line" \
		"main\.c:[0-9]+: main: Assertion .argc < 2 \|\| strcmp\(argv\[1\], \"assert\"\). failed\." "$T/out"

	# Only the user's directories (samples/, M= trees) see the
	# library's headers; the kit's runtime does not.
	mk O="$O" ARCH=$arch $llvm -j2
	check "$cname: the kit's sample builds with it" test -e "$O/sample"
	check_grep "$cname: the user's objects are compiled with lib/libc/include" \
		'-isystem [^ ]*/lib/libc/include' "$X/.main.o.cmd"
	check_grep "$cname: ...and samples/'s" '-isystem [^ ]*/lib/libc/include' \
		"$O/samples/sample/.main.o.cmd"
	for f in lib/.vsprintf.o.cmd kernel/.start.o.cmd; do
		check_grep "$cname: ...the kit's runtime is not: $f" '-nostdinc' "$O/$f"
		check_nogrep "$cname: ...no lib/libc/include in $f" 'lib/libc/include' "$O/$f"
	done
	# The archive's members only where called: sample calls none.
	check_eq "$cname: the image links malloc from the library" "T malloc" \
		"$(nm "$X/libctest" | grep -o 'T malloc$')"
	check_eq "$cname: ...and sample, which calls none of it, links none" "printf" \
		"$(nm "$O/sample" | grep -oE ' T (printf|malloc|strcspn|puts|isalpha)$' | cut -c4-)"
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
