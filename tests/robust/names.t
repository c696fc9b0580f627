#!/bin/sh
# Hostile names (issue 39, cases 1, 3, 6 and 8): a path, a goal, a file
# name or a line of images.order that holds shell or make syntax is
# refused by the one rule for names (check-name, scripts/Kbuild.include)
# with the kit's message and exit 2, before anything is created; the
# canary command each one carries ("id>PWNED") never runs.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
W="$T/cwd"
mkdir -p "$W"
# no_canary NAME: no PWNED file was made anywhere a recipe could run.
no_canary() {
	found=$(find "$T" "$SRC" -name PWNED 2>/dev/null)
	if [ -z "$found" ]; then pass "$1: no canary"; else fail "$1: no canary" "$found"; rm -f $found; fi
}
# refused NAME TEXT MAKE-ARGS...: make, started in $W, exits 2 and prints
# TEXT (a fixed string); the canary does not appear.
refused() {
	name=$1 text=$2; shift 2
	(cd "$W" && make -C "$SRC" --no-print-directory "$@") >"$T/out" 2>&1; rc=$?
	check_eq "$name: exit 2" 2 $rc
	if grep -qF -- "$text" "$T/out"; then pass "$name: the kit's message"
	else fail "$name: the kit's message" "expected: $text" "$(cat "$T/out")"; fi
	no_canary "$name"
}
rule='is not allowed in a name (make and the shell read names unquoted); use only letters, digits and / . _ - + @'

# 1. O=: shell syntax, make syntax, and (8) a quote or a pound sign.
for bad in "$T/o;id>PWNED;x" "$T/o\`id>PWNED\`" "$T/o\$(id>PWNED)" \
	"$T/o|id>PWNED" "$T/o&id>PWNED&"; do
	refused "(1) O=$bad" "O=\"$bad\": '" "O=$bad" defconfig
done
refused "(1) O= with make's \$(shell)" "O=\"\$(shell id>PWNED)\": '\$' $rule" \
	'O=$(shell id>PWNED)' defconfig
refused "(8) O= with a quote" "O=\"$T/it's\": \"'\" $rule" "O=$T/it's" defconfig
refused "(8) O= with a pound sign" "O=\"$T/a#b\": '#' $rule" "O=$T/a#b" defconfig
refused "(1) O= starting with a dash, an option to rm" \
	"O=\"-rf\": a name may not start with '-': a command given it (rm, cp, the compiler) would take it for an option; write ./-rf" \
	O=-rf defconfig
check "(1) ...and no O= directory was created" test -z "$(ls "$T" | grep -v -e '^cwd$' -e '^out$')"

# The allowed characters all pass: a path made of every one of them.
mk O="$T/ok-1.2_x+y@z" defconfig; rc=$?
check_eq "(1) O= with letters, digits and / . _ - + @ configures" 0 $rc
check "(1) ...writing its .config" test -s "$T/ok-1.2_x+y@z/.config"

# M=: the tree exists and has a Kbuild file; only its name is hostile.
for bad in "ext;id>PWNED;x" "ext|id>PWNED|x" "ext&id>PWNED&x" \
	"ext\`id>PWNED\`x" "ext\$(id>PWNED)x"; do
	mkdir -p "$W/$bad" && cp "$SRC/tests/kbuild/hello/"* "$W/$bad/"
	refused "(1) M=$bad" "M=\"$bad\": '" O="$O" "M=$bad"
	refused "(1) M=$bad clean" "M=\"$bad\": '" O="$O" "M=$bad" clean
	check "(1) ...nothing built in it" test ! -e "$W/$bad/main.o"
done
refused "(1) M= with make's \$\$(...)" "M=\"\$\$(id>PWNED)\": '\$' $rule" \
	O="$O" 'M=$$(id>PWNED)'

# Goal names and KBUILD_DEFCONFIG, though no such file exists.
refused "(1) goal a|id>PWNED|_defconfig" \
	"the goal \"a|id>PWNED|_defconfig\": '|' $rule" O="$O" 'a|id>PWNED|_defconfig'
refused "(1) goal x;id>PWNED;.config" \
	"the goal \"x;id>PWNED;.config\": ';' $rule" O="$O" 'x;id>PWNED;.config'
refused "(1) KBUILD_DEFCONFIG=x;id>PWNED;_defconfig" \
	"KBUILD_DEFCONFIG=\"x;id>PWNED;_defconfig\": ';' $rule" \
	O="$O" 'KBUILD_DEFCONFIG=x;id>PWNED;_defconfig' defconfig
(cd "$W" && KBUILD_DEFCONFIG='x`id>PWNED`_defconfig' make -C "$SRC" O="$O" defconfig) >"$T/out" 2>&1
check_eq "(1) KBUILD_DEFCONFIG from the environment: exit 2" 2 $?
check "(1) ...named" grep -qF "KBUILD_DEFCONFIG=\"x\`id>PWNED\`_defconfig\": '\`' $rule" "$T/out"
no_canary "(1) KBUILD_DEFCONFIG from the environment"

