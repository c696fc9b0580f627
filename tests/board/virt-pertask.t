#!/bin/sh
# tests/run: slow
# Per-task canaries in tp on the riscv virt board.
# With gcc, both widths: tp points at the boot task from the reset path
# on, so the first protected function after reset, which runs before
# task_guard_init(), already reads the guard through tp at the offset
# kernel/asm-offsets.c gives (read from the object code); each task's
# canary differs, and one task's leaked canary does not let another's
# overrun pass. A stand-in reset path that leaves tp zero fails its cell,
# never caught. clang 14 rejects the tp flags: the kernel-style warning,
# the switched guard, and under STRICT an error.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"
need_virt_tools gcc

# pertask_cell NAME WIDTH [MAKE ARGS]: configure and build $T/NAME with a
# guard per task; O set, the build's status returned.
pertask_cell() {
	O="$T/$1"
	virt_board $2
	defconfig=nommu_virt_defconfig
	[ $2 = 32 ] && defconfig=rv32_nommu_virt_defconfig
	shift 2
	mk O="$O" ARCH=riscv "$@" $defconfig per-task.config && mk O="$O" ARCH=riscv "$@" -j2
}

for width in 32 64; do
	c="gcc rv$width per-task"
	pertask_cell rv$width $width
	check_eq "$c: builds" 0 $?
	n=$(sed -n 's/^#define TASK_STACK_CANARY \([0-9]*\)$/\1/p' "$O/include/generated/asm-offsets.h")
	check_eq "$c: the canary's offset in struct task (asm-offsets.h)" $((width / 8)) "$n"
	check_grep "$c: make says the guard is read at tp+$n" "guard per-task tp\\+$n;" "$T/out"
	brun "$O/sample"
	check_grep "$c: ...and so does the banner" "guard-location=per-task tp\\+$n\$" "$T/stdout"

	# The first protected function after reset: the first call of the
	# (exempt) C entry that head-mmode.S calls.
	riscv64-unknown-elf-objdump -d --no-show-raw-insn "$O/sample" >"$T/dis"
	first=$(awk '/^[0-9a-f]+ <mmode_start>:$/ { on = 1; next }
		on && /jal\t/ { sub(/.*</, ""); sub(/>.*/, ""); print; exit }' "$T/dis")
	# Its code runs to the next symbol but local labels (.L*, kept by
	# --emit-relocs).
	awk -v f="$first" '$0 ~ "^[0-9a-f]+ <" f ">:$" { on = 1; next }
		on && /^[0-9a-f]+ <[^.]/ { exit } on' "$T/dis" >"$T/first"
	check "$c: the first call after reset is a protected function ($first)" \
		grep -q '__stack_chk_fail' "$T/first"
	load=$([ $width = 64 ] && echo ld || echo lw)
	check_grep "$c: ...that reads the guard through tp ($load REG,$n(tp))" \
		"$load[[:space:]]+[a-z0-9]+,$n\\(tp\\)" "$T/first"
	check_nogrep "$c: ...and never through the global guard" '__stack_chk_guard' "$T/first"
	check "$c: head-mmode.S loads tp before its first call" sh -c \
		"awk '/<mmode_reset>:/ { on = 1 } on && /(ld|lw)\ttp,/ { tp = 1 } on && /jal\t/ { exit !tp }' '$T/dis'"

	brun "$O/sample" tasks canaries
	n=$(sed -n 's/^task [a-z]: canary \(0x[0-9a-f]*\) in its frame$/\1/p' "$T/stdout" | sort -u | wc -l)
	check_eq "$c: tasks canaries: 4 tasks, 4 canaries of their own (status $rc)" "0 4" "$rc $n"
	brun "$O/sample" tasks smash
	check_eq "$c: a canary leaked by task a does not help task b" caught "$(verdict)"
done

# A stand-in reset path that leaves tp zero: the first protected function
# loads its guard from address 8, which the virt board does not map.
mkdir -p "$T/src"
src_copy "$T/src"
sed -i '/^4:/,/^#endif/{/^4:/s/^4:.*/4:/;/^#/d;/tp, 0(t0)/d}' "$T/src/arch/riscv/kernel/head-mmode.S"
check_nogrep "stand-in: its reset path sets no tp" 'tp, 0\(t0\)' "$T/src/arch/riscv/kernel/head-mmode.S"
O="$T/tpzero"
virt_board 64
make -C "$T/src" --no-print-directory O="$O" ARCH=riscv nommu_virt_defconfig per-task.config >"$T/out" 2>&1 &&
	make -C "$T/src" --no-print-directory O="$O" ARCH=riscv -j2 >"$T/out" 2>&1
check_eq "stand-in with tp zero: builds" 0 $?
brun "$O/sample"
check_eq "stand-in with tp zero: fails its cell: a crash, never caught or silent" crashed "$(verdict)"
check_grep "...at the first guard load, reported by the board" '^board: load access fault at pc=0x[0-9a-f]{16} \(mcause=0x0+5, mtval=0x0+8,' "$T/stderr"

# clang 14 rejects every -mstack-protector-guard* option for RISC-V.
if command -v clang >/dev/null 2>&1 && command -v ld.lld >/dev/null 2>&1; then
	pertask_cell clang64 64 LLVM=1
	check_eq "clang rv64 per-task: builds" 0 $?
	check "clang rv64 per-task: the kernel-style warning" grep -qF \
		'Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mstack-protector-guard=tls not supported by compiler (falling back to __stack_chk_guard switched per task)' "$T/out"
	check_grep "clang rv64 per-task: ...the switched guard" 'guard per-task switched;' "$T/out"
	brun "$O/sample" tasks smash
	check_eq "clang rv64 per-task: a leaked canary still does not help another task" caught "$(verdict)"
	echo 'CONFIG_CC_STACKPROTECTOR_STRICT=y' >>"$O/.config"
	mk O="$O" ARCH=riscv LLVM=1 olddefconfig && mk O="$O" ARCH=riscv LLVM=1 -j2
	check_eq "clang rv64 per-task STRICT: the build stops" 2 $?
	check "clang rv64 per-task STRICT: ...with the same words, as an error" grep -qF \
		'*** Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mstack-protector-guard=tls not supported by compiler' "$T/out"
else
	skip "clang rv64 per-task" "no clang and ld.lld"
fi

done_testing
