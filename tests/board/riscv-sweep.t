#!/bin/sh
# The sweep on the riscv virt board (issue 26): "sample sweep" overruns
# every case by k = 1..64 bytes, rv32 and rv64, in one start of
# qemu-system for the whole sweep (and one for "sample cases"). Its
# fork() is a checkpoint of RAM that the child's end undoes
# (arch/riscv/kernel/fork-mmode.c): a caught smash's SIGABRT, an exit, a
# trap the board reports and an alarm (the CLINT's timer) each end the
# child only. As in tests/board/sweep.t, tests/board/sweep-judge
# classifies each run with the matrix's own code, so the caught sets
# agree with "sample cases", each catch is attributed to the case's own
# function from the image's symbols, and a canary in cases.o goes with
# each catch. A stand-in fails: a trap report that does not end the child
# but the program, with nothing counted as caught.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/riscv.sh"
judge=$SRC/tests/board/sweep-judge

# sweep_cell COMPILER WIDTH MODE [KCFLAGS]: build $O in MODE, run cases
# and the sweep, judge; the judge's output in $T/judge, its status in $jrc.
sweep_cell() {
	mk O="$O" ARCH=riscv $llvm "$3.config" && mk O="$O" ARCH=riscv $llvm -j2 ${4:+KCFLAGS="$4"}
	if [ $? -ne 0 ]; then
		fail "$1 rv$2 $3: build" "$(tail -20 "$T/out")"
		jrc=2
		return
	fi
	brun "$O/sample" cases
	cp "$T/stdout" "$T/cases.out"
	start=$(date +%s.%N)
	brun --timeout=60 --merged "$O/sample" sweep
	took=$(echo "$(date +%s.%N) - $start" | bc)
	"$judge" "$3" "$O/sample" "$T/cases.out" "$T/stdout" "$T/stderr" "$rc" \
		"$O/samples/sample/cases.o" "$spreport" >"$T/judge" 2>&1
	jrc=$?
}

defconfig() { [ "$1" = 32 ] && echo rv32_nommu_virt_defconfig || echo nommu_virt_defconfig; }

for compiler in gcc clang; do
	( need_riscv_tools "$compiler" ) >/dev/null 2>&1 || {
		skip "riscv sweep ($compiler)" "no toolchain for it"; continue; }
	llvm=
	[ "$compiler" = clang ] && llvm=LLVM=1
	for width in 32 64; do
		O="$T/$compiler-$width"
		riscv_board "$width"
		mk O="$O" ARCH=riscv $llvm "$(defconfig "$width")" &&
			mk O="$O" ARCH=riscv $llvm scripts_spreport
		check_eq "$compiler rv$width: configure, and spreport for the static view" 0 $?
		spreport=$O/scripts/spreport/spreport
		for mode in none regular strong all; do
			sweep_cell "$compiler" "$width" "$mode"
			[ $jrc -eq 2 ] && continue
			c="$compiler rv$width $mode"
			sed "s/^/# $c: /" "$T/judge"
			echo "# $c: sweep took ${took}s in one start of qemu-system-riscv$width"
			check_eq "$c: the sweep runs to its end (status 0)" 0 "$rc"
			# (a child that ran wild may print a line of its own: gcc rv32
			# all's opt-out at k=13 returns into the sweep's loop, which
			# prints a k of 2147495400; sweep-judge keeps the parent's)
			check_eq "$c: 12 cases x 64 overruns, a line for each" 768 \
				"$(grep -aEo 'sweep [a-z0-9-]+ [0-9]+ (exit|signal) [0-9]+$' "$T/stdout" |
					awk '$3 >= 1 && $3 <= 64 { print $2, $3 }' | sort -u | wc -l)"
			if [ $jrc -eq 0 ]; then pass "$c: agrees with sample cases, the image's symbols and cases.o"
			else fail "$c: agrees with sample cases, the image's symbols and cases.o" "$(cat "$T/judge")"; fi
			case $mode in
			none) check_grep "$c: overruns crash, reported by the board" \
				'^board: [a-z ]+ at pc=0x' "$T/stdout" ;;
			*) check_grep "$c: char16 is caught from k=1" '^char16 +caught@1 ' "$T/judge" ;;
			esac
		done
	done
done

# Stand-in, gcc rv64 strong: a trap report that ends the program rather
# than the child. The first trap ends the sweep with its signal's status;
# the cell fails and nothing is counted as caught.
if ( need_riscv_tools gcc ) >/dev/null 2>&1; then
	llvm=
	O="$T/gcc-64"
	riscv_board 64
	spreport=$O/scripts/spreport/spreport
	sweep_cell gcc 64 strong -DMMODE_FORK_STANDIN_NO_RESUME
	check_eq "stand-in, no resume from a trap: the cell fails" 1 "$jrc"
	check_grep "...because the sweep ended early, with the trap's status" \
		'^RESULT: failed: sample sweep: status 1(32|35|39)' "$T/judge"
	check_nogrep "...and nothing is counted as caught" 'caught@' "$T/judge"
fi

done_testing
