#!/bin/sh
# The riscv virt board in Kconfig: nommu_virt_defconfig and
# rv32_nommu_virt_defconfig (the kernel's names) are for ARCH=riscv only,
# give the machine-mode platform, the width and the board, come back
# from savedefconfig, and both Kconfig engines agree on them, alone and
# with a guard per task; building them writes nothing in the source tree,
# and make run hands the image's status to the shell, stdin closed.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"

mk O="$T/x" nommu_virt_defconfig
check_eq "nommu_virt_defconfig without ARCH=riscv is refused" 2 $?
check_grep "...naming the command to run" 'arch/riscv/mach-virt/nommu_virt_defconfig is for ARCH=riscv.*run "make ARCH=riscv' "$T/out"

mk O="$T/linux" ARCH=riscv riscv_defconfig
check "riscv_defconfig: still Linux user space, RV64, no board" sh -c \
	"grep -qx CONFIG_RISCV_LINUX_USER=y '$T/linux/.config' && grep -qx CONFIG_64BIT=y '$T/linux/.config' &&
	! grep -q '^CONFIG_ARCH_VIRT=y' '$T/linux/.config'"

engines=frontends
/usr/bin/python3 -c 'import kconfiglib' 2>/dev/null && engines="frontends kconfiglib" ||
	skip "kconfiglib" "python3-kconfiglib is not installed"
for def in nommu_virt_defconfig rv32_nommu_virt_defconfig; do
	isa=RV64I
	[ $def = rv32_nommu_virt_defconfig ] && isa=RV32I
	for e in $engines; do
		mk O="$T/$def" ARCH=riscv KCONFIG=$e $def
		check "$def, $e: machine mode, $isa, the virt board, not Linux user space" sh -c \
			"grep -qx CONFIG_RISCV_M_MODE=y '$T/$def/.config' && grep -qx CONFIG_ARCH_$isa=y '$T/$def/.config' &&
			grep -qx CONFIG_ARCH_VIRT=y '$T/$def/.config' && grep -qx '# CONFIG_RISCV_LINUX_USER is not set' '$T/$def/.config'"
		mk O="$T/$def" ARCH=riscv KCONFIG=$e savedefconfig
		check_eq "$def, $e: savedefconfig gives the file back" \
			"$(cat "$SRC/arch/riscv/mach-virt/$def")" "$(cat "$T/$def/defconfig")"
		mk O="$T/$def" ARCH=riscv KCONFIG=$e $def per-task.config
		cp "$T/$def/.config" "$T/$def.$e"
	done
	[ "$engines" = frontends ] || check "$def per-task.config: both engines give every symbol the same value" \
		sh "$SRC/scripts/kconfig/config-changes" --values "$T/$def.frontends" "$T/$def.kconfiglib"
	if [ $isa = RV32I ]; then
		check_nogrep "$def: no 64BIT" '^CONFIG_64BIT=y$' "$T/$def/.config"
	else
		check_grep "$def: 64BIT" '^CONFIG_64BIT=y$' "$T/$def/.config"
	fi
done

if command -v riscv64-unknown-elf-gcc >/dev/null 2>&1; then
	(cd "$SRC" && git status --porcelain --untracked-files=all) >"$T/status.before"
	mk O="$T/rv32_nommu_virt_defconfig" ARCH=riscv -j2
	check_eq "the RV32 board builds" 0 $?
	(cd "$SRC" && git status --porcelain --untracked-files=all) >"$T/status"
	check "...writing nothing in the source tree" cmp "$T/status.before" "$T/status"
	make -C "$SRC" --no-print-directory O="$T/rv32_nommu_virt_defconfig" ARCH=riscv run \
		</dev/null >"$T/run" 2>&1
	check_eq "make run, stdin closed: status 0" 0 $?
	check_grep "...the banner" '^sspkit sample: arch=riscv stack-protector=strong ' "$T/run"
	make -C "$SRC" --no-print-directory O="$T/rv32_nommu_virt_defconfig" ARCH=riscv run \
		RUNARGS="smash char16" </dev/null >"$T/run" 2>&1
	check_eq "make run RUNARGS=\"smash char16\": make fails" 2 $?
	check_grep "...with the image's status, 134" 'run\] Error 134' "$T/run"
else
	skip "RV32 build" "no riscv64-unknown-elf-gcc (scripts/install-deps riscv installs it)"
fi

done_testing
