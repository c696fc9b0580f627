#!/bin/sh
# scripts/checkstack and make checkstack (Documentation/stack-depth.md),
# on the tree tests/stack/chain built with M=DIR against an x86_64 tree
# with CONFIG_STACK_USAGE:
#  - the chain's task: its bound is the sum of the frames on its path,
#    task_entry > chain_a > chain_b > chain_c, each read from the .su
#    files here with awk, not by the tool, plus x86_64's 128-byte red
#    zone (the ABI's; -fstack-usage does not count it);
#  - an indirect call goes to the functions whose address is taken and
#    whose type matches its pointer's; one that none matches, recursion
#    and a VLA each make it "unbounded", naming the call site, the cycle
#    or the function; with an annotation each becomes the number the
#    annotation gives;
#  - make checkstack reports sample's roots, CHECKSTACK_FLAGS=--json too;
#  - a task whose stack is too small: a warning at link time naming the
#    task, bound, size and path; an error under STRICT (the tool's
#    --check --strict, and a STRICT tree's link), with no image left.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

O="$T/x86_64"
mk O="$O" ARCH=x86_64 defconfig && echo CONFIG_STACK_USAGE=y >>"$O/.config" &&
	mk O="$O" olddefconfig && mk O="$O" -j1
check "an x86_64 tree with CONFIG_STACK_USAGE builds" test -x "$O/sample"

# su FILE NAME: NAME's frame in the .su FILE (a separate reading: awk).
su() {
	awk -F'\t' -v n="$2" '{ k = $1; sub(/.*:/, "", k) } k == n { print $2 }' "$1"
}

# chain VARIANT [ANNOTATION...]: build tests/stack/chain as VARIANT, with
# the lines given added to its stack-annotations, and run make checkstack;
# the build's output in $T/build.out, the report in $T/out.
chain() {
	v=$1; shift
	X="$T/chain-$v"
	rm -rf "$X" && mkdir -p "$X" && cp "$SRC"/tests/stack/chain/* "$X/"
	for line in "$@"; do echo "$line" >>"$X/stack-annotations"; done
	mk O="$O" M="$X" VARIANT=$v; cp "$T/out" "$T/build.out"
	mk O="$O" M="$X" VARIANT=$v checkstack
}

# bound_of_any: the task's bound, its stack known or not.
bound_of_any() {
	sed -n 's/^.*: task chain_a: \(stack [0-9]*, \)\{0,1\}bound \([0-9]*\) bytes.*/\2/p' "$T/out"
}

# bound_of: the task's bound in make checkstack's report ($T/out).
bound_of() {
	sed -n 's/^.*: task chain_a: stack 4096, bound \([0-9]*\) bytes.*/\1/p' "$T/out"
}

# frames VARIANT: a, b and c, the frames of chain_a, chain_b and chain_c
# in that variant's .su.
frames() {
	a=$(su "$T/chain-$1/chain.o.su" chain_a)
	b=$(su "$T/chain-$1/chain.o.su" chain_b)
	c=$(su "$T/chain-$1/chain.o.su" chain_c)
}

te=$(($(su "$O/kernel/task.o.su" task_entry) + 128))	# and the red zone
chain plain
frames plain
check_eq "the chain's bound is the sum of its .su frames, and the red zone ($te+$a+$b+$c)" \
	"$((te + a + b + c))" "$(bound_of)"
check_grep "...with its deepest path" \
	'^  deepest: task_entry > chain_a > chain_b > chain_c$' "$T/out"
check_grep "...and its margin" "margin $((4096 - te - a - b - c))\$" "$T/out"

# An interrupt handler runs on the stack it interrupts: its bound (what
# the hardware pushes, its own depth, the red zone) is added to the
# task's; a handler on a stack of its own is a root checked against it.
chain plain "interrupt chain_c 32" "stack chain_b 100"
check_eq "an interrupt's bound is added to the task's" \
	"$((te + a + b + c + c + 128 + 32))" "$(bound_of)"
check_grep "...and reported as a root of its own" \
	"^$T/chain-plain/chain: interrupt chain_c: bound $((c + 128 + 32)) bytes\$" "$T/out"
check_grep "a root on a stack of its own: reported with its stack" \
	"^$T/chain-plain/chain: stack chain_b: stack 100, bound $((b + c + 128)) bytes, margin $((100 - b - c - 128))\$" "$T/out"
check_grep "...and checked against it at link time" \
	"^$T/chain-plain/chain: warning: stack chain_b needs up to $((b + c + 128)) bytes of stack, but its stack is 100 bytes" "$T/build.out"

