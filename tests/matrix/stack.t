#!/bin/sh
# The stack truth in a matrix cell (scripts/matrix/cell, cells'
# STACK_TRUTH): a cell built with CONFIG_STACK_USAGE and
# CONFIG_STACK_PAINT runs "sample tasks" 10, canaries and probe, and
# holds every painted stack to its root's bound; the probe, which takes
# its root's deepest path, to at most 1.25 times its painted use, and its
# painted use to at least the bytes it wrote. A probe that goes one level
# deeper than its annotation says (-DPROBE_DEPTH=5) fails the cell, and
# so does one that goes one level less (-DPROBE_DEPTH=3): its bound is
# then too loose.
# tests/matrix/matrix.t checks the same in every cell of the full matrix.
. "$(dirname "$0")/../lib.sh"
cell=$SRC/scripts/matrix/cell

# stack_json FILE: "RUN STACK ROOT PAINTED BOUND" per figure of the cell's
# JSON, and the stack truth check's status last.
stack_json() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for s in d.get("stack", []):
    print(s["run"].replace(" ", "-"), s["stack"], s["root"], s["painted"], s["bound"])
print("check", *[k["status"] for k in d["checks"] if k["name"] == "stack truth"])' "$1"
}

for c in x86_64-strong-gcc arm-mps2-strong-clang; do
	"$cell" $c "$T/ok" >"$T/$c.out" 2>&1
	check_eq "$c: the cell passes" "0" "$?"
	stack_json "$T/ok/$c.json" >"$T/$c.fig"
	check_grep "$c: the stack truth check passed" '^check pass$' "$T/$c.fig"
	check_eq "$c: every stack of the three runs is painted and has a bound" "" \
		"$(awk '$1 != "check" && ($5 == "None" || ($4 == 0 && $2 !~ /^(fault|trap)$/))' "$T/$c.fig")"
	check_eq "$c: four tasks in each of two runs, and the probe" "8 1" \
		"$(grep -c ' [a-d] \(task\|canaries\)_main ' "$T/$c.fig") $(grep -c '^tasks-probe probe probe_main ' "$T/$c.fig")"
	check_eq "$c: every painted use at most its bound" "" \
		"$(awk '$1 != "check" && $4 > $5' "$T/$c.fig")"
	check_eq "$c: the probe's bound at most 1.25 x its painted use" "" \
		"$(awk '$2 == "probe" && $5 > 1.25 * $4' "$T/$c.fig")"
	wrote=$(sed -n 's/^  | probe: wrote \([0-9]*\) bytes below the top$/\1/p' "$T/ok/$c.log")
	used=$(awk '$2 == "probe" { print $4 }' "$T/$c.fig")
	check "$c: the probe's painted use ($used) covers the bytes it wrote ($wrote, its four 1024-byte buffers and more)" \
		test "${wrote:-0}" -ge 4096 -a "${used:-0}" -ge "${wrote:-1}"
done
check_grep "the board's main stack is held to the entry's bound" \
	'^tasks-probe main entry [0-9]+ [0-9]+$' "$T/arm-mps2-strong-clang.fig"

# An annotation that says less than the code does: probe_link recurses
# five deep, "recursion probe_link 4" says four. The painted use is above
# the bound, and the cell fails, naming it.
"$cell" x86_64-strong-gcc "$T/lie" KCFLAGS=-DPROBE_DEPTH=5 >"$T/lie.out" 2>&1
check_eq "a probe deeper than its annotation: the cell exits 1" 1 $?
check_grep "...its line names the probe's painted use above its bound" \
	"^x86_64 strong gcc: failed: stack truth: tasks probe: probe's painted use [0-9]+ > probe_main's bound [0-9]+" \
	"$T/lie.out"

# One that says much more than the code does: probe_link recurses three
# deep. The bound stays above the painted use, but is more than 1.25
# times it where the run takes the deepest path: the cell fails too.
"$cell" x86_64-strong-gcc "$T/loose" KCFLAGS=-DPROBE_DEPTH=3 >"$T/loose.out" 2>&1
check_eq "a probe shallower than its annotation: the cell exits 1" 1 $?
check_grep "...its line names the probe's bound above 1.25 x its painted use" \
	"^x86_64 strong gcc: failed: stack truth: the probe's bound [0-9]+ > 1.25 x its painted use [0-9]+" \
	"$T/loose.out"

# A cell outside STACK_TRUTH is built without the options and runs none of it.
"$cell" x86_64-all-gcc "$T/all" >"$T/all.out" 2>&1
check_eq "x86_64-all-gcc: no stack truth, no CONFIG_STACK_PAINT" "check # CONFIG_STACK_PAINT is not set" \
	"$(stack_json "$T/all/x86_64-all-gcc.json") $(grep 'CONFIG_STACK_PAINT' "$T/all/x86_64-all-gcc/.config")"

done_testing
