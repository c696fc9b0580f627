#!/bin/sh
# spreport and the audit on Thumb-2 objects (issue 25, item 4): on the
# MPS2 build, with gcc (arm-none-eabi) and clang (thumbv7m-none-eabi), in
# STRONG and ALL, "make spaudit" lists every object the board's image
# links, each as the configured mode or a declared exemption, and for
# every one of them spreport's count of protected functions, and their
# names (--list), are those tests/spreport/oracle.sh finds the slow way,
# from arm-none-eabi-objdump -dr and readelf: the functions that call
# __stack_chk_fail. The image's own count is checked the same way.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/board.sh"
ORACLE=$SRC/tests/spreport/oracle.sh
export OBJDUMP=arm-none-eabi-objdump READELF=readelf

for compiler in gcc clang; do
	board_compiler "$compiler" || continue
	mk O="$O" ARCH=arm $llvm mps2_defconfig && mk O="$O" ARCH=arm $llvm scripts_spreport
	check_eq "$compiler: configure, and build spreport" 0 $?
	spreport=$O/scripts/spreport/spreport
	for mode in strong all; do
		mk O="$O" ARCH=arm $llvm "$mode.config" && mk O="$O" ARCH=arm $llvm -j2
		check_eq "$compiler $mode: builds" 0 $? || continue
		mk O="$O" ARCH=arm $llvm -s spaudit
		check_eq "$compiler $mode: make spaudit passes" 0 $?
		cp "$T/out" "$T/audit"
		# The objects the image links, as the build's own list has them.
		# (not .sample.ssp_mode.o: the banner's data, linked last)
		objs=$(cd "$O" && find . -name '*.o' ! -name '.*' ! -path './scripts/*' | sed 's|^\./||' | sort)
		# (each once: the sample and its boot stage's payload share objects)
		listed=$(awk '$1 ~ /\.o$/ { print $1 }' "$T/audit" | sort -u)
		check_eq "$compiler $mode: spaudit lists every object built for the image" "$objs" "$listed"
		weak=$(awk -v m="$mode" '$1 ~ /\.o$/ && $4 != m && $5 !~ /^exempt/ && $4 != "assembler"' "$T/audit")
		check_eq "$compiler $mode: each as $mode, a declared exemption or assembler" "" "$weak"
		check_grep "$compiler $mode: the task switch is assembler" \
			'^arch/arm/kernel/switch-v7m\.o .* assembler' "$T/audit"
		check_grep "$compiler $mode: the board's fork, the arch's part, is a declared exemption" \
			'^arch/arm/kernel/fork-v7m\.o .* exempt' "$T/audit"
		check_grep "$compiler $mode: ...and its state machine (lib/) too" \
			'^lib/board-fork\.o .* exempt' "$T/audit"
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
		check_eq "$compiler $mode: spreport = objdump for each of the $(echo $objs | wc -w) objects ($nprot protected functions)" "" "$bad"
		# The linked image: oracle.sh keys functions by name, and two
		# static functions share one (cases.c's and tasks.c's overrun):
		# here each function that calls the handler (the handlers
		# themselves, which call each other, are not counted).
		arm-none-eabi-objdump -d "$O/sample" | awk '
			/^[0-9a-f]+ <.*>:$/ { name = $2; sub(/^</, "", name); sub(/>:$/, "", name); next }
			/<__stack_chk_fail>$/ && name !~ /^__stack_chk_fail(_local)?$/ { hit[name] = 1 }
			/^$/ || /^Disassembly/ { if (name in hit) print name; delete hit; name = "" }
			END { if (name in hit) print name }' | sort >"$T/want"
		"$spreport" --list "$O/sample" | awk '$1 == "protected" { print $3 }' | sort >"$T/got"
		check_eq "$compiler $mode: spreport = objdump on the linked image, function by function" \
			"$(cat "$T/want")" "$(cat "$T/got")"
		echo "# $compiler $mode: image: $(wc -l <"$T/got") protected functions, spreport: $("$spreport" "$O/sample" | grep 'functions are stack-protected')"
		check "$compiler $mode: the cases' functions are protected" \
			sh -c "'$spreport' --list '$O/samples/sample/cases.o' | grep -q '^protected .* case_char16 '"
	done
done

done_testing
