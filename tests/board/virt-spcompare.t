#!/bin/sh
# make spcompare for a board: SPCOMPARE_DEFCONFIG names the
# defconfig every mode's build starts from, here the RV32 virt board's,
# and the builds use the board's compiler, not the one the calling make
# exports; a defconfig that does not exist is refused, naming the variable.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"
need_virt_tools gcc

O="$T/o"
mk O="$O" ARCH=riscv rv32_nommu_virt_defconfig
# The calling make reads no configuration for spcompare and exports the
# Linux-user riscv64-linux-gnu- prefix; the builds must choose their own.
mk O="$O" ARCH=riscv -j2 spcompare SPCOMPARE_DEFCONFIG=rv32_nommu_virt_defconfig
check_eq "make spcompare SPCOMPARE_DEFCONFIG=rv32_nommu_virt_defconfig" 0 $?
cp "$T/out" "$T/cmp"
check_grep "...compares the modes with none" '^        [0-9]+ text size \(\+[0-9.]+%\)$' "$T/cmp"
check_grep "...its builds are the RV32 board's" '^CONFIG_ARCH_RV32I=y$' "$O/spcompare/strong/.config"
check "...built with riscv64-unknown-elf-gcc for rv32" sh -c \
	"riscv64-unknown-elf-readelf -h '$O/spcompare/strong/sample' | grep -q ELF32"

make -C "$SRC" --no-print-directory O="$O" ARCH=riscv spcompare SPCOMPARE_DEFCONFIG=nope_defconfig >"$T/out" 2>&1
check_eq "make spcompare SPCOMPARE_DEFCONFIG=nope_defconfig: refused" 2 $?
check_grep "...naming what is wrong" 'spcompare: no .*configs/nope_defconfig \(SPCOMPARE_DEFCONFIG names a NAME_defconfig of configs/ or of a board' "$T/out"

done_testing
