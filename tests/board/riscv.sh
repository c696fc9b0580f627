# Helpers for tests/board/riscv-*.t, sourced after tests/lib.sh: QEMU's
# virt board in machine mode (ARCH=riscv, RISCV_M_MODE), both widths.
# The verdicts are board.sh's: what the board printed, never a status alone.
. "$SRC/tests/board/board.sh"

# need_riscv_tools COMPILER: skip the whole file unless the compiler
# (gcc: riscv64-unknown-elf-gcc; clang: clang and ld.lld) and both
# qemu-system-riscv32/64 are installed.
need_riscv_tools() {
	for t in qemu-system-riscv32 qemu-system-riscv64 riscv64-unknown-elf-nm \
		$(if [ "$1" = clang ]; then echo clang ld.lld; else echo riscv64-unknown-elf-gcc; fi); do
		command -v "$t" >/dev/null 2>&1 && continue
		skip "riscv board ($1)" "no $t (scripts/install-deps riscv installs it)"
		done_testing
	done
}

# riscv_board WIDTH: brun runs images of that width (32 or 64), and
# caught_in reads their symbols.
riscv_board() {
	RUN_BOARD="$SRC/scripts/run-board --qemu=qemu-system-riscv$1 --machine=virt --bios=none"
	BOARD_NM=riscv64-unknown-elf-nm
}
