#!/bin/sh
# tests/run: slow
# scripts/checkstack on a clang build (LLVM=1), which writes .su files
# but no call graph: the calls of each function are read from the linked
# image's code (Documentation/stack-depth.md). On tests/stack/chain built
# with M=DIR against an x86_64 tree with CONFIG_STACK_USAGE, as
# checkstack.t does for gcc:
#  - the chain's bound is the sum of its .su frames (read here with awk),
#    the 8-byte return address of each (clang's x86 frames leave it out)
#    and the red zone;
#  - an indirect call, a tail call through a pointer, recursion and a
#    VLA each make it "unbounded", naming the site, the cycle or the
#    function; with an annotation each becomes a number;
#  - a call from inline assembler within one section, which leaves no
#    relocation, is counted;
# and on arm (Thumb), arm64, riscv, mips and powerpc: the chain's sum,
# its indirect call and its recursion unbounded (powerpc: a call to the
# local entry of its own function is one).
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

if ! command -v clang >/dev/null || ! command -v ld.lld >/dev/null; then
	skip "clang: checkstack" "clang or lld is not installed"
	exit 0
fi

# su FILE NAME: NAME's frame in the .su FILE (a separate reading: awk).
su() {
	awk -F'\t' -v n="$2" '{ k = $1; sub(/.*:/, "", k) } k == n { print $2 }' "$1"
}

# tree O ARCH [FRAGMENT]: O configured for ARCH with clang and
# CONFIG_STACK_USAGE (and FRAGMENT), built.
tree() {
	mk O="$1" ARCH=$2 LLVM=1 defconfig ${3:-} && echo CONFIG_STACK_USAGE=y >>"$1/.config" &&
		mk O="$1" ARCH=$2 LLVM=1 olddefconfig && mk O="$1" ARCH=$2 LLVM=1 -j1
}

# chain ARCH VARIANT [ANNOTATION...]: tests/stack/chain as VARIANT against
# $O, with the lines given added to its stack-annotations; make
# checkstack's report in $T/out; a, b, c: its .su frames of chain_a, _b,
# _c, each with the $cb bytes its call pushed.
chain() {
	arch=$1 v=$2; shift 2
	X="$T/chain-$arch-$v"
	rm -rf "$X" && mkdir -p "$X" && cp "$SRC"/tests/stack/chain/* "$X/"
	for line in "$@"; do echo "$line" >>"$X/stack-annotations"; done
	mk O="$O" ARCH=$arch LLVM=1 M="$X" VARIANT=$v
	mk O="$O" ARCH=$arch LLVM=1 M="$X" VARIANT=$v checkstack
	a=$(($(su "$X/chain.o.su" chain_a) + cb))
	b=$(($(su "$X/chain.o.su" chain_b) + cb))
	c=$(($(su "$X/chain.o.su" chain_c) + cb))
}

# bound_of: the task's bound in make checkstack's report ($T/out).
bound_of() {
	sed -n 's/^.*: task chain_a: stack 4096, bound \([0-9]*\) bytes.*/\1/p' "$T/out"
}

O="$T/x86_64"
tree "$O" x86_64
check "a clang x86_64 tree with CONFIG_STACK_USAGE builds" test -x "$O/sample"
check_eq "...with no .ci: clang writes none" "" "$(find "$O" -name '*.ci')"
cb=8
te=$(($(su "$O/kernel/task.o.su" task_entry) + cb + 128))	# and the red zone

chain x86_64 plain
check_eq "clang: the chain's bound is the sum of its .su frames and return addresses, and the red zone ($te+$a+$b+$c)" \
	"$((te + a + b + c))" "$(bound_of)"
check_grep "...with its deepest path, read from the code" \
	'^  deepest: task_entry > chain_a > chain_b > chain_c$' "$T/out"

chain x86_64 asmlocal
check "a call from inline assembler within one section leaves no relocation" \
	test -z "$(llvm-objdump -dr "$X/chain" | awk '/<chain_b>:/,/^$/' | grep 'R_X86_64.*chain_c')"
check_eq "...the code shows it: it counts" "$((te + a + b + c))" "$(bound_of)"

chain x86_64 indirect
check_grep "clang: an indirect call: unbounded, naming its site" \
	'task chain_a: stack 4096, unbounded: indirect call in chain_b at chain_b\+0x[0-9a-f]+: list its targets' "$T/out"
check_grep "...and the path to it" '^  path: task_entry > chain_a > chain_b$' "$T/out"
chain x86_64 indirect "calls chain_b chain_c"
check_eq "...with a calls annotation: a number, through its target and its direct calls" \
	"$((te + a + b + c))" "$(bound_of)"

chain x86_64 tailptr
check_grep "a tail call through a pointer (an indirect jump): unbounded, naming it" \
	'task chain_a: stack 4096, unbounded: indirect call in chain_b at chain_b\+0x[0-9a-f]+' "$T/out"
chain x86_64 tailptr "calls chain_b chain_c"
check_eq "...with a calls annotation: a number" "$((te + a + b + c))" "$(bound_of)"

chain x86_64 recursion
check_grep "clang: recursion: unbounded, naming the cycle" \
	'task chain_a: stack 4096, unbounded: recursion chain_b > chain_b' "$T/out"
chain x86_64 recursion "recursion chain_b 3"
check_eq "...with a recursion annotation of 3: chain_b counts three times" \
	"$((te + a + 3 * b + c))" "$(bound_of)"

chain x86_64 vla
check_grep "clang: a VLA: unbounded, naming the function" \
	'task chain_a: stack 4096, unbounded: dynamic frame in chain_c' "$T/out"
chain x86_64 vla "dynamic chain_c 64"
check_eq "...with a dynamic annotation of 64: its frame plus 64" \
	"$((te + a + b + c + 64))" "$(bound_of)"

# The machines whose code checkstack decodes besides x86: arm (Thumb,
# with capstone), arm64, riscv, mips and powerpc (its own reading). No
# red zone there but powerpc's protected zone; mips's and powerpc's
# __switch_to put 16 and 32 bytes on a new task's stack (task-push).
# clang has no stack protector on powerpc (Documentation/toolchains.md):
# none.config.
for arch in arm arm64 riscv mips powerpc; do
	O="$T/$arch" frag= rz=0
	[ $arch = mips ] && rz=16
	[ $arch = powerpc ] && frag=none.config rz=$((288 + 32))
	if ! tree "$O" $arch $frag; then
		skip "clang $arch: checkstack" "it does not build here: $(tail -1 "$T/out")"
		continue
	fi
	cb=0 te=$(($(su "$O/kernel/task.o.su" task_entry) + rz))
	chain $arch plain
	check_eq "clang $arch: the chain's bound is the sum of its .su frames ($te+$a+$b+$c)" \
		"$((te + a + b + c))" "$(bound_of)"
	chain $arch indirect
	check_grep "clang $arch: an indirect call: unbounded, naming its site" \
		'task chain_a: stack 4096, unbounded: indirect call in chain_b at chain_b\+0x[0-9a-f]+' "$T/out"
	chain $arch recursion
	check_grep "clang $arch: recursion: unbounded, naming the cycle" \
		'task chain_a: stack 4096, unbounded: recursion chain_b > chain_b' "$T/out"
done
