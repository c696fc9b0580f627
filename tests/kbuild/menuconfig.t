#!/bin/sh
# menuconfig and nconfig, driven as a person would: the real kconfig-mconf
# and kconfig-nconf in a tmux pane, with keystrokes, reading the screen.
. "$(dirname "$0")/../lib.sh"

if ! command -v tmux >/dev/null; then
	skip "menuconfig in tmux" "tmux is not installed (scripts/install-deps installs it)"
	done_testing
fi

O="$T/obj"
tmux_setup test

mk O="$O" x86_64_defconfig
tmux new-session -d -s "$S" -x 120 -y 40 \
	"cd '$SRC' && TERM=xterm make O='$O' menuconfig; echo MENUCONFIG-EXITED \$?; sleep 60"

check "menuconfig shows the main menu" wait_for "General architecture-dependent options"
check_grep "...titled with the ARCH" 'sspkit/x86_64 Configuration' "$T/screen"
key Enter
check "the first submenu names the compiler on top" wait_for "*** Compiler: gcc "
key Down
check "the next entry shows the choice set to Strong" \
	wait_for "Stack Protector buffer overflow detection (Strong)"
key Enter
check "the choice opens with its five modes" wait_for "(X) Strong"
check_grep "...Explicit among them" '\( \) Explicit' "$T/screen"
key Up
key Space
check "picking Regular closes the list and shows it" \
	wait_for "Stack Protector buffer overflow detection (Regular)"
check_grep "...and Regular's threshold appears" 'Smallest character array that Regular protects' "$T/screen"
key Escape Escape
key Escape Escape
check "leaving asks to save" wait_for "Do you wish to save your new configuration?"
key Enter
check "menuconfig saves and exits 0" wait_for "MENUCONFIG-EXITED 0"

check_grep ".config has REGULAR" '^CONFIG_CC_STACKPROTECTOR_REGULAR=y$' "$O/.config"
check_grep "...and no longer STRONG" '^# CONFIG_CC_STACKPROTECTOR_STRONG is not set$' "$O/.config"
check_grep "...the previous config is .config.old" '^CONFIG_CC_STACKPROTECTOR_STRONG=y$' "$O/.config.old"

mk O="$O" V=1
check_grep "make V=1 compiles with -fstack-protector" \
	' -fstack-protector .*-c -o samples/sample/main.o' "$T/out"
check_nogrep "...and never with -fstack-protector-strong" '-fstack-protector-strong' "$T/out"
tmux kill-session -t "$S"

# nconfig starts on the same tree and leaves it unchanged on F9 (exit).
cp "$O/.config" "$T/before"
tmux new-session -d -s "$S" -x 120 -y 40 \
	"cd '$SRC' && TERM=xterm make O='$O' nconfig; echo NCONFIG-EXITED \$?; sleep 60"
check "nconfig shows the main menu" wait_for "General architecture-dependent options"
key F9
check "nconfig exits 0 on F9" wait_for "NCONFIG-EXITED 0"
check "nconfig without changes leaves .config as it was" cmp -s "$T/before" "$O/.config"

done_testing