# spcompare's fragments and defconfig go to a script in double quotes.
refused "(1) SPCOMPARE_CONFIGS with \$\$(...)" "SPCOMPARE_CONFIGS=\"\$\$(id>PWNED)\": '\$' $rule" \
	O="$O" 'SPCOMPARE_CONFIGS=none.config $$(id>PWNED)' spcompare
refused "(1) SPCOMPARE_DEFCONFIG with a backtick" "SPCOMPARE_DEFCONFIG=\"x\`id>PWNED\`\": '\`' $rule" \
	O="$O" 'SPCOMPARE_DEFCONFIG=x`id>PWNED`' spcompare

# A clone of the kit at a path with shell syntax, or (8) a quote.
for dir in "kit;id>PWNED;x" "kit's"; do
	src_copy "$T/$dir"
	(cd "$T/$dir" && make defconfig) >"$T/out" 2>&1; rc=$?
	check_eq "(1) source directory $dir: exit 2" 2 $rc
	check_grep "(1) ...naming it" "the source directory \"$T/$dir\": .* is not allowed in a name" "$T/out"
	check "(1) ...creating nothing in it" test ! -e "$T/$dir/.config" -a ! -e "$T/$dir/.tmp"
	no_canary "(1) source directory $dir"
	rm -rf "$T/$dir"
done

# 6. Source file names a Kbuild file globs become object names (and 8:
# a quote or a pound sign in one).
mk O="$O" defconfig
mkdir -p "$T/glob"
cp "$SRC/tests/kbuild/hello/main.c" "$SRC/tests/kbuild/hello/sink.c" "$T/glob/"
printf '%s\n' 'image-y += hello' \
	'hello-objs := $(patsubst %.c,%.o,$(notdir $(wildcard $(src)/*.c)))' >"$T/glob/Kbuild"
for f in 'y$(id>PWNED).c' 'y`id>PWNED`.c' "y'x.c" 'y#x.c'; do
	: >"$T/glob/$f"
	refused "(6) a globbed source file $f" "/glob/Kbuild names \"y" O="$O" M="$T/glob"
	check "(6) ...naming the rule" grep -qF " $rule" "$T/out"
	check "(6) ...compiling nothing" test ! -e "$T/glob/main.o"
	rm -f "$T/glob/$f"
done
mk O="$O" M="$T/glob"; rc=$?
check_eq "(6) the same tree without that file builds" 0 $rc
# A header the compiler finds goes into the .cmd record make reads back:
# fixdep applies the same rule to it.
cp "$T/glob/main.c" "$T/main.c.orig"
for h in 'h$(id>PWNED).h' 'h`id>PWNED`.h'; do
	: >"$T/glob/$h"
	{ printf '#include "%s"\n' "$h"; cat "$T/main.c.orig"; } >"$T/glob/main.c"
	refused "(6) an included header $h" "fixdep: \"$T/glob/h" O="$O" M="$T/glob"
	check "(6) ...naming the rule" grep -qF " $rule" "$T/out"
	check "(6) ...and no record of main.o" test ! -e "$T/glob/.main.o.cmd"
	rm -f "$T/glob/$h"
done
cp "$T/main.c.orig" "$T/glob/main.c"

# 3. A line of images.order is data: a hostile one, with the image list
# it names, is refused by make spaudit, not run.
mkdir -p "$T/ext" "$T/x"
cp "$SRC/tests/kbuild/hello/"* "$T/ext/"
mk O="$O" M="$T/ext"
check_eq "(3) M= tree builds" 0 $?
mk O="$O" M="$T/ext" spaudit V=1
check_grep "(3) make spaudit hands spaudit the file, not its lines" \
	"spaudit report +--images=$T/ext/images.order\$" "$T/out"
echo "$T/x/h|id>PWNED|x" >>"$T/ext/images.order"
printf 'image\t%s\nexpect\tstrong\n' "$T/x/h|id>PWNED|x" >"$T/x/.h|id>PWNED|x.ssp-objects"
(cd "$O" && scripts/spaudit/spaudit report --images="$T/ext/images.order") >"$T/out" 2>&1
check_eq "(3) spaudit reads a hostile line as data" 0 $?
check "(3) ...naming the image as text" grep -qxF "$T/x/h|id>PWNED|x:" "$T/out"
no_canary "(3) spaudit report --images"
refused "(3) images.order line with shell syntax: make spaudit" \
	"a line of $T/ext/images.order: \"$T/x/h|id>PWNED|x\": '|' $rule" O="$O" M="$T/ext" spaudit
# make itself writes images.order from the Kbuild file, never from it.
mk O="$O" M="$T/ext"
check_eq "(3) make rewrites images.order from the Kbuild file" "$T/ext/hello" "$(cat "$T/ext/images.order")"
mk O="$O" M="$T/ext" spaudit
check_eq "(3) ...and make spaudit reads it again" 0 $?
no_canary "(3) make and make spaudit"

done_testing
