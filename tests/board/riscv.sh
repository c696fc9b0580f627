# Helpers for tests/board/riscv-*.t, sourced after tests/lib.sh: QEMU's
# virt board in machine mode (ARCH=riscv, RISCV_M_MODE), both widths.
# The verdicts are board.sh's: what the board printed, never a status alone.
. "$SRC/tests/board/board.sh"

# need_riscv_tools COMPILER: skip the whole file unless the compiler
# (gcc: riscv64-unknown-elf-gcc; clang: clang and ld.lld) and both
# qemu-system-riscv32/64 are installed.
need_riscv_tools() {
	for t in qemu-system-riscv32 qemu-system-riscv64 riscv64-unknown-elf-nm \
		$(if [ "$1" = clang ]; then echo clang ld.lld; else echo riscv64-unknown-elf-gcc; fi); do
		command -v "$t" >/dev/null 2>&1 && continue
		skip "riscv board ($1)" "no $t (scripts/install-deps riscv installs it)"
		done_testing
	done
}

# riscv_board WIDTH: brun runs images of that width (32 or 64).
riscv_board() {
	RUN_BOARD="$SRC/scripts/run-board --qemu=qemu-system-riscv$1 --machine=virt --bios=none"
}

# riscv_verdict: board.sh's verdict, for either width: a caught smash
# names an address of XLEN/4 digits, 16 on RV64.
riscv_verdict() {
	v=$(verdict)
	if [ "$v" = crashed ] && [ $rc -eq 134 ] && grep -Eq \
		'^stack-protector: stack smashing detected at 0x[0-9a-f]{16}, aborting$' "$T/stderr"; then
		v=caught
	fi
	echo "$v"
}

# riscv_caught_in IMAGE: the function the last caught smash was reported
# from, from IMAGE's symbols: the address the check's call returns to,
# one byte back (a noreturn call may come last in its function).
riscv_caught_in() {
	at=$(sed -n 's/^stack-protector: stack smashing detected at 0x\([0-9a-f]*\), aborting$/\1/p' "$T/stderr")
	[ -n "$at" ] || return 0
	riscv64-unknown-elf-nm -n "$1" >"$T/nm" 2>/dev/null
	# nm's width: 8 digits for RV32, 16 for RV64; compared as text.
	at=$(printf '%0*x' "$(awk 'NR == 1 { print length($1) }' "$T/nm")" $(( 0x$at - 1 )))
	awk -v a="$at" '($2 == "t" || $2 == "T") && ("x" $1) <= ("x" a) { f = $3 } END { print f }' "$T/nm"
}
