#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oracle.sh [-l] FILE...: count stack-protected functions the slow, obvious
# way, independently of spreport: from the disassembly (objdump -dr) and
# the symbol table (readelf -hsW) of objects, archives or linked images.
#
# Prints "N M": N functions whose disassembly carries a relocation against
# __stack_chk_fail, __stack_chk_fail_local or __stack_chk_guard, out of M
# functions (STT_FUNC with a size, aliases once, NAME.cold counted as NAME).
# With -l, prints the protected functions' names instead, one per line.
#
# OBJDUMP and READELF select the tools; a cross objdump is needed for a
# foreign architecture (readelf reads them all).
set -u
LC_ALL=C
export LC_ALL

list=0
if [ "${1:-}" = "-l" ]; then list=1; shift; fi
[ $# -gt 0 ] || { echo "usage: oracle.sh [-l] FILE..." >&2; exit 2; }
OBJDUMP=${OBJDUMP:-objdump}
READELF=${READELF:-readelf}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/oracle.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
# Both tools walk files and archive members in the same order, so the
# k-th ELF header of one is the k-th "file format" line of the other.
"$READELF" -hsW "$@" >"$tmp/syms" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
"$OBJDUMP" -dr "$@" >"$tmp/dis" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }

awk -v list="$list" '
function cold_parent(name,   m) {
	# gcc names split-off cold code NAME.cold or NAME.cold.N
	if (match(name, /\.cold(\.[0-9]+)?$/)) return substr(name, 1, RSTART - 1)
	return ""
}
function rank(bind) { return bind == "GLOBAL" ? 0 : bind == "WEAK" ? 1 : 2 }
# Pass 1, readelf: where every function symbol of the k-th ELF lives.
FNR == 1 { pass++ }
pass == 1 && /^  Type:/ { k++; linked = ($2 != "REL"); next }
pass == 1 && /^Symbol table / { in_symtab = ($3 == "'"'"'.symtab'"'"'"); next }
# Ndx and Name are taken from the end: ppc64 adds "[<localentry>: 8]".
pass == 1 && in_symtab && $4 == "FUNC" && $3 != "0" && $(NF-1) != "UND" && $(NF-1) != "ABS" {
	place = k ":" (linked ? "" : $(NF-1)) ":" $2
	name = $NF
	where[k, name] = place
	if (cold_parent(name) == "") {
		if (!(place in best) || rank($5) < best_rank[place] ||
		    (rank($5) == best_rank[place] && name < best[place])) {
			best[place] = name; best_rank[place] = rank($5)
		}
	}
	next
}
# Pass 2, objdump: which function each relocation line falls in.
pass == 2 && /file format/ { k2++; cur = ""; next }
pass == 2 && /^Disassembly of section/ { cur = ""; next }
pass == 2 && /^[0-9a-f]+ <.*>:$/ {
	name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name)
	# Other labels (riscv .L*, section names) stay in the current function.
	if ((k2, name) in where) {
		parent = cold_parent(name)
		if (parent != "" && (k2, parent) in where) name = parent
		cur = where[k2, name]
	}
	next
}
pass == 2 && cur != "" && /^[ \t]+[0-9a-f]+: R_[A-Za-z0-9_]+[ \t]+__stack_chk_(fail|fail_local|guard)([-+].*)?$/ {
	hit[cur] = 1
}
END {
	m = 0; n = 0
	for (p in best) m++
	for (p in hit) if (p in best) { n++; if (list) print best[p] }
	if (!list) print n, m
}' "$tmp/syms" "$tmp/dis"
