#!/bin/sh
# A third board, as Documentation/boards.md's "Adding a board" has it: in
# a copy of the tree, the MPS2's folder copied to arch/arm/mach-mps2x/
# under a name of its own (ARCH_MPS2X, mps2x.lds, mps2x_defconfig) and
# one line added to arch/arm/Kconfig's board list. Nothing else in the
# tree changes, and the new board configures, builds with its own linker
# script, boots under qemu-system with "make run" (the QEMU line of its
# own Makefile.board) and catches an overrun.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"
need_mps2_tools gcc

S="$T/src"
src_copy "$S"
# A repository of the copy, to list what adding the board changed.
git -C "$S" init -q && git -C "$S" add -A &&
	git -C "$S" -c user.name=t -c user.email=t@t commit -qm base
check_eq "the copy is a repository of its own" 0 $?

# The board's folder: the MPS2's, copied, its names and symbol changed.
B="$S/arch/arm/mach-mps2x"
cp -r "$S/arch/arm/mach-mps2" "$B" && mv "$B/mps2.lds" "$B/mps2x.lds" &&
	mv "$B/mps2_defconfig" "$B/mps2x_defconfig" && echo CONFIG_ARCH_MPS2X=y >>"$B/mps2x_defconfig" &&
	sed -i 's/^config ARCH_MPS2$/config ARCH_MPS2X/; s/"ARM MPS2 AN385 /"A second MPS2 AN385 /' "$B/Kconfig" &&
	sed -i 's/CONFIG_ARCH_MPS2)/CONFIG_ARCH_MPS2X)/; s|mach-mps2/|mach-mps2x/|g; s|/mps2\.lds|/mps2x.lds|' "$B/Makefile.board" &&
	sed -i 's/mps2\.lds:/mps2x.lds:/' "$B/mps2x.lds"
check_eq "the board's folder: a copy of the MPS2's, renamed" 0 $?
check "...its Makefile.board checks its own symbol" grep -q 'CONFIG_ARCH_MPS2X),y' "$B/Makefile.board"
# Its arch's board list: one source line in the "Board" choice.
sed -i 's|^source "arch/arm/mach-mps2/Kconfig"$|&\nsource "arch/arm/mach-mps2x/Kconfig"|' "$S/arch/arm/Kconfig"
check_grep "arch/arm/Kconfig sources the new board" '^source "arch/arm/mach-mps2x/Kconfig"$' "$S/arch/arm/Kconfig"

git -C "$S" add -A && git -C "$S" status --porcelain | sed 's/^...//' | sort >"$T/touched"
check_eq "adding it touches its folder and its arch's board list, nothing else" \
	"arch/arm/Kconfig
arch/arm/mach-mps2x/Kconfig
arch/arm/mach-mps2x/Makefile.board
arch/arm/mach-mps2x/include/mach/board.h
arch/arm/mach-mps2x/mps2x.lds
arch/arm/mach-mps2x/mps2x_defconfig" "$(cat "$T/touched")"

O="$T/build"
smk O="$O" ARCH=arm mps2x_defconfig
check_eq "make ARCH=arm mps2x_defconfig, found in the board's folder" 0 $?
check "...configures the new board" grep -qx CONFIG_ARCH_MPS2X=y "$O/.config"
check "...and not the MPS2" grep -qx '# CONFIG_ARCH_MPS2 is not set' "$O/.config"
check_eq "scripts/arches --board-packages arm reads its Makefile.board too" \
	"$("$SRC/scripts/arches" --board-packages arm)" "$("$S/scripts/arches" --board-packages arm)"

# What the kit offers a board, it offers this one: picolibc (its
# Makefile.board names the package).
smk O="$T/picolibc" ARCH=arm mps2x_defconfig && echo CONFIG_LIBC_PICOLIBC=y >>"$T/picolibc/.config" &&
	smk O="$T/picolibc" ARCH=arm olddefconfig
check_grep "...and picolibc is offered on it, as on any board" '^CONFIG_LIBC_PICOLIBC=y' "$T/picolibc/.config"

smk O="$O" ARCH=arm -j2
check_eq "it builds" 0 $?
check_nogrep "...without a warning" '(warning|error):' "$T/out"
check_grep "...linked with its own linker script" 'mach-mps2x/mps2x\.lds' "$O/samples/sample/.sample.cmd"
check_grep "...and compiled with its own <mach/board.h>" 'mach-mps2x/include/mach/board\.h' "$O/arch/arm/kernel/.fork-v7m.o.cmd"

smk O="$O" ARCH=arm run
check_eq "make run boots it under its QEMU line and exits 0" 0 $?
check_grep "...printing the banner" '^sspkit sample: arch=arm stack-protector=strong ' "$T/out"
check_eq "board_qemu reads the same QEMU line from its Makefile.board" \
	"$(board_qemu mps2_defconfig | sed "s|$SRC|$S|")" "$(board_qemu mps2x_defconfig "$S")"

BOARD_DEFCONFIG=mps2x_defconfig BOARD_SRC=$S
brun "$O/sample" smash char16
check_eq "smash char16 is caught on it" caught "$(verdict)"

done_testing
