#!/bin/sh
# External trees, the kernel's way: the example kept in the repo
# (tests/kbuild/hello), copied outside the source tree, is built with
# M=DIR against a configured O= tree on three arches with gcc and two
# with clang: its objects get the tree's flags and audit, its image links
# from the tree's runtime and runs, its banner tells the truth, make
# M=DIR spaudit lists it and make M=DIR clean takes back what the build
# wrote in DIR.
. "$(dirname "$0")/../lib.sh"

for c in x86_64 arm riscv x86_64-llvm arm-llvm; do
	arch=${c%-llvm}; llvm=; [ "$c" != "$arch" ] && llvm=LLVM=1
	O="$T/$c" X="$T/ext-$c"
	mkdir -p "$X" && cp "$SRC"/tests/kbuild/hello/* "$X/"
	mk O="$O" ARCH=$arch $llvm ${arch}_defconfig
	mk O="$O" ARCH=$arch $llvm M="$X" -j2; rc=$?
	check_eq "$c: make M=DIR builds the external tree" 0 $rc
	check_grep "$c: ...compiling its sources with the tree's flags" \
		' -nostdinc .*-fstack-protector-strong' "$X/.main.o.cmd"
	check_grep "$c: ...auditing them" "^  AUDIT   $X\$" "$T/out"
	check_nogrep "$c: ...and building none of sample" 'samples/' "$T/out"
	if [ "$arch" = x86_64 ]; then "$X/hello" >"$T/hello" 2>&1
	else $(sed -n 's/^QEMU *:= *//p' "$SRC/arch/$arch/Makefile") "$X/hello" >"$T/hello" 2>&1; fi
	check_grep "$c: its image runs, and its banner tells the truth" \
		'^hello: stack-protector=strong \(configured strong; exempt: guard runtime and boot code only\)$' "$T/hello"
	make -C "$SRC" -s O="$O" ARCH=$arch M="$X" spaudit >"$T/audit" 2>&1
	check_grep "$c: make M=DIR spaudit lists its image and objects" "^$X/main.o +[0-9]+ +[0-9]+ +strong" "$T/audit"
	check_nogrep "$c: ...and not sample's" '^samples/sample/' "$T/audit"
	mk O="$O" ARCH=$arch $llvm M="$X" -j2
	check_nogrep "$c: a second make M=DIR builds nothing" '^  (CC|LD|AS) ' "$T/out"
	mk O="$O" ARCH=$arch M="$X" clean
	check_eq "$c: make M=DIR clean leaves DIR as it came" "Makefile main.c sink.c" \
		"$(ls -A "$X" | tr '\n' ' ' | sed 's/ $//')"
	check "$c: ...and the tree's runtime as it was" test -e "$O/lib/built-in.a"
done

# The same audit as the tree's own code: a weaker flag in the external
# Makefile is named, and STRICT makes it an error.
X="$T/ext-x86_64" O="$T/x86_64"
echo 'CFLAGS_sink.o += -fstack-protector' >>"$X/Makefile"
mk O="$O" M="$X"
check_grep "an external object built weaker: warned about, naming its Makefile" \
	"^warning: $X/sink.o: built as regular \\(-fstack-protector, from CFLAGS_sink.o in $X/Makefile\\); the build asks for strong" "$T/out"
"$X/hello" >"$T/hello" 2>&1
check_grep "...and the image's banner says so" '^hello: stack-protector=regular \(configured strong; 1 of [0-9]+ objects' "$T/hello"

mk O="$T/none" M="$T/nosuch"; rc=$?
check "M= naming no Kbuild tree fails" test $rc -ne 0
check_grep "...saying it does not exist" "M=$T/nosuch: $T/nosuch does not exist: give M= the external tree's directory" "$T/out"

done_testing
