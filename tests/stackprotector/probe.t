#!/bin/sh
# tests/run: slow
# Compiler probing with honest stand-ins (tests/bin/cc-*) around the real
# gcc: the kernel's warnings, the fallback, STRICT, the sanity probe, and a
# distro compiler with the protector on by default.
. "$(dirname "$0")/../lib.sh"

B="$SRC/tests/bin"

# build NAME CC MODE [STRICT]: configure and build O=$T/NAME; output in $T/NAME.out
build() {
	o="$T/$1"
	mk O="$o" x86_64_defconfig "$3.config"
	if [ -n "${4:-}" ]; then
		echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$o/.config"
	fi
	(cd "$SRC" && make O="$o" CC="$2" V=1 >"$T/$1.out" 2>&1)
}
banner() { "$T/$1/sample" 2>&1; }
# Functions with a canary, leaving out the canary runtime itself
# (lib/stackprotector.o), which names the guard without being protected.
protected() {
	"$T/probe-spreport/scripts/spreport/spreport" --list "$T/$1/arch" \
		"$T/$1/lib" "$T/$1/samples" |
		awk '$1 == "protected" && $4 !~ /lib\/stackprotector\.o$/' | wc -l | tr -d ' '
}
mk O="$T/probe-spreport" x86_64_defconfig && mk O="$T/probe-spreport" scripts_spreport

# An old gcc lacks -strong: the kernel's warning, then REGULAR.
build old "$B/cc-old-gcc" strong
check "old gcc: STRONG falls back and still builds" test -x "$T/old/sample"
check_grep "old gcc: the 3.14 warning, naming the fallback" \
	'Cannot use CONFIG_CC_STACKPROTECTOR_STRONG: -fstack-protector-strong not supported by compiler \(falling back to regular: -fstack-protector\)$' "$T/old.out"
check_grep "old gcc: make says the mode differs at the end" \
	'^stack-protector: regular in all 6 objects \(configured strong\)' "$T/old.out"
check_grep "old gcc: objects compile with -fstack-protector" \
	' -fstack-protector .*-c -o samples/sample/main.o' "$T/old.out"
check_nogrep "old gcc: -fstack-protector-strong never reaches a compile" \
	'-fstack-protector-strong.* -c -o ' "$T/old.out"
check_grep "old gcc: sample's banner shows the effective mode" \
	'stack-protector=regular \(configured strong[;)]' "$(banner old >"$T/b"; echo "$T/b")"
check "old gcc: REGULAR protects something" test "$(protected old)" -gt 0

build old-explicit "$B/cc-old-gcc" explicit
check_grep "old gcc: EXPLICIT has no weaker mode but NONE" \
	'Cannot use CONFIG_CC_STACKPROTECTOR_EXPLICIT: -fstack-protector-explicit not supported by compiler \(falling back to none\)$' "$T/old-explicit.out"
check_eq "old gcc: ...and then nothing is protected" 0 "$(protected old-explicit)"

build old-strict "$B/cc-old-gcc" strong strict; rc=$?
check "old gcc + STRICT: the build fails" test $rc -ne 0
check_grep "old gcc + STRICT: with the same warning text, as an error" \
	'\*\*\* Cannot use CONFIG_CC_STACKPROTECTOR_STRONG: -fstack-protector-strong not supported by compiler.*CONFIG_CC_STACKPROTECTOR_STRICT=y' "$T/old-strict.out"
check "old gcc + STRICT: no sample is produced" test ! -e "$T/old-strict/sample"
check "old gcc + STRICT: nothing was compiled" test ! -e "$T/old-strict/lib/string.o"

# A compiler without -fstack-protector-all: ALL falls back to the next
# weaker mode, STRONG (none < regular < strong < all), not further.
CC_REJECT=-fstack-protector-all; export CC_REJECT
build noall "$B/cc-reject" all
unset CC_REJECT
check_grep "no -all: the 3.14 warning, falling back to strong" \
	'Cannot use CONFIG_CC_STACKPROTECTOR_ALL: -fstack-protector-all not supported by compiler \(falling back to strong: -fstack-protector-strong\)$' "$T/noall.out"
check_grep "no -all: objects compile with -fstack-protector-strong" \
	' -fstack-protector-strong .*-c -o samples/sample/main.o' "$T/noall.out"
check_grep "no -all: sample's banner shows strong" \
	'stack-protector=strong \(configured all[;)]' "$(banner noall >"$T/b"; echo "$T/b")"

# No stack protector at all: REGULAR cannot be had either.
build nossp "$B/cc-no-ssp" regular
check_grep "no-ssp compiler: the 3.14 REGULAR warning" \
	'Cannot use CONFIG_CC_STACKPROTECTOR: -fstack-protector not supported by compiler \(falling back to none\)$' "$T/nossp.out"
check_grep "no-ssp compiler: banner says none" 'stack-protector=none \(configured regular\)' \
	"$(banner nossp >"$T/b"; echo "$T/b")"
check_eq "no-ssp compiler: nothing is protected" 0 "$(protected nossp)"

# A compiler that takes the flag and protects nothing: the sanity probe.
build broken "$B/cc-broken" strong
check_grep "broken compiler: the 3.14 sanity warning" \
	'stack-protector enabled but compiler support broken' "$T/broken.out"
check_grep "broken compiler: the build claims no protection" \
	'stack-protector=none \(configured strong\)' "$(banner broken >"$T/b"; echo "$T/b")"
check_eq "broken compiler: ...and indeed has none" 0 "$(protected broken)"
build broken-strict "$B/cc-broken" strong strict; rc=$?
check "broken compiler + STRICT: the build fails" test $rc -ne 0
check_grep "broken compiler + STRICT: naming the problem" \
	'\*\*\* stack-protector enabled but compiler support broken' "$T/broken-strict.out"

# A distro compiler with -fstack-protector-strong on by default.
build distro-none "$B/cc-distro" none
check_grep "distro compiler, NONE: -fno-stack-protector is passed" \
	' -fno-stack-protector .*-c -o lib/string.o' "$T/distro-none.out"
check_eq "distro compiler, NONE: zero protected functions" 0 "$(protected distro-none)"
build distro-strong "$B/cc-distro" strong
check "distro compiler, STRONG: protected functions exist (the count can fail)" \
	test "$(protected distro-strong)" -gt 0

# The real gcc supports every mode: no warning, effective = configured.
for mode in $("$SRC/scripts/ssp-modes"); do
	build "gcc-$mode" gcc "$mode"
	check_nogrep "gcc, $mode: no stack-protector warning" 'Cannot use|broken' "$T/gcc-$mode.out"
	check_grep "gcc, $mode: banner shows $mode as built and configured" \
		"stack-protector=$mode \\(configured $mode[;)]" "$(banner "gcc-$mode" >"$T/b"; echo "$T/b")"
done

done_testing
