#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# oracle-readelf.sh OBJECT...: count stack-protected functions from
# readelf alone (-S sections, -s symbols, -r relocations), independently
# of spreport and of oracle.sh's disassembly. Relocatable objects only.
#
# Prints "N M": N functions that check their canary, out of M functions
# (STT_FUNC with a size, aliases once, NAME.cold counted as NAME), summed
# The audit's witnesses (__ssp_witness_*, in .discard.ssp_witness, which
# no link keeps) are left out, as spreport leaves out .discard.* sections.
# over the objects.  A function checks its canary when a relocation inside
# its bytes reaches a failure handler (__stack_chk_fail or
# __stack_chk_fail_local): against the handler's symbol, of any binding,
# or against a section symbol whose target lands in a handler defined in
# that section (the printed RELA addend, +4 for x86's PC32/PLT32; with
# REL, whose addends stay in the code, only when that section holds
# nothing but handlers).  The handlers themselves are never counted.
#
# A local handler that shares its section with other functions can be
# called with no relocation at all: readelf -r cannot see that call, so
# such an object is refused (status 3, a message naming it); use
# oracle.sh, which reads the disassembly.  READELF selects the tool.
set -u
LC_ALL=C
export LC_ALL
[ $# -gt 0 ] || { echo "usage: oracle-readelf.sh OBJECT..." >&2; exit 2; }
READELF=${READELF:-readelf}

sums=""
for o in "$@"; do
	r=$({ echo "@sections"; "$READELF" -SW "$o"
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
	function is_handler(name) { return name ~ /^__stack_chk_fail(_local)?$/ }
	function in_handler(s, off,   i) {
		for (i = 1; i <= nh; i++)
			if (hsec[i] == s && off >= hlo[i] && off < hhi[i]) return 1
		return 0
	}
	/^@/ { part = $1; if (part == "@relocs") { resolve(); refuse_if_blind() } next }
	part == "@sections" && /^ *\[ *[0-9]+\]/ {
		sub(/^ *\[ */, ""); sub(/\]/, ""); index_of[$2] = $1; name_of[$1] = $2
		if ($3 == "RELA") rela = 1
		next
	}
	part == "@symbols" && is_handler($NF) && $(NF-1) ~ /^[0-9]+$/ && $4 != "SECTION" {
		nh++; hsec[nh] = $(NF-1); hlo[nh] = hex($2); hhi[nh] = hlo[nh] + ($3 > 0 ? $3 : 1)
		hbind[nh] = $5
	}
	part == "@symbols" && $NF !~ /^__ssp_witness_/ && $4 == "FUNC" && $(NF-1) ~ /^[0-9]+$/ && !is_handler($NF) {
		others[$(NF-1)] = 1
	}
	# Ndx and Name are taken from the end: ppc64 adds "[<localentry>: 8]".
	part == "@symbols" && $NF !~ /^__ssp_witness_/ && $4 == "FUNC" && $3 != "0" && $(NF-1) ~ /^[0-9]+$/ {
		n++; sec[n] = $(NF-1); lo[n] = hex($2); hi[n] = lo[n] + $3; name[n] = $NF
		if (cold_parent($NF) == $NF) start_of[$NF] = sec[n] ":" lo[n]
		if (is_handler($NF)) handler_key[sec[n] ":" lo[n]] = 1
		next
	}
	part == "@relocs" && /^Relocation section/ {
		target = $3; gsub(/\047/, "", target); sub(/^\.rela?/, "", target)
		cur = index_of[target]; next
	}
	# Calls the assembler resolved in place leave nothing for readelf -r.
	function refuse_if_blind(   i) {
		for (i = 1; i <= nh; i++)
			if (hbind[i] == "LOCAL" && (hsec[i] in others)) {
				print "oracle-readelf.sh: " file ": local " \
					"failure handler shares section " hsec[i] \
					" with other functions; use oracle.sh" >"/dev/stderr"
				blind = 1; exit 3
			}
	}
	function mark(off,   i) {
		for (i = 1; i <= n; i++)
			if (sec[i] == cur && off >= lo[i] && off < hi[i]) hit[key[i]] = 1
	}
	part == "@relocs" && is_handler($5) { mark(hex($1)); next }
	# A section symbol: readelf names it by its section.
	part == "@relocs" && ($5 in index_of) && $2 ~ /^[0-9a-f]+$/ {
		s = index_of[$5]
		if (rela) {
			add = hex($7); if ($6 == "-") add = -add
			if ($3 ~ /^R_X86_64_(PC32|PLT32)$/) add += 4
			if (in_handler(s, hex($4) + add)) mark(hex($1))
		} else if (!(s in others) && in_handler(s, 0)) {
			mark(hex($1))
		}
	}
	END {
		if (blind) exit 3
		if (!resolved) resolve()
		m = 0; p = 0
		for (k in function_at) m++
		for (k in hit) if ((k in function_at) && !(k in handler_key)) p++
		print p, m
	}' file="$o") || exit 3	# one refused object makes the sum meaningless
	sums="$sums$r
"
done
printf '%s' "$sums" | awk '{ p += $1; m += $2 } END { print p + 0, m + 0 }'
