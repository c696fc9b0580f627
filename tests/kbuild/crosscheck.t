#!/bin/sh
# tests/run: slow
# tests/run: one engine
# tests/run: start first
# The second engine agrees: for every ARCH_defconfig x
# fragment x LLVM=, Kconfiglib and kconfig-frontends give every symbol the
# same value (scripts/kconfig/crosscheck); and the check fails when they
# do not.
. "$(dirname "$0")/../lib.sh"

if ! /usr/bin/python3 -c 'import kconfiglib' 2>/dev/null; then
	skip "engine cross-check" "python3-kconfiglib is not installed (scripts/install-deps installs it)"
	done_testing
fi
CMP="$SRC/scripts/kconfig/config-changes"

# The comparison itself: what is and is not a value difference.
printf 'CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_S=""\n' >"$T/a"
printf '#\n# a comment\n#\nCONFIG_S=""\nCONFIG_A=y\n# end of menu\n' >"$T/b"
check "order, comments, and 'is not set' against no line: the same values" \
	sh "$CMP" --values "$T/a" "$T/b"
printf 'CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_S="x"\n' >"$T/c"
check_fails "a string's value differs: a difference" sh "$CMP" --values "$T/a" "$T/c"
printf 'CONFIG_A=y\n' >"$T/d"
check_fails "a string written by one engine only: a difference" sh "$CMP" --values "$T/a" "$T/d"
printf '# CONFIG_A is not set\n# CONFIG_B is not set\nCONFIG_S=""\n' >"$T/e"
check_fails "y against 'is not set': a difference" sh "$CMP" --values "$T/a" "$T/e"

# The whole grid.
arches=$("$SRC/scripts/arches")
n_arch=$(echo $arches | wc -w)
n_frag=$(ls "$SRC"/configs/*.config | wc -l)
expected=$((n_arch * 2 * (n_frag + 1)))
"$SRC/scripts/kconfig/crosscheck" "$T/grid" >"$T/out" 2>&1
rc=$?
cat "$T/out" | sed 's/^/# /'
check_eq "crosscheck exits 0" 0 $rc
check_eq "...after $n_arch arches x 2 LLVM= x (defconfig + $n_frag fragments) configurations, none differing" \
	"crosscheck: $expected configurations compared, 0 differ in value" "$(tail -1 "$T/out")"
check_grep "...and both engines did run: Kconfiglib's .config has its '# end of' lines" \
	'^# end of General architecture-dependent options$' "$T/grid/arm64-llvm/result-strong.kconfiglib"
check_nogrep "...which kconfig-frontends does not write" '^# end of' "$T/grid/arm64-llvm/result-strong.frontends"

# An engine that gets one value wrong fails the check, naming the symbol.
KCONFIGLIB_PYTHON="$SRC/tests/bin/kconfiglib-skew" \
	"$SRC/scripts/kconfig/crosscheck" "$T/skew" riscv >"$T/out" 2>&1
check_eq "a skewed Kconfiglib: crosscheck exits 1" 1 $?
check_eq "...every riscv configuration differs" \
	"crosscheck: $((2 * (n_frag + 1))) configurations compared, $((2 * (n_frag + 1))) differ in value" "$(tail -1 "$T/out")"
check_grep "...in CONFIG_LOCALVERSION, shown with both values" \
	'^ +CONFIG_LOCALVERSION: "" -> "-skewed"$' "$T/out"

done_testing
