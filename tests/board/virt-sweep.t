#!/bin/sh
# tests/run: slow
# The sweep on the riscv virt board: "sample sweep" overruns
# every case by k = 1..64 bytes, rv32 and rv64, in one start of
# qemu-system for the whole sweep (and one for "sample cases"). Its
# fork() is a checkpoint of RAM that the child's end undoes
# (arch/riscv/kernel/fork-mmode.c): a caught smash's SIGABRT, an exit, a
# trap the board reports and an alarm (the CLINT's timer) each end the
# child only. As in tests/board/mps2-sweep.t, tests/board/sweep-judge
# classifies each run with the matrix's own code, so the caught sets
# agree with "sample cases", each catch is attributed to the case's own
# function from the image's symbols, and a canary in cases.o goes with
# each catch. A stand-in fails: a trap report that does not end the child
# but the program, with nothing counted as caught.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"

defconfig() { [ "$1" = 32 ] && echo rv32_nommu_virt_defconfig || echo nommu_virt_defconfig; }

for compiler in gcc clang; do
	( need_virt_tools "$compiler" ) >/dev/null 2>&1 || {
		skip "riscv sweep ($compiler)" "no toolchain for it"; continue; }
	llvm=
	[ "$compiler" = clang ] && llvm=LLVM=1
	for width in 32 64; do
		O="$T/$compiler-$width"
		virt_board "$width"
		mk O="$O" ARCH=riscv $llvm "$(defconfig "$width")" &&
			mk O="$O" ARCH=riscv $llvm scripts_spreport
		check_eq "$compiler rv$width: configure, and spreport for the static view" 0 $?
		spreport=$O/scripts/spreport/spreport
		for mode in none regular strong all; do
			sweep_cell riscv "$compiler rv$width" "$mode" 60
			[ $jrc -eq 2 ] && continue
			sweep_checks "$compiler rv$width" "$mode" '^board: [a-z ]+ at pc=0x'
		done
	done
done

# Stand-in, gcc rv64 strong: a trap report that ends the program rather
# than the child. The first trap ends the sweep with its signal's status;
# the cell fails and nothing is counted as caught.
if ( need_virt_tools gcc ) >/dev/null 2>&1; then
	llvm=
	O="$T/gcc-64"
	virt_board 64
	spreport=$O/scripts/spreport/spreport
	sweep_cell riscv "gcc rv64" strong 60 -DMMODE_FORK_STANDIN_NO_RESUME
	check_eq "stand-in, no resume from a trap: the cell fails" 1 "$jrc"
	check_grep "...because the sweep ended early, with the trap's status" \
		'^RESULT: failed: sample sweep: status 1(32|35|39)' "$T/judge"
	check_nogrep "...and nothing is counted as caught" 'caught@' "$T/judge"
fi

done_testing
