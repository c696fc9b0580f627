# Helpers for every board's tests (tests/board/*.t), sourced after
# tests/lib.sh (mps2.sh and virt.sh source it and name their board): the
# command a board's image runs with, read from the board's own
# Makefile.board; running an image, and what a run was.

# board_qemu DEFCONFIG [SRCTREE]: print the command "make run" runs the
# image of a board's DEFCONFIG with: QEMU as the board's Makefile.board
# (arch/*/mach-*/) sets it for that configuration, which is made once per
# test file in $T/board-qemu/ with make ARCH=... DEFCONFIG (the ARCH its
# first line names) and read by tests/board/board-qemu.mk. No test writes
# a board's QEMU line again. SRCTREE defaults to $SRC.
board_qemu() {
	__src=${2:-$SRC}
	__d=$T/board-qemu/$(echo "$__src" | cksum | cut -d' ' -f1)/$1
	if [ ! -f "$__d.qemu" ]; then
		__f=$(ls "$__src"/arch/*/mach-*/"$1" 2>/dev/null | head -1)
		__arch=$(sed -n '1s/^# saved on ARCH=\([a-z0-9_]*\):.*/\1/p' "$__f" 2>/dev/null)
		[ -n "$__arch" ] || {
			echo "board_qemu: no board defconfig $1 in $__src/arch/*/mach-*/ (with its '# saved on ARCH=' line)" >&2
			return 2
		}
		mkdir -p "$__d" &&
		make -C "$__src" --no-print-directory O="$__d" ARCH="$__arch" "$1" >"$__d.log" 2>&1 &&
		make -s --no-print-directory -f "$SRC/tests/board/board-qemu.mk" \
			srctree="$__src" config="$__d/.config" >"$__d.qemu" 2>>"$__d.log" || {
			echo "board_qemu: $1: $(tail -3 "$__d.log")" >&2
			rm -f "$__d.qemu"
			return 2
		}
	fi
	cat "$__d.qemu"
}

# BOARD_DEFCONFIG: the board brun runs images on (mps2.sh and virt.sh set
# it), from the tree BOARD_SRC (default: $SRC); BOARD_NM: the nm that
# reads its images.

# brun [--timeout=S] IMAGE ARGS...: run on $BOARD_DEFCONFIG's board;
# stdout in $T/stdout, stderr in $T/stderr, the status in $rc. Standard
# input is closed.
brun() {
	__qemu=$(board_qemu "$BOARD_DEFCONFIG" "${BOARD_SRC:-$SRC}" 2>"$T/stderr") || { rc=2; return; }
	$__qemu "$@" >"$T/stdout" 2>"$T/stderr" </dev/null
	rc=$?
}

# verdict: what the last brun was, judged by what the board printed:
#   failed   run-board said so: a hang (124) or a failure of QEMU's own
#            (125: a lockup, which QEMU exits 134 for, a signal...)
#   caught   the image's own stack-protector line, the address in the
#            board's width (8 hex digits, 16 on RV64), and the status its
#            handler exits with (134)
#   silent   status 0
#   crashed  anything else (a fault the board reported, ...)
verdict() {
	if [ $rc -eq 124 ] || [ $rc -eq 125 ] || grep -q '^run-board:' "$T/stderr"; then
		echo failed
	elif [ $rc -eq 134 ] && grep -Eq '^stack-protector: stack smashing detected at 0x([0-9a-f]{8}|[0-9a-f]{16}), aborting$' "$T/stderr"; then
		echo caught
	elif [ $rc -eq 0 ]; then
		echo silent
	else
		echo crashed
	fi
}

# caught_in IMAGE: the function the last caught smash was reported from
# (its check's call site), from IMAGE's symbols ($BOARD_NM). The handler
# names the address the call returns to: past the call, so one byte back
# (a noreturn call may come last in its function), without the Thumb bit
# (instructions are 2-byte aligned on both boards, so clearing bit 0 is
# right for riscv too). Addresses are compared as text, in nm's width.
caught_in() {
	at=$(sed -n 's/^stack-protector: stack smashing detected at 0x\([0-9a-f]*\), aborting$/\1/p' "$T/stderr")
	[ -n "$at" ] || return 0
	"$BOARD_NM" -n "$1" >"$T/nm" 2>/dev/null
	at=$(printf '%0*x' "$(awk 'NR == 1 { print length($1) }' "$T/nm")" $(( (0x$at & ~1) - 1 )))
	awk -v a="$at" '($2 == "t" || $2 == "T") && ("x" $1) <= ("x" a) { f = $3 } END { print f }' "$T/nm"
}

