#!/bin/sh
# tests/run: slow
# No guard form the CPU cannot execute: arm's per-task guard
# is read through TPIDRURO (-mstack-protector-guard=tls -mtp=cp15), which
# both compilers accept for a Cortex-M and compile to mrc p15, undefined
# on M-profile. On the MPS2 board STACKPROTECTOR_PER_TASK refuses it with
# the kernel-style warning and falls back to __stack_chk_guard switched
# per task, whose canaries then work per task; under STRICT the build
# stops. And the refusal matters: forced in with KCFLAGS, the form faults
# at its first protected function, reported as a fault, never as caught.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"

refusal='Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mtp=cp15 not supported by the CPU (ARMv7-M has no cp15: mrc p15 is an undefined instruction) (falling back to __stack_chk_guard switched per task)'
forced='-mstack-protector-guard=tls -mtp=cp15 -mstack-protector-guard-offset=4'

for compiler in gcc clang; do
	mps2_compiler "$compiler" || continue

	mk O="$O" ARCH=arm $llvm mps2_defconfig per-task.config && mk O="$O" ARCH=arm $llvm -j2
	check_eq "$compiler per-task: builds" 0 $?
	check "$compiler per-task: the register form is refused, the kernel's way" grep -qF "$refusal" "$T/out"
	check_nogrep "$compiler per-task: ...so no object reads cp15" '-mtp=cp15' "$O/samples/sample/.main.o.cmd"
	check_grep "$compiler per-task: make says where the guard lives" 'guard per-task switched' "$T/out"
	check_grep "$compiler per-task: ...and so does ssp-summary.h" \
		'SSP_GUARD_LOCATION "per-task switched"' "$O/include/generated/ssp-summary.h"
	brun "$O/sample"
	check_grep "$compiler per-task: ...and the banner" 'guard-location=per-task switched$' "$T/stdout"
	brun "$O/sample" tasks canaries
	check_eq "$compiler per-task: tasks canaries runs" 0 "$rc"
	n=$(sed -n 's/^task [a-z]: canary \(0x[0-9a-f]*\) in its frame$/\1/p' "$T/stdout" | sort -u | wc -l)
	check_eq "$compiler per-task: ...each of the 4 tasks with a canary of its own" 4 "$n"
	brun "$O/sample" tasks smash
	check_eq "$compiler per-task: a canary leaked by task a does not help task b" caught "$(verdict)"

	# STRICT: the refusal is an error, and nothing is linked.
	echo 'CONFIG_CC_STACKPROTECTOR_STRICT=y' >>"$O/.config"
	mk O="$O" ARCH=arm $llvm olddefconfig && mk O="$O" ARCH=arm $llvm -j2
	check_eq "$compiler per-task STRICT: the build stops" 2 $?
	check "$compiler per-task STRICT: ...with the same words, as an error" \
		grep -qF "*** Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mtp=cp15 not supported by the CPU" "$T/out"

	# Forced in: every protected function faults at its guard load.
	O="$T/$compiler-forced"
	mk O="$O" ARCH=arm $llvm mps2_defconfig && mk O="$O" ARCH=arm $llvm -j2 KCFLAGS="$forced"
	check_eq "$compiler forced $forced: the compiler takes it" 0 $?
	brun "$O/sample"
	check_eq "$compiler forced: the image faults (UsageFault, 132)" 132 "$rc"
	check_eq "$compiler forced: ...a crash, not a catch" crashed "$(verdict)"
	check_nogrep "$compiler forced: ...with no stack-protector line" '^stack-protector:' "$T/stderr"
	pc=$(sed -n 's/^board: UsageFault at pc=0x\([0-9a-f]*\) .*/\1/p' "$T/stderr")
	insn=$(arm-none-eabi-objdump -d "$O/sample" | grep -E "^ +$(echo "$pc" | sed 's/^0*//'):")
	check "$compiler forced: ...at an mrc of cp15 ($insn)" sh -c "echo '$insn' | grep -Eq 'mrc[[:space:]]+(p)?15'"
done

done_testing
