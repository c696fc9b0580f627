#!/bin/sh
# Fragments and .config are read as written (issue 35, 3-5), on both
# engines: a UTF-8 byte-order mark and CRLF line ends are read as meant
# and no setting is lost; a line that is not a setting is an error naming
# the file and line; a damaged .config (cut short, cut in a line, bytes
# that are not text) is an error naming the file and line, and nothing is
# rewritten: .config and .config.old stay as they were.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
F="$S/configs"
printf '\357\273\277CONFIG_CC_STACKPROTECTOR_STRICT=y\n' >"$F/bom.config"
printf 'CONFIG_CC_STACKPROTECTOR_ALL=y\r\nCONFIG_CC_STACKPROTECTOR_STRICT=y\r\n' >"$F/crlf.config"
printf 'CONFIG_CC_STACKPROTECTOR_ALL=y\nCC_STACKPROTECTOR_STRICT=y\n' >"$F/noprefix.config"
# savedefconfig's files, saved by a Windows editor.
printf '\357\273\277# saved on ARCH=x86_64: load it with "make ARCH=x86_64 NAME_defconfig"\r\nCONFIG_CC_STACKPROTECTOR_ALL=y\r\nCONFIG_CC_STACKPROTECTOR_STRICT=y\r\n' >"$F/win_defconfig"
printf '\357\273\277# saved on ARCH=arm: load it with "make ARCH=arm NAME_defconfig"\r\nCONFIG_ARCH_MPS2=y\r\n' >"$F/winarm_defconfig"
# same A B: files A and B hold the same bytes.
same() { cmp -s "$1" "$2"; }

