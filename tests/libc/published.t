#!/bin/sh
# A library from the wild, built as published: Debian's jsmn (libjsmn-dev,
# a header-only JSON parser) and its own example, examples/simple.c,
# copied byte for byte into an external tree in upstream's layout (jsmn.h
# at the top, the example below it, #include "../jsmn.h"); only the Kbuild
# files are the user's. It builds under the kit's flags (-Wall -Wextra
# -Werror, the stack protector) against the kit's C library on Linux user
# space and picolibc on the boards, gcc and clang, and "make M=DIR run"
# prints what the same example prints built natively against glibc. The
# audit's protected count for its object is objdump's.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/libc/libc.sh"

J=/usr/include/jsmn.h E=/usr/share/doc/libjsmn-dev/examples/simple.c
if [ ! -f "$J" ] || [ ! -f "$E" ]; then
	fail "Debian's libjsmn-dev is installed (scripts/install-deps)" "no $J or $E"
	done_testing
fi
tree() {
	mkdir -p "$1/examples" && cp "$J" "$1/" && cp "$E" "$1/examples/" &&
		printf 'image-y += simple\nsimple-objs := examples/\n' >"$1/Kbuild" &&
		printf 'obj-y += simple.o\n' >"$1/examples/Kbuild"
}
tree "$T/native"
gcc -O2 -o "$T/native/simple" "$T/native/examples/simple.c" && "$T/native/simple" >"$T/want"
check_grep "the oracle: the example built natively against glibc" '^- User: johndoe$' "$T/want"

for cell in "LIBC_KIT x86_64 x86_64_defconfig" "LIBC_KIT x86_64 x86_64_defconfig LLVM=1" \
	"LIBC_KIT arm arm_defconfig" "LIBC_PICOLIBC arm mps2_defconfig" \
	"LIBC_PICOLIBC arm mps2_defconfig LLVM=1" "LIBC_PICOLIBC riscv rv32_nommu_virt_defconfig"; do
	set -- $cell
	sym=$1 arch=$2 def=$3 llvm=${4:-}
	cn="$def${llvm:+ (clang)} with $sym"
	O="$T/$def${llvm:+-llvm}" X="$T/jsmn-$def${llvm:+-llvm}"
	tree "$X"
	libc_config $sym "$O" $arch $def $llvm
	mk O="$O" ARCH=$arch $llvm M="$X" -j2
	check_eq "$cn: jsmn and its example build unmodified" 0 $?
	check "$cn: ...the sources are the package's, byte for byte" \
		sh -c "cmp -s '$J' '$X/jsmn.h' && cmp -s '$E' '$X/examples/simple.c'"
	mk_run O="$O" ARCH=$arch $llvm M="$X" run
	sed -n '/^- User/,$p' "$T/out" | grep -v '^make' >"$T/got"
	check_eq "$cn: make M=DIR run prints what the glibc build prints" "$(cat "$T/want")" "$(cat "$T/got")"
	# Protected functions of the object: those whose code calls
	# __stack_chk_fail, by objdump's relocations, but for the audit's
	# witnesses, which every link discards (.discard.*); spaudit's count.
	case $def in mps2*) od=arm-none-eabi-objdump ;; rv32*) od=riscv64-unknown-elf-objdump ;;
	arm_*) od=arm-linux-gnueabihf-objdump ;; *) od=objdump ;; esac
	want=$($od -dr "$X/examples/simple.o" | awk '
		/^Disassembly of section / { skip = ($4 ~ /^\.discard/); f = "" }
		/^[0-9a-f]+ <.*>:$/ { f = skip ? "" : $2 }
		/__stack_chk_fail/ && f != "" && !(f in seen) { seen[f] = 1; n++ }
		END { print n + 0 }')
	make -C "$SRC" -s O="$O" ARCH=$arch M="$X" spaudit >"$T/audit" 2>&1
	got=$(awk -v o="$X/examples/simple.o" '$1 == o { print $3 }' "$T/audit")
	check_eq "$cn: the audit's protected functions of simple.o are objdump's ($want)" "$want" "$got"
done

done_testing
