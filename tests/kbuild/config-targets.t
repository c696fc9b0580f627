#!/bin/sh
# Configuration targets, run by the real kconfig-frontends.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
cfg="$O/.config"
sym() { grep -E "^(# )?CONFIG_$1[= ]" "$cfg" | head -1; }

mk O="$O" defconfig
check_eq "defconfig reads configs/x86_64_defconfig (STRONG)" \
	"CONFIG_CC_STACKPROTECTOR_STRONG=y" "$(sym CC_STACKPROTECTOR_STRONG)"
check_grep "the config records the ARCH" '^# sspkit/x86_64 Configuration' "$cfg"

mk O="$O" x86_64_defconfig regular.config
check_eq "NAME_defconfig then NAME.config merges the fragment" \
	"CONFIG_CC_STACKPROTECTOR_REGULAR=y" "$(sym CC_STACKPROTECTOR_REGULAR)"
check_eq "...and the choice has moved off STRONG" \
	"# CONFIG_CC_STACKPROTECTOR_STRONG is not set" "$(sym CC_STACKPROTECTOR_STRONG)"
check_grep "the merge says what the fragment changed" \
	'regular.config: CONFIG_CC_STACKPROTECTOR_REGULAR: n -> y' "$T/out"
check_grep ".config.old keeps the config before the merge" \
	'^CONFIG_CC_STACKPROTECTOR_STRONG=y' "$cfg.old"

mk O="$O" -j4 x86_64_defconfig all.config
check_eq "config goals run in order under -j" \
	"CONFIG_CC_STACKPROTECTOR_ALL=y" "$(sym CC_STACKPROTECTOR_ALL)"

mk O="$O" x86_64_defconfig
mk O="$O" savedefconfig
check_eq "savedefconfig writes a minimal defconfig" \
	"CONFIG_CC_STACKPROTECTOR_STRONG=y" "$(grep -v "^#" "$O/defconfig")"

cp "$cfg" "$T/before"
mk O="$O" olddefconfig
check_eq "olddefconfig keeps a complete config as it is" \
	"$(grep ^CONFIG "$T/before")" "$(grep ^CONFIG "$cfg")"
check "olddefconfig keeps the previous file as .config.old" cmp -s "$T/before" "$cfg.old"

# A new option: listnewconfig names it, oldconfig asks, olddefconfig fills it.
grep -v 'CC_STACKPROTECTOR_STRICT' "$T/before" >"$cfg"
mk O="$O" listnewconfig
check_grep "listnewconfig names an option the config lacks" \
	'^CONFIG_CC_STACKPROTECTOR_STRICT$' "$T/out"
(cd "$SRC" && echo y | make O="$O" oldconfig >"$T/out" 2>&1)
check_grep "oldconfig asks for the new option" 'STRICT.*\[N/y' "$T/out"
check_eq "oldconfig takes the answer" \
	"CONFIG_CC_STACKPROTECTOR_STRICT=y" "$(sym CC_STACKPROTECTOR_STRICT)"
(cd "$SRC" && yes "" | make O="$O" config >"$T/out" 2>&1)
check_grep "config asks every question" 'Stack Protector buffer overflow detection' "$T/out"
check_eq "config with defaults keeps the answers" \
	"CONFIG_CC_STACKPROTECTOR_STRICT=y" "$(sym CC_STACKPROTECTOR_STRICT)"

# Errors in config goals name the problem and change nothing.
cp "$cfg" "$T/before"
mk O="$O" nosuch_defconfig; rc=$?
check "an unknown NAME_defconfig fails" test $rc -ne 0
check_grep "...naming the file and what exists" 'nosuch_defconfig not found; available:.*x86_64_defconfig' "$T/out"
check "...and leaves .config alone" cmp -s "$T/before" "$cfg"
mk O="$O" nosuch.config; rc=$?
check "an unknown NAME.config fails" test $rc -ne 0
check_grep "...naming the fragment" 'nosuch.config not found; available:.*strong.config' "$T/out"
check "...and leaves .config alone" cmp -s "$T/before" "$cfg"
mk O="$T/empty" strong.config; rc=$?
check "merging into no .config fails" test $rc -ne 0
check_grep "...and says to run make defconfig" 'no .config to merge strong.config into: run "make defconfig" first' "$T/out"

done_testing
