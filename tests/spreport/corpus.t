#!/bin/sh
# tests/run: slow
# A generated kernel-like corpus built in every mode: the --compare table
# has the shape of the v3.14 pull request; --json and --svg are well formed.
. "$(dirname "$0")/../lib.sh"
SPREPORT=${SPREPORT:-$T/spreport}
[ -x "$SPREPORT" ] || cc -std=c11 -O2 -o "$SPREPORT" "$SRC"/scripts/spreport/*.c "$SRC"/scripts/elfscan/*.c -lelf ||
	{ fail "build spreport"; done_testing; }
ORACLE=$SRC/tests/spreport/oracle.sh

# 40 files x 60 functions: a few thousand functions in a few seconds.
"$SRC/scripts/spreport/gen-corpus" "$T/src" 40 60 || { fail "gen-corpus"; done_testing; }
modes=$("$SRC/scripts/ssp-modes")
for mode in $modes; do
	case $mode in
	none) flag=-fno-stack-protector ;;
	regular) flag=-fstack-protector ;;
	*) flag=-fstack-protector-$mode ;;
	esac
	make -s -C "$T/src" -j2 O="$T/$mode" CFLAGS="-O2 $flag" >/dev/null 2>"$T/err" ||
		fail "build corpus ($mode)" "$(cat "$T/err")"
done

"$SPREPORT" --compare $(for m in $modes; do echo "$T/$m"; done) \
	--svg "$T/chart.svg" >"$T/table"
check_eq "compare: status 0" 0 $?
check_grep "compare: pull request layout" '^      - strong$' "$T/table"
check_grep "compare: base has function bodies" '^        [0-9]+ function bodies$' "$T/table"
check_grep "compare: text growth in %" '^        [0-9]+ text size \(\+[0-9.]+%\)$' "$T/table"

# label -> "protected functions percent text"
awk '/^      - / { l = $2 } /text size/ { t[l] = $1 }
     /functions are stack-protected/ { p = $7; gsub(/[(%)]/, "", p); print l, $1, $3, p, t[l] }' \
	"$T/table" >"$T/rows"
row() { awk -v l="$1" -v f="$2" '$1 == l { print $f }' "$T/rows"; }
check "at least 2000 functions ($(row none 3))" test "$(row none 3)" -ge 2000
check_eq "none: 0 protected" 0 "$(row none 2)"
check_eq "all: 100%" "100.00" "$(row all 4)"
check "regular: a few % ($(row regular 4))" awk -v p="$(row regular 4)" 'BEGIN { exit !(p >= 1 && p <= 10) }'
check "strong: several times regular ($(row strong 4) vs $(row regular 4))" \
	awk -v s="$(row strong 4)" -v r="$(row regular 4)" 'BEGIN { exit !(s >= 3 * r && s < 60) }'
check "explicit: only stack_protect functions ($(row explicit 4))" \
	awk -v p="$(row explicit 4)" 'BEGIN { exit !(p > 0 && p < 1) }'
# Each build's growth is over the base (the first column), recomputed here
# from the printed sizes: 100 * (size - base) / base.
growth=$(awk '/^      - / { l = $2 } / text size$/ { base = $1 }
	/ text size \(/ { p = $4; gsub(/[(%)]/, "", p)
		printf "%s %s %+.2f\n", l, p, 100 * ($1 - base) / base }' "$T/table")
check_eq "compare: 4 builds give their growth" 4 "$(echo "$growth" | grep -c .)"
check_eq "compare: each growth is over the base's size" "" \
	"$(echo "$growth" | awk '$2 != $3 { print $1 ": printed " $2 "%, over the base " $3 "%" }')"
check "text grows none < regular < strong < all" \
	test "$(row none 5)" -lt "$(row regular 5)" -a "$(row regular 5)" -lt "$(row strong 5)" \
		-a "$(row strong 5)" -lt "$(row all 5)"

# The oracle agrees on the whole corpus too (x86-64 default: TLS guard).
for mode in regular strong; do
	check_eq "corpus $mode: oracle agrees" "$(OBJDUMP=objdump "$ORACLE" "$T/$mode"/*.o)" \
		"$("$SPREPORT" "$T/$mode" | sed -n 's/^\([0-9]*\) of \([0-9]*\) .*/\1 \2/p')"
done

# --json: valid, and the same functions as --list.
"$SPREPORT" --json "$T/strong" >"$T/json"
check "json: valid" python3 -m json.tool "$T/json"
"$SPREPORT" --list "$T/strong" | awk '/^(un)?protected / { print $1, $2, $3, $4 }' >"$T/list.txt"
python3 - "$T/json" >"$T/json.txt" <<'EOF'
import json, sys
for f in json.load(open(sys.argv[1]))["functions"]:
    print("protected" if f["protected"] else "unprotected", f["size"], f["name"], f["file"])
EOF
check "json: agrees with --list" diff "$T/list.txt" "$T/json.txt"
check_eq "json: totals" "$(row strong 2) $(row strong 3)" \
	"$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["protected"], d["functions_total"])' "$T/json")"
"$SPREPORT" --compare --json "$T/none" "$T/strong" >"$T/cjson"
check "compare json: valid" python3 -m json.tool "$T/cjson"

# --svg: well-formed XML with a bar per build in each of the two panels.
if command -v xmllint >/dev/null; then
	check "svg: well-formed (xmllint)" xmllint --noout "$T/chart.svg"
else
	check "svg: well-formed (python)" python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$T/chart.svg"
fi
check_eq "svg: 10 bars and a background" 11 "$(grep -c '<rect' "$T/chart.svg")"
check_grep "svg: labels the builds" '>explicit</text>' "$T/chart.svg"

done_testing