# sweep_cell ARCH LABEL MODE TIMEOUT [KCFLAGS]: build $O (configured for
# its board, $llvm for clang) in MODE, run "sample cases", then "sample
# sweep" in one start of the board (--merged: each report in line with
# its run's result), and judge the sweep with tests/board/sweep-judge,
# the matrix's own classification, against "sample cases", the image's
# symbols and the canaries $spreport finds in cases.o. The judge's
# output is in $T/judge, its status in $jrc (2: the build failed, which
# is reported as LABEL MODE's failure), the sweep's seconds in $took.
sweep_cell() {
	mk O="$O" ARCH="$1" $llvm "$3.config" && mk O="$O" ARCH="$1" $llvm -j2 ${5:+KCFLAGS="$5"}
	if [ $? -ne 0 ]; then
		fail "$2 $3: build" "$(tail -20 "$T/out")"
		jrc=2
		return
	fi
	brun "$O/sample" cases
	cp "$T/stdout" "$T/cases.out"
	start=$(date +%s.%N)
	brun --timeout="$4" --merged "$O/sample" sweep
	took=$(echo "$(date +%s.%N) - $start" | bc)
	"$SRC/tests/board/sweep-judge" "$3" "$O/sample" "$T/cases.out" "$T/stdout" "$T/stderr" \
		"$rc" "$O/samples/sample/cases.o" "$spreport" >"$T/judge" 2>&1
	jrc=$?
}

# sweep_checks LABEL MODE CRASH-REGEX: what every board's sweep_cell must
# show: the sweep ran to its end, a result line for each of the 12 cases
# x 64 overruns, the judge agreed, and char16 is caught from k=1 (in
# NONE: overruns crash, the board's report matching CRASH-REGEX).
sweep_checks() {
	c="$1 $2"
	sed "s/^/# $c: /" "$T/judge"
	echo "# $c: sweep took ${took}s in one start of qemu-system"
	check_eq "$c: the sweep runs to its end (status 0)" 0 "$rc"
	# (a child that ran wild may print a line of its own: gcc rv32 all's
	# opt-out at k=13 returns into the sweep's loop, which prints a k of
	# 2147495400; sweep-judge keeps the parent's)
	check_eq "$c: 12 cases x 64 overruns, a line for each" 768 \
		"$(grep -aEo 'sweep [a-z0-9-]+ [0-9]+ (exit|signal) [0-9]+$' "$T/stdout" |
			awk '$3 >= 1 && $3 <= 64 { print $2, $3 }' | sort -u | wc -l)"
	if [ "$jrc" -eq 0 ]; then pass "$c: agrees with sample cases, the image's symbols and cases.o"
	else fail "$c: agrees with sample cases, the image's symbols and cases.o" "$(cat "$T/judge")"; fi
	case $2 in
	none) check_grep "$c: overruns crash, reported by the board" "$3" "$T/stdout" ;;
	*) check_grep "$c: char16 is caught from k=1" '^char16 +caught@1 ' "$T/judge" ;;
	esac
}

# boot_mode ARCH LABEL MODE CRASH CRASH-REGEX: build $O (configured for
# its board, $llvm for clang) in MODE and boot it: it builds without a
# warning (clang 14's explicit: the kernel's fallback warning, and it is
# none), prints its banner and exits 0; "smash char16" is caught by
# case_char16's own check in the modes that protect it, and in the others
# crashes with the board's report of the CRASH ("fault", "trap")
# matching CRASH-REGEX on standard error. The checks are named "LABEL
# MODE: ...". Status 1 when the build failed.
boot_mode() {
	want=$3 fallback=
	if [ -n "$llvm" ] && [ "$3" = explicit ]; then
		# clang 14 has no -fstack-protector-explicit: the kit's fallback.
		want=none
		fallback='Cannot use CONFIG_CC_STACKPROTECTOR_EXPLICIT: -fstack-protector-explicit not supported by compiler \(falling back to none\)'
	fi
	if ! { mk O="$O" ARCH="$1" $llvm "$3.config" && mk O="$O" ARCH="$1" $llvm -j2 &&
		[ -f "$O/sample" ]; }; then
		fail "$2 $3: build" "$(tail -20 "$T/out")"
		return 1
	fi
	pass "$2 $3: build"
	[ -z "$fallback" ] ||
		check_grep "$2 $3: the compiler lacks it: the kernel's warning" "$fallback" "$T/out"
	check_nogrep "$2 $3: no warning" '(warning|error):' "$T/out"

	brun "$O/sample"
	check_eq "$2 $3: boots and exits 0 through semihosting" 0 "$rc"
	check_grep "$2 $3: ...printing its banner" \
		"^sspkit sample: arch=$1 stack-protector=$want( |\$)" "$T/stdout"

	brun "$O/sample" smash char16
	v=$(verdict)
	check_grep "$2 $3: smash char16 runs the case" \
		'^smash char16: case_char16 overruns its buffer by 64 bytes$' "$T/stdout"
	case $want in
	regular|strong|all)
		check_eq "$2 $3: the char[16] overrun is caught" caught "$v"
		check_eq "$2 $3: ...by case_char16's own check" \
			case_char16 "$(caught_in "$O/sample")" ;;
	*)
		check_eq "$2 $3: the char[16] overrun is not caught: it crashes" crashed "$v"
		check_grep "$2 $3: ...and the board reports the $4" "$5" "$T/stderr"
		check_nogrep "$2 $3: ...with no stack-protector line" \
			'^stack-protector:' "$T/stderr" ;;
	esac
	[ "$v" = caught ] || [ "$v" = crashed ] || fail "$2 $3: verdict" "status $rc" "$(cat "$T/stderr")"
}
