#!/bin/sh
# Stand-ins fail: a broken board image is never a success and
# never a caught smash, whatever it printed and whatever status QEMU
# exits with. tests/board/mps2-standin.S builds three: one that prints a caught
# smash's line and then locks QEMU up (exit 134, a caught smash's status),
# one without semihosting, one that hangs; and a good image run with a
# bad machine is QEMU's failure, not the image's.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"
need_mps2_tools gcc

standin() {
	arm-none-eabi-gcc -mcpu=cortex-m3 -mthumb -nostdlib -Wl,-Ttext=0 \
		-Wl,-z,noexecstack -DSTANDIN_$1 -o "$T/$1.elf" "$SRC/tests/board/mps2-standin.S"
}

for s in LOCKUP NOSEMIHOSTING HANG; do
	check "stand-in $s builds" standin $s
done

# What QEMU itself does with the lockup, without the wrapper: 134. The
# machine is the board's (its Makefile.board's QEMU line).
machine=$(board_qemu mps2_defconfig | sed -n 's/.*--machine=\([^ ]*\).*/\1/p')
check_eq "the board's QEMU line names its machine" mps2-an385 "$machine"
qemu-system-arm -M "$machine" -display none -serial none -monitor none \
	-semihosting-config enable=on,target=native -kernel "$T/LOCKUP.elf" \
	</dev/null >/dev/null 2>"$T/qemu.err"
check_eq "a lockup: QEMU alone exits 134, a caught smash's status" 134 $?
check_grep "...after 'qemu: fatal: Lockup'" '^qemu: fatal: Lockup' "$T/qemu.err"

brun "$T/LOCKUP.elf"
check_eq "a lockup after a catch line: run-board says QEMU failed (125)" 125 "$rc"
check_grep "...naming the lockup" '^run-board: QEMU failed: .*Lockup' "$T/stderr"
check_grep "...though the image printed a catch line" '^stack-protector: stack smashing detected' "$T/stderr"
check_eq "...and it is not counted as caught" failed "$(verdict)"

brun "$T/NOSEMIHOSTING.elf"
check_eq "no semihosting: a failure of QEMU's (125)" 125 "$rc"
check_eq "...not counted as caught, nor as silent" failed "$(verdict)"
check_eq "...and nothing printed" "" "$(cat "$T/stdout")"

start=$(date +%s)
brun --timeout=2 "$T/HANG.elf"
took=$(( $(date +%s) - start ))
check_eq "a hang: killed after --timeout, status 124" 124 "$rc"
check_grep "...saying so" '^run-board: .*HANG\.elf did not exit within 2 s' "$T/stderr"
check "...within the limit, not later (${took}s)" test "$took" -le 5
check_eq "...counted as failed" failed "$(verdict)"

$(board_qemu mps2_defconfig) --timeout=0 "$T/HANG.elf" >"$T/out" 2>&1
check_eq "a bad --timeout is refused (status 2)" 2 $?
check_grep "...naming what to give" 'timeout=0: give a whole number of seconds' "$T/out"
$(board_qemu mps2_defconfig) "$T/none.elf" >"$T/out" 2>&1
check_eq "a missing image: status 2" 2 $?
check_grep "...naming it" 'none\.elf: no such image' "$T/out"
"$SRC/scripts/run-board" --machine=no-such-board "$T/HANG.elf" >"$T/out" 2>&1
check_eq "a machine QEMU does not have: QEMU's failure (125)" 125 $?
check_grep "...with QEMU's own words" "^run-board: QEMU failed \(status 1\): qemu-system-arm: unsupported machine type" "$T/out"

done_testing
