#!/bin/sh
# The truth test (Documentation/stack-depth.md): with CONFIG_STACK_PAINT
# each task prints how much of its stack it wrote; with
# CONFIG_STACK_USAGE make checkstack gives its bound. For sample's tasks
# ("sample tasks 10": task_main; "sample tasks canaries": canaries_main)
# on x86_64 natively, arm and riscv under qemu-user, and the MPS2 and
# RISC-V virt boards under qemu-system, with gcc: every painted use is
# above 0 and at most its task's bound. The ratio bound/use of each is
# printed as a comment line. (It found gcc's arm .su frames leaving out
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

for cell in x86_64:x86_64_defconfig arm:arm_defconfig riscv:riscv_defconfig \
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
