#!/bin/sh
# MO=DIR, as Kbuild's (Linux 6.13): one copy of an external tree serves
# two configured trees, each writing its outputs in an MO= of its own and
# nothing in the tree; each runs and audits its own image. Without MO=,
# the outputs in the tree serve the last configured tree that built them,
# and make spaudit from another stops, saying so, with no figures.
. "$(dirname "$0")/../lib.sh"

X="$T/ext"
mkdir -p "$X/sub"
cp "$SRC"/tests/kbuild/hello/main.c "$X/"
cp "$SRC"/tests/kbuild/hello/sink.c "$X/sub/"
printf 'image-y += hello\nhello-objs := main.o sub/\n' >"$X/Kbuild"
printf 'obj-y += sink.o\n' >"$X/sub/Kbuild"
listing() { (cd "$1" && find . | sort); }
listing "$X" >"$T/before"

mk O="$T/x86" ARCH=x86_64 x86_64_defconfig
mk O="$T/arm" ARCH=arm arm_defconfig
for c in x86:x86_64 arm:arm; do
	o=${c%%:*} arch=${c#*:}
	mk O="$T/$o" ARCH=$arch M="$X" MO="$T/mo-$o" -j2 run; rc=$?
	check_eq "$o: make M=DIR MO=DIR run builds and runs" 0 $rc
	check_grep "$o: ...the image the tree declares" '^hello: stack-protector=strong' "$T/out"
	check "$o: its image is in MO" test -x "$T/mo-$o/hello"
	check "$o: ...and the subdirectory's object in MO's subdirectory" test -f "$T/mo-$o/sub/sink.o"
	make -C "$SRC" -s O="$T/$o" ARCH=$arch M="$X" MO="$T/mo-$o" spaudit >"$T/audit" 2>&1
	check_grep "$o: make M=DIR MO=DIR spaudit lists the objects in MO" "^$T/mo-$o/sub/sink.o +1 +0 +strong" "$T/audit"
done
check_eq "the two images are not the same program" 1 "$(cmp -s "$T/mo-x86/hello" "$T/mo-arm/hello"; echo $?)"
check "...each built for its tree's arch" sh -c "file -L '$T/mo-arm/hello' | grep -q ARM"
listing "$X" >"$T/after"
check_eq "the tree itself is as it came: nothing written there" "$(cat "$T/before")" "$(cat "$T/after")"

mk O="$T/x86" M="$X" MO="$T/mo-x86" clean
check "make M=DIR MO=DIR clean empties MO of outputs" test ! -e "$T/mo-x86/hello" -a ! -e "$T/mo-x86/sub/sink.o"
check "...and leaves the other MO" test -x "$T/mo-arm/hello"

mk O="$T/x86" MO="$T/mo-x86"; rc=$?
check "MO= without M= stops" test $rc -ne 0
check_grep "...saying M= is needed" "MO=$T/mo-x86: MO= says where the outputs of an external tree go: give the tree with M= too" "$T/out"
mk O="$T/x86" M="$X" MO="$X/out"; rc=$?
check "MO= inside the tree stops" test $rc -ne 0
check_grep "...saying so" "MO=$X/out: $X/out is inside M=$X" "$T/out"

# Without MO=: the last build wins, and the other tree is told.
mk O="$T/x86" M="$X"
mk O="$T/arm" M="$X"
check_eq "without MO=, the tree builds against a second configured tree" 0 $?
make -C "$SRC" -s O="$T/x86" M="$X" spaudit >"$T/audit" 2>&1; rc=$?
check "make M=DIR spaudit from the first tree stops" test $rc -ne 0
check_grep "...naming both trees and the way out" \
	"$X holds the outputs of a build against $T/arm, not against $T/x86: build it here again \\(make O=$T/x86 M=$X\\), or give each configured tree an MO= of its own" "$T/audit"
check_nogrep "...and prints no figures from the other build" "^$X/.*\\.o +[0-9]" "$T/audit"
make -C "$SRC" -s O="$T/arm" M="$X" spaudit >"$T/audit" 2>&1
check_grep "from the tree that built it, make M=DIR spaudit reports" "^$X/sub/sink.o +1 +0 +strong" "$T/audit"

# make M=DIR spcompare: every mode built, DIR's image compared, in MO=s
# of spcompare's own, the tree still untouched.
mk O="$T/x86" M="$X" -j2 spcompare; rc=$?
check_eq "make M=DIR spcompare compares the modes" 0 $rc
for mode in none strong all; do
	img="$T/x86/spcompare-ext/$mode/ext/hello"
	check "$mode: ...with the tree's image built in its MO" test -x "$img"
	want=$("$T/x86/scripts/spreport/spreport" "$img" | sed -n 's/^\([0-9]* of [0-9]* functions\).*/\1/p')
	check_grep "$mode: ...and its count is that image's ($want)" "^ +$want are stack-protected" "$T/out"
done
printf 'image-y += hello2\nhello2-objs := main.o sub/ extra.o\n' >>"$X/Kbuild"
cat >"$X/extra.c" <<'EOC'
void extra_sink(char *p);
int extra(int n);
int extra(int n) { char b[64]; b[0] = (char)n; extra_sink(b); return b[1]; }
void extra_sink(char *p) { __asm__ __volatile__("" : : "r"(p) : "memory"); }
EOC
mk O="$T/x86" M="$X" -j2 spcompare; rc=$?
check "with two images, make M=DIR spcompare stops" test $rc -ne 0
check_grep "...asking which" "$X declares 2 images \( hello hello2 \): name one with SPCOMPARE_IMAGE=NAME" "$T/out"
mk O="$T/x86" M="$X" -j2 spcompare SPCOMPARE_IMAGE=hello2
want=$("$T/x86/scripts/spreport/spreport" "$T/x86/spcompare-ext/strong/ext/hello2" |
	sed -n 's/^\([0-9]* of [0-9]* functions\).*/\1/p')
other=$("$T/x86/scripts/spreport/spreport" "$T/x86/spcompare-ext/strong/ext/hello" |
	sed -n 's/^\([0-9]* of [0-9]* functions\).*/\1/p')
check "hello and hello2 differ in what they protect ($other, $want)" test "$want" != "$other"
check_grep "SPCOMPARE_IMAGE=hello2 compares that one ($want in strong)" "^ +$want are stack-protected" "$T/out"

done_testing
