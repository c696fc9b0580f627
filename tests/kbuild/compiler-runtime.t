#!/bin/sh
# tests/run: slow
# The compiler's runtime, libgcc, is linked after the user's objects on
# every arch and board that can link one: an external tree (M=) whose
# program calls its helpers (a population count, leading and trailing
# zeros of a 64-bit value, a byte swap, a 64-bit division) links, and
# "make M=DIR run" runs it with RUNARGS, under the arch's emulator. The
# answers are worked out here by the shell, not by the program. mips
# links none (arch/mips/Makefile says why): its link fails, naming the
# helper and the reason.
. "$(dirname "$0")/../lib.sh"

# The expected lines, from the shell's own 64-bit arithmetic.
word=$((0xf0f0f0f1)) wide=$((0x0123456789abcdef)) divisor=1000003
popcount() { v=$1 n=0; while [ "$v" -ne 0 ]; do n=$((n + (v & 1))); v=$((v >> 1)); done; echo $n; }
clz64() { v=$1 n=0; while [ $(( (v >> (63 - n)) & 1 )) -eq 0 ]; do n=$((n + 1)); done; echo $n; }
ctz64() { v=$1 n=0; while [ $(( (v >> n) & 1 )) -eq 0 ]; do n=$((n + 1)); done; echo $n; }
hex64() { printf '%08x%08x' $(( ($1 >> 32) & 0xffffffff )) $(( $1 & 0xffffffff )); }
bswap32=$(printf '%02x%02x%02x%02x' $((word & 255)) $(((word >> 8) & 255)) \
	$(((word >> 16) & 255)) $(((word >> 24) & 255)))
cat >"$T/expected" <<EOT
popcount $(popcount $word)
popcountll $(popcount $wide)
clzll $(clz64 $wide) ctzll $(ctz64 $wide)
bswap32 $bswap32
div $(hex64 $((wide / divisor)))
mod $(hex64 $((wide % divisor)))
arg one
arg two
EOT

# CELL: ARCH DEFCONFIG [LLVM=1]
for cell in "x86_64 x86_64_defconfig" "i386 i386_defconfig" "arm arm_defconfig" \
	"arm64 arm64_defconfig" "sh sh_defconfig" "riscv riscv_defconfig" \
	"powerpc powerpc_defconfig" "m68k m68k_defconfig" \
	"arm mps2_defconfig" "riscv rv32_nommu_virt_defconfig" "riscv nommu_virt_defconfig" \
	"x86_64 x86_64_defconfig LLVM=1" "arm arm_defconfig LLVM=1" \
	"arm mps2_defconfig LLVM=1" "riscv rv32_nommu_virt_defconfig LLVM=1" \
	"riscv nommu_virt_defconfig LLVM=1"; do
	set -- $cell
	arch=$1 def=$2 llvm=${3:-}
	name="$def${llvm:+ (clang)}"
	O="$T/$arch-$def${llvm:+-llvm}" X="$T/ext-$arch-$def${llvm:+-llvm}"
	mkdir -p "$X" && cp "$SRC"/tests/kbuild/compiler-runtime/* "$X/"
	mk O="$O" ARCH=$arch $llvm $def
	mk O="$O" ARCH=$arch $llvm M="$X" -j2; rc=$?
	check_eq "$name: a program calling the compiler's helpers links" 0 $rc
	[ $rc -eq 0 ] || { sed 's/^/#   /' "$T/out" | tail -5; continue; }
	mk O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="one two"
	sed -n '/^popcount /,$p' "$T/out" >"$T/got"
	check_eq "$name: make M=DIR run runs it with RUNARGS, and each helper answers right" \
		"$(cat "$T/expected")" "$(cat "$T/got")"
done

# mips: no libgcc, and a link that needs one fails saying so.
X="$T/ext-mips" O="$T/mips"
mkdir -p "$X" && cp "$SRC"/tests/kbuild/compiler-runtime/* "$X/"
mk O="$O" ARCH=mips mips_defconfig
mk O="$O" ARCH=mips M="$X"; rc=$?
check "mips: a program that needs libgcc does not link" test $rc -ne 0
check_grep "...the linker naming the helper" "undefined reference to .__[a-z0-9]+[sd]i[23]" "$T/out"
check_grep "...and the kit saying why none is linked" \
	"rtlib: ARCH=mips links no libgcc \(the Debian mips libgcc.a is built with abicalls" "$T/out"

done_testing
