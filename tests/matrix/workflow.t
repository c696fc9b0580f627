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

# No cell, nor any axis or value of one, is written into the workflow.
axes=$("$cells" --axes)
check_eq "the axes, in the order a cell name spells them" \
	"arch platform mode compiler guard" "$axes"
# values AXIS: the values of AXIS in the cells, as an alternation.
values() {
	"$cells" --json | /usr/bin/python3 -c '
import json, sys
a = sys.argv[1]
print("|".join(sorted({c[a] for c in json.load(sys.stdin)})))' "$1"
}
all=$(for a in $axes; do values "$a"; done | tr '\n' '|' | sed 's/|$//')
keys=$(for a in $axes; do printf '%s|%ss|' "$a" "$a"; done | sed 's/|$//')
check_nogrep "no list of any axis's values in the workflow" \
	"^[[:space:]]*(-[[:space:]]*)?($keys|arches|guards)[[:space:]]*:|^[[:space:]]*-[[:space:]]*($all)[[:space:]]*\$|\\[[^]]*\\b($all)\\b[^]]*\\]" "$wf"
check_eq "... and its list has the guard axis's values" "global|per-task" "$(values guard)"

# The JSON objects carry every axis, the cell's name and its skip reason:
# the keys the workflow reads. A name spells the axis values in order;
# the global guard is left out, so the cells from before the guard axis
# keep their names (arm64-strong-gcc; arm64-strong-gcc-per-task).
check_eq "cells --json objects: every axis, cell and skip; names as they were" "" "$("$cells" --json |
	/usr/bin/python3 -c '
import json, sys
axes = sys.argv[1].split()
cells = json.load(sys.stdin)
for c in cells:
    want = "-".join(c[a] for a in axes if (a, c[a]) not in (("guard", "global"), ("platform", "linux")))
    if sorted(c) != sorted(axes + ["cell", "skip"]) or c["cell"] != want:
        print("bad cell object:", c)
names = [c["cell"] for c in cells]
if len(set(names)) != len(names): print("names repeat")
if "x86_64-strong-gcc" not in names or "x86_64-strong-gcc-per-task" not in names:
    print("x86_64-strong-gcc and its per-task cell are not both there")' "$axes")"

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
