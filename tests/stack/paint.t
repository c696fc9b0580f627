#!/bin/sh
# tests/run: slow
# The truth test (Documentation/stack-depth.md): with CONFIG_STACK_PAINT
# each task prints how much of its stack it wrote, and on a board the
# main and exception stacks too; with CONFIG_STACK_USAGE make checkstack
# gives their bounds. For sample ("sample tasks 10": task_main; "sample
# tasks canaries": canaries_main) on x86_64 natively, every other arch
# under qemu-user, and the MPS2 and RISC-V virt boards (RV64 and RV32)
# under qemu-system, with gcc and with clang (LLVM=1, where clang builds
# the arch): every task's painted use is
# above 0 and at most its task's bound; a board's main stack's at most
# its entry's bound, its exception stack's at most that stack root's.
# The ratio bound/use of each is printed as a comment line
# (scripts/bench/stack-truth makes the table of them). The painted
# measure is checked too, against a probe that writes a known depth. (It
# found gcc's arm .su frames leaving out a variadic function's pushed
# argument registers: arch/arm/lib's annotations; and clang's x86 frames
# leaving out the return address.)
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

# bound_of JSON KIND [ROOT]: the bound make checkstack's JSON gives
# sample's root of KIND (task, entry, stack) named ROOT (any, if none).
bound_of() {
	python3 -c 'import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    for r in d["roots"]:
        if d["image"] == "samples/sample/sample" and r["kind"] == sys.argv[2] and sys.argv[3] in ("", r["root"]):
            print(r["bound"] if r["bound"] is not None else "unbounded")
            sys.exit(0)' "$1" "$2" "${3:-}"
}

# compare LABEL WHAT USED BOUND: USED > 0 and USED <= BOUND, with the ratio.
compare() {
	if [ "$3" -gt 0 ] && [ "$4" != unbounded ] && [ -n "$4" ] && [ "$3" -le "$4" ]; then
		pass "$1: $2's painted use $3 <= bound $4"
		echo "# truth: $1: $2: bound $4, painted $3, ratio $(awk -v b="$4" -v u="$3" 'BEGIN { printf "%.2f", b / u }')"
	else
		fail "$1: $2's painted use $3 <= bound $4" "$(cat "$T/use")"
	fi
}

# truth LABEL ARGS ENTRY: run sample ARGS in the tree $O, compare each
# task's painted use with ENTRY's bound, and on a board the main and
# exception stacks' with the entry's and the stack root's.
truth() {
	label=$1 args=$2 entry=$3
	mk O="$O" ARCH=$arch $llvm run RUNARGS="$args"
	grep '^stack-usage: ' "$T/out" >"$T/use" || :
	check_eq "$label: sample $args: four tasks report their use" 4 \
		"$(grep -c '^stack-usage: [a-d] ' "$T/use")"
	b=$(bound_of "$T/json" task "$entry")
	grep '^stack-usage: [a-d] ' "$T/use" | while read -r _ name used size; do
		compare "$label: sample $args" "task $name ($entry)" "$used" "$b"
	done
	case $defconfig in mps2_*|*virt_*) ;; *) return ;; esac
	used=$(sed -n 's/^stack-usage: main \([0-9]*\) [0-9]*$/\1/p' "$T/use")
	compare "$label: sample $args" "the main stack (entry)" "${used:-0}" \
		"$(bound_of "$T/json" entry)"
	# An exception stack no fault reached is painted whole: 0.
	used=$(sed -n 's/^stack-usage: \(fault\|trap\) \([0-9]*\) [0-9]*$/\2/p' "$T/use")
	b=$(bound_of "$T/json" stack)
	if [ -n "$used" ] && [ "$b" != unbounded ] && [ "$used" -le "${b:-0}" ]; then
		pass "$label: sample $args: the exception stack's painted use $used <= bound $b"
	else
		fail "$label: sample $args: the exception stack's painted use $used <= bound $b" "$(cat "$T/use")"
	fi
}

for cell in x86_64:x86_64_defconfig i386:i386_defconfig arm:arm_defconfig \
		arm64:arm64_defconfig mips:mips_defconfig sh:sh_defconfig \
		riscv:riscv_defconfig powerpc:powerpc_defconfig m68k:m68k_defconfig \
		arm:mps2_defconfig riscv:nommu_virt_defconfig \
		riscv:rv32_nommu_virt_defconfig; do
for cc in gcc clang; do
	arch=${cell%%:*} defconfig=${cell#*:}
	llvm= label=$defconfig
	[ $cc = clang ] && llvm=LLVM=1 label="$defconfig clang"
	O="$T/$defconfig-$cc"
	mk O="$O" ARCH=$arch $llvm $defconfig &&
		printf 'CONFIG_STACK_USAGE=y\nCONFIG_STACK_PAINT=y\n' >>"$O/.config" &&
		mk O="$O" ARCH=$arch $llvm olddefconfig && mk O="$O" ARCH=$arch $llvm -j1
	if [ $? -ne 0 ]; then
		skip "$label: the truth test" "it does not build here: $(grep -m1 -o \
			'LLVM=1 cannot build.*' "$T/out" || tail -1 "$T/out")"
		continue
	fi
	# Its JSON alone: make's warnings (a mode clang falls back from) aside.
	make -C "$SRC" -s O="$O" ARCH=$arch $llvm checkstack CHECKSTACK_FLAGS=--json >"$T/json" 2>"$T/json.err"
	truth "$label" "tasks 10" task_main
	truth "$label" "tasks canaries" canaries_main
done
done

# The painted measure itself, against bytes known to be written: the
# probe variant of tests/stack/chain writes a 2048-byte buffer on its
# task's stack and says how far below the top that went; the painted
# use is at least that, and at most the task's bound.
O="$T/x86_64_defconfig-gcc" X="$T/probe"
mkdir -p "$X" && cp "$SRC"/tests/stack/chain/* "$X/"
mk O="$O" M="$X" VARIANT=probe && "$X/chain" >"$T/probe.out" 2>&1
wrote=$(sed -n 's/^probe: wrote \([0-9]*\) bytes below the top$/\1/p' "$T/probe.out")
used=$(sed -n 's/^stack-usage: chain \([0-9]*\) 4096$/\1/p' "$T/probe.out")
check "the probe wrote at least its 2048-byte buffer" test "${wrote:-0}" -ge 2048
check "the painted use ($used) covers the bytes the probe wrote ($wrote)" \
	test "${used:-0}" -ge "${wrote:-1}"
mk O="$O" M="$X" VARIANT=probe checkstack
bound=$(sed -n 's/^.*: task chain_a: stack 4096, bound \([0-9]*\) bytes.*/\1/p' "$T/out")
check "...and its bound ($bound) covers the painted use" test "${bound:-0}" -ge "${used:-1}"
