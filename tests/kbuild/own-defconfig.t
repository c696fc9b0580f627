#!/bin/sh
# Documentation/usage.md's "Your own defconfig", followed verbatim: its
# command lines, taken from that section itself, run in a copy of the
# tree; the configuration builds, runs and prints its banner, and its
# defconfig holds only what it changed.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
# The indented command lines of the section, in order.
awk '/^## Your own defconfig$/ { f = 1; next } /^## / { f = 0 }
	f && /^    (make|cp) / { sub(/^    /, ""); print }' "$SRC/Documentation/usage.md" >"$T/steps"
check "the section has the steps (make ... and cp ...)" test "$(wc -l <"$T/steps")" -ge 5
i=0
while read -r line; do
	i=$((i + 1))
	(cd "$S" && eval "$line") >"$T/step$i.out" 2>&1 || {
		fail "step $i: $line" "$(tail -20 "$T/step$i.out")"
		break
	}
	pass "step $i: $line"
done <"$T/steps"
check_grep "the board runs: its banner, arm, regular" \
	'^sspkit sample: arch=arm stack-protector=regular ' "$T/step$i.out"
check_eq "configs/myboard_defconfig: the ARCH line and the one change" \
	"# saved on ARCH=arm: load it with \"make ARCH=arm NAME_defconfig\"
CONFIG_CC_STACKPROTECTOR_REGULAR=y" "$(cat "$S/configs/myboard_defconfig")"
(cd "$S" && make O=build/other myboard_defconfig) >"$T/out" 2>&1; rc=$?
check "loaded without ARCH=arm, it is refused" test $rc -ne 0
check_grep "...naming the command to run" 'run "make ARCH=arm O=build/other myboard_defconfig"' "$T/out"

done_testing
