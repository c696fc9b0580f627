#!/bin/sh
# KCONFIG=kconfiglib: the config targets and the
# build's syncconfig on Kconfiglib write the same include/config/ files,
# autoconf.h and .config.old as kconfig-frontends, so fixdep's per-symbol
# rebuilds work unchanged; its menuconfig shows the compiler's comments;
# the engine layer names what is missing. The value-by-value comparison of
# every defconfig x fragment x LLVM= is tests/kbuild/crosscheck.t.
. "$(dirname "$0")/../lib.sh"

if ! /usr/bin/python3 -c 'import kconfiglib' 2>/dev/null; then
	skip "Kconfiglib engine" "python3-kconfiglib is not installed (scripts/install-deps installs it)"
	done_testing
fi
KL="KCONFIG=kconfiglib"
FE="$T/fe" K="$T/kl"

# The same build on both engines.
mk O="$FE" x86_64_defconfig regular4.config && mk O="$FE" -j2
check "frontends: defconfig, fragment and build" test -x "$FE/sample"
# Kconfiglib's tree is built with the logging compiler throughout, so
# that a later build with it can be counted.
LOGCC="$SRC/tests/bin/logcc"
CC_LOG="$T/cc.log"; export CC_LOG
mk O="$K" $KL CC="$LOGCC" x86_64_defconfig regular4.config && mk O="$K" $KL CC="$LOGCC" -j2
check "kconfiglib: defconfig, fragment and build" test -x "$K/sample"
check_grep "...with .config's header as kconfig-conf writes it" \
	'^# sspkit/x86_64 Configuration$' "$K/.config"
check_grep "...the fragment's value" '^CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=4$' "$K/.config"
check_grep "...and the previous .config (defconfig's STRONG) as .config.old" \
	'^CONFIG_CC_STACKPROTECTOR_STRONG=y$' "$K/.config.old"

# values FILE: the CONFIG_ lines, in order of name (engines order them differently).
values() { grep -E '^(CONFIG_|#define CONFIG_)' "$1" | sort; }
for f in include/config/auto.conf include/generated/autoconf.h include/config/tristate.conf; do
	check_eq "$f: the same values from both engines" "$(values "$FE/$f")" "$(values "$K/$f")"
done
symfiles() { (cd "$1/include/config" && find . -name '*.h' | sort); }
check_eq "include/config/: the same per-symbol files for fixdep" "$(symfiles "$FE")" "$(symfiles "$K")"
check "...and there are some" test -e "$K/include/config/cc/stackprotector/regular.h"
check_grep "auto.conf.cmd lists the generated Kconfig fragment" \
	"^	$K/include/generated/cc.kconfig \\\\\$" "$K/include/config/auto.conf.cmd"
check_grep "...and ARCH, whose change re-runs syncconfig" \
	'^ifneq "\$\(ARCH\)" "x86_64"$' "$K/include/config/auto.conf.cmd"

# A no-op build starts nothing, Kconfiglib included.
: >"$CC_LOG"
mk O="$K" $KL CC="$LOGCC"
check_eq "kconfiglib: a no-op make prints nothing" "" "$(cat "$T/out")"
check_eq "...and starts no compiler" 0 "$(wc -l <"$CC_LOG")"
if command -v strace >/dev/null; then
	(cd "$SRC" && strace -f -qq -e trace=execve -o "$T/strace" \
		make O="$K" $KL CC="$LOGCC" >/dev/null 2>&1)
	check_nogrep "...nor python" 'execve\("[^"]*python' "$T/strace"
fi

# fixdep: one symbol's change rebuilds the one object that mentions it
# (tests/kbuild/incremental.t shows it is samples/sample/main.c).
sed -i 's/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION="-kl"/' "$K/.config"
: >"$CC_LOG"
mk O="$K" $KL CC="$LOGCC"
# (.sample.ssp_mode.o, the banner's mode, is assembled on every relink.)
check_eq "kconfiglib: CONFIG_LOCALVERSION changed, one compile" 1 \
	"$(grep -- ' -c -o [^ ]*\.o\.tmp ' "$CC_LOG" | grep -vc ' -o [^ ]*\.ssp_mode\.o\.tmp ')"
check_grep "...of samples/sample/main.o" '-o samples/sample/main.o.tmp ' "$CC_LOG"
check "...and auto.conf is newer than .config afterwards" \
	test "$K/include/config/auto.conf" -nt "$K/.config"
# A Kconfig file newer than auto.conf (through auto.conf.cmd) syncs again.
touch -d '+2 seconds' "$K/include/generated/cc.kconfig"
mk O="$K" $KL CC="$LOGCC"
check "a newer Kconfig fragment re-runs syncconfig" \
	test "$K/include/config/auto.conf" -nt "$K/include/generated/cc.kconfig"
mk O="$K" $KL CC="$LOGCC" savedefconfig
check_eq "the changed value survives in savedefconfig" \
	'CONFIG_LOCALVERSION="-kl"' "$(grep LOCALVERSION "$K/defconfig")"

