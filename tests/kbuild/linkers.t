#!/bin/sh
# tests/run: slow
# The linker is a choice, LD= as the kernel spells it (scripts/Makefile.toolchain):
# the toolchain's ld.bfd, LD=ld.lld and LD=ld.mold, each where the arch or
# board lists it (ARCH_LINKERS). On every arch and board, with each of
# ld.lld and mold, one of two things is true:
# - make links the sample with it: the image's .comment names that linker,
#   no .discard.* section is left in it (scripts/discard.lds; for mold,
#   which reads no SECTIONS, removed after the link), it runs under the
#   arch's emulator printing its banner, and make spaudit passes;
# - or make refuses, naming the arch and why, and the reason holds: the
#   compiler driver given that linker fails to link the same objects.
# Kconfig sees the linker (CONFIG_LD_IS_*), and ld.gold is refused.
. "$(dirname "$0")/../lib.sh"

# driver_flags LINKER: what a driver needs to link with it (as the build
# passes it; the refusal's check must not depend on the build's code).
driver_flags() {
	case $1 in
	lld) echo "-fuse-ld=lld -B$(dirname "$(readlink -f "$(command -v ld.lld)")")/" ;;
	mold) echo "-B$(dirname "$(readlink -f "$(command -v mold)")")/../libexec/mold/" ;;
	esac
}
# comment_of LINKER: what its .comment line says.
comment_of() { case $1 in lld) echo 'LLD [0-9]' ;; mold) echo 'mold [0-9]' ;; esac; }

linked=
for cell in "x86_64 x86_64_defconfig" "i386 i386_defconfig" "arm arm_defconfig" \
	"arm64 arm64_defconfig" "mips mips_defconfig" "sh sh_defconfig" \
	"riscv riscv_defconfig" "powerpc powerpc_defconfig" "m68k m68k_defconfig" \
	"arm mps2_defconfig" "riscv rv32_nommu_virt_defconfig"; do
	set -- $cell
	arch=$1 def=$2 O="$T/$def"
	mk O="$O" ARCH=$arch $def && mk O="$O" ARCH=$arch -j2
	check_eq "$def: builds with ld.bfd" 0 $?
	base=$(sed -n 's|^cmd_samples/sample/sample := ||p' "$O/samples/sample/.sample.cmd" |
		sed 's/ && {.*//; s| -Wl,-T,[^ ]*discard\.lds||')
	for l in lld mold; do
		name="$def LD=ld.$l"
		mk O="$O" ARCH=$arch LD=ld.$l -j2; rc=$?
		if [ $rc -eq 0 ]; then
			linked="$linked $def:$l"
			img="$O/samples/sample/sample"
			check_grep "$name: the image's .comment names the linker" \
				"$(comment_of $l)" "$(readelf -p .comment "$img" >"$T/comment"; echo "$T/comment")"
			readelf -SW "$img" >"$T/sections"
			check_nogrep "$name: no .discard section is left in the image" '\.discard' "$T/sections"
			timeout 60 make -C "$SRC" --no-print-directory O="$O" ARCH=$arch LD=ld.$l run >"$T/run" 2>&1
			check_grep "$name: the image runs and prints its banner" \
				"^sspkit sample: arch=$arch stack-protector=" "$T/run"
			mk O="$O" ARCH=$arch LD=ld.$l spaudit
			check_eq "$name: make spaudit passes" 0 $?
		else
			check_grep "$name: refused, naming the arch and why" \
				"LD=ld\\.$l cannot link ARCH=$arch[^:]*: .+; use " "$T/out"
			# The reason holds: the driver cannot link the same
			# objects, or for mold, the .discard.* sections cannot be
			# taken out of what it links (objcopy, as the build would).
			cc=${base%% *}
			(cd "$O" && eval "$(echo "$base" | sed "s|-o samples/sample/sample\\.tmp|$(driver_flags $l) -o $T/refused|")" &&
				{ [ $l != mold ] || ${cc%gcc}objcopy --remove-section='.discard.*' \
					--remove-section='.rela.discard*' "$T/refused"; }) >"$T/direct" 2>&1
			check_fails "$name: ...and ld.$l really cannot link it" test $? -eq 0
			rm -f "$T/refused"
		fi
	done
	# Back to ld.bfd for the next cell's base line.
done
# The linkers are really offered: both link x86_64, and ld.lld a board.
for want in x86_64_defconfig:lld x86_64_defconfig:mold mps2_defconfig:lld \
	rv32_nommu_virt_defconfig:lld; do
	case " $linked " in *" $want "*) pass "$want links" ;; *) fail "$want links" ;; esac
done

# Kconfig sees which linker: the generated cc.kconfig's LD_IS_* symbols.
O="$T/x86_64_defconfig"
mk O="$O" LD=ld.lld olddefconfig
check_grep "LD=ld.lld: CONFIG_LD_IS_LLD=y in .config" '^CONFIG_LD_IS_LLD=y$' "$O/.config"
check_grep "...and CONFIG_LD_IS_BFD is not set" '^# CONFIG_LD_IS_BFD is not set$' "$O/.config"
mk O="$O" olddefconfig
check_grep "no LD=: CONFIG_LD_IS_BFD=y" '^CONFIG_LD_IS_BFD=y$' "$O/.config"

# gold cannot parse scripts/discard.lds: refused by name, before a link.
mk O="$O" LD=ld.gold; rc=$?
check "LD=ld.gold is refused" test $rc -ne 0
check_grep "...saying why" 'gold cannot parse the SECTIONS of scripts/discard\.lds' "$T/out"
# And a linker that is not there is named with its package.
mk O="$O" LD=/nonexistent/ld.lld; rc=$?
check "a missing ld.lld is refused" test $rc -ne 0
check_grep "...naming the package" 'linker "/nonexistent/ld\.lld" not found .*install Debian package lld' "$T/out"

done_testing
