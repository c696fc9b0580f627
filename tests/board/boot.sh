# The MPS2 AN385 board (Cortex-M3) with one compiler, $COMPILER (gcc or
# clang), in every stack-protector mode: the image boots from its own
# vector table and prints its banner under qemu-system-arm; an overrun of
# a char[16] by 64 bytes is caught in the modes that protect it, reported
# from the case's own function, and in the others ends in a fault the
# board reports (never in a catch). Sourced by boot-gcc.t and
# boot-clang.t, which run side by side.
. "$SRC/tests/board/board.sh"
need_board_tools "$COMPILER"

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

for mode in none regular strong all explicit; do
	want=$mode
	mk O="$O" ARCH=arm $llvm "$mode.config" && mk O="$O" ARCH=arm $llvm -j2
	if [ $? -ne 0 ] || [ ! -f "$O/sample" ]; then
		fail "$COMPILER $mode: build" "$(tail -20 "$T/out")"
		continue
	fi
	pass "$COMPILER $mode: build"
	if [ "$COMPILER" = clang ] && [ $mode = explicit ]; then
		# clang 14 has no -fstack-protector-explicit: the kit's fallback.
		want=none
		check_grep "$COMPILER $mode: the compiler lacks it: the kernel's warning" \
			'Cannot use CONFIG_CC_STACKPROTECTOR_EXPLICIT: -fstack-protector-explicit not supported by compiler \(falling back to none\)' "$T/out"
	fi
	check_nogrep "$COMPILER $mode: no warning" '(warning|error):' "$T/out"

	brun "$O/sample"
	check_eq "$COMPILER $mode: boots and exits 0 through semihosting" 0 "$rc"
	check_grep "$COMPILER $mode: ...printing its banner" \
		"^sspkit sample: arch=arm stack-protector=$want( |\$)" "$T/stdout"

	brun "$O/sample" smash char16
	v=$(verdict)
	check_grep "$COMPILER $mode: smash char16 runs the case" \
		'^smash char16: case_char16 overruns its buffer by 64 bytes$' "$T/stdout"
	case $want in
	regular|strong|all)
		check_eq "$COMPILER $mode: the char[16] overrun is caught" caught "$v"
		check_eq "$COMPILER $mode: ...by case_char16's own check" \
			case_char16 "$(caught_in "$O/sample")" ;;
	*)
		check_eq "$COMPILER $mode: the char[16] overrun is not caught: it crashes" crashed "$v"
		check_grep "$COMPILER $mode: ...and the board reports the fault" \
			'^board: (HardFault|MemManage|BusFault|UsageFault) at pc=0x[0-9a-f]{8} ' "$T/stderr"
		check_nogrep "$COMPILER $mode: ...with no stack-protector line" \
			'^stack-protector:' "$T/stderr" ;;
	esac
	[ $v = caught ] || [ $v = crashed ] || fail "$COMPILER $mode: verdict" "status $rc" "$(cat "$T/stderr")"
done

done_testing
