#!/bin/sh
# make mutants' runner (scripts/mutants/run) on a tiny mutant set of its
# own, planted in tests/scratch.sh and judged by tests/meta/run.t, which
# takes a second: a mutant that breaks the folder naming is killed, one
# that changes nothing survives, text that is gone is stale, text found
# twice is ambiguous; the work tree is never touched.
. "$(dirname "$0")/../lib.sh"

RUN="$SRC/scripts/mutants/run"
cat >"$T/mutants.txt" <<'X'
# A tiny set for the runner's own test.
name: m-basename
file: tests/scratch.sh
find: echo "$(basename "$__d")/$(basename "$1" .t)"
replace: basename "$1" .t
tests: meta/run
why: the scratch folder named by basename alone, as before issue 40

name: m-noop
file: tests/scratch.sh
find: __d=${__d%/}
replace: __d=${__d%/}
tests: meta/run
why: a change that changes nothing must survive

name: m-stale
file: tests/scratch.sh
find: text that is in no file
replace: x
tests: meta/run
why: text no longer found

name: m-ambiguous
file: tests/scratch.sh
find: basename
replace: dirname
tests: meta/run
why: text found more than once
X
before=$(cksum <"$SRC/tests/scratch.sh")
"$RUN" --file "$T/mutants.txt" >"$T/out" 2>&1; rc=$?
check_grep "a mutant the tests catch: killed, naming the check" \
	'^killed +m-basename +by tests/meta/run\.t: a/x\.t and b/x\.t: both run$' "$T/out"
check_grep "a mutant that changes nothing: survived" '^survived +m-noop +\(meta/run\)$' "$T/out"
check_grep "text not found: stale, not killed" '^stale +m-stale +tests/scratch.sh: text not found' "$T/out"
check_grep "text found twice: ambiguous, not killed" '^ambiguous +m-ambiguous +tests/scratch.sh: text found [0-9]+ times' "$T/out"
check_eq "...ending with N of M killed" "1 of 4 killed" "$(tail -1 "$T/out")"
check_eq "...and a non-zero exit, as not all were killed" 1 $rc
check_eq "the work tree is left as it was" "$before" "$(cksum <"$SRC/tests/scratch.sh")"

"$RUN" --file "$T/mutants.txt" --only m-basename >"$T/out" 2>&1; rc=$?
check_eq "--only the killed one: 1 of 1 killed, exit 0" "1 of 1 killed 0" "$(tail -1 "$T/out") $rc"

"$RUN" --file "$T/mutants.txt" --check >"$T/out" 2>&1; rc=$?
check_eq "--check finds the two whose text is there once, runs nothing" "2 of 4 found 1" \
	"$(tail -1 "$T/out") $rc"

# A stanza without its tests: refused, naming the file, the line and the field.
printf 'name: m-half\nfile: tests/scratch.sh\nfind: x\nreplace: y\nwhy: z\n' >"$T/half.txt"
"$RUN" --file "$T/half.txt" >"$T/out" 2>&1; rc=$?
check_eq "a mutant without tests: exit 2" 2 $rc
check_grep "...saying which and what it lacks" "^mutants: $T/half.txt:1: mutant m-half lacks tests$" "$T/out"

done_testing
