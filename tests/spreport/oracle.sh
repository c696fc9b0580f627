#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oracle.sh [-l] FILE...: count stack-protected functions the slow, obvious
# way, independently of spreport: from the disassembly (objdump -dr) and
# the symbol table (readelf -hsW) of objects, archives or linked images.
#
# Prints "N M": N functions that check their canary, out of M functions
# (STT_FUNC with a size, aliases once, NAME.cold counted as NAME).  A
# The audit's witnesses (__ssp_witness_*, in .discard.ssp_witness, which
# no link keeps) are left out, as spreport leaves out .discard.* sections.
# function checks its canary when it calls or branches to a failure
# handler, __stack_chk_fail or __stack_chk_fail_local, as objdump shows:
#   - a relocation against the handler's symbol, of any binding;
#   - a relocation against a section symbol whose printed addend (RELA)
#     lands in a handler defined in that section (+4 for x86's PC32/PLT32:
#     gcc writes "sym-0x4" for a call to sym);
#   - an instruction that objdump itself resolves to "<__stack_chk_fail>"
#     (or "<__stack_chk_fail+0x8>", ppc64's local entry: an offset inside
#     the handler, not a constant objdump names after it), when no
#     relocation makes that resolution a guess: none on the instruction, or
#     one against the symbol of the section being disassembled (a REL
#     addend kept in place, mips' jal), or any in a linked image.
# The handlers themselves are never counted.  Not seen: a REL relocation
# against another section's symbol (objdump does not print in-place
# addends); spreport decodes those.
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
"$READELF" -hSsW "$@" >"$tmp/syms" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
"$OBJDUMP" -dr "$@" >"$tmp/dis" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }

awk -v list="$list" '
function cold_parent(name,   m) {
	# gcc names split-off cold code NAME.cold or NAME.cold.N
	if (match(name, /\.cold(\.[0-9]+)?$/)) return substr(name, 1, RSTART - 1)
	return ""
}
function rank(bind) { return bind == "GLOBAL" ? 0 : bind == "WEAK" ? 1 : 2 }
function hex(h,   i, v) {
	v = 0; h = tolower(h); sub(/^0x/, "", h)
	for (i = 1; i <= length(h); i++)
		v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
	return v
}
function is_handler(name) { return name ~ /^__stack_chk_fail(_local)?$/ }
# Does offset OFF of section SEC of the current ELF lie in a handler?
function in_handler(sec, off,   i) {
	for (i = 1; i <= nh[k2]; i++)
		if (hsec[k2, i] == sec && off >= hlo[k2, i] && off < hhi[k2, i]) return 1
	return 0
}
# Is the annotation "<NAME+0xOFF>" an address inside handler NAME of the current
# ELF?  The riscv objdump also names the constants that lui/addi pairs
# build after the nearest symbol below them: "<__stack_chk_fail_local+
# 0x7f4a7abf>" is a hash constant, no call.
function inside_handler(ann,   plus, off, name) {
	name = ann; off = 0
	if ((plus = index(ann, "+")) > 0) {
		name = substr(ann, 1, plus - 1); off = hex(substr(ann, plus + 1))
	}
	return off == 0 || off < hsize[k2, name]
}
# The instruction before this line is complete: judge its annotation.
function flush() {
	if (cur != "" && ann && (linked_of[k2] || !relocated || self_reloc)) hit[cur] = 1
	ann = 0; relocated = 0; self_reloc = 0
}
# Pass 1, readelf: sections, and where every function symbol of the k-th ELF lives.
FNR == 1 { pass++ }
pass == 1 && /^  Type:/ { k++; linked = ($2 != "REL"); linked_of[k] = linked; next }
pass == 1 && /^ *\[ *[0-9]+\] / {
	line = $0; sub(/^ *\[ */, "", line); sub(/\]/, "", line)
	split(line, f, " ")
	secname[k, f[1]] = f[2]
	if (f[3] == "RELA") rela[k] = 1
	next
}
pass == 1 && /^Symbol table / { in_symtab = ($3 == "'"'"'.symtab'"'"'"); next }
# Ndx and Name are taken from the end: ppc64 adds "[<localentry>: 8]".
pass == 1 && in_symtab && is_handler($NF) && $(NF-1) ~ /^[0-9]+$/ && $4 != "SECTION" {
	n = ++nh[k]
	hsec[k, n] = linked ? "" : secname[k, $(NF-1)]
	hlo[k, n] = hex($2); hhi[k, n] = hlo[k, n] + ($3 > 0 ? $3 : 1)
	hsize[k, $NF] = $3 + 0
}
pass == 1 && in_symtab && $NF !~ /^__ssp_witness_/ && $4 == "FUNC" && $3 != "0" && $(NF-1) != "UND" && $(NF-1) != "ABS" {
	place = k ":" (linked ? "" : $(NF-1)) ":" $2
	name = $NF
	where[k, name] = place
	if (is_handler(name)) handler_place[place] = 1
	if (cold_parent(name) == "") {
		if (!(place in best) || rank($5) < best_rank[place] ||
		    (rank($5) == best_rank[place] && name < best[place])) {
			best[place] = name; best_rank[place] = rank($5)
		}
	}
	next
}
# Pass 2, objdump: which function each call and relocation line falls in.
pass == 2 && /file format/ { flush(); k2++; cur = ""; next }
pass == 2 && /^Disassembly of section/ {
	flush(); cur = ""
	section = $4; sub(/:$/, "", section)
	next
}
pass == 2 && /^[0-9a-f]+ <.*>:$/ {
	flush()
	name = $0; sub(/^[0-9a-f]+ </, "", name); sub(/>:$/, "", name)
	# Other labels (riscv .L*, section names) stay in the current function.
	if ((k2, name) in where) {
		parent = cold_parent(name)
		if (parent != "" && (k2, parent) in where) name = parent
		cur = where[k2, name]
	}
	next
}
pass == 2 && cur != "" && /^[ \t]+[0-9a-f]+: R_[A-Za-z0-9_]+[ \t]/ {
	relocated = 1
	type = $2; sym = $3
	target = sym; sub(/[-+]0x[0-9a-f]+$/, "", target)
	if (is_handler(target)) { hit[cur] = 1; next }
	if (target == section) self_reloc = 1
	# A section symbol with a printed addend (RELA objects only).
	if (!linked_of[k2] && rela[k2] && target ~ /^\./) {
		add = 0
		if (match(sym, /[-+]0x[0-9a-f]+$/)) {
			add = hex(substr(sym, RSTART + 1))
			if (substr(sym, RSTART, 1) == "-") add = -add
		}
		if (type ~ /^R_X86_64_(PC32|PLT32)$/) add += 4
		if (in_handler(target, add)) hit[cur] = 1
	}
	next
}
pass == 2 && /^ *[0-9a-f]+:\t/ {
	flush()
	if (cur != "" && match($0, /<__stack_chk_fail(_local)?(\+0x[0-9a-f]+)?>/))
		ann = inside_handler(substr($0, RSTART + 1, RLENGTH - 2))
	next
}
END {
	flush()
	m = 0; n = 0
	for (p in best) m++
	for (p in hit) if ((p in best) && !(p in handler_place)) { n++; if (list) print best[p] }
	if (!list) print n, m
}' "$tmp/syms" "$tmp/dis"
