# QEMU's virt board in machine mode, RV32 (rv32_nommu_virt_defconfig) and
# RV64 (nommu_virt_defconfig), with one compiler, $COMPILER (gcc or
# clang), in every stack-protector mode: the image boots from its own
# reset path and prints its banner under qemu-system-riscv32/64 -bios
# none; an overrun of a char[16] by 64 bytes is caught in the modes that
# protect it, reported from the case's own function, and in the others
# ends in a trap the board reports (never in a catch). Sourced by
# virt-boot-gcc.t and virt-boot-clang.t, which run side by side.
. "$SRC/tests/board/virt.sh"
need_virt_tools "$COMPILER"

llvm=
[ "$COMPILER" = clang ] && llvm=LLVM=1

for width in 32 64; do
	O="$T/rv$width"
	defconfig=nommu_virt_defconfig
	[ $width = 32 ] && defconfig=rv32_nommu_virt_defconfig
	virt_board $width
	c="$COMPILER rv$width"

	mk O="$O" ARCH=riscv $llvm $defconfig
	check_eq "$c: make ARCH=riscv $defconfig" 0 $?
	if [ "$COMPILER" = clang ]; then
		cc_line="^comment \"Compiler: clang [0-9.]+ \\(clang --target=riscv$width-unknown-elf\\)\"\$"
	else
		cc_line='^comment "Compiler: gcc [0-9.]+ \(riscv64-unknown-elf-gcc\)"$'
	fi
	check_grep "$c: the board's toolchain is chosen at configuration" \
		"$cc_line" "$O/include/generated/cc.kconfig"

	for mode in $("$SRC/scripts/ssp-modes"); do
		boot_mode riscv "$c" "$mode" trap '^board: [a-z ]+ at pc=0x[0-9a-f]+ \(mcause=0x' ||
			continue
		[ $mode = strong ] && check_grep "$c $mode: the reset path's C is declared exempt" \
			'declared exempt: .*arch/riscv/kernel/trap-mmode\.o' "$T/out"
		[ $mode = strong ] && check_grep "$c $mode: the fork, the arch's part and lib/'s, is declared exempt" \
			'declared exempt: .*arch/riscv/kernel/fork-mmode\.o.*lib/board-fork\.o' "$T/out"
	done
done

done_testing
