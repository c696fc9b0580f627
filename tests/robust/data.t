#!/bin/sh
# Data is never code (issue 39, cases 2 and 5): a third-party tree's file
# names are not split into paths outside it by make M=DIR clean, and a
# string value of the configuration reaches a Makefile that reads it as
# text. The canary is "touch PWNED" wherever a command could hide.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
# no_canary NAME: no PWNED file was made anywhere a recipe could run.
no_canary() {
	found=$(find "$T" "$SRC" -name PWNED 2>/dev/null)
	if [ -z "$found" ]; then pass "$1: no canary"; else fail "$1: no canary" "$found"; rm -f $found; fi
}
mk O="$O" defconfig
check_eq "configures" 0 $?

# 2. make M=DIR clean: a directory whose name ends in a blank, below it
# directories spelling the absolute path of a victim file outside the
# tree, and the victim's .cmd record at the bottom. Split at the blank,
# the record named the victim itself.
M="$T/ext"
mkdir -p "$M" "$T/victim"
cp "$SRC/tests/kbuild/hello/"* "$M/"
echo precious >"$T/victim/victim.txt"
mk O="$O" M="$M"
check_eq "(2) the M= tree builds" 0 $?
mkdir -p "$M/x $T/victim"
: >"$M/x $T/victim/.victim.txt.cmd"
: >"$M/x $T/victim/victim.txt"
# clean does not read the tree's Kbuild: a command there never runs.
echo '$(shell touch PWNED)' >>"$M/Makefile"
mk O="$O" M="$M" clean; rc=$?
check_eq "(2) make M=DIR clean: exit 0" 0 $rc
check_eq "(2) ...the victim outside the tree is untouched" precious "$(cat "$T/victim/victim.txt" 2>/dev/null)"
check "(2) ...the file the record names, inside the tree, is removed" test ! -e "$M/x $T/victim/victim.txt"
check "(2) ...and so is what the build wrote" test ! -e "$M/main.o" -a ! -e "$M/hello"
check "(2) ...but not the tree's sources" test -e "$M/main.c" -a -e "$M/Makefile"
no_canary "(2) make M=DIR clean"

# 5. A string value with make's and the shell's syntax, from an M= tree's
# fragment, reaches that tree's Kbuild as text, with either engine.
for engine in frontends kconfiglib; do
	E="$T/str-$engine" EO="$T/obj-$engine"
	mkdir -p "$E/configs"
	cp "$SRC/tests/kbuild/hello/"* "$E/"
	echo 'CONFIG_LOCALVERSION="-x$(shell touch PWNED)`touch PWNED`"' >"$E/configs/evil.config"
	printf '%s\n' '$(info LV=$(CONFIG_LOCALVERSION))' >>"$E/Makefile"
	mk O="$EO" KCONFIG=$engine defconfig
	mk O="$EO" KCONFIG=$engine M="$E" evil.config
	check_eq "(5) $engine: the fragment merges" 0 $?
	mk O="$EO" KCONFIG=$engine M="$E"; rc=$?
	check_eq "(5) $engine: make M=DIR builds" 0 $rc
	check "(5) $engine: ...its Kbuild reads the value as text" \
		grep -qxF 'LV="-x$(shell touch PWNED)`touch PWNED`"' "$T/out"
	check_grep "(5) $engine: ...auto.conf has each \$ doubled" \
		'^CONFIG_LOCALVERSION="-x\$\$\(shell touch PWNED\)`touch PWNED`"$' "$EO/include/config/auto.conf"
	check_grep "(5) $engine: ...autoconf.h the C string" \
		'^#define CONFIG_LOCALVERSION "-x\$\(shell touch PWNED\)`touch PWNED`"$' "$EO/include/generated/autoconf.h"
	no_canary "(5) $engine: a string value read by an M= Kbuild"
	echo 'CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=$(shell touch PWNED)`touch PWNED`' >"$E/configs/evilint.config"
	mk O="$EO" KCONFIG=$engine M="$E" evilint.config
	check_grep "(5) $engine: an integer with shell text is dropped, with a warning" \
		'evilint.config:1: warning: .*invalid for CC_STACKPROTECTOR_BUFFER_SIZE' "$T/out"
	check_nogrep "(5) $engine: ...and is not in .config" '^CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=.*PWNED' "$EO/.config"
	mk O="$EO" KCONFIG=$engine M="$E"
	no_canary "(5) $engine: an integer value with shell text"
done

done_testing
