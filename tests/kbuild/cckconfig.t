#!/bin/sh
# Kconfig knows the compiler: the config targets write
# include/generated/cc*.kconfig from the cached probes; the real
# kconfig-mconf shows a comment under the choice for each mode the
# compiler lacks, and configuring works with no compiler at all.
. "$(dirname "$0")/../lib.sh"

G=include/generated

# gcc 12 takes every mode's flag: the compiler is named, no mode is commented.
mk O="$T/gcc" x86_64_defconfig
check_grep "gcc: defconfig names the compiler" '^comment "Compiler: gcc [0-9]' "$T/gcc/$G/cc.kconfig"
check_nogrep "gcc: no mode is commented as unsupported" 'not supported' "$T/gcc/$G/cc-stackprotector.kconfig"
check_grep "gcc: .config has CC_HAS_STACKPROTECTOR_EXPLICIT=y" '^CONFIG_CC_HAS_STACKPROTECTOR_EXPLICIT=y$' "$T/gcc/.config"

# clang 14 rejects -fstack-protector-explicit (Documentation/toolchains.md).
mk O="$T/clang" LLVM=1 x86_64_defconfig
check_grep "LLVM=1: defconfig names clang" '^comment "Compiler: clang [0-9]' "$T/clang/$G/cc.kconfig"
check_grep "LLVM=1: Explicit is commented, naming the flag" \
	'^ *comment "Explicit: not supported by clang [0-9]+ \(rejects -fstack-protector-explicit\)"$' \
	"$T/clang/$G/cc-stackprotector.kconfig"
check_eq "LLVM=1: Explicit is the only mode commented" 1 \
	"$(grep -c 'not supported' "$T/clang/$G/cc-stackprotector.kconfig")"
check_grep "LLVM=1: .config leaves CC_HAS_STACKPROTECTOR_EXPLICIT unset" \
	'^# CONFIG_CC_HAS_STACKPROTECTOR_EXPLICIT is not set$' "$T/clang/.config"
check_grep "LLVM=1: Explicit stays selectable (menu entry kept)" \
	'CONFIG_CC_STACKPROTECTOR_EXPLICIT' "$T/clang/.config"

# No compiler at all: configuring still works, with no comments.
if mk O="$T/nocc" CC=sspkit-no-such-cc x86_64_defconfig; then
	pass "no compiler: defconfig exits 0"
else
	fail "no compiler: defconfig exits 0" "$(tail -20 "$T/out")"
fi
check_grep "...and writes .config" '^CONFIG_CC_STACKPROTECTOR_STRONG=y$' "$T/nocc/.config"
check_nogrep "...with no comment" 'comment' "$T/nocc/$G/cc.kconfig"
check_nogrep "...and no mode commented" 'comment' "$T/nocc/$G/cc-stackprotector.kconfig"
check_nogrep "...and no CC_HAS_* set" '^CONFIG_CC_HAS_.*=y' "$T/nocc/.config"

if ! command -v tmux >/dev/null; then
	skip "menuconfig comments in tmux" "tmux is not installed (scripts/install-deps installs it)"
	done_testing
fi
tmux_setup cck

# open_choice OBJ ARGS: start menuconfig and open the stack-protector choice.
open_choice() {
	tmux new-session -d -s "$S" -x 120 -y 40 \
		"cd '$SRC' && TERM=xterm make O='$1' $2 menuconfig; echo MENUCONFIG-EXITED \$?; sleep 60"
	wait_for "General architecture-dependent options" || return 1
	key Enter
	wait_for "*** Compiler: " || return 1
	key Down
	wait_for "Stack Protector buffer overflow detection (Strong)" || return 1
	key Enter
	wait_for "(X) Strong"
}

check "LLVM=1: menuconfig opens the choice" open_choice "$T/clang" LLVM=1
# The choice window is mconf's fixed 60 columns: the comment is cut after
# "(rejects -fstac"; the fragment test above checks the whole text.
check_grep "...which shows the Explicit comment under the modes" '\*\*\* Explicit: not supported by clang [0-9]+ \(rejects -f' "$T/screen"
check_grep "...and still offers Explicit" '\( \) Explicit' "$T/screen"
tmux kill-session -t "$S"

check "gcc: menuconfig opens the choice" open_choice "$T/gcc" ""
check_grep "...which offers Explicit" '\( \) Explicit' "$T/screen"
check_nogrep "...with no 'not supported' comment" 'not supported' "$T/screen"
tmux kill-session -t "$S"

done_testing
