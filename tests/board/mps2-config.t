#!/bin/sh
# The MPS2 AN385 board in Kconfig: arch/arm/mach-mps2/mps2_defconfig
# (the kernel's name) is for ARCH=arm only; both Kconfig engines give it
# the same values, and savedefconfig gives the file back; menuconfig shows
# the platform and the board; the toolchain follows the platform (and the
# Linux-user arm keeps its own); the audit lists the reset path as a
# declared exemption; "make run" works with standard input closed and
# hands the image's status to the shell.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"
need_mps2_tools gcc

mk O="$T/x" mps2_defconfig
check_eq "mps2_defconfig without ARCH=arm is refused" 2 $?
check_grep "...naming the command to run" 'arch/arm/mach-mps2/mps2_defconfig is for ARCH=arm.*run "make ARCH=arm' "$T/out"
check "...and writes no .config" test ! -e "$T/x/.config"

for e in frontends kconfiglib; do
	if [ $e = kconfiglib ] && ! /usr/bin/python3 -c 'import kconfiglib' 2>/dev/null; then
		skip "kconfiglib" "python3-kconfiglib is not installed"; continue
	fi
	mk O="$T/$e" ARCH=arm KCONFIG=$e mps2_defconfig
	check_eq "$e: make ARCH=arm mps2_defconfig" 0 $?
	check_grep "$e: the ARMv7-M platform" '^CONFIG_ARM_SINGLE_ARMV7M=y$' "$T/$e/.config"
	check_grep "$e: ...its board, the MPS2" '^CONFIG_ARCH_MPS2=y$' "$T/$e/.config"
	check_grep "$e: ...and not Linux user space" '^# CONFIG_ARM_LINUX_USER is not set$' "$T/$e/.config"
	mk O="$T/$e" ARCH=arm KCONFIG=$e savedefconfig
	check_eq "$e: savedefconfig gives arch/arm/mach-mps2/mps2_defconfig back" \
		"$(cat "$SRC/arch/arm/mach-mps2/mps2_defconfig")" "$(cat "$T/$e/defconfig")"
done
check "both engines give every symbol the same value" \
	sh "$SRC/scripts/kconfig/config-changes" --values "$T/frontends/.config" "$T/kconfiglib/.config"

# ...also with each fragment, and with LLVM=1 (scripts/kconfig/crosscheck
# does this for the ARCH_defconfig files): mps2_defconfig FRAGMENT.config
# on both engines, in one tree per LLVM= so both read the same probes.
if /usr/bin/python3 -c 'import kconfiglib' 2>/dev/null; then
	n=0 bad=""
	for llvm in "" LLVM=1; do
		for frag in "" $(cd "$SRC/configs" && ls *.config); do
			for e in frontends kconfiglib; do
				mk O="$T/cross${llvm:+-llvm}" ARCH=arm $llvm KCONFIG=$e mps2_defconfig $frag ||
					bad="$bad $llvm $frag $e: make failed;"
				cp "$T/cross${llvm:+-llvm}/.config" "$T/cross.$e"
			done
			n=$((n + 1))
			sh "$SRC/scripts/kconfig/config-changes" --values "$T/cross.frontends" \
				"$T/cross.kconfiglib" >"$T/cross.diff" || bad="$bad $llvm $frag: $(cat "$T/cross.diff");"
		done
	done
	check_eq "mps2_defconfig alone and with each of $((n / 2 - 1)) fragments, LLVM= and LLVM=1: the engines agree" "" "$bad"
fi

# The Linux-user arm is unchanged: its default platform, its toolchain.
mk O="$T/linux" ARCH=arm arm_defconfig
check_grep "arm_defconfig: Linux user space, the default" '^CONFIG_ARM_LINUX_USER=y$' "$T/linux/.config"
check_grep "...built with arm-linux-gnueabihf-gcc" \
	'^comment "Compiler: gcc [0-9.]+ \(arm-linux-gnueabihf-gcc\)"$' "$T/linux/include/generated/cc.kconfig"
check_grep "mps2_defconfig: arm-none-eabi-gcc, chosen before .config exists" \
	'^comment "Compiler: gcc [0-9.]+ \(arm-none-eabi-gcc\)"$' "$T/frontends/include/generated/cc.kconfig"

# Build, run with stdin closed, the status through make.
O="$T/frontends"
(cd "$SRC" && git status --porcelain --untracked-files=all) >"$T/status.before"
mk O="$O" ARCH=arm -j2
check_eq "the board builds" 0 $?
check_grep "the audit lists the reset path as declared exempt" \
	'declared exempt: .*arch/arm/kernel/head-v7m\.o' "$T/out"
check "the board's own boot stage is built (tests/board/mps2-stage.t runs it)" \
	test -f "$O/arch/arm/boot/zImage" -a -f "$O/samples/sample/sample-payload"
check "the image is an ELF for the Cortex-M3 (Thumb entry)" \
	sh -c "arm-none-eabi-readelf -h '$O/sample' | grep -Eq 'Entry point address: +0x[0-9a-f]*[13579bdf]\$'"
check "...its vector table at 0x0" \
	sh -c "arm-none-eabi-nm '$O/sample' | grep -Eq '^00000000 [tTdDrR] v7m_vectors\$'"
(cd "$SRC" && git status --porcelain --untracked-files=all) >"$T/status"
check "the build wrote nothing in the source tree" cmp "$T/status.before" "$T/status"

make -C "$SRC" --no-print-directory O="$O" ARCH=arm run </dev/null >"$T/run" 2>&1
check_eq "make run, stdin closed: status 0" 0 $?
check_grep "...the banner" '^sspkit sample: arch=arm stack-protector=strong ' "$T/run"
make -C "$SRC" --no-print-directory O="$O" ARCH=arm run RUNARGS="smash char8" </dev/null >"$T/run" 2>&1
check_eq "make run RUNARGS=\"smash char8\": make fails" 2 $?
check_grep "...with the image's status, 134" 'run\] Error 134' "$T/run"
check_grep "...which it exits with after its catch" '^stack-protector: stack smashing detected at 0x[0-9a-f]{8}, aborting$' "$T/run"
make -C "$SRC" --no-print-directory O="$O" ARCH=arm run RUNARGS="nonsense" </dev/null >"$T/run" 2>&1
check_grep "bad arguments reach the image: its usage, status 2" '^usage: sample ' "$T/run"
check_grep "...and make says 2" 'run\] Error 2' "$T/run"

# menuconfig shows the platform and the board.
if command -v tmux >/dev/null 2>&1; then
	tmux_setup board
	tmux new-session -d -s "$S" -x 120 -y 40 \
		"cd '$SRC' && TERM=xterm make O='$O' ARCH=arm menuconfig; echo MENUCONFIG-EXITED \$?; sleep 60"
	check "menuconfig shows the platform" wait_for "ARM system type (ARMv7-M based platforms (Cortex-M3), bare metal)"
	check_grep "...and the board" 'Board \(ARM MPS2 AN385' "$T/screen"
	key Escape Escape
	check "...and leaves without a change" wait_for "MENUCONFIG-EXITED 0"
	tmux kill-session -t "$S"
else
	skip "menuconfig" "tmux is not installed"
fi

done_testing
