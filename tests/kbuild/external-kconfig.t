#!/bin/sh
# An external tree's own Kconfig, defconfigs and fragments (make M=DIR):
# its symbols join the configuration in a menu of their own, on both
# engines; its configs/ come first; its code reads its symbols; and the
# object tree remembers it, so a make without M= keeps them.
. "$(dirname "$0")/../lib.sh"

X="$T/greet"
mkdir -p "$X/configs"
cat >"$X/Kconfig" <<'K'
config GREET_TEXT
	string "What greet says"
	default "hi"
	help
	  The greeting of the external tree's program.
K
cat >"$X/greet.c" <<'C'
#include <sspkit/stdio.h>

int main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	printf("greet: %s\n", CONFIG_GREET_TEXT);
	return 0;
}
C
printf 'image-y += greet\ngreet-objs := greet.o\n' >"$X/Kbuild"
printf 'CONFIG_GREET_TEXT="bonjour"\n' >"$X/configs/bonjour.config"
printf 'CONFIG_GREET_TEXT="salut"\n' >"$X/configs/greet_defconfig"

for engine in frontends kconfiglib; do
	O="$T/$engine" E="KCONFIG=$engine"
	mk O="$O" $E M="$X" x86_64_defconfig
	check_grep "$engine: M=DIR x86_64_defconfig: the external symbol, at its default" \
		'^CONFIG_GREET_TEXT="hi"$' "$O/.config"
	mk O="$O" $E M="$X" bonjour.config
	check_grep "$engine: ...DIR's own fragment merges" '^CONFIG_GREET_TEXT="bonjour"$' "$O/.config"
	check_nogrep "$engine: ...without a warning" 'warning' "$T/out"
	mk O="$O" $E M="$X" -j2 && "$X/greet" >"$T/greet.out" 2>&1
	check_eq "$engine: its program reads its symbol" "greet: bonjour" "$(cat "$T/greet.out" 2>/dev/null || tail -5 "$T/out")"
	mk O="$O" $E -j2 && mk O="$O" $E olddefconfig
	check_grep "$engine: a make without M= keeps the external symbols" '^CONFIG_GREET_TEXT="bonjour"$' "$O/.config"
	mk O="$O" $E M="$X" greet_defconfig
	check_grep "$engine: DIR's own defconfig loads" '^CONFIG_GREET_TEXT="salut"$' "$O/.config"
	mk O="$O" $E M="$X" clean
done

# A tree configured without M= has no external menu.
mk O="$T/plain" x86_64_defconfig
check_nogrep "without M=, no external symbol" 'GREET' "$T/plain/.config"

done_testing