# The build's syncconfig settles a hand-edited .config and says how. A
# malformed line stops it first (scripts/kconfig/config-check), .config
# left as it was; a value of the wrong type is kconfig's to settle.
cp "$K/.config" "$T/kl-config"
printf 'CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=abc\nthis is garbage\n' >>"$K/.config"
n=$(wc -l <"$K/.config")
mk O="$K" $KL CC="$LOGCC"
check_grep "a malformed line stops the build, with the file and line" \
	"^$K/.config:$n: error: not a setting \(CONFIG_NAME=VALUE\) nor a comment: \"this is garbage\"" "$T/out"
cp "$T/kl-config" "$K/.config"
printf 'CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=abc\n' >>"$K/.config"
mk O="$K" $KL CC="$LOGCC"
check_grep "a bad value: Kconfiglib names the symbol and its type" \
	"the value 'abc' is invalid for CC_STACKPROTECTOR_BUFFER_SIZE .*type int" "$T/out"
check_grep "...that it is set twice (regular4.config set it to 4)" \
	'\.config:[0-9]+: warning: CC_STACKPROTECTOR_BUFFER_SIZE .* set more than once' "$T/out"
check_grep "...and syncconfig shows what it changed" \
	'CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE: abc -> 4' "$T/out"

# A broken Kconfig file stops the target with its file and line.
src_copy "$T/src"
printf 'config BROKEN\n\tbool "x"\n\tdefault y if (\n' >>"$T/src/lib/Kconfig"
if make -C "$T/src" O="$T/broken" $KL x86_64_defconfig >"$T/out" 2>&1; then
	fail "a broken Kconfig: defconfig fails" "$(cat "$T/out")"
else
	pass "a broken Kconfig: defconfig fails"
fi
check_grep "...naming the file and line" "lib/Kconfig:[0-9]+: error: couldn't parse 'default y if \('" "$T/out"
check "...and writes no .config" test ! -e "$T/broken/.config"

# The engine layer: every missing piece is named, with the fix.
check_fails "KCONFIG=foo fails" mk O="$K" KCONFIG=foo olddefconfig
check_grep "...naming both engines" 'KCONFIG=foo is not a Kconfig engine: use KCONFIG=frontends .* or KCONFIG=kconfiglib' "$T/out"
check_fails "nconfig on Kconfiglib fails" mk O="$K" $KL nconfig
check_grep "...saying the other engine has it" '"make nconfig" is not available with KCONFIG=kconfiglib.*\(KCONFIG=frontends has it\)' "$T/out"
check_fails "guiconfig on kconfig-frontends fails" mk O="$K" guiconfig
check_grep "...saying Kconfiglib has it" '\(KCONFIG=kconfiglib has it\)' "$T/out"
check_fails "a python without Kconfiglib fails" mk O="$K" $KL KCONFIGLIB_PYTHON=false olddefconfig
check_grep "...naming the Debian package" 'Kconfiglib not found by false: install Debian package python3-kconfiglib' "$T/out"
if /usr/bin/python3 -c 'import tkinter' 2>/dev/null; then
	skip "guiconfig without Tk" "Tk is installed here"
else
	check_fails "guiconfig without Tk fails" mk O="$K" $KL guiconfig
	check_grep "...naming python3-tk, and menuconfig instead" 'guiconfig needs Tk: install Debian package python3-tk, or use "make KCONFIG=kconfiglib menuconfig"' "$T/out"
fi

if ! command -v tmux >/dev/null; then
	skip "Kconfiglib's menuconfig in tmux" "tmux is not installed (scripts/install-deps installs it)"
	done_testing
fi
tmux_setup kl

M="$T/menu"
mk O="$M" LLVM=1 $KL x86_64_defconfig
tmux new-session -d -s "$S" -x 120 -y 40 \
	"cd '$SRC' && TERM=xterm make O='$M' LLVM=1 $KL menuconfig; echo MENUCONFIG-EXITED \$?; sleep 60"
check "kconfiglib menuconfig (LLVM=1) shows the main menu" wait_for "General architecture-dependent options"
key Enter
check "...names clang on top of the submenu" wait_for "*** Compiler: clang "
key Down
key Enter
check "...opens the choice" wait_for "(X) Strong"
# Kconfiglib's menu is as wide as the terminal: the whole comment shows.
check_grep "...with the whole Explicit comment under the modes" \
	'\*\*\* Explicit: not supported by clang [0-9]+ \(rejects -fstack-protector-explicit\) \*\*\*' "$T/screen"
check_grep "...and Explicit still offered" '\( \) Explicit' "$T/screen"
key Up
key Space
check "picking Regular shows it" wait_for "Stack Protector buffer overflow detection (Regular)"
key q
check "quitting asks to save" wait_for "Save configuration?"
key y
check "...and menuconfig exits 0" wait_for "MENUCONFIG-EXITED 0"
check_grep ".config has REGULAR" '^CONFIG_CC_STACKPROTECTOR_REGULAR=y$' "$M/.config"
check_grep "...the previous config is .config.old" '^CONFIG_CC_STACKPROTECTOR_STRONG=y$' "$M/.config.old"

done_testing
