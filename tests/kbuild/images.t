#!/bin/sh
# Images as data: a directory declares a program (image-y, NAME-objs) and
# the build links it from its objects and the runtime, beside sample, each
# with a main() of its own; each image's audit summary and banner come from
# its own objects, and make spaudit lists both.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
mkdir -p "$S/samples/hello"
cp "$SRC"/tests/kbuild/hello/*.c "$SRC/tests/kbuild/hello/Makefile" "$S/samples/hello/"
echo 'subdir-y += hello' >>"$S/samples/Makefile"

for c in x86_64 arm x86_64-llvm; do
	arch=${c%-llvm}; llvm=; [ "$c" != "$arch" ] && llvm=LLVM=1
	O="$T/$c"
	smk O="$O" ARCH=$arch $llvm ${arch}_defconfig && smk O="$O" ARCH=$arch $llvm -j2
	check_eq "$c: sample and hello, two mains, build in one tree" 0 $?
	check_grep "$c: ...hello is linked" '^  LD      samples/hello/hello$' "$T/out"
	smk O="$O" ARCH=$arch $llvm run
	check_grep "$c: sample runs" '^sspkit sample: ' "$T/out"
	if [ "$arch" = x86_64 ]; then "$O/samples/hello/hello" >"$T/hello" 2>&1
	else qemu-arm "$O/samples/hello/hello" >"$T/hello" 2>&1; fi
	check_grep "$c: hello runs, its banner from its own objects and the runtime" \
		'^hello: stack-protector=strong \(configured strong; exempt: guard runtime and boot code only(; prebuilt: [1-9][0-9]* functions?, [0-9]+ protected, [^ ]+ of text)?\)$' "$T/hello"
	smk O="$O" ARCH=$arch $llvm -j2
	check_nogrep "$c: a second make links nothing" '^  (LD|CC|AS) ' "$T/out"
	# An ordinary archive, not a thin one: ld.bfd reads thin archives'
	# members 2.5 times slower (Documentation/usage.md).
	check_eq "$c: lib's built-in.a is an ordinary archive" '!<arch>' "$(head -n 1 "$O/lib/built-in.a")"
	make -C "$S" -s O="$O" ARCH=$arch spaudit >"$T/audit" 2>&1
	check_grep "$c: make spaudit lists hello's image" '^samples/hello/hello:$' "$T/audit"
	check_grep "$c: ...with its objects" '^samples/hello/main.o ' "$T/audit"
done

# An edit of a linker script the link reads (scripts/discard.lds, here)
# links every image again, and nothing else is built.
O="$T/x86_64"
touch "$S/scripts/discard.lds"
smk O="$O" -j2
check_grep "discard.lds edited: sample is linked again" '^  LD      samples/sample/sample$' "$T/out"
check_grep "...and hello" '^  LD      samples/hello/hello$' "$T/out"
check_nogrep "...and nothing is compiled" '^  (CC|AS) ' "$T/out"

# One image built weaker: its banner says so, sample's does not.
echo 'CFLAGS_main.o += -fstack-protector' >>"$S/samples/hello/Makefile"
smk O="$O" -j2; cp "$T/out" "$T/build"; smk O="$O" run
check_grep "hello's main.o built regular: make warns about it" \
	'^warning: samples/hello/main.o: built as regular \(-fstack-protector, from CFLAGS_main.o in samples/hello/Makefile\)' "$T/build"
check_grep "...sample's banner is still strong" \
	'^sspkit sample: .*stack-protector=strong \(configured strong; exempt' "$T/out"
"$O/samples/hello/hello" >"$T/hello" 2>&1
check_grep "...hello's says regular, in 1 of its objects" \
	'^hello: stack-protector=regular \(configured strong; 1 of [0-9]+ objects' "$T/hello"

# An image no longer declared is no longer linked.
sed -i '/^image-y/d' "$S/samples/hello/Makefile"
rm -f "$O/samples/hello/hello"
smk O="$O" -j2
check "hello dropped from image-y: not linked again" test ! -e "$O/samples/hello/hello"

done_testing
