#!/bin/sh
# CONFIG_STACK_USAGE (Documentation/stack-depth.md): every C object gets
# its frames (foo.o.su) and, from gcc, its call graph (foo.o.ci) and the
# dumps of its types and addresses taken (foo.o.c.*.optimized, .cgraph) beside
# it in O=; clang 14 writes .su files only, so make checkstack reads a
# clang build's calls from the image's code. The source tree gets none,
# make clean removes them, and without the option none is written.
. "$(dirname "$0")/../lib.sh"

# stack_usage_config O ARGS...: O configured for ARGS' arch, with the option.
stack_usage_config() {
	o=$1; shift
	mk O="$o" "$@" defconfig && echo CONFIG_STACK_USAGE=y >>"$o/.config" &&
		mk O="$o" "$@" olddefconfig
}

# c_objects O: the target C objects of O's build (host programs aside).
c_objects() {
	find "$1/arch" "$1/kernel" "$1/lib" "$1/samples" -name '*.o' |
		while read -r o; do
			rel=${o#"$1"/}
			[ -e "$SRC/${rel%.o}.c" ] && echo "$o"
		done
}

# missing O SUFFIX: the C objects of O with no O.o.SUFFIX beside them.
missing() {
	c_objects "$1" | while read -r o; do [ -s "$o.$2" ] || echo "$o"; done
}

O="$T/gcc"
stack_usage_config "$O" ARCH=x86_64 && mk O="$O" -j1
check "gcc: a STACK_USAGE build links" test -x "$O/sample"
n=$(c_objects "$O" | wc -l)
check_eq "gcc: every C object ($n) has its .su" "" "$(missing "$O" su)"
check_eq "gcc: every C object has its .ci" "" "$(missing "$O" ci)"
check_eq "gcc: every C object has its two dumps, the types and the addresses taken" "" \
	"$(c_objects "$O" | while read -r o; do
		ls "$o".c.*.optimized "$o".c.*.cgraph >/dev/null 2>&1 || echo "$o"; done)"
check_grep "gcc: a .su line is file:line:col:name, bytes, kind" \
	'^[^	]*/kernel/task\.c:[0-9]+:[0-9]+:task_yield	[0-9]+	static$' "$O/kernel/task.o.su"
check_grep "gcc: a .ci has the calls" 'sourcename: "tasks_run" targetname: "task_yield"' \
	"$O/kernel/task.o.ci"
check_eq "no .su, .ci or dump in the source tree" "" \
	"$(cd "$SRC" && git status --porcelain --ignored -- '*.su' '*.ci' '*.optimized' '*.cgraph' 2>&1)"
mk O="$O" clean
check_eq "make clean removes the .su and .ci files and the dumps" "" \
	"$(find "$O" -name '*.su' -o -name '*.ci' -o -name '*.optimized' -o -name '*.cgraph')"

O="$T/none"
mk O="$O" ARCH=x86_64 defconfig all
check_grep "without the option the build links" '^CONFIG_' "$O/.config"
check_eq "without the option no .su is written" "" "$(find "$O" -name '*.su')"

if command -v clang >/dev/null && command -v ld.lld >/dev/null; then
	O="$T/clang"
	stack_usage_config "$O" ARCH=x86_64 LLVM=1 && mk O="$O" LLVM=1 -j1
	check "clang: a STACK_USAGE build links" test -x "$O/sample"
	check_eq "clang: every C object has its .su" "" "$(missing "$O" su)"
	check_eq "clang 14 writes no .ci" "" "$(find "$O" -name '*.ci')"
	# Without a call graph the calls are read from the image's code:
	# sample's entry and five tasks get numbers (tests/stack/clang.t
	# checks them against the .su frames).
	mk O="$O" LLVM=1 checkstack
	check_eq "clang: make checkstack bounds sample's entry and five tasks from the code" 6 \
		"$(grep -cE '^samples/sample/sample: (entry|task) [a-z_]+: .*bound [0-9]+ bytes' "$T/out")"
	check_eq "...and compiled without jump tables, which the code cannot tell from a pointer" \
		1 "$(grep -c -- '-fno-jump-tables' "$O/kernel/.task.o.cmd")"
else
	skip "clang: .su files" "clang or lld is not installed"
fi
