#!/bin/sh
# tests/run: slow
# STACKPROTECTOR_PER_TASK on every port and compiler that has it, in the
# spirit of LKDTM's REPORT_STACK_CANARY, with -fstack-protector-all so
# that every frame on every task's stack carries a canary:
#  - make, include/generated/ssp-summary.h and sample all name the
#    guard location the compiler's documented flags give
#    (Documentation/toolchains.md): a thread register where gcc (or clang) takes the flags, else the
#    global guard switched per task, with the 3.14-style warning when
#    the compiler rejects the arch's flags;
#  - each task finds its canary in its own protected frame; all differ,
#    and none is the global guard;
#  - an overrun in task b that writes task a's canary over b's own is
#    caught, by the check of b's function (smash_frame);
#  - 10005 switches give no false alarm;
#  - under the register form no protected object refers to
#    __stack_chk_guard, and spreport still counts the protected functions.
# The same checks fail for the global guard (x86_64, last): all canaries
# equal, the overrun passes, the objects name the guard.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

# sym_at IMAGE ADDR: the function ADDR (hex) falls in. ADDR is a return
# address: the byte before it is the call, still inside its function
# when the call to __stack_chk_fail is the function's last instruction.
# Local labels (.L*, which riscv's objects keep) are no functions.
sym_at() {
	nm -n "$1" | awk -v a="$2" '
		function hex(s,  i, n, c) { n = 0; s = tolower(s); sub(/^0x/, "", s)
			for (i = 1; i <= length(s); i++) {
				c = index("0123456789abcdef", substr(s, i, 1)) - 1
				n = n * 16 + c }
			return n }
		BEGIN { want = hex(a) - 1 }
		$2 ~ /^[tT]$/ && $3 !~ /^[.$]/ && hex($1) <= want { name = $3 }
		END { print name }'
}

