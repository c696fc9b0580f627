# Helpers for tests/board/*.t, sourced after tests/lib.sh: running an
# MPS2 AN385 image through scripts/run-board, and what a run was.

RUN_BOARD="$SRC/scripts/run-board --machine=mps2-an385"

# need_board_tools COMPILER: skip the whole file unless the compiler
# (gcc: arm-none-eabi-gcc; clang: clang and ld.lld) and qemu-system-arm
# are installed.
need_board_tools() {
	for t in qemu-system-arm $(if [ "$1" = clang ]; then echo clang ld.lld; else echo arm-none-eabi-gcc; fi); do
		command -v "$t" >/dev/null 2>&1 && continue
		skip "board ($1)" "no $t (scripts/install-deps arm installs it)"
		done_testing
	done
}

# board_compiler COMPILER: for a loop over compilers: llvm (LLVM=1 for
# clang) and O ($T/COMPILER) set, or a skip and status 1 without its
# toolchain.
board_compiler() {
	if ! (need_board_tools "$1" >/dev/null); then
		skip "board ($1)" "no toolchain for it"
		return 1
	fi
	llvm=
	[ "$1" = clang ] && llvm=LLVM=1
	O="$T/$1"
}

# brun [--timeout=S] IMAGE ARGS...: run; stdout in $T/stdout, stderr in
# $T/stderr, the status in $rc. Standard input is closed.
brun() {
	$RUN_BOARD "$@" >"$T/stdout" 2>"$T/stderr" </dev/null
	rc=$?
}

# verdict: what the last brun was, judged by what the board printed:
#   failed   run-board said so: a hang (124) or a failure of QEMU's own
#            (125: a lockup, which QEMU exits 134 for, a signal...)
#   caught   the image's own stack-protector line, and the status its
#            handler exits with (134)
#   silent   status 0
#   crashed  anything else (a fault the board reported, ...)
verdict() {
	if [ $rc -eq 124 ] || [ $rc -eq 125 ] || grep -q '^run-board:' "$T/stderr"; then
		echo failed
	elif [ $rc -eq 134 ] && grep -Eq '^stack-protector: stack smashing detected at 0x[0-9a-f]{8}, aborting$' "$T/stderr"; then
		echo caught
	elif [ $rc -eq 0 ]; then
		echo silent
	else
		echo crashed
	fi
}

# caught_in IMAGE: the function the last caught smash was reported from
# (its check's call site), from IMAGE's symbols. The handler names the
# address the call returns to: past the call, so one byte back (a
# noreturn call may come last in its function), without the Thumb bit.
caught_in() {
	at=$(sed -n 's/^stack-protector: stack smashing detected at 0x\([0-9a-f]\{8\}\), aborting$/\1/p' "$T/stderr")
	[ -n "$at" ] || return 0
	at=$(printf '%08x' $(( (0x$at & ~1) - 1 )))
	arm-none-eabi-nm -n "$1" 2>/dev/null | awk -v a="$at" \
		'($2 == "t" || $2 == "T") && ("x" $1) <= ("x" a) { f = $3 } END { print f }'
}
