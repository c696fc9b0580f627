#!/bin/sh
# tests/run: slow
# The sweep on the board: "sample sweep" overruns
# every case by k = 1..64 bytes on the MPS2 AN385, in one start of
# qemu-system for the whole sweep (and one for "sample cases"). The
# board has no processes: its fork() is a checkpoint of RAM that the
# child's end undoes (arch/arm/kernel/fork-v7m.c), a caught smash's
# SIGABRT, an exit, a fault the handler reports and an alarm (SysTick)
# each end the child only. run-board --merged keeps each report in line
# with its run's result, and tests/board/sweep-judge classifies each run
# with the matrix's own code (scripts/matrix/matrixlib.py), so caught,
# silent and crashed mean what they mean for a Linux cell, a catch
# attributed to the case's own function from the image's symbols; it
# must agree with "sample cases" (the table the Linux-user sweep is
# judged by) and with the canaries spreport finds in cases.o.
#
# The caught sets are also spelled out below as the generated tables of
# Documentation/matrix.md have them for arm, so a board whose table drifted from Linux-user's
# fails here. And stand-ins fail: a fault handler that does not return
# into the parent, and a caught smash whose end locks QEMU up after the
# report was printed, each fail the cell with nothing counted as caught.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"

# The cases caught, as Documentation/matrix.md's tables have them for arm (gcc global and
# clang global); clang 14 ignores stack_protect, and its union lowers to
# a pointer and a char[4] (caught from regular4 on 32-bit arm only).
all_but_optout="char16 char8 char4 int-array struct-char struct-int union addr-taken alloca vla explicit"
caught_set() {	# COMPILER MODE
	case $1-$2 in
	*-none) echo "" ;;
	gcc-regular) echo "char16 char8 struct-char alloca vla explicit" ;;
	clang-regular) echo "char16 char8 struct-char alloca vla" ;;
	*-strong|*-all) echo "$all_but_optout" ;;
	esac
}

for compiler in gcc clang; do
	mps2_compiler "$compiler" || continue
	mk O="$O" ARCH=arm $llvm mps2_defconfig && mk O="$O" ARCH=arm $llvm scripts_spreport
	check_eq "$compiler: configure, and spreport for the static view" 0 $?
	spreport=$O/scripts/spreport/spreport
	for mode in none regular strong all; do
		sweep_cell arm "$compiler" "$mode" 120
		[ $jrc -eq 2 ] && continue
		cp "$T/judge" "$T/judge-$compiler-$mode"
		sweep_checks "$compiler" "$mode" '^board: (MemManage|BusFault|UsageFault|HardFault) at pc='
		check_eq "$compiler $mode: the cases caught are Documentation/matrix.md's for arm" \
			"$(caught_set "$compiler" "$mode")" \
			"$(awk '$2 ~ /^caught@/ { printf "%s%s", sep, $1; sep = " " }' "$T/judge")"
	done
done

# The same cell on Linux user space (scripts/matrix/cell, qemu-arm):
# each case caught at the same k's, run for run. (Which uncaught k is
# silent and which crashed may differ: an overrun that rewrites a
# return address's low bytes lands where each image's layout puts it;
# measured, opt-out by 5 bytes crashes on Linux, exits 0 on the board.)
if [ -f "$T/judge-gcc-strong" ] && command -v arm-linux-gnueabihf-gcc >/dev/null &&
	command -v qemu-arm >/dev/null; then
	"$SRC/scripts/matrix/cell" arm-strong-gcc "$T/linux" >"$T/linux.out" 2>&1
	check_grep "Linux-user arm-strong-gcc: the cell passes" '^arm strong gcc: ok' "$T/linux.out"
	linux=$(/usr/bin/python3 -c 'import json, sys
for k in json.load(open(sys.argv[1]))["cases"]:
    print(k["name"], "caught@%d" % k["first_caught"] if k["caught"] else "-",
          "".join("c" if r == "c" else "-" for r in k["sweep"]))' "$T/linux/arm-strong-gcc.json")
	check_eq "gcc strong: the board catches at Linux-user arm's k's, run for run" "$linux" \
		"$(awk '!/^RESULT/ { r = $3; gsub(/[^c]/, "-", r); print $1, $2, r }' "$T/judge-gcc-strong")"
else
	skip "gcc strong: the board catches at Linux-user arm's k's" "no arm-linux-gnueabihf-gcc or qemu-arm"
fi

# Stand-ins, gcc STRONG. A fault handler that does not return into the
# parent: the first crash ends the program, as a fault does outside a
# sweep; the sweep does not finish and nothing after it is counted.
if mps2_compiler gcc; then
	spreport=$O/scripts/spreport/spreport
	sweep_cell arm gcc strong 120 -DV7M_FORK_STANDIN_NO_RESUME
	check_eq "stand-in, no resume from a fault: the cell fails" 1 "$jrc"
	check_grep "...because the sweep ended early, with the fault's status" \
		'^RESULT: failed: sample sweep: status 1(32|35|39)' "$T/judge"
	check_nogrep "...and nothing is counted as caught" 'caught@' "$T/judge"

	# A caught smash whose end locks QEMU up (exit 134, a catch's status)
	# right after the report was printed.
	sweep_cell arm gcc strong 120 -DV7M_FORK_STANDIN_LOCKUP
	check_eq "stand-in, a lockup after the catch line: the cell fails" 1 "$jrc"
	check_eq "...run-board says QEMU failed (125)" 125 "$rc"
	check_grep "...naming the lockup" '^run-board: QEMU failed: .*Lockup' "$T/stderr"
	check_grep "...though the board printed a catch line" \
		'^stack-protector: stack smashing detected at 0x' "$T/stdout"
	check_nogrep "...and nothing is counted as caught" 'caught@' "$T/judge"
fi

done_testing