# A call in inline assembler: no .ci has it, the image's relocation does.
chain asmcall
frames asmcall
ts=$(su "$O/kernel/task.o.su" task_switches)
check_eq "a call from inline assembler counts, found in the image's relocations" \
	"$((te + a + b + ts))" "$(bound_of)"
check_grep "...on the deepest path" '^  deepest: task_entry > chain_a > chain_b > task_switches$' "$T/out"

# An indirect call goes to the functions whose address is taken and
# whose type is its pointer's (gcc's dumps, types.c): chain_c alone.
chain indirect
frames indirect
check_eq "an indirect call through int (*)(int): chain_c, the one function of that type whose address is taken" \
	"$((te + a + b + c))" "$(bound_of)"
chain typed
d=$(su "$T/chain-typed/chain.o.su" chain_d) e=$(su "$T/chain-typed/chain.o.su" chain_e)
frames typed
check "...chain_d (int (int)) and chain_e (long (long)) have frames larger than chain_c's" \
	test "$d" -gt "$c" -a "$e" -gt "$d"
check_eq "...with chain_d's address taken too: the larger of the two, never chain_e of another type" \
	"$((te + a + b + d))" "$(bound_of)"
check_grep "...on the deepest path" '^  deepest: task_entry > chain_a > chain_b > chain_d$' "$T/out"
chain typed "calls chain_b chain_c"
check_eq "...a calls annotation is the list, over the type" "$((te + a + b + c))" "$(bound_of)"
chain typedparam
frames typedparam
t=$(su "$T/chain-typedparam/chain.o.su" chain_through)
check_eq "...a call through a parameter of that type: its type is the prototype's" \
	"$((te + a + b + t + c))" "$(bound_of)"

# A pointer of a type no function whose address is taken has: unresolved.
chain untyped
check_grep "an indirect call no type resolves: unbounded, naming its call site" \
	"task chain_a: stack 4096, unbounded: indirect call in chain_b at $T/chain-untyped/chain\\.c:[0-9]+:[0-9]+" "$T/out"
check_grep "...and the path to it" '^  path: task_entry > chain_a > chain_b$' "$T/out"
chain untyped "calls chain_b chain_c"
frames untyped
check_eq "...with a calls annotation: a number, through its target" \
	"$((te + a + b + c))" "$(bound_of)"

chain recursion
check_grep "recursion: unbounded, naming the cycle" \
	'task chain_a: stack 4096, unbounded: recursion chain_b > chain_b' "$T/out"
chain recursion "recursion chain_b 3"
frames recursion
check_eq "...with a recursion annotation of 3: chain_b counts three times" \
	"$((te + a + 3 * b + c))" "$(bound_of)"

chain vla
check_grep "a VLA: unbounded, naming the function" \
	"task chain_a: stack 4096, unbounded: dynamic frame in $T/chain-vla/chain\\.c:chain_c" "$T/out"
check_grep "...which its .su calls dynamic" '	dynamic$' "$T/chain-vla/chain.o.su"
chain vla "dynamic chain_c 64"
frames vla
check_eq "...with a dynamic annotation of 64: its frame plus 64" \
	"$((te + a + b + c + 64))" "$(bound_of)"

# A bad annotation: named, with the statements there are, and no report.
X="$T/chain-plain"
echo "frame chain_c lots" >>"$X/stack-annotations"
mk O="$O" M="$X" VARIANT=plain checkstack; rc=$?
check "a malformed annotation stops make checkstack" test $rc -ne 0
check_grep "...naming its file and line" \
	"checkstack: $X/stack-annotations:[0-9]+: \"frame\" takes a function and a byte count" "$T/out"

# The stack too small for its task: a warning at link, naming it all.
X="$T/chain-small"
rm -rf "$X" && mkdir -p "$X" && cp "$SRC"/tests/stack/chain/* "$X/"
echo "task chain_a 128" >"$X/stack-annotations"
mk O="$O" M="$X" VARIANT=plain
check_grep "a task whose stack is too small: a warning at link time" \
	"^$X/chain: warning: task chain_a needs up to [0-9]+ bytes of stack, but its stack is 128 bytes; deepest path: task_entry > chain_a > chain_b > chain_c\$" "$T/out"
check "...and the image is linked" test -x "$X/chain"
# Under STRICT the tool's --strict (make passes $(KBUILD_SSP_STRICT)).
set -- $(cd "$O" && for a in $(cat kernel/archives.order lib/archives.order arch/x86/archives.order); do builtin_members "$a"; done)
"$O/scripts/checkstack/checkstack" --check --strict --srctree="$SRC" \
	--source="$X=$X" "$X/chain" "$X/chain.o" $(printf "$O/%s " "$@") >"$T/strict" 2>&1; rc=$?
check_eq "...an error with --strict (CONFIG_CC_STACKPROTECTOR_STRICT)" 1 $rc
check_grep "...saying error" "^$X/chain: error: task chain_a needs up to" "$T/strict"

# After the second link (with the bounds table) the build checks that
# each task entry is where the table says, from the image alone.
tab="$O/samples/sample/.sample.stack-bounds.S"
check_grep "sample's bounds table names its task entries" '/\* task_main \*/' "$tab"
check "checkstack --verify-table: the image matches its table" \
	"$O/scripts/checkstack/checkstack" --verify-table="$tab" "$O/sample"
