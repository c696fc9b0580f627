# Helpers for tests/board/virt-*.t, sourced after tests/lib.sh: QEMU's
# virt board in machine mode (ARCH=riscv, RISCV_M_MODE), both widths,
# its images run as its defconfigs' Makefile.board says
# (tests/board/lib.sh). The verdicts are lib.sh's: what the board
# printed, never a status alone.
. "$SRC/tests/board/lib.sh"

# need_virt_tools COMPILER: skip the whole file unless the compiler
# (gcc: riscv64-unknown-elf-gcc; clang: clang and ld.lld) and both
# qemu-system-riscv32/64 are installed.
need_virt_tools() {
	for t in qemu-system-riscv32 qemu-system-riscv64 riscv64-unknown-elf-nm \
		$(if [ "$1" = clang ]; then echo clang ld.lld; else echo riscv64-unknown-elf-gcc; fi); do
		command -v "$t" >/dev/null 2>&1 && continue
		skip "riscv board ($1)" "no $t (scripts/install-deps riscv installs it)"
		done_testing
	done
}

# virt_board WIDTH: brun runs images of that width (32 or 64), as
# rv32_nommu_virt_defconfig or nommu_virt_defconfig has them run, and
# caught_in reads their symbols.
virt_board() {
	BOARD_DEFCONFIG=$([ "$1" = 32 ] && echo rv32_)nommu_virt_defconfig
	BOARD_NM=riscv64-unknown-elf-nm
}
