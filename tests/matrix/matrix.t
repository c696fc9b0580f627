#!/bin/sh
# tests/run: slow
# make matrix: every ARCH x MODE x COMPILER x GUARD cell builds, runs,
# sweeps its overruns and is judged; the summary, matrix.json and junit.xml say so;
# a subset runs only its cells; and the matrix can fail: a sample built
# with a gap comes out "gap", a compiler that ignores stack_protect
# leaves "explicit" not caught, and one that cannot read the guard from a
# thread register leaves a per-task cell's guard in the wrong place. The
# strong global-guard cells hold their painted stacks to their bounds
# (tests/matrix/stack.t).
# tests/run: start first
. "$(dirname "$0")/../lib.sh"
cells=$SRC/scripts/matrix/cells
cell=$SRC/scripts/matrix/cell
py=/usr/bin/python3

# The cell list: plain, names and JSON agree; m68k has only "none"; the
# per-task guard is built in strong mode, where the arch has it.
n=$("$cells" --names | wc -l | tr -d ' ')
check_eq "cells --json lists the same $n cells" "$n" \
	"$("$cells" --json | $py -c 'import json, sys; print(len(json.load(sys.stdin)))')"
check_eq "cells plain lists the same $n cells" "$n" "$("$cells" | wc -l | tr -d ' ')"
check_eq "m68k is built only without a stack protector" "m68k-none-gcc m68k-none-clang" \
	"$(ARCHES=m68k "$cells" --names | tr '\n' ' ' | sed 's/ $//')"
check_eq "a subset of every axis" "arm-all-clang mips-all-clang" \
	"$(ARCHES="mips arm" PLATFORMS=linux MODES=all COMPILERS=clang "$cells" --names | tr '\n' ' ' | sed 's/ $//')"
check_eq "the board's cells: arm only, every mode but regular4, both guards in strong" \
	"arm-mps2-none-gcc arm-mps2-regular-gcc arm-mps2-strong-gcc arm-mps2-strong-gcc-per-task arm-mps2-all-gcc arm-mps2-explicit-gcc" \
	"$(PLATFORMS=mps2 COMPILERS=gcc "$cells" --names | tr '\n' ' ' | sed 's/ $//')"
check_fails "no board cell for an arch the board is not" env ARCHES=x86_64 PLATFORMS=mps2 "$cells"
check_eq "the riscv virt boards' cells: riscv only, both widths" \
	"riscv-virt32-none-gcc riscv-virt32-regular-gcc riscv-virt32-strong-gcc riscv-virt32-strong-gcc-per-task riscv-virt32-all-gcc riscv-virt32-explicit-gcc riscv-virt64-none-gcc riscv-virt64-regular-gcc riscv-virt64-strong-gcc riscv-virt64-strong-gcc-per-task riscv-virt64-all-gcc riscv-virt64-explicit-gcc" \
	"$(PLATFORMS="virt32 virt64" COMPILERS=gcc "$cells" --names | tr '\n' ' ' | sed 's/ $//')"
check_fails "no virt cell for an arch the board is not" env ARCHES=arm PLATFORMS="virt32 virt64" "$cells"
check_eq "a board cell spelt by its axes" "arm mps2 explicit clang: skipped: clang 14 has no -fstack-protector-explicit" \
	"$("$cell" arm mps2 explicit clang "$T/x")"
check_eq "a per-task subset: strong only, no m68k" \
	"x86_64-strong-gcc-per-task i386-strong-gcc-per-task arm-strong-gcc-per-task arm-mps2-strong-gcc-per-task arm64-strong-gcc-per-task mips-strong-gcc-per-task sh-strong-gcc-per-task riscv-strong-gcc-per-task riscv-virt32-strong-gcc-per-task riscv-virt64-strong-gcc-per-task powerpc-strong-gcc-per-task" \
	"$(GUARDS=per-task COMPILERS=gcc "$cells" --names | tr '\n' ' ' | sed 's/ $//')"
