#!/bin/sh
# The CI workflow runs the cells of scripts/matrix/cells, one job each,
# with scripts/matrix/cell, and lists none itself: a job knows its cell by
# name only, so a new axis needs no change there.
. "$(dirname "$0")/../lib.sh"
wf=$SRC/.github/workflows/matrix.yml
cells=$SRC/scripts/matrix/cells

[ -f "$wf" ] || { fail "workflow exists" "no $wf"; done_testing; }
pass "workflow exists"
check_grep "the cell list comes from scripts/matrix/cells --json" 'scripts/matrix/cells --json' "$wf"
check_grep "the matrix is read with fromJSON" 'include: \$\{\{ *fromJSON\(needs\.[a-z_-]+\.outputs\.[a-z_-]+\) *\}\}' "$wf"
check_grep "each job runs scripts/matrix/cell CELL" \
	'scripts/matrix/cell \$\{\{ *matrix\.cell *\}\} ' "$wf"
check_grep "each job installs only its arch's packages" \
	'scripts/install-deps \$\{\{ *matrix\.arch *\}\}' "$wf"
check_grep "each job uploads its JUnit file" 'actions/upload-artifact@' "$wf"
check_grep "the upload is the cell's .xml" '\$\{\{ *matrix\.cell *\}\}\.xml' "$wf"

# No cell, arch, mode or compiler is written into the workflow.
arches=$("$cells" | awk '{ print $1 }' | sort -u | tr '\n' '|' | sed 's/|$//')
modes=$("$cells" | awk '{ print $2 }' | sort -u | tr '\n' '|' | sed 's/|$//')
compilers=$("$cells" | awk '{ print $3 }' | sort -u | tr '\n' '|' | sed 's/|$//')
check_nogrep "no arch, mode or compiler list in the workflow" \
	"^[[:space:]]*(-[[:space:]]*)?(arch|mode|compiler|arches|modes|compilers)[[:space:]]*:|^[[:space:]]*-[[:space:]]*($arches|$modes|$compilers)[[:space:]]*\$|\\[[^]]*\\b($arches|$compilers)\\b[^]]*\\]" "$wf"

# The JSON objects carry every axis, the cell's name and its skip reason:
# the keys the workflow reads.
check_eq "cells --json objects: every axis, cell and skip" "" "$("$cells" --json |
	/usr/bin/python3 -c '
import json, sys
axes = sys.argv[1].split()
for c in json.load(sys.stdin):
    if sorted(c) != sorted(axes + ["cell", "skip"]) or c["cell"] != "-".join(c[a] for a in axes):
        print("bad cell object:", c)' "arch mode compiler")"

# action-validator, when the npm registry answers.
if command -v npm >/dev/null 2>&1 && v=$(npm view @action-validator/cli version 2>/dev/null) && [ -n "$v" ]; then
	if npm install --prefix "$T/av" --no-audit --no-fund "@action-validator/cli@$v" >"$T/npm.log" 2>&1; then
		check "action-validator $v accepts the workflow" "$T/av/node_modules/.bin/action-validator" "$wf"
	else
		fail "install @action-validator/cli $v" "$(tail -5 "$T/npm.log")"
	fi
else
	skip "action-validator" "npm or the npm registry is not reachable (npm view @action-validator/cli version gave nothing)"
fi

done_testing
