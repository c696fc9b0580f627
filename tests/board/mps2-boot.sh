# The MPS2 AN385 board (Cortex-M3) with one compiler, $COMPILER (gcc or
# clang), in every stack-protector mode: the image boots from its own
# vector table and prints its banner under qemu-system-arm; an overrun of
# a char[16] by 64 bytes is caught in the modes that protect it, reported
# from the case's own function, and in the others ends in a fault the
# board reports (never in a catch). Sourced by mps2-boot-gcc.t and
# mps2-boot-clang.t, which run side by side.
. "$SRC/tests/board/mps2.sh"
need_mps2_tools "$COMPILER"

llvm=
[ "$COMPILER" = clang ] && llvm=LLVM=1
O="$T/$COMPILER"

mk O="$O" ARCH=arm $llvm mps2_defconfig
check_eq "$COMPILER: make ARCH=arm mps2_defconfig" 0 $?
if [ "$COMPILER" = clang ]; then
	cc_line='^comment "Compiler: clang [0-9.]+ \(clang --target=thumbv7m-none-eabi\)"$'
else
	cc_line='^comment "Compiler: gcc [0-9.]+ \(arm-none-eabi-gcc\)"$'
fi
check_grep "$COMPILER: the board's toolchain is chosen at configuration" \
	"$cc_line" "$O/include/generated/cc.kconfig"

for mode in $("$SRC/scripts/ssp-modes"); do
	boot_mode arm "$COMPILER" "$mode" fault \
		'^board: (HardFault|MemManage|BusFault|UsageFault) at pc=0x[0-9a-f]{8} '
done

done_testing
