#!/bin/sh
# The guard runtime: a random guard with its terminator byte, the fixed
# terminator canary, and code that writes the guard never protected.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
mk O="$O" x86_64_defconfig strong.config all

# 20 runs: each guard must differ, and its lowest-addressed byte (the least
# significant on x86_64) must be zero.
i=0
while [ $i -lt 20 ]; do "$O/sample" guard; i=$((i + 1)); done >"$T/guards"
check_eq "sample guard prints 20 guards" 20 "$(grep -c '^guard: 0x[0-9a-f]\{16\}$' "$T/guards")"
check_eq "RANDOM: 20 runs give 20 different guards" 20 "$(sort -u "$T/guards" | wc -l | tr -d ' ')"
check_eq "RANDOM: every guard's lowest-addressed byte is zero" 20 "$(grep -c '00$' "$T/guards")"
check_eq "RANDOM: no guard is the fixed canary or zero" 0 \
	"$(grep -c -e '0x00000000000a0dff' -e '0x0000000000000000' "$T/guards")"
# getrandom() fills all 8 bytes: each of the other 7 takes more than one
# value over the 20 runs (the odds that a random byte repeats 19 times are
# 256^-19), where a guard filled in part keeps the rest constant.
varying=0
for b in 1 2 3 4 5 6 7; do
	# Byte b from the least significant: digits 15-2b and 16-2b of 16.
	n=$(sed 's/^guard: 0x//' "$T/guards" | cut -c$((15 - 2 * b))-$((16 - 2 * b)) | sort -u | wc -l)
	[ "$n" -gt 1 ] && varying=$((varying + 1))
done
check_eq "RANDOM: all 7 bytes above the zero byte vary over 20 runs" 7 "$varying"

# FIXED: the terminator canary.
sed -i -e 's/^CONFIG_STACKPROTECTOR_GUARD_RANDOM=y/# CONFIG_STACKPROTECTOR_GUARD_RANDOM is not set/' \
	-e 's/^# CONFIG_STACKPROTECTOR_GUARD_FIXED is not set/CONFIG_STACKPROTECTOR_GUARD_FIXED=y/' "$O/.config"
mk O="$O" all
check_eq "FIXED: sample guard prints 0x000a0dff" "guard: 0x00000000000a0dff" "$("$O/sample" guard)"
check_grep "FIXED: the banner says so" 'guard=fixed' "$("$O/sample" >"$T/b"; echo "$T/b")"

# ALL protects every function but the ones that set the guard up.
mk O="$O" x86_64_defconfig all.config all scripts_spreport
check "ALL: sample runs without a false alarm" "$O/sample"
check "ALL: sample guard runs without a false alarm" "$O/sample" guard
"$O/scripts/spreport/spreport" --list "$O/sample" >"$T/list"
check_grep "ALL: __sspkit_start carries no canary" '^unprotected +[0-9]+ __sspkit_start ' "$T/list"
# __stack_chk_init writes the guard but checks no canary: not protected
# (spreport counts a call to the handler, not a touch of the guard).
check_grep "ALL: __stack_chk_init is not counted as protected" '^unprotected +[0-9]+ __stack_chk_init ' "$T/list"
objdump -dr "$O/lib/stackprotector.o" | awk '/<__stack_chk_init>:$/, /^$/' >"$T/init.dis"
check_grep "ALL: __stack_chk_init is in the runtime" '<__stack_chk_init>:' "$T/init.dis"
check_nogrep "ALL: __stack_chk_init has no canary check" '__stack_chk_fail' "$T/init.dis"
check_grep "ALL: an ordinary function does carry one" '^protected +[0-9]+ strlen ' "$T/list"

# The fail handler: raw syscalls only, a stack-protector: line, SIGABRT.
nm "$O/lib/stackprotector.o" >"$T/nm"
check_nogrep "the runtime calls no formatted output" ' U (printf|dprintf|vsnprintf|snprintf)$' "$T/nm"
check_grep "the guard, the handler and the i386 PIE alias are weak" \
	'W __stack_chk_fail_local' "$T/nm"
check_grep "...__stack_chk_fail is weak" 'W __stack_chk_fail$' "$T/nm"
check_grep "...__stack_chk_guard is weak" 'V __stack_chk_guard$' "$T/nm"

done_testing