sed 's|0x\([0-9a-f]*\), \([0-9]*\)\(.*task_main\)|0x1\1, \2\3|' "$tab" >"$T/moved.S"
"$O/scripts/checkstack/checkstack" --verify-table="$T/moved.S" --name=sample "$O/sample" >"$T/moved" 2>&1
check_eq "...a table whose task_main is elsewhere: exit 2" 2 $?
check_grep "...naming the entry and the table" \
	"^sample: linked again with its stack bounds table, task entry task_main moved from 0x1[0-9a-f]+: the table $T/moved.S does not match it" "$T/moved"

# Under CONFIG_CC_STACKPROTECTOR_STRICT the link stops, and no image is
# left for make run or a CI step to take.
O3="$T/strict-tree"
mk O="$O3" ARCH=x86_64 defconfig &&
	printf 'CONFIG_STACK_USAGE=y\nCONFIG_CC_STACKPROTECTOR_STRICT=y\n' >>"$O3/.config" &&
	mk O="$O3" olddefconfig && mk O="$O3" -j1
check_grep "a STRICT tree with CONFIG_STACK_USAGE builds" '^CONFIG_CC_STACKPROTECTOR_STRICT=y' "$O3/.config"
mk O="$O3" M="$X" VARIANT=plain; rc=$?
check "STRICT: the stack too small stops the build" test $rc -ne 0
check_grep "...with an error naming the task, its bound, its stack and the path" \
	"^$X/chain: error: task chain_a needs up to [0-9]+ bytes of stack, but its stack is 128 bytes; deepest path: task_entry > chain_a > chain_b > chain_c\$" "$T/out"
check "...and no image is left" test ! -e "$X/chain"
echo "task chain_a 4096" >"$X/stack-annotations"
mk O="$O3" M="$X" VARIANT=plain
check "...a stack large enough links under STRICT" test -x "$X/chain"

# A stack given at run time: task_create() looks the entry's bound up in
# the table the second link put in the image, and refuses a stack too
# small before the task runs.
chain small "task chain_a -"
check_nogrep "a task whose stack is given at run time: no warning at link time" \
	'warning: task chain_a' "$T/build.out"
"$T/chain-small/chain" >"$T/run" 2>&1; rc=$?
check_eq "...task_create() stops the program (exit 70)" 70 $rc
check_grep "...naming the task, its bound and the stack it was given" \
	"^task_create: task chain needs up to $(bound_of_any) bytes of stack \\(make checkstack\\), but is given 256; not started\$" "$T/run"
"$T/chain-plain/chain" >"$T/run" 2>&1; rc=$?
check_eq "...while a stack large enough runs" 0 $rc

# make checkstack on the kit itself: sample's entry and its five tasks.
mk O="$O" checkstack
check_grep "make checkstack: sample's entry with a bound" \
	'^samples/sample/sample: entry _start: bound [0-9]+ bytes$' "$T/out"
check_eq "...and its five tasks, each checked against 16384" 5 \
	"$(grep -cE '^samples/sample/sample: task [a-z_]+: stack 16384, bound [0-9]+ bytes, margin [0-9]+$' "$T/out")"
make -C "$SRC" -s O="$O" checkstack CHECKSTACK_FLAGS=--json >"$T/json" 2>&1
check "CHECKSTACK_FLAGS=--json: JSON python reads" \
	python3 -c 'import json, sys; d = json.loads(open(sys.argv[1]).readline()); assert d["roots"][0]["kind"] == "entry" and all(r["bound"] > 0 for r in d["roots"])' "$T/json"

# Without CONFIG_STACK_USAGE, make checkstack says what is missing.
O2="$T/plain"
mk O="$O2" ARCH=x86_64 defconfig && mk O="$O2" checkstack
check_grep "without CONFIG_STACK_USAGE make checkstack names the option" \
	'make checkstack needs the frames and calls CONFIG_STACK_USAGE writes' "$T/out"
