#!/bin/sh
# tests/run's scratch folders: two test files with one basename in two
# folders (say kbuild/x.t and robust/x.t) each get a folder of
# their own, and tests/run refuses to start tests that would share one.
. "$(dirname "$0")/../lib.sh"

# A tree of tests/run, its helpers and two tests named x.t, each of which
# records the scratch folder it was given.
tree() {
	mkdir -p "$1/tests/a" "$1/tests/b" &&
	cp "$SRC/tests/run" "$SRC/tests/lib.sh" "$SRC/tests/scratch.sh" "$1/tests/" &&
	for d in a b; do
		printf '%s\n' '. "$(dirname "$0")/../lib.sh"' \
			'echo "$T" >"$(dirname "$0")/../../$(basename "$(dirname "$0")").dir"' \
			'pass "x in $T"' 'done_testing' >"$1/tests/$d/x.t"
	done
}

tree "$T/good"
(cd "$T/good" && JOBS=2 tests/run) >"$T/good.out" 2>&1
check_eq "a/x.t and b/x.t: both run" "2 passed, 0 failed, 0 skipped" "$(tail -1 "$T/good.out")"
check "...each in a scratch folder of its own" \
	test -s "$T/good/a.dir" -a -s "$T/good/b.dir" -a "$(cat "$T/good/a.dir" 2>/dev/null)" != "$(cat "$T/good/b.dir" 2>/dev/null)"

# The same tree with the folder named by basename alone, as it once was.
tree "$T/shared"
cat >"$T/shared/tests/scratch.sh" <<'EOS'
scratch_name() { basename "$1" .t; }
EOS
(cd "$T/shared" && JOBS=2 tests/run) >"$T/shared.out" 2>&1; rc=$?
check_eq "tests/run refuses tests that would share a folder (exit 2)" 2 $rc
check_grep "...naming both files and the folder" \
	'tests/a/x.t and tests/b/x.t share x$' "$T/shared.out"
check "...and runs neither" test ! -e "$T/shared/a.dir" -a ! -e "$T/shared/b.dir"

done_testing
