#!/bin/sh
# Dependencies point down: nothing in lib/ calls up into kernel/ (the
# guard runtime does not set up the tasks; the code that boots,
# kernel/start.c, calls the runtime and then the task code, as
# start_kernel calls boot_init_stack_canary). Read from the objects'
# symbol tables, for the global and the per-task guard; and a lib/ object
# that does call into kernel/ is found.
. "$(dirname "$0")/../lib.sh"

# up_calls OBJDIR: the symbols lib/'s objects use that kernel/'s define.
up_calls() {
	nm -P --defined-only "$1"/kernel/*.o | awk '$2 ~ /^[TDBR]$/ { print $1 }' | sort -u >"$T/kernel.syms"
	nm -P --undefined-only "$1"/lib/*.o | awk '{ print $1 }' | sort -u >"$T/lib.undef"
	comm -12 "$T/kernel.syms" "$T/lib.undef" | tr '\n' ' ' | sed 's/ $//'
}

for frag in strong per-task; do
	O="$T/$frag"
	mk O="$O" x86_64_defconfig "$frag.config" && mk O="$O" -j2 ||
		{ fail "$frag: build" "$(tail -5 "$T/out")"; continue; }
	check_eq "$frag: lib/ calls nothing in kernel/" "" "$(up_calls "$O")"
	check "$frag: ...while kernel/start.o calls the runtime's __stack_chk_init" \
		sh -c "nm -P --undefined-only '$O'/kernel/start.o | grep -q '^__stack_chk_init '"
done

# The broken case: a lib/ object that yields to the tasks.
S="$T/src"
src_copy "$S"
printf '#include <sspkit/task.h>\nvoid lib_up(void);\nvoid lib_up(void) { task_yield(); }\n' >"$S/lib/up.c"
echo 'obj-y += up.o' >>"$S/lib/Makefile"
O="$T/broken"
(cd "$S" && make O="$O" x86_64_defconfig >/dev/null 2>&1 && make O="$O" -j2 >"$T/out" 2>&1) ||
	fail "broken tree: build" "$(tail -5 "$T/out")"
check_eq "a lib/ object that calls task_yield() is found" "task_yield" "$(up_calls "$O")"

done_testing
