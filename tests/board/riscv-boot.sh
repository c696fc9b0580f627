# QEMU's virt board in machine mode, RV32 (rv32_nommu_virt_defconfig) and
# RV64 (nommu_virt_defconfig), with one compiler, $COMPILER (gcc or
# clang), in every stack-protector mode: the image boots from its own
# reset path and prints its banner under qemu-system-riscv32/64 -bios
# none; an overrun of a char[16] by 64 bytes is caught in the modes that
# protect it, reported from the case's own function, and in the others
# ends in a trap the board reports (never in a catch). Sourced by
# riscv-boot-gcc.t and riscv-boot-clang.t, which run side by side.
. "$SRC/tests/board/riscv.sh"
need_riscv_tools "$COMPILER"

llvm=
[ "$COMPILER" = clang ] && llvm=LLVM=1

for width in 32 64; do
	O="$T/rv$width"
	defconfig=nommu_virt_defconfig
	[ $width = 32 ] && defconfig=rv32_nommu_virt_defconfig
	riscv_board $width
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

	for mode in none regular strong all explicit; do
		# What the image must say it is: clang 14 has no explicit mode,
		# and the kit falls back to none with the kernel's warning.
		want=$mode fallback=
		if [ "$COMPILER" = clang ] && [ $mode = explicit ]; then
			want=none
			fallback='Cannot use CONFIG_CC_STACKPROTECTOR_EXPLICIT: -fstack-protector-explicit not supported by compiler \(falling back to none\)'
		fi
		if ! { mk O="$O" ARCH=riscv $llvm "$mode.config" &&
			mk O="$O" ARCH=riscv $llvm -j2 && [ -f "$O/sample" ]; }; then
			fail "$c $mode: build" "$(tail -20 "$T/out")"
			continue
		fi
		pass "$c $mode: build"
		[ -z "$fallback" ] ||
			check_grep "$c $mode: the compiler lacks it: the kernel's warning" "$fallback" "$T/out"
		check_nogrep "$c $mode: no warning" '(warning|error):' "$T/out"
		[ $mode = strong ] && check_grep "$c $mode: the reset path's C is declared exempt" \
			'declared exempt: .*arch/riscv/kernel/trap-mmode\.o' "$T/out"
		[ $mode = strong ] && check_grep "$c $mode: the fork, the arch's part and lib/'s, is declared exempt" \
			'declared exempt: .*arch/riscv/kernel/fork-mmode\.o.*lib/board-fork\.o' "$T/out"

		brun "$O/sample"
		check_eq "$c $mode: boots and exits 0 through semihosting" 0 "$rc"
		check_grep "$c $mode: ...printing its banner" \
			"^sspkit sample: arch=riscv stack-protector=$want( |\$)" "$T/stdout"

		brun "$O/sample" smash char16
		v=$(verdict)
		check_grep "$c $mode: smash char16 runs the case" \
			'^smash char16: case_char16 overruns its buffer by 64 bytes$' "$T/stdout"
		case $want in
		regular|strong|all)
			check_eq "$c $mode: the char[16] overrun is caught" caught "$v"
			check_eq "$c $mode: ...by case_char16's own check" \
				case_char16 "$(caught_in "$O/sample")" ;;
		*)
			check_eq "$c $mode: the char[16] overrun is not caught: it crashes" crashed "$v"
			check_grep "$c $mode: ...and the board reports the trap" \
				'^board: [a-z ]+ at pc=0x[0-9a-f]+ \(mcause=0x' "$T/stderr"
			check_nogrep "$c $mode: ...with no stack-protector line" \
				'^stack-protector:' "$T/stderr" ;;
		esac
		[ $v = caught ] || [ $v = crashed ] || fail "$c $mode: verdict" "status $rc" "$(cat "$T/stderr")"
	done
done

done_testing
