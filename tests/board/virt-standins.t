#!/bin/sh
# Stand-ins fail on the riscv virt board too: an image that
# traps with no trap vector, or hangs, after printing a caught smash's
# line, or uses no semihosting, is never a success and never a caught
# smash; tests/board/virt-standin.S builds them. (The board's own trap
# report, a crash and never a catch: tests/board/virt-boot-*.t.)
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"
need_virt_tools gcc
virt_board 64

standin() {
	riscv64-unknown-elf-gcc -march=rv64imac -mabi=lp64 -mcmodel=medany \
		-nostdlib -Wl,-Ttext=0x80000000 -Wl,-z,noexecstack -DSTANDIN_$1 \
		-o "$T/$1.elf" "$SRC/tests/board/virt-standin.S"
}

for s in TRAP NOSEMIHOSTING HANG; do
	check "stand-in $s builds" standin $s
	brun --timeout=1 "$T/$s.elf"
	check_eq "$s: killed at the time limit (124), a failure, never caught" \
		"124 failed" "$rc $(verdict)"
	check_grep "$s: ...saying so" "^run-board: .*$s\\.elf did not exit within 1 s" "$T/stderr"
	[ $s = NOSEMIHOSTING ] || check_grep "$s: ...though it printed a catch line" \
		'^stack-protector: stack smashing detected at 0x[0-9a-f]{16}, aborting$' "$T/stderr"
done

"$SRC/scripts/run-board" --qemu=qemu-system-mips --machine=virt "$T/HANG.elf" >"$T/out" 2>&1
check_eq "an emulator run-board does not know: status 2" 2 $?
check_grep "...naming what to give" 'qemu=qemu-system-mips: give qemu-system-arm, qemu-system-riscv32 or qemu-system-riscv64' "$T/out"

done_testing