# guard_refs O: the objects of O's sample, but the guard runtime, that
# have a relocation against __stack_chk_guard.
guard_refs() {
	(cd "$1" && { for a in $(cat arch/*/archives.order kernel/archives.order \
			lib/archives.order); do builtin_members "$a"; done; ls samples/sample/*.o; } | sort -u |
		while read -r o; do
			[ "$o" = lib/stackprotector.o ] && continue
			readelf -rW "$o" | grep -q '__stack_chk_guard' && echo "$o"
		done)
}

# qemu_for ARCH: how to run its images on this x86_64 machine.
qemu_for() {
	case $1 in
	x86_64) ;; i386) echo qemu-i386 ;; arm) echo qemu-arm ;;
	arm64) echo qemu-aarch64 ;; mips) echo qemu-mips ;; sh) echo qemu-sh4 ;;
	riscv) echo qemu-riscv64 ;; powerpc) echo qemu-ppc64le ;;
	esac
}

# run_sample O ARCH ARGS...: run O's sample, output to $T/out, and print
# its exit status. Not through make, whose status would be 2: qemu-user
# dies of the guest's signal, so SIGABRT is 134 as for a native run. The
# inner shell's "Aborted" goes to /dev/null, not into the test's log.
run_sample() {
	o=$1 a=$2; shift 2
	sh -c 'cd "$1" && shift && "$@" >"$T/out" 2>&1; echo $?' sh "$o" \
		$(qemu_for "$a") ./sample "$@" 2>/dev/null
}

# one ARCH LLVM LOCATION [FRAGMENT]: build ARCH with the given compiler
# (LLVM= or LLVM=1) in ALL mode with per-task canaries, and check it.
one() {
	arch=$1 llvm=$2 where=$3 frag=${4:-per-task.config}
	name="$arch${llvm:+ $llvm}"
	# The one rule for names allows no "=" in O= (Documentation/security.md).
	O="$T/$arch${llvm:+-llvm}-$frag"
	if ! mk O="$O" ARCH="$arch" $llvm "${arch}_defconfig" all.config "$frag" all; then
		fail "$name: builds" "$(tail -20 "$T/out")"
		return
	fi
	cp "$T/out" "$T/build.out"
	offset=$(awk '$2 == "TASK_STACK_CANARY" { print $3 }' \
		"$O/include/generated/asm-offsets.h" 2>/dev/null)
	loc=$(printf '%s' "$where" | sed "s/@/$offset/")
	check_grep "$name: make says the guard is $loc" \
		"^stack-protector: all in all [0-9]+ objects .*, guard $loc;" "$T/build.out"
	check_grep "$name: ... and ssp-summary.h" \
		"^#define SSP_GUARD_LOCATION \"$loc\"$" "$O/include/generated/ssp-summary.h"
	mk O="$O" ARCH="$arch" $llvm run
	check_grep "$name: ... and sample's banner" " guard-location=$loc\$" "$T/out"

	mk O="$O" ARCH="$arch" $llvm run RUNARGS="tasks canaries"
	check_eq "$name: sample tasks canaries exits 0" 0 $?
	canaries=$(sed -n 's/^task [abcd]: canary \(0x[0-9a-f]*\) in its frame$/\1/p' "$T/out")
	global=$(sed -n 's/^global guard: \(0x[0-9a-f]*\)$/\1/p' "$T/out")
	check_eq "$name: 4 tasks find their canary in their own frame" 4 \
		"$(printf '%s\n' $canaries | grep -c .)"
	# The boot task runs main on the boot guard, set before any protected
	# function (kernel/start.c), not on a canary of its own.
	check_eq "$name: the boot task's canary is the global guard" "${global:-none}" \
		"$(sed -n 's/^task boot: canary \(0x[0-9a-f]*\) in its frame$/\1/p' "$T/out")"
	if [ "$frag" = per-task.config ]; then
		check_eq "$name: the 4 canaries all differ" 4 \
			"$(printf '%s\n' $canaries | sort -u | grep -c .)"
		check_eq "$name: none of them is the global guard" 0 \
			"$(printf '%s\n' $canaries | grep -c -x "${global:-none}")"
	else
		check_eq "$name: GLOBAL: the 4 canaries are the global guard" 4 \
			"$(printf '%s\n' $canaries | grep -c -x "${global:-none}")"
	fi

	status=$(run_sample "$O" "$arch" tasks smash)
	at=$(sed -n 's/^stack-protector: stack smashing detected at \(0x[0-9a-f]*\), aborting$/\1/p' "$T/out")
	if [ "$frag" = per-task.config ]; then
		check_eq "$name: b's overrun with a's canary dies of SIGABRT" 134 "$status"
		check_eq "$name: ... caught by b's own check (smash_frame)" smash_frame \
			"$(sym_at "$O/sample" "${at:-0}")"
	else
		check_eq "$name: GLOBAL: b's overrun with a's canary passes (exit 1)" 1 "$status"
		check_grep "$name: ... and says so" '^task b: overrun with a.s canary went unnoticed$' "$T/out"
	fi

	mk O="$O" ARCH="$arch" $llvm run RUNARGS="tasks 2000"
	check_eq "$name: ALL, 10005 switches: exits 0" 0 $?
	check_grep "$name: ... no canary fired" \
		'^tasks: 4 tasks, 8000 yields, 10005 switches, no canary fired$' "$T/out"

	case $loc in
	"per-task switched"|global)
		refs=$(guard_refs "$O")
		if [ "$frag" = per-task.config ]; then
			check_eq "$name: switched: switch_to rewrites __stack_chk_guard" \
				kernel/task.o "$(echo "$refs" | grep -x kernel/task.o)"
		else
			check "$name: GLOBAL: protected objects read __stack_chk_guard" \
				test -n "$(echo "$refs" | grep samples/)"
		fi ;;
	*)
		check_eq "$name: register: no object refers to __stack_chk_guard" "" \
			"$(guard_refs "$O")"
		mk O="$O" ARCH="$arch" $llvm spreport
		check_grep "$name: ... and spreport still counts the protected functions" \
			'^[1-9][0-9]* of [0-9]+ functions are stack-protected' "$T/out" ;;
	esac
}

have() { command -v "$1" >/dev/null 2>&1; }

one x86_64	""	"per-task %fs:@"
one i386	""	"per-task %gs:@"
one arm		""	"per-task tpidruro\\+@"
one arm64	""	"per-task tpidr_el0\\+@"
one riscv	""	"per-task tp\\+@"
one powerpc	""	"per-task r13\\+@"
one mips	""	"per-task switched"
one sh		""	"per-task switched"

if have clang && have ld.lld; then
	one x86_64	LLVM=1	"per-task %fs:@"
	one arm		LLVM=1	"per-task tpidruro\\+@"
	one mips	LLVM=1	"per-task switched"
	# clang 14 rejects tpidr_el0 and riscv's tls: the warning names the
	# flag, and the build falls back to the switched global guard.
	one arm64	LLVM=1	"per-task switched"
	check_grep "arm64 LLVM=1: the warning names the rejected flag" \
		'Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mstack-protector-guard-reg=tpidr_el0 not supported by compiler \(falling back to __stack_chk_guard switched per task\)' \
		"$T/build.out"
	one riscv	LLVM=1	"per-task switched"
	check_grep "riscv LLVM=1: the warning names the rejected flag" \
		'Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mstack-protector-guard=tls not supported by compiler' \
		"$T/build.out"
	# Under STRICT the same is an error, and no image is made.
	O="$T/arm64-llvm-per-task.config"
	(cd "$O" && rm -f sample && kconfig-tweak --enable CC_STACKPROTECTOR_STRICT)
	mk O="$O" ARCH=arm64 LLVM=1 olddefconfig all
	check_eq "arm64 LLVM=1, STRICT: the build fails" 2 $?
	check_grep "... with the message as an error" \
		'Makefile:[0-9]+: \*\*\* Cannot use CONFIG_STACKPROTECTOR_PER_TASK in a thread register: -mstack-protector-guard-reg=tpidr_el0' "$T/out"
	check "... and makes no image" test ! -e "$O/sample"
else
	skip "LLVM=1 per-task guards" "clang or lld is not installed (scripts/install-deps installs them)"
fi

# The global guard: the same checks, where they must come out the other way.
one x86_64	""	"global"	global-guard.config

done_testing