check_eq "the global guard keeps the names of before" "x86_64-strong-gcc" \
	"$(ARCHES=x86_64 MODES=strong COMPILERS=gcc GUARDS=global "$cells" --names)"
check_fails "cells refuses an unknown mode" env MODES=bogus "$cells"
check_fails "cells refuses an unknown guard" env GUARDS=tls "$cells"
check_fails "cells refuses an unknown compiler" env COMPILERS=icc "$cells"
check_fails "cell refuses a cell that is not in the list" "$cell" m68k strong gcc "$T/x"
check_fails "cell refuses a per-task cell that is not in the list" "$cell" x86_64 all gcc per-task "$T/x"

# The expected skips: clang 14's documented limits (docs/toolchains), each
# with its reason; clang's powerpc still builds without a protector.
"$cells" >"$T/cells.txt"
for c in "sh strong clang" "m68k none clang" "powerpc strong clang" "x86_64 explicit clang" \
	"sh strong clang per-task" "powerpc strong clang per-task"; do
	check_grep "$c is an expected skip, with a reason" "^$c skip: clang 14 [a-z]" "$T/cells.txt"
done
for c in "powerpc none clang" "x86_64 strong clang" "sh strong gcc" "arm64 explicit gcc" \
	"powerpc strong gcc per-task" "riscv strong clang per-task" "mips strong clang per-task"; do
	check_grep "$c is built" "^$c\$" "$T/cells.txt"
done

