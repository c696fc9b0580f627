#!/bin/sh
# make NAME.config: a setting of the fragment that does not make it into
# the configuration (an unknown symbol, a value kconfig changes, a symbol
# whose dependencies are not met) is a warning naming the fragment, its
# line and the symbol, on both engines; KCONFIG_WERROR=1 makes it an error
# that leaves .config as it was. Kconfig's own warnings name the fragment,
# not the temporary merged file.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
printf '# a fragment with a typo\nCONFIG_CC_STACKPROTECTOR_REGULAR=y\nCONFIG_SAMPLE_LZ=y\n' \
	>"$S/configs/typo.config"
# The same typo written the other way a fragment sets a symbol.
printf 'CONFIG_CC_STACKPROTECTOR_REGULAR=y\n# CONFIG_SAMPLE_LZ is not set\n' \
	>"$S/configs/typo-n.config"
printf 'CONFIG_CC_STACKPROTECTOR_REGULAR=y\nCONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=abc\n' \
	>"$S/configs/badvalue.config"
F="$S/configs"

for engine in frontends kconfiglib; do
	O="$T/$engine" E="KCONFIG=$engine"
	smk O="$O" $E x86_64_defconfig && smk O="$O" $E typo.config; rc=$?
	check_eq "$engine: a typo in a fragment: still a warning only (exit 0)" 0 $rc
	check_grep "$engine: ...naming the fragment, its line and the symbol" \
		"^$F/typo.config:3: warning: CONFIG_SAMPLE_LZ is not a symbol of any Kconfig file \\(a typo\\?\\): dropped$" "$T/out"
	check_grep "$engine: ...the rest of the fragment is merged" '^CONFIG_CC_STACKPROTECTOR_REGULAR=y' "$O/.config"
	smk O="$O" $E x86_64_defconfig && smk O="$O" $E typo-n.config
	check_grep "$engine: a typo as \"# CONFIG_... is not set\": the same warning" \
		"^$F/typo-n.config:2: warning: CONFIG_SAMPLE_LZ is not a symbol of any Kconfig file \\(a typo\\?\\): dropped$" "$T/out"

	smk O="$O" $E x86_64_defconfig && smk O="$O" $E badvalue.config
	check_grep "$engine: a value that does not survive: named, with what it became" \
		"^$F/badvalue.config:2: warning: CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=abc did not survive: the configuration has CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=8$" "$T/out"
	check_grep "$engine: ...kconfig's own warning names the fragment's line" \
		"^$F/badvalue.config:2: warning: .*(invalid|is invalid).*CC_STACKPROTECTOR_BUFFER_SIZE" "$T/out"
	check_nogrep "$engine: ...and no temporary file" 'tmp\.config\.merge' "$T/out"

	smk O="$O" $E x86_64_defconfig && cp "$O/.config" "$T/before"
	smk O="$O" $E typo.config KCONFIG_WERROR=1; rc=$?
	check "$engine: KCONFIG_WERROR=1: the typo is an error" test $rc -ne 0
	check_grep "$engine: ...saying so" "error: $F/typo.config: settings above did not make it into the configuration, and KCONFIG_WERROR=1 makes that an error: $O/.config is left as it was" "$T/out"
	check "$engine: ...and .config is left as it was" cmp -s "$T/before" "$O/.config"

	smk O="$O" $E x86_64_defconfig && smk O="$O" $E regular4.config KCONFIG_WERROR=1; rc=$?
	check_eq "$engine: a fragment that merges cleanly: no warning, even with KCONFIG_WERROR=1" "0:" \
		"$rc:$(grep -E '(warning|error): ' "$T/out" | grep -v 'lowers stack protection')"
done

# A symbol whose dependencies are not met: m68k has no stack protector.
smk O="$T/m68k" ARCH=m68k m68k_defconfig && smk O="$T/m68k" ARCH=m68k strong.config
check_grep "m68k strong.config: the mode is dropped, and the warning says why" \
	"^$F/strong.config:[0-9]+: warning: CONFIG_CC_STACKPROTECTOR_STRONG=y was dropped: its dependencies are not met in this configuration$" "$T/out"

done_testing
