#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oracle-readelf.sh OBJECT...: count stack-protected functions from
# readelf alone (-S sections, -s symbols, -r relocations), independently
# of spreport and of oracle.sh's disassembly. Relocatable objects only.
#
# Prints "N M": N functions with a relocation inside their bytes against
# __stack_chk_fail, __stack_chk_fail_local or __stack_chk_guard, out of M
# functions (STT_FUNC with a size, aliases once, NAME.cold counted as NAME),
# summed over the objects. READELF selects the tool.
set -u
LC_ALL=C
export LC_ALL
[ $# -gt 0 ] || { echo "usage: oracle-readelf.sh OBJECT..." >&2; exit 2; }
READELF=${READELF:-readelf}

for o in "$@"; do
	{ echo "@sections"; "$READELF" -SW "$o"
	  echo "@symbols"; "$READELF" -sW "$o"
	  echo "@relocs"; "$READELF" -rW "$o"; } | awk '
	function hex(h,   i, v) {
		v = 0; h = tolower(h)
		for (i = 1; i <= length(h); i++)
			v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
		return v
	}
	function cold_parent(name) {
		if (match(name, /\.cold(\.[0-9]+)?$/)) return substr(name, 1, RSTART - 1)
		return name
	}
	# Functions are keyed by where their bytes start, so aliases count
	# once; a cold part takes the key of its parent (resolved once all
	# symbols are read, as a parent may come after its cold part).
	function resolve(   i, parent) {
		for (i = 1; i <= n; i++) {
			parent = cold_parent(name[i])
			key[i] = parent != name[i] && (parent in start_of) ? start_of[parent] : sec[i] ":" lo[i]
			if (parent == name[i]) function_at[key[i]] = 1
		}
		resolved = 1
	}
	/^@/ { part = $1; if (part == "@relocs") resolve(); next }
	part == "@sections" && /^ *\[ *[0-9]+\]/ {
		sub(/^ *\[ */, ""); sub(/\]/, ""); index_of[$2] = $1; next
	}
	# Ndx and Name are taken from the end: ppc64 adds "[<localentry>: 8]".
	part == "@symbols" && $4 == "FUNC" && $3 != "0" && $(NF-1) ~ /^[0-9]+$/ {
		n++; sec[n] = $(NF-1); lo[n] = hex($2); hi[n] = lo[n] + $3; name[n] = $NF
		if (cold_parent($NF) == $NF) start_of[$NF] = sec[n] ":" lo[n]
		next
	}
	part == "@relocs" && /^Relocation section/ {
		target = $3; gsub(/\047/, "", target); sub(/^\.rela?/, "", target)
		cur = index_of[target]; next
	}
	part == "@relocs" && $5 ~ /^__stack_chk_(fail|fail_local|guard)$/ {
		off = hex($1)
		for (i = 1; i <= n; i++)
			if (sec[i] == cur && off >= lo[i] && off < hi[i]) hit[key[i]] = 1
	}
	END {
		if (!resolved) resolve()
		m = 0; p = 0
		for (k in function_at) m++
		for (k in hit) if (k in function_at) p++
		print p, m
	}'
done | awk '{ p += $1; m += $2 } END { print p + 0, m + 0 }'
