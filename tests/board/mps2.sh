# Helpers for tests/board/mps2-*.t, sourced after tests/lib.sh: the MPS2
# AN385 board (ARCH=arm, ARM_SINGLE_ARMV7M), its images run as
# mps2_defconfig's Makefile.board says (tests/board/lib.sh).
. "$SRC/tests/board/lib.sh"

BOARD_DEFCONFIG=mps2_defconfig
BOARD_NM=arm-none-eabi-nm

# need_mps2_tools COMPILER: skip the whole file unless the compiler
# (gcc: arm-none-eabi-gcc; clang: clang and ld.lld) and qemu-system-arm
# are installed.
need_mps2_tools() {
	for t in qemu-system-arm $(if [ "$1" = clang ]; then echo clang ld.lld; else echo arm-none-eabi-gcc; fi); do
		command -v "$t" >/dev/null 2>&1 && continue
		skip "board ($1)" "no $t (scripts/install-deps arm installs it)"
		done_testing
	done
}

# mps2_compiler COMPILER: for a loop over compilers: llvm (LLVM=1 for
# clang) and O ($T/COMPILER) set, or a skip and status 1 without its
# toolchain.
mps2_compiler() {
	if ! (need_mps2_tools "$1" >/dev/null); then
		skip "board ($1)" "no toolchain for it"
		return 1
	fi
	llvm=
	[ "$1" = clang ] && llvm=LLVM=1
	O="$T/$1"
}
