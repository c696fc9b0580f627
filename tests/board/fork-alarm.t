#!/bin/sh
# The boards' fork(), alarm() and wait4() against Linux's: a
# program of its own (tests/board/spin/, an image beside sample) forks a
# child that spins until its alarm ends it, then one that exits 3. Linux
# gives wait4 statuses 14 (killed by SIGALRM) and 768 (exit 3 << 8), and
# the parent goes on; each board must print the same lines, in one start
# of qemu-system. The sweep reaches the alarm only where an overrun
# happens to hang (gcc rv64 NONE); this reaches it on every board.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/lib.sh"

S="$T/src"
src_copy "$S"
cp -r "$SRC/tests/board/spin" "$S/samples/"
echo 'subdir-y += spin' >>"$S/samples/Makefile"

# Linux, natively: the expected lines.
smk O="$T/linux" x86_64_defconfig && smk O="$T/linux" -j2
check_eq "Linux (x86_64): builds" 0 $?
"$T/linux/samples/spin/spin" >"$T/want" 2>&1
check_eq "Linux: exits 0" 0 $?
check_eq "Linux: the spinning child dies of SIGALRM (14), the other exits 3 (768)" \
	"spinning child: wait4 status 14
exiting child: wait4 status 768
parent: goes on" "$(cat "$T/want")"

# check_board BOARD ARCH DEFCONFIG COMPILER QEMU: run as DEFCONFIG's
# Makefile.board says (tests/board/lib.sh's board_qemu), for longer.
check_board() {
	board=$1 arch=$2 defconfig=$3
	for t in "$4" "$5"; do
		command -v "$t" >/dev/null 2>&1 || { skip "$board" "no $t (scripts/install-deps $arch)"; return; }
	done
	O="$T/$board"
	smk O="$O" ARCH="$arch" "$defconfig" && smk O="$O" ARCH="$arch" -j2
	check_eq "$board: builds with the spinning program" 0 $? || return
	$(board_qemu "$defconfig" "$S") --timeout=20 "$O/samples/spin/spin" >"$T/got" 2>"$T/err" </dev/null
	check_eq "$board: exits 0" 0 $?
	check_eq "$board: the same lines as Linux" "$(cat "$T/want")" "$(cat "$T/got")"
}

check_board mps2 arm mps2_defconfig arm-none-eabi-gcc qemu-system-arm
for w in 32 64; do
	check_board "virt$w" riscv "$([ $w = 32 ] && echo rv32_)nommu_virt_defconfig" \
		riscv64-unknown-elf-gcc "qemu-system-riscv$w"
done

done_testing
