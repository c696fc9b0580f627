#!/bin/sh
# tests/run: slow
# lib/string.c's memcpy, memmove and memset, which move a word at a time,
# against byte-by-byte references (tests/lib/strcheck) on every arch and
# compiler, run under qemu-user: every length to 300, every alignment,
# every overlap. (A routine the compiler turned into a call to itself
# would never return: the run would not print its "ok".)
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
mkdir -p "$S/samples/sample/strcheck"
cp "$SRC/tests/lib/strcheck/main.c" "$SRC/tests/lib/strcheck/Makefile" "$S/samples/sample/strcheck/"
printf 'image-y += sample\nsample-objs := strcheck/\n' >"$S/samples/sample/Makefile"

for c in $("$SRC/scripts/arches") x86_64-llvm arm-llvm riscv-llvm; do
	arch=${c%-llvm}; llvm=; [ "$c" != "$arch" ] && llvm=LLVM=1
	O="$T/$c"
	make -C "$S" -s O="$O" ARCH=$arch $llvm ${arch}_defconfig >"$T/out" 2>&1 &&
		make -C "$S" -s O="$O" ARCH=$arch $llvm -j2 run >"$T/out" 2>&1
	check_grep "$c: memcpy, memmove and memset agree with the references" '^strcheck: ok [0-9]+$' "$T/out"
done

done_testing
