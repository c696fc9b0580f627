#!/bin/sh
# The CI workflow runs the cells of scripts/matrix/cells, one job each,
# with scripts/matrix/cell, and lists none itself.
. "$(dirname "$0")/../lib.sh"
wf=$SRC/.github/workflows/matrix.yml
cells=$SRC/scripts/matrix/cells

[ -f "$wf" ] || { fail "workflow exists" "no $wf"; done_testing; }
pass "workflow exists"
check_grep "the cell list comes from scripts/matrix/cells --json" 'scripts/matrix/cells --json' "$wf"
check_grep "the matrix is read with fromJSON" 'include: \$\{\{ *fromJSON\(needs\.[a-z_-]+\.outputs\.[a-z_-]+\) *\}\}' "$wf"
check_grep "each job runs scripts/matrix/cell ARCH MODE" \
	'scripts/matrix/cell \$\{\{ *matrix\.arch *\}\} \$\{\{ *matrix\.mode *\}\} ' "$wf"
check_grep "each job installs only its arch's packages" \
	'scripts/install-deps \$\{\{ *matrix\.arch *\}\}' "$wf"
check_grep "each job uploads its JUnit file" 'actions/upload-artifact@' "$wf"
check_grep "the upload is the cell's .xml" '\$\{\{ *matrix\.arch *\}\}-\$\{\{ *matrix\.mode *\}\}\.xml' "$wf"

# No cell, arch or mode is written into the workflow.
arches=$("$cells" | awk '{ print $1 }' | sort -u | tr '\n' '|' | sed 's/|$//')
modes=$("$cells" | awk '{ print $2 }' | sort -u | tr '\n' '|' | sed 's/|$//')
check_nogrep "no arch or mode list in the workflow" \
	"^[[:space:]]*(-[[:space:]]*)?(arch|mode|arches|modes)[[:space:]]*:|^[[:space:]]*-[[:space:]]*($arches|$modes)[[:space:]]*\$|\\[[^]]*\\b($arches)\\b[^]]*\\]" "$wf"

# The JSON keys are the ones the workflow reads.
j=$("$cells" --json)
check_eq "cells --json objects have exactly arch and mode" "" \
	"$(echo "$j" | sed 's/^\[//; s/\]$//; s/},{/}\n{/g' | grep -v '^{"arch":"[a-z0-9_]*","mode":"[a-z0-9]*"}$')"

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
