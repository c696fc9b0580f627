#!/bin/sh
# tests/run: slow
# spreport and the audit on the boards' objects: Thumb-2 on the MPS2
# (gcc arm-none-eabi, clang thumbv7m-none-eabi) and RV32 and RV64 with
# compressed instructions on the riscv virt board (gcc
# riscv64-unknown-elf, clang riscv32/64-unknown-elf). In
# STRONG and ALL, "make spaudit" lists every object the board's image
# links, each as the configured mode or a declared exemption, and for
# every one of them spreport's count of protected functions, and their
# names (--list), are those tests/spreport/oracle.sh finds the slow way,
# from the board's objdump -dr and readelf: the functions that call
# __stack_chk_fail. The image's own count is checked the same way.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"
. "$SRC/tests/board/virt.sh"
ORACLE=$SRC/tests/spreport/oracle.sh
export READELF=readelf

# board_tools BOARD COMPILER: llvm and O set for the board, or status 1
# (and a skip) without its toolchain.
board_tools() {
	case $1 in
	mps2) mps2_compiler "$2" || return 1 ;;
	*)
		if ! ( need_virt_tools "$2" ) >/dev/null 2>&1; then
			skip "$1 ($2)" "no toolchain for it"
			return 1
		fi
		llvm=
		[ "$2" = clang ] && llvm=LLVM=1 ;;
	esac
	O="$T/$1-$2"
}

# check_board BOARD ARCH DEFCONFIG OBJDUMP TASK-SWITCH FORK
check_board() {
board=$1 arch=$2 defconfig=$3 switch=$5 fork=$6
export OBJDUMP=$4
for compiler in gcc clang; do
	board_tools "$board" "$compiler" || continue
	mk O="$O" ARCH=$arch $llvm $defconfig && mk O="$O" ARCH=$arch $llvm scripts_spreport
	check_eq "$board $compiler: configure, and build spreport" 0 $?
	spreport=$O/scripts/spreport/spreport
	for mode in strong all; do
		mk O="$O" ARCH=$arch $llvm "$mode.config" && mk O="$O" ARCH=$arch $llvm -j2
		c="$board $compiler $mode"
		check_eq "$c: builds" 0 $? || continue
		mk O="$O" ARCH=$arch $llvm -s spaudit
		check_eq "$c: make spaudit passes" 0 $?
		cp "$T/out" "$T/audit"
		# The objects the image links, as the build's own list has them.
		# (not .sample.ssp_mode.o: the banner's data, linked last)
		objs=$(cd "$O" && find . -name '*.o' ! -name '.*' ! -path './scripts/*' | sed 's|^\./||' | sort)
		# (each once: the sample and its boot stage's payload share objects)
		listed=$(awk '$1 ~ /\.o$/ { print $1 }' "$T/audit" | sort -u)
		check_eq "$c: spaudit lists every object built for the image" "$objs" "$listed"
		weak=$(awk -v m="$mode" '$1 ~ /\.o$/ && $4 != m && $5 !~ /^exempt/ && $4 != "assembler"' "$T/audit")
		check_eq "$c: each as $mode, a declared exemption or assembler" "" "$weak"
		check_grep "$c: the task switch is assembler" "^$switch .* assembler" "$T/audit"
		check_grep "$c: the board's fork, the arch's part, is a declared exemption" \
			"^$fork .* exempt" "$T/audit"
		check_grep "$c: ...and its state machine (lib/) too" '^lib/board-fork\.o .* exempt' "$T/audit"
		bad=""
		nprot=0
		for o in $objs; do
			want=$("$ORACLE" "$O/$o")
			got=$("$spreport" "$O/$o" | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions are stack-protected.*/\1 \2/p')
			[ "$want" = "$got" ] || bad="$bad $o (objdump: $want, spreport: $got)"
			want=$("$ORACLE" -l "$O/$o" | sort)
			got=$("$spreport" --list "$O/$o" | awk '$1 == "protected" { print $3 }' | sort)
			[ "$want" = "$got" ] || bad="$bad $o (names: objdump [$(echo $want)], spreport [$(echo $got)])"
			nprot=$((nprot + $(echo "$want" | grep -c .)))
		done
		check_eq "$c: spreport = objdump for each of the $(echo $objs | wc -w) objects ($nprot protected functions)" "" "$bad"
		# The linked image: oracle.sh keys functions by name, and two
		# static functions share one (cases.c's and tasks.c's overrun):
		# here each function that calls the handler (the handlers
		# themselves, which call each other, are not counted).
		# (a riscv image keeps its local labels, .L*: they are no
		# functions of their own)
		"$OBJDUMP" -d "$O/sample" | awk '
			function flush() { if (hit) print name; hit = 0; name = "" }
			/^[0-9a-f]+ <\.L[^>]*>:$/ { next }
			/^[0-9a-f]+ <.*>:$/ { flush(); name = $2; sub(/^</, "", name); sub(/>:$/, "", name); next }
			/^Disassembly/ { flush() }
			/<__stack_chk_fail>$/ && name !~ /^__stack_chk_fail(_local)?$/ { hit = 1 }
			END { flush() }' | sort >"$T/want"
		"$spreport" --list "$O/sample" | awk '$1 == "protected" { print $3 }' | sort >"$T/got"
		check_eq "$c: spreport = objdump on the linked image, function by function" \
			"$(cat "$T/want")" "$(cat "$T/got")"
		echo "# $c: image: $(wc -l <"$T/got") protected functions, spreport: $("$spreport" "$O/sample" | grep 'functions are stack-protected')"
		if [ "$arch" = riscv ]; then
			"$OBJDUMP" -d "$O/samples/sample/cases.o" >"$T/cases.dis"
			check_grep "$c: cases.o has compressed (16-bit) instructions" \
				'^ +[0-9a-f]+:'"$(printf '\t')"'[0-9a-f]{4} ' "$T/cases.dis"
		fi
		check "$c: the cases' functions are protected" \
			sh -c "'$spreport' --list '$O/samples/sample/cases.o' | grep -q '^protected .* case_char16 '"
	done
done
}

check_board mps2 arm mps2_defconfig arm-none-eabi-objdump \
	arch/arm/kernel/switch-v7m.o arch/arm/kernel/fork-v7m.o
for width in 32 64; do
	check_board "virt$width" riscv "$([ $width = 32 ] && echo rv32_)nommu_virt_defconfig" \
		riscv64-unknown-elf-objdump arch/riscv/kernel/switch.o arch/riscv/kernel/fork-mmode.o
done

done_testing
