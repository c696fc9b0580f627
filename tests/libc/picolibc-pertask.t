#!/bin/sh
# tests/run: slow
# picolibc and the per-task guard on the RISC-V virt boards share tp:
# picolibc finds its thread-local storage (errno) through it, and gcc's
# canary code reads the guard through it. tp points at the running
# task's TLS block, whose first word is the task's canary
# (arch/riscv/mach-virt/virt.lds, kernel/task.c), so each task has a
# canary and an errno of its own. tests/libc/tlstask runs two tasks and
# the boot task that set errno, yield and read it back, and check that
# tp+0 holds their canary; the linker's own symbol table says where
# errno is. clang 14 has no -mstack-protector-guard for RISC-V: its
# per-task guard is the switched one, which leaves tp to picolibc, and
# its tasks share the one errno.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/virt.sh"
need_virt_tools gcc

# cell NAME WIDTH [LLVM=1]: nommu virt, per-task guard, picolibc; O and
# X (tlstask's outputs, MO=) set, the build's status returned.
cell() {
	O="$T/$1" X="$T/$1-tlstask"
	virt_board $2
	def=nommu_virt_defconfig
	[ $2 = 32 ] && def=rv32_nommu_virt_defconfig
	mk O="$O" ARCH=riscv ${3:-} $def per-task.config &&
		echo CONFIG_LIBC_PICOLIBC=y >>"$O/.config" &&
		mk O="$O" ARCH=riscv ${3:-} olddefconfig
	check_grep "$1: the per-task guard kept" '^CONFIG_STACKPROTECTOR_PER_TASK=y' "$O/.config"
	check_grep "$1: ...and picolibc with it" '^CONFIG_LIBC_PICOLIBC=y' "$O/.config"
	mk O="$O" ARCH=riscv ${3:-} -j2 && mk O="$O" ARCH=riscv ${3:-} \
		M="$SRC/tests/libc/tlstask" MO="$X"
}

for width in 32 64; do
	c="gcc rv$width"
	cell rv$width $width
	check_eq "$c: the sample and tlstask build" 0 $?
	check_eq "$c: the guard is the TLS block's first word (asm-offsets.h)" \
		'#define TASK_STACK_CANARY 0' "$(grep TASK_STACK_CANARY "$O/include/generated/asm-offsets.h")"
	brun "$O/sample"
	check_grep "$c: the banner says the guard is read at tp+0" 'guard-location=per-task tp\+0$' "$T/stdout"
	brun "$O/sample" tasks canaries
	n=$(sed -n 's/^task [a-z]: canary \(0x[0-9a-f]*\) in its frame$/\1/p' "$T/stdout" | sort -u | wc -l)
	check_eq "$c: tasks canaries: 4 tasks, 4 canaries of their own (status $rc)" "0 4" "$rc $n"
	brun "$O/sample" tasks smash
	check_eq "$c: a canary leaked by task a does not help task b" caught "$(verdict)"

	# Where the linker put errno: its offset in the TLS block, past the
	# canary's 16 bytes.
	off=$(riscv64-unknown-elf-readelf -sW "$X/tlstask" | awk '$4 == "TLS" && $8 == "errno" { print $2 }')
	check_eq "$c: the linker puts errno past the canary, at TLS offset 16" 0000000000000010 \
		"$(printf '%016x' "0x${off:-ff}")"
	brun "$X/tlstask"
	check_eq "$c: tlstask: each task's errno its own, after 100 yields, its canary at tp+0" \
		"task 2000: errno its own for 100 yields, at tp+16; its canary at tp+0
task 1000: errno its own for 100 yields, at tp+16; its canary at tp+0
boot: errno 7" "$(cat "$T/stdout")"
	check_eq "$c: ...and ends with status 0" 0 $rc
done

if command -v clang >/dev/null 2>&1 && command -v ld.lld >/dev/null 2>&1; then
	c="clang rv64"
	cell clang64 64 LLVM=1
	check_eq "$c: the sample and tlstask build" 0 $?
	check_grep "$c: the guard is the switched one" 'guard per-task switched;' "$T/out"
	brun "$O/sample" tasks smash
	check_eq "$c: a canary leaked by task a does not help task b" caught "$(verdict)"
	brun "$X/tlstask"
	check_grep "$c: tp stays picolibc's, and the tasks share the one errno" \
		'^task 2000: errno 1000 after a yield, not 2000$' "$T/stdout"
else
	skip "clang rv64 per-task with picolibc" "no clang and ld.lld"
fi

done_testing