for engine in frontends kconfiglib; do
	O="$T/$engine" E="KCONFIG=$engine"
	smk O="$O" $E x86_64_defconfig
	smk O="$O" $E KCONFIG_WERROR=1 bom.config; rc=$?
	check_eq "$engine: a fragment starting with a byte-order mark, KCONFIG_WERROR=1: exit 0" 0 $rc
	check_grep "$engine: ...its first setting is applied" '^CONFIG_CC_STACKPROTECTOR_STRICT=y$' "$O/.config"
	check_nogrep "$engine: ...without a warning" 'warning' "$T/out"

	smk O="$O" $E x86_64_defconfig
	smk O="$O" $E KCONFIG_WERROR=1 crlf.config; rc=$?
	check_eq "$engine: a CRLF fragment, KCONFIG_WERROR=1: exit 0" 0 $rc
	check_grep "$engine: ...every setting applied" '^CONFIG_CC_STACKPROTECTOR_ALL=y$' "$O/.config"
	check_grep "$engine: ...STRICT too" '^CONFIG_CC_STACKPROTECTOR_STRICT=y$' "$O/.config"
	check_nogrep "$engine: ...with no \"did not survive\"" 'did not survive' "$T/out"

	smk O="$O" $E win_defconfig; rc=$?
	check_eq "$engine: a defconfig with a byte-order mark and CRLF lines loads" 0 $rc
	check_grep "$engine: ...with every setting" '^CONFIG_CC_STACKPROTECTOR_ALL=y$' "$O/.config"
	check_grep "$engine: ...STRICT too" '^CONFIG_CC_STACKPROTECTOR_STRICT=y$' "$O/.config"
	check_nogrep "$engine: ...and no word of kconfig about it" 'warning|unexpected' "$T/out"
	smk O="$O" $E winarm_defconfig; rc=$?
	check "$engine: one saved on ARCH=arm is refused for x86_64, mark or not" test $rc -ne 0
	check_grep "$engine: ...naming its ARCH" 'configs/winarm_defconfig is for ARCH=arm' "$T/out"

	smk O="$O" $E x86_64_defconfig
	cp "$O/.config" "$T/good"; cp "$O/.config.old" "$T/good.old" 2>/dev/null || : >"$T/good.old"
	smk O="$O" $E noprefix.config; rc=$?
	check "$engine: a fragment line that is not a setting: make fails" test $rc -ne 0
	check_grep "$engine: ...naming the file and line" \
		"^$F/noprefix.config:2: error: not a setting \(CONFIG_NAME=VALUE\) nor a comment: \"CC_STACKPROTECTOR_STRICT=y\"" "$T/out"
	check "$engine: ...and .config is left as it was" same "$T/good" "$O/.config"

	# A CRLF .config with a byte-order mark, as a Windows editor saves it.
	smk O="$O" $E; smk O="$O" $E x86_64_defconfig
	{ printf '\357\273\277'; sed 's/$/\r/' "$T/good"; } >"$T/crlf"
	cp "$T/crlf" "$O/.config"
	smk O="$O" $E; rc=$?
	check_eq "$engine: a CRLF .config with a byte-order mark builds" 0 $rc
	check_grep "$engine: ...saying it is written again" \
		"^note: $O/.config has a byte-order mark or CRLF line ends; it is written again without them \(the file as it was: $O/.config.old\)" "$T/out"
	check_nogrep "$engine: ...reporting no change of value" ': y -> y|lowers' "$T/out"
	check "$engine: ...the same configuration, as kconfig writes it" same "$T/good" "$O/.config"
	check "$engine: ...the file as it was in .config.old" same "$T/crlf" "$O/.config.old"

	# A CRLF .config that a step weakens: the loss is seen through the CRs.
	smk O="$O" $E all.config
	sed 's/$/\r/' "$O/.config" >"$T/all-crlf"; cp "$T/all-crlf" "$O/.config"
	smk O="$O" $E x86_64_defconfig; rc=$?
	check_eq "$engine: x86_64_defconfig over a CRLF ALL .config exits 0" 0 $rc
	check_grep "$engine: ...warns that it lowers protection" \
		"^warning: this configuration step lowers stack protection \(was all in $O/.config\):" "$T/out"
	check_grep "$engine: ...naming the mode lost" 'mode all -> strong' "$T/out"
	check "$engine: ...keeping the CRLF file in .config.ssp.old" same "$T/all-crlf" "$O/.config.ssp.old"
	check "$engine: ...and in .config.old" same "$T/all-crlf" "$O/.config.old"

	# Damaged files: cut short between lines inside the protector's choice,
	# cut inside a line, a line of binary garbage.
	n=$(grep -n '^CONFIG_CC_STACKPROTECTOR_STRONG=y$' "$T/good" | cut -d: -f1)
	head -n $((n - 1)) "$T/good" >"$T/cut-lines"
	head -c $(($(head -n $n "$T/good" | wc -c) - 4)) "$T/good" >"$T/cut-line"
	{ head -n 20 "$T/good"; printf 'CONFIG_X\001\377\000=y\n'; tail -n +21 "$T/good"; } >"$T/garbage"
	for case in "cut-lines:$((n - 1)): error: the file ends here without the stack protector mode" \
		"cut-line:$n: error: the last line has no end" \
		"garbage:21: error: bytes that are not text"; do
		kind=${case%%:*} msg=${case#*:}
		cp "$T/good" "$O/.config"; cp "$T/crlf" "$O/.config.old"
		cp "$T/$kind" "$O/.config"
		sleep 1; touch "$O/.config"
		smk O="$O" $E; rc=$?
		check "$engine: .config $kind: make fails" test $rc -ne 0
		check_grep "$engine: ...naming the file and line" "^$O/.config:$msg" "$T/out"
		check "$engine: ...leaving .config as it was" same "$T/$kind" "$O/.config"
		check "$engine: ...and .config.old" same "$T/crlf" "$O/.config.old"
		check_nogrep "$engine: ...with no silent default" 'CC_STACKPROTECTOR_STRONG: y -> n' "$T/out"
		smk O="$O" $E olddefconfig; rc=$?
		check "$engine: ...so does make olddefconfig" test $rc -ne 0 -a -n "$(grep -a "^$O/.config:$msg" "$T/out")"
		check "$engine: ...leaving .config as it was" same "$T/$kind" "$O/.config"
	done
done

done_testing