# json_check NAME FILE PYTHON: PYTHON (a body reading "cells", the cells'
# JSON objects from FILE, a matrix.json or one cell's) prints what is
# wrong; the check passes when it prints nothing.
json_check() {
	out=$($py -c '
import json, sys
d = json.load(open(sys.argv[1]))
cells = d["cells"] if "cells" in d else [d]
def case(c, name):
    return next(k for k in c["cases"] if k["name"] == name)
'"$3" "$2" 2>&1)
	check_eq "$1" "" "$out"
}

# A sample built to leave a gap (cases.c, SAMPLE_GAP_CASE: a buffer below
# a pointer used after return) must come out "gap", and fail the cell.
"$cell" x86_64-strong-gcc "$T/gap" KCFLAGS=-DSAMPLE_GAP_CASE >"$T/gap.out" 2>&1
check_eq "gap sample: the cell exits 1" 1 $?
check_grep "gap sample: its line says gap" '^x86_64 strong gcc: gap: gap [0-9]+(-[0-9]+)?$' "$T/gap.out"
json_check "gap sample: state gap, the gap case's window below its first catch" \
	"$T/gap/x86_64-strong-gcc.json" '
c = cells[0]; g = case(c, "gap")
if c["result"] != "gap": print("result", c["result"], c["reason"])
if not g["caught"] or not g["gap"] or g["gap"][0][0] != 1: print("gap case", g)
elif g["gap"][-1][1] >= g["first_caught"]: print("gap reaches the first catch", g)
if g["known_defect"]: print("no known defect applies", g["known_defect"])
if [k["name"] for k in c["cases"] if k["gap"]] != ["gap"]: print("other gaps", c["reason"])
if not all(k["ok"] for k in c["cases"]): print("a case not as expected", c["reason"])'

# A stand-in compiler that ignores stack_protect: "explicit" not caught.
"$cell" x86_64-regular-gcc "$T/standin" CC="$SRC/tests/bin/cc-ignore-stack-protect" >"$T/standin.out" 2>&1
check_eq "stand-in compiler: the cell exits 1" 1 $?
json_check "stand-in compiler: explicit expected, not caught; the rest as expected" \
	"$T/standin/x86_64-regular-gcc.json" '
c = cells[0]; e = case(c, "explicit")
if c["result"] != "failed": print("result", c["result"])
if not e["expected"] or e["caught"] or e["ok"]: print("explicit", e)
if [k["name"] for k in c["cases"] if not k["ok"]] != ["explicit"]: print("others", c["reason"])'

# A compiler that rejects the thread-register flags: a per-task x86_64
# cell falls back to the switched guard, with the warning, and the cell
# fails on where the guard lives.
"$cell" x86_64-strong-gcc-per-task "$T/noreg" CC="$SRC/tests/bin/cc-no-guard-register" >"$T/noreg.out" 2>&1
check_eq "no thread-register flags: the per-task cell exits 1" 1 $?
check_grep "no thread-register flags: the line names the guard location" \
	"^x86_64 strong gcc per-task: failed: guard location: guard location 'per-task switched', expected per-task in a thread register" "$T/noreg.out"

# The audit (make spaudit) can fail the cell: protection dropped through
# KCFLAGS is named per object, and the cell is failed for it.
"$cell" x86_64-strong-gcc "$T/noprot" KCFLAGS=-fno-stack-protector >"$T/noprot.out" 2>&1
check_eq "KCFLAGS=-fno-stack-protector: the cell exits 1" 1 $?
check_grep "KCFLAGS=-fno-stack-protector: the line names the audit and lib/vsprintf.o" \
	'^x86_64 strong gcc: failed: audit: .*lib/vsprintf\.o \(none\)' "$T/noprot.out"
json_check "KCFLAGS=-fno-stack-protector: the audit check failed, its records say none" \
	"$T/noprot/x86_64-strong-gcc.json" '
c = cells[0]; a = [k for k in c["checks"] if k["name"] == "audit"]
if not a or a[0]["status"] != "fail": print("audit check", a)
v = [o for o in c.get("audit", []) if o["object"] == "lib/vsprintf.o"]
if not v or v[0]["built_as"] != "none" or not v[0]["weaker"] or v[0]["origin"] != "KCFLAGS": print("vsprintf", v)'

# Known defects apply to the compiler versions they name only.
check_eq "CVE-2023-4039: the cross gcc 12.2.0-14cross1, not the host's 12.2.0-14+deb12u1" \
	"CVE-2023-4039 None None" "$(cd "$SRC/scripts/matrix" && $py -c '
import matrixlib as ml
d = ml.known_defects()
arm64 = {"arch": "arm64", "compiler": "gcc"}
print(ml.known_defect(d, arm64, "vla", "gcc-12-aarch64-linux-gnu", "12.2.0-14cross1"),
      ml.known_defect(d, arm64, "vla", "gcc-12", "12.2.0-14+deb12u1"),
      ml.known_defect(d, arm64, "char16", "gcc-12-aarch64-linux-gnu", "12.2.0-14cross1"))')"

# A canary's report names the address its check returns to: past a
# noreturn call that ends its function, and into Thumb code (arm) with
# bit 0 set. Seen on arm per-task: case_struct_int (0x10cfc, 0x44 bytes)
# reported 0x10d41, and case_union starts at 0x10d40.
check_eq "a report is attributed to its function, in Thumb code too" \
	"case_struct_int case_struct_int case_union x86 None" "$(cd "$SRC/scripts/matrix" && $py -c '
import matrixlib as ml
f = [(0x10cfc, 0x10d40, "case_struct_int", 1), (0x10d40, 0x10d82, "case_union", 1),
     (0x401000, 0x401011, "x86", 0)]
print(*(ml.function_at(f, a) for a in (0x10d0b, 0x10d41, 0x10d43, 0x401011, 0x401000)))')"

# The full matrix, both compilers, with the sweep. Its time is printed
# for the record.
full=$T/full
start=$(date +%s)
make -C "$SRC" --no-print-directory matrix MATRIX_OUT="$full" >"$T/full.log" 2>&1
rc=$?
echo "# full matrix: make status $rc, $(( $(date +%s) - start ))s; $(grep '^wall ' "$T/full.log")"
echo "# $(grep '^sweep per cell' "$T/full.log")"
# The grid, the gap windows and the skips, for the record of this run.
sed -n '/^Matrix:/,$p' "$T/full.log" | sed 's/^/# /'

if [ $rc -eq 0 ]; then pass "the full matrix passes"
else fail "the full matrix passes" "$(sed -n '/^Matrix:/,$p' "$T/full.log")"; fi

check_eq "one progress line per cell" "$n" "$(grep -c '^\[[0-9]*/'"$n"'\] ' "$T/full.log")"
check_eq "progress counts 1..$n once each" "$(seq 1 "$n" | tr '\n' ' ')" \
	"$(sed -n 's|^\[\([0-9]*\)/.*|\1|p' "$T/full.log" | sort -n | tr '\n' ' ')"
check_grep "summary: the counts" '^Matrix: [0-9]+ cells, [0-9]+ ok, [0-9]+ gap, 0 failed, [0-9]+ skipped' "$T/full.log"
for comp in gcc clang; do
	check_grep "grid block for $comp" "^$comp +none +regular +regular4 +strong +all +explicit\$" "$T/full.log"
	check_grep "grid block for $comp per-task" "^$comp per-task +strong\$" "$T/full.log"
done
"$cells" --json | $py -c '
import json, sys
blocks = {}
for c in json.load(sys.stdin):
    blocks.setdefault(c["arch"], set()).add((c["platform"], c["compiler"], c["guard"]))
for a, b in blocks.items(): print(a, len(b))' | while read -r a nblocks; do
	check_eq "grid rows for $a, one per platform, compiler and guard it has" "$nblocks" \
		"$(grep -Ec "^$a +(ok|gap|FAILED|skip)( |\$)" "$T/full.log")"
done
check_grep "summary: times and parallel efficiency" \
	'^wall [0-9.]+s, sum of cell times [0-9.]+s, [0-9]+ cores .*parallel efficiency [0-9]+%' "$T/full.log"
check_grep "summary: the sweep's time per cell" '^sweep per cell .*: median [0-9.]+s, max [0-9.]+s$' "$T/full.log"

# matrix.json: one object per cell, with every field.
json_check "matrix.json: one object per cell, every field" "$full/matrix.json" '
import subprocess
names = subprocess.run(["'"$cells"'", "--names"], capture_output=True, text=True).stdout.split()
if [c["cell"] for c in cells] != names: print("cells", [c["cell"] for c in cells])
for c in cells:
    for k in ("arch", "mode", "compiler", "guard", "guard_location", "result", "reason"):
        if k not in c: print(c["cell"], "lacks", k)
    if c["result"] not in ("ok", "gap", "failed", "skipped"): print(c["cell"], c["result"])
    if c["result"] == "skipped" and (c["cases"] or not c["reason"]): print(c["cell"], "skipped", c["reason"])
    if c["result"] != "skipped" and len(c["cases"]) != 12: print(c["cell"], len(c["cases"]), "cases")
    for k in c["cases"]:
        for f in ("expected", "caught", "first_caught", "gap", "known_defect"):
            if f not in k: print(c["cell"], k["name"], "lacks", f)
        if len(k["sweep"]) != 64 or set(k["sweep"]) - set("csx"): print(c["cell"], k["name"], k["sweep"])'
json_check "matrix.json: totals" "$full/matrix.json" '
for k in ("result", "wall", "sum", "cores", "efficiency"):
    if k not in d: print("lacks", k)
if d["result"] == "failed": print("result failed")'

# What the documented behaviour says must show, checked against the runs.
json_check "every cell: NONE catches nothing, opt-out is never caught, static view = dynamic view" \
	"$full/matrix.json" '
for c in cells:
    for k in c["cases"]:
        if c["mode"] == "none" and k["caught"]: print(c["cell"], k["name"], "caught in none")
        if k["name"] == "opt-out" and k["caught"]: print(c["cell"], "opt-out caught")
        if k["static"] != k["caught"]: print(c["cell"], k["name"], "static", k["static"], "caught", k["caught"])'
json_check "every built cell: the guard lives where its guard axis says" "$full/matrix.json" '
for c in cells:
    if c["result"] == "skipped": continue
    g = [k for k in c["checks"] if k["name"] == "guard location"]
    want = "per-task " if c["guard"] == "per-task" else ("none" if c["mode"] == "none" else "global")
    if not g or g[0]["status"] != "pass" or not c["guard_location"].startswith(want): print(c["cell"], c["guard_location"], g)'
json_check "the audit never cries wolf: every built cell audits clean" "$full/matrix.json" '
for c in cells:
    if c["result"] == "skipped": continue
    a = [k for k in c["checks"] if k["name"] == "audit"]
    if not a or a[0]["status"] != "pass": print(c["cell"], a)
    if any(o["weaker"] for o in c.get("audit", [])) or not c.get("audit"): print(c["cell"], "records")'
json_check "clang ignores stack_protect: explicit caught only by strong and all" "$full/matrix.json" '
for c in cells:
    if c["compiler"] == "clang" and c["cases"]:
        e = case(c, "explicit")
        if e["caught"] != (c["mode"] in ("strong", "all")): print(c["cell"], e)'
json_check "gcc honours stack_protect: explicit caught in every mode but none" "$full/matrix.json" '
for c in cells:
    if c["compiler"] == "gcc" and c["cases"]:
        e = case(c, "explicit")
        if e["caught"] != (c["mode"] != "none"): print(c["cell"], e)'
json_check "the stack truth in every strong global-guard cell and m68k's: each painted stack within its bound, the probe within 1.25 x" \
	"$full/matrix.json" '
import sys
sys.path.insert(0, "'"$SRC"'/scripts/matrix")
import matrixlib as ml
cm = ml.load_cells()
for c in cells:
    st = [k for k in c["checks"] if k["name"] == "stack truth"]
    if c["result"] == "skipped" or not cm.stack_truth(c):
        if st: print(c["cell"], "has a stack truth it was not built for")
        continue
    if [k["status"] for k in st] != ["pass"]: print(c["cell"], st)
    for s in c.get("stack", []):
        if s["bound"] is not None and s["painted"] > s["bound"]: print(c["cell"], s)
    if not [s for s in c.get("stack", []) if s["stack"] == "probe"]: print(c["cell"], "no probe")'
json_check "every gap is a known defect" "$full/matrix.json" '
for c in cells:
    for k in c["cases"]:
        if k["gap"] and not k["known_defect"]: print(c["cell"], k["name"], k["gap"])'
json_check "arm64 gcc: CVE-2023-4039 gaps in alloca and vla exactly when the cross gcc is 12.2.0-14cross1" \
	"$full/matrix.json" '
for c in cells:
    if c["arch"] != "arm64" or c["compiler"] != "gcc" or c["mode"] in ("none", "explicit"): continue
    hit = sorted(k["name"] for k in c["cases"] if k["known_defect"] == "CVE-2023-4039")
    want = ["alloca", "vla"] if c["cc_version"] == "12.2.0-14cross1" else []
    if hit != want or (want and c["result"] != "gap"): print(c["cell"], c["result"], hit, c["cc_version"])'

# junit.xml: well-formed, a testsuite per cell, skipped cells skipped.
if command -v xmllint >/dev/null 2>&1; then
	check "junit.xml: xmllint" xmllint --noout "$full/junit.xml"
else
	skip "junit.xml: xmllint" "xmllint not installed (libxml2-utils)"
fi
check_eq "junit.xml: a testsuite per cell, a skipped testcase per skipped cell" "" "$($py -c '
import json, sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
cells = json.load(open(sys.argv[2]))["cells"]
suites = root.findall("testsuite")
if [s.get("name") for s in suites] != ["matrix." + c["cell"] for c in cells]: print("suites differ")
for s, c in zip(suites, cells):
    if (c["result"] == "skipped") != (s.find("testcase/skipped") is not None and int(s.get("tests")) == 1):
        print(c["cell"], "skipped?")
    if (c["result"] == "failed") != (int(s.get("failures")) > 0 and c["result"] != "gap"):
        print(c["cell"], "failures", s.get("failures"))' "$full/junit.xml" "$full/matrix.json")"

# spreport against two oracles on sample's objects, every built cell: the
# disassembly (objdump -dr) and the relocation tables (readelf -r).
spreport=$full/x86_64-none-gcc/scripts/spreport/spreport
objdump_for() {
	case $1 in
	x86_64) echo objdump ;;             i386) echo i686-linux-gnu-objdump ;;
	arm) echo arm-linux-gnueabihf-objdump ;; arm64) echo aarch64-linux-gnu-objdump ;;
	mips) echo mips-linux-gnu-objdump ;; sh) echo sh4-linux-gnu-objdump ;;
	riscv) echo riscv64-linux-gnu-objdump ;; powerpc) echo powerpc64le-linux-gnu-objdump ;;
	m68k) echo m68k-linux-gnu-objdump ;;
	esac
}
"$cells" --json | $py -c '
import json, sys
for c in json.load(sys.stdin):
    if not c["skip"]: print(c["cell"], c["arch"])' | while read -r name arch; do
	d=$full/$name
	objs=$(find "$d/arch" "$d/lib" "$d/samples" -name '*.o' ! -path '*/boot/*' | sort)
	ours=$("$spreport" $objs | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p')
	theirs=$(OBJDUMP=$(objdump_for "$arch") sh "$SRC/tests/spreport/oracle.sh" $objs)
	check_eq "$name: spreport agrees with the objdump -dr count ($theirs)" "$theirs" "$ours"
	relocs=$(sh "$SRC/tests/spreport/oracle-readelf.sh" $objs)
	check_eq "$name: spreport agrees with the readelf -r count ($relocs)" "$relocs" "$ours"
done

# Documentation/matrix.md's case x mode tables are the ones this matrix
# generates.
"$SRC/scripts/matrix/table" "$full" >"$T/table.md"
sed -n '/^<!-- begin: scripts\/matrix\/table -->$/,/^<!-- end: scripts\/matrix\/table -->$/p' \
	"$SRC/Documentation/matrix.md" | sed '1d;$d' >"$T/doc-table.md"
if [ -s "$T/table.md" ] && cmp -s "$T/table.md" "$T/doc-table.md"; then
	pass "Documentation/matrix.md's case x mode tables are the generated ones"
else
	fail "Documentation/matrix.md's case x mode tables are the generated ones" \
		"regenerate: scripts/matrix/table MATRIX_OUT" \
		"$(diff "$T/doc-table.md" "$T/table.md")"
fi

# A subset runs exactly its cells, a skipped one included.
sub=$T/sub
make -C "$SRC" --no-print-directory matrix ARCHES="x86_64" MODES="strong explicit" GUARDS=global \
	COMPILERS=clang MATRIX_OUT="$sub" >"$T/sub.log" 2>&1
echo "# subset: make status $?"
check_eq "subset: 2 progress lines" 2 "$(grep -c '^\[[0-9]/2\] ' "$T/sub.log")"
check_eq "subset: the 2 cells in matrix.json" "x86_64-strong-clang:ok x86_64-explicit-clang:skipped" \
	"$($py -c 'import json, sys; print(" ".join(c["cell"] + ":" + c["result"] for c in json.load(open(sys.argv[1]))["cells"]))' "$sub/matrix.json")"
check_nogrep "subset: no other arch in the grid" '^(i386|arm|arm64|mips|sh|riscv|powerpc|m68k) ' "$T/sub.log"

done_testing
