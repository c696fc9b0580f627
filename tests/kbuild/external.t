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
		'^hello: stack-protector=strong \(configured strong; exempt: guard runtime and boot code only(; prebuilt: [1-9][0-9]* functions?, [0-9]+ protected, [^ ]+ of text)?\)$' "$T/hello"
	make -C "$SRC" -s O="$O" ARCH=$arch M="$X" spaudit >"$T/audit" 2>&1
	check_grep "$c: make M=DIR spaudit lists its image and objects" "^$X/main.o +[0-9]+ +[0-9]+ +strong" "$T/audit"
	check_nogrep "$c: ...and not sample's" '^samples/sample/' "$T/audit"
	mk O="$O" ARCH=$arch $llvm M="$X" -j2
	check_nogrep "$c: a second make M=DIR builds nothing" '^  (CC|LD|AS) ' "$T/out"
	# A tree may ship files of its own under the build's names.
	echo vendor >"$X/vendor.o"; echo vendor >"$X/libvendor.a"; echo vendor >"$X/notes.tmp"
	mk O="$O" ARCH=$arch M="$X" clean
	check_eq "$c: make M=DIR clean leaves DIR as it came, the tree's own .o, .a and .tmp too" \
		"Makefile libvendor.a main.c notes.tmp sink.c vendor.o" \
		"$(ls -A "$X" | tr '\n' ' ' | sed 's/ $//')"
	rm -f "$X/vendor.o" "$X/libvendor.a" "$X/notes.tmp"
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

# make M=DIR spreport reports DIR's image, not sample.
mk O="$O" M="$X" spreport
check_eq "make M=DIR spreport reports the external image" \
	"$("$O/scripts/spreport/spreport" "$X/hello")" "$(grep -v '^stack-protector: \|^hello: ' "$T/out")"

# make M=DIR run: the image DIR declares; with several, RUNIMAGE picks one.
echo 'image-y += hello2
hello2-objs := main.o sink.o' >>"$X/Makefile"
mk O="$O" M="$X" run; rc=$?
check "with two images, make M=DIR run stops" test $rc -ne 0
check_grep "...naming them and RUNIMAGE" "several images to run: give RUNIMAGE=NAME; $X declares hello hello2" "$T/out"
mk O="$O" M="$X" run RUNIMAGE=hello2 V=1; rc=$?
check_eq "make M=DIR run RUNIMAGE=hello2 runs it" 0 $rc
check_grep "...and it is hello2 that ran" "^$X/hello2 *$" "$T/out"
mk O="$O" M="$X" run RUNIMAGE=nosuch; rc=$?
check "RUNIMAGE naming no image stops" test $rc -ne 0
check_grep "...saying which there are" "RUNIMAGE=nosuch: no such image; $X declares hello hello2" "$T/out"

# A tree of objects only, no image: built, audited, reported, not run.
L="$T/ext-lib"
mkdir -p "$L" && cp "$SRC"/tests/kbuild/hello/*.c "$L/" && rm "$L/main.c"
printf 'obj-y += sink.o lib.o\n' >"$L/Kbuild"
printf 'void hello_sink(char *p);\nint lib_fill(int n);\nint lib_fill(int n) { char b[32]; b[0] = (char)n; hello_sink(b); return b[1]; }\n' >"$L/lib.c"
mk O="$O" M="$L"
check_eq "a library-only external tree builds" 0 $?
make -C "$SRC" -s O="$O" M="$L" spaudit >"$T/audit" 2>&1; rc=$?
check_eq "make M=DIR spaudit audits a library-only tree" 0 $rc
check_grep "...listing its protected object" "^$L/lib.o +1 +1 +strong" "$T/audit"
check_grep "...and its unprotected one" "^$L/sink.o +1 +0 +strong" "$T/audit"
mk O="$O" M="$L" spreport
check_grep "make M=DIR spreport counts a library-only tree's functions" \
	"^1 of 2 functions are stack-protected" "$T/out"
mk O="$O" M="$L" run; rc=$?
check "make M=DIR run of a tree with no image stops" test $rc -ne 0
check_grep "...saying there is nothing to run" "nothing to run: $L declares no image" "$T/out"

# An -objs directory with no Kbuild names the file it looked for.
mkdir -p "$L/sub"
printf 'obj-y += sink.o sub/\n' >"$L/Kbuild"
mk O="$O" M="$L"; rc=$?
check "a listed directory without a Kbuild stops the build" test $rc -ne 0
check_grep "...naming the Kbuild it looked for" "$L/sub/Kbuild: no such file \(nor a Makefile there\)" "$T/out"

mk O="$T/none" M="$T/nosuch"; rc=$?
check "M= naming no Kbuild tree fails" test $rc -ne 0
check_grep "...saying it does not exist" "M=$T/nosuch: $T/nosuch does not exist: give M= the external tree's directory" "$T/out"

done_testing
