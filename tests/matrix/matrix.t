#!/bin/sh
# make matrix: every ARCH x mode cell builds, runs and is judged; the
# summary, matrix.json and junit.xml say so; a subset runs only its cells.
. "$(dirname "$0")/../lib.sh"
cells=$SRC/scripts/matrix/cells

# The cell list: plain and JSON agree, and m68k has only "none".
n=$("$cells" | wc -l | tr -d ' ')
nj=$("$cells" --json | grep -o '{"arch":"[a-z0-9_]*","mode":"[a-z0-9]*"}' | wc -l | tr -d ' ')
check_eq "cells --json lists the same $n cells" "$n" "$nj"
check_eq "m68k is built only without a stack protector" "m68k none" "$("$cells" m68k)"
check_fails "cells refuses an unknown mode" "$cells" x86_64 bogus
check_fails "cell refuses a cell that is not in the list" "$SRC/scripts/matrix/cell" m68k strong "$T/x"

# The full matrix. Its time is printed for the record.
full=$T/full
start=$(date +%s)
make -C "$SRC" --no-print-directory matrix MATRIX_OUT="$full" >"$T/full.log" 2>&1
rc=$?
echo "# full matrix: make status $rc, $(( $(date +%s) - start ))s; $(grep '^wall ' "$T/full.log")"
if [ $rc -eq 0 ]; then pass "the full matrix passes"
else fail "the full matrix passes" "$(sed -n '/^Matrix:/,/^$/p' "$T/full.log")"; fi

check_eq "one progress line per cell" "$n" "$(grep -c '^\[[0-9]*/'"$n"'\] ' "$T/full.log")"
check_eq "progress counts 1..$n once each" "$(seq 1 "$n" | tr '\n' ' ')" \
	"$(sed -n 's|^\[\([0-9]*\)/.*|\1|p' "$T/full.log" | sort -n | tr '\n' ' ')"
check_grep "summary: the grid" '^Matrix: [0-9]+ cells' "$T/full.log"
for a in $("$cells" | awk '{ print $1 }' | uniq); do
	check_grep "grid row for $a" "^$a +(ok|FAILED|unsupported)" "$T/full.log"
done
check_grep "summary: times and parallel efficiency" \
	'^wall [0-9.]+s, sum of cell times [0-9.]+s, [0-9]+ cores .*parallel efficiency [0-9]+%' "$T/full.log"

# The result files, well-formed enough for fromJSON and a JUnit reader.
check_grep "matrix.json: result and times" '^\{"result":"(ok|failed)",.*"wall":[0-9.]+,"sum":[0-9.]+,.*"efficiency":[0-9.]+' "$full/matrix.json"
check_eq "matrix.json: one object per cell" "$n" "$(grep -c '"arch":' "$full/matrix.json")"
check_eq "matrix.json: brackets balance" "$(tr -cd '{[' <"$full/matrix.json" | wc -c)" \
	"$(tr -cd '}]' <"$full/matrix.json" | wc -c)"
check_grep "junit.xml: XML declaration" '^<\?xml version="1.0"' "$full/junit.xml"
check_grep "junit.xml: testsuites" '^<testsuites name=.* tests="[0-9]+" failures="[0-9]+"' "$full/junit.xml"
check_eq "junit.xml: one testsuite per cell" "$n" "$(grep -c '^<testsuite name=' "$full/junit.xml")"
check_eq "junit.xml: every testsuite closed" "$n" "$(grep -c '^</testsuite>' "$full/junit.xml")"
if command -v xmllint >/dev/null 2>&1; then
	check "junit.xml: xmllint" xmllint --noout "$full/junit.xml"
else
	skip "junit.xml: xmllint" "xmllint not installed (libxml2-utils)"
fi

# What every arch must show, from the cells' own JSON.
for f in "$full"/*-none.json; do
	c=$(basename "$f" .json)
	check_nogrep "$c: none catches nothing" '"caught":true' "$f"
done
for f in "$full"/*-*.json; do
	c=$(basename "$f" .json)
	check_nogrep "$c: opt-out is never caught" '"name":"opt-out".*"caught":true' "$f"
	check_nogrep "$c: static view = dynamic view" '"caught":true,"static":false|"caught":false,"static":true' "$f"
done

# spreport against two oracles on sample's objects, every cell: the
# disassembly (objdump -dr) and the relocation tables (readelf -r).
spreport=$full/x86_64-none/scripts/spreport/spreport
make -C "$SRC" --no-print-directory O="$full/x86_64-none" scripts_spreport >/dev/null 2>&1
objdump_for() {
	case $1 in
	x86_64) echo objdump ;;             i386) echo i686-linux-gnu-objdump ;;
	arm) echo arm-linux-gnueabihf-objdump ;; arm64) echo aarch64-linux-gnu-objdump ;;
	mips) echo mips-linux-gnu-objdump ;; sh) echo sh4-linux-gnu-objdump ;;
	riscv) echo riscv64-linux-gnu-objdump ;; powerpc) echo powerpc64le-linux-gnu-objdump ;;
	m68k) echo m68k-linux-gnu-objdump ;;
	esac
}
"$cells" | while read -r arch mode; do
	d=$full/$arch-$mode
	objs=$(find "$d/arch" "$d/lib" "$d/samples" -name '*.o' ! -path '*/boot/*' | sort)
	ours=$("$spreport" $objs | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p')
	theirs=$(OBJDUMP=$(objdump_for "$arch") sh "$SRC/tests/spreport/oracle.sh" $objs)
	check_eq "$arch $mode: spreport agrees with the objdump -dr count ($theirs)" "$theirs" "$ours"
	relocs=$(sh "$SRC/tests/spreport/oracle-readelf.sh" $objs)
	check_eq "$arch $mode: spreport agrees with the readelf -r count ($relocs)" "$relocs" "$ours"
done

# The README's case x mode table is the one this matrix generates.
"$full/x86_64-none/sample" cases | "$SRC/scripts/matrix/table" --matrix "$full" >"$T/table.md"
sed -n '/^| case | local buffer |/,/^$/p' "$SRC/README.md" | sed '/^$/d' >"$T/readme-table.md"
if cmp -s "$T/table.md" "$T/readme-table.md"; then
	pass "README's case x mode table is the generated one"
else
	fail "README's case x mode table is the generated one" \
		"regenerate: sample cases | scripts/matrix/table --matrix MATRIX_OUT" \
		"$(diff "$T/readme-table.md" "$T/table.md")"
fi

# A subset runs exactly its cells.
sub=$T/sub
make -C "$SRC" --no-print-directory matrix ARCHES="arm mips" MODES="strong all" \
	MATRIX_OUT="$sub" >"$T/sub.log" 2>&1
echo "# subset: make status $?"
check_eq "subset: 4 progress lines" 4 "$(grep -c '^\[[0-9]/4\] ' "$T/sub.log")"
check_eq "subset: the 4 cells in matrix.json" "arm-all arm-strong mips-all mips-strong" \
	"$(sed -n 's/^,\{0,1\}{"arch":"\([^"]*\)","mode":"\([^"]*\)".*/\1-\2/p' "$sub/matrix.json" | sort | tr '\n' ' ' | sed 's/ $//')"
check_nogrep "subset: no other arch in the grid" '^(x86_64|i386|arm64|sh|riscv|powerpc|m68k) ' "$T/sub.log"

done_testing
