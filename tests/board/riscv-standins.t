#!/bin/sh
# Stand-ins fail on the riscv virt board too (issue 26): an image that
# traps with no trap vector, or hangs, after printing a caught smash's
# line, or uses no semihosting, is never a success and never a caught
# smash; tests/board/riscv-standin.S builds them. And the board's own
# trap report: a reset path whose trap vector works names the trap and
# exits 128+signal, which is a crash, not a catch.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/riscv.sh"
need_riscv_tools gcc
riscv_board 64

standin() {
	riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64 -mcmodel=medany \
		-nostdlib -Wl,-Ttext=0x80000000 -Wl,-z,noexecstack -DSTANDIN_$1 \
		-o "$T/$1.elf" "$SRC/tests/board/riscv-standin.S"
}

for s in TRAP NOSEMIHOSTING HANG; do
	check "stand-in $s builds" standin $s
	brun --timeout=2 "$T/$s.elf"
	check_eq "$s: killed at the time limit (124), a failure, never caught" \
		"124 failed" "$rc $(riscv_verdict)"
	check_grep "$s: ...saying so" "^run-board: .*$s\\.elf did not exit within 2 s" "$T/stderr"
	[ $s = NOSEMIHOSTING ] || check_grep "$s: ...though it printed a catch line" \
		'^stack-protector: stack smashing detected at 0x[0-9a-f]{16}, aborting$' "$T/stderr"
done

# The real image's trap report: a build whose sample jumps through a
# smashed return address with no canary (none) reports the trap.
O="$T/none"
mk O="$O" ARCH=riscv nommu_virt_defconfig && mk O="$O" ARCH=riscv none.config &&
	mk O="$O" ARCH=riscv -j2
check_eq "the rv64 board builds without protection" 0 $?
brun "$O/sample" smash char16
check_grep "a smashed return address: the board's trap report" \
	'^board: (instruction access fault|illegal instruction|instruction address misaligned) at pc=0x[0-9a-f]{16} \(mcause=0x' "$T/stderr"
check "...status 128+signal, not 0, not a catch's 134" sh -c "[ $rc -gt 128 ] && [ $rc -ne 134 ]"
check_eq "...counted as crashed" crashed "$(riscv_verdict)"

# make run: stdin closed, the status through make; riscv_defconfig stays
# Linux user space.
make -C "$SRC" --no-print-directory O="$O" ARCH=riscv run </dev/null >"$T/run" 2>&1
check_eq "make run, stdin closed: status 0" 0 $?
check_grep "...the banner" '^sspkit sample: arch=riscv stack-protector=none ' "$T/run"
mk O="$T/linux" ARCH=riscv riscv_defconfig
check_grep "riscv_defconfig: Linux user space, the default" '^CONFIG_RISCV_LINUX_USER=y$' "$T/linux/.config"
check_grep "...RV64" '^CONFIG_64BIT=y$' "$T/linux/.config"
check_nogrep "...no board" '^CONFIG_ARCH_VIRT=y$' "$T/linux/.config"

"$SRC/scripts/run-board" --qemu=qemu-system-mips --machine=virt "$O/sample" >"$T/out" 2>&1
check_eq "an emulator run-board does not know: status 2" 2 $?
check_grep "...naming what to give" 'qemu=qemu-system-mips: give qemu-system-arm, qemu-system-riscv32 or qemu-system-riscv64' "$T/out"

done_testing
