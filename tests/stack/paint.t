#!/bin/sh
# tests/run: slow
# The truth test (Documentation/stack-depth.md): with CONFIG_STACK_PAINT
# each task prints how much of its stack it wrote; with
# CONFIG_STACK_USAGE make checkstack gives its bound. For sample's tasks
# ("sample tasks 10": task_main; "sample tasks canaries": canaries_main)
# on x86_64 natively, every other arch under qemu-user, and the MPS2 and
# RISC-V virt boards under qemu-system, with gcc: every painted use is
# above 0 and at most its task's bound. The ratio bound/use of each is
# printed as a comment line. The painted measure is checked too, against
# a probe that writes a known depth. (It found gcc's arm .su frames leaving out
# a variadic function's pushed argument registers: arch/arm/lib's
# annotations.)
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

# bound_of JSON ENTRY: the bound make checkstack's JSON gives task ENTRY
# of sample.
bound_of() {
	python3 -c 'import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    for r in d["roots"]:
        if d["image"] == "samples/sample/sample" and r["kind"] == "task" and r["root"] == sys.argv[2]:
            print(r["bound"] if r["bound"] is not None else "unbounded")' "$1" "$2"
}

# truth CELL ARGS ENTRY: run sample ARGS in the cell's tree, compare each
# task's painted use with ENTRY's bound.
truth() {
	cell=$1 args=$2 entry=$3
	mk O="$O" ARCH=$arch run RUNARGS="$args"
	grep '^stack-usage: ' "$T/out" >"$T/use" || :
	check_eq "$cell: sample $args: four tasks report their use" 4 "$(wc -l <"$T/use")"
	b=$(bound_of "$T/json" "$entry")
	while read -r _ name used size; do
		if [ "$used" -gt 0 ] && [ "$b" != unbounded ] && [ "$used" -le "$b" ]; then
			pass "$cell: sample $args: task $name's painted use $used <= bound $b ($entry)"
			echo "# $cell $entry task $name: bound $b, painted $used, stack $size, ratio $(awk -v b="$b" -v u="$used" 'BEGIN { printf "%.2f", b / u }')"
		else
			fail "$cell: sample $args: task $name's painted use $used <= bound $b ($entry)" "$(cat "$T/use")"
		fi
	done <"$T/use"
}

for cell in x86_64:x86_64_defconfig i386:i386_defconfig arm:arm_defconfig \
		arm64:arm64_defconfig mips:mips_defconfig sh:sh_defconfig \
		riscv:riscv_defconfig powerpc:powerpc_defconfig m68k:m68k_defconfig \
		arm:mps2_defconfig riscv:nommu_virt_defconfig; do
	arch=${cell%%:*} defconfig=${cell#*:}
	O="$T/$defconfig"
	mk O="$O" ARCH=$arch $defconfig &&
		printf 'CONFIG_STACK_USAGE=y\nCONFIG_STACK_PAINT=y\n' >>"$O/.config" &&
		mk O="$O" ARCH=$arch olddefconfig && mk O="$O" ARCH=$arch -j1
	if [ $? -ne 0 ]; then
		skip "$defconfig: the truth test" "it does not build here: $(tail -1 "$T/out")"
		continue
	fi
	make -C "$SRC" -s O="$O" ARCH=$arch checkstack CHECKSTACK_FLAGS=--json >"$T/json" 2>&1
	truth "$defconfig" "tasks 10" task_main
	truth "$defconfig" "tasks canaries" canaries_main
done

# The painted measure itself, against bytes known to be written: the
# probe variant of tests/stack/chain writes a 2048-byte buffer on its
# task's stack and says how far below the top that went; the painted
# use is at least that, and at most the task's bound.
O="$T/x86_64_defconfig" X="$T/probe"
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
