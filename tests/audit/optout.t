#!/bin/sh
# tests/run: slow
# Protection switched off inside a source (pragmas, optimize and
# no_stack_protector attributes, clang's attribute pragma, macros that
# hold them) is found by the audit, down to the function, on gcc and
# clang and more than one arch: a warning naming object, function and
# line, a banner that says so, make spaudit marking it, and an error
# under STRICT. Each claim is checked against the object's own code
# (spreport --list). The declared __no_stack_protector is listed by name.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
mkdir -p "$S/samples/sample/ext"
cp "$SRC"/tests/audit/optout/*.c "$SRC/tests/audit/optout/Makefile" "$S/samples/sample/ext/"
echo 'sample-objs += ext/' >>"$S/samples/sample/Makefile"


# protection OBJ FUNCTION: "protected" or "unprotected", from the code.
protection() {
	"$O/scripts/spreport/spreport" --list "$O/$1" |
		awk -v f="$2" '$3 == f || index($3, f ".") == 1 { print $1; exit }'
}

# expect_off FILE FUNCTION LINE: the warning, spaudit's line, the code.
expect_off() {
	o="samples/sample/ext/${1%.c}.o"
	check_grep "$cell: $o: warning names $2 and $1:$3" \
		"^warning: $o: $2 \\(samples/sample/ext/$1:$3\\): stack protection switched off in its source by .*, undeclared; the build asks for strong" "$T/$cell.build"
	check_grep "$cell: ...make spaudit marks $2" "^    $2 \\(samples/sample/ext/$1:$3\\): switched off by .*WEAKER" "$T/$cell.audit"
	check_eq "$cell: ...and its code has no canary indeed" unprotected "$(protection "$o" "$2")"
}
expect_on() {
	check_eq "$cell: $2 in $1 keeps its canary" protected "$(protection "samples/sample/ext/${1%.c}.o" "$2")"
	check_nogrep "$cell: ...and is not reported" "^(warning|error): .*: $2 " "$T/$cell.build"
}

for cell in x86_64-gcc arm-gcc riscv-gcc x86_64-clang arm-clang; do
	arch=${cell%-*}; cc=${cell#*-}
	llvm=; [ "$cc" = clang ] && llvm=LLVM=1
	O="$T/$cell"
	smk O="$O" ARCH=$arch $llvm ${arch}_defconfig && smk O="$O" ARCH=$arch $llvm -j2
	rc=$?; cp "$T/out" "$T/$cell.build"
	check_eq "$cell: builds (no STRICT)" 0 $rc
	make -C "$S" -s O="$O" ARCH=$arch spaudit >"$T/$cell.audit" 2>&1

	expect_off direct.c direct_off 6
	if [ "$cc" = gcc ]; then
		expect_off pragma.c ext_big 3
		expect_off attribute.c attr_off 5
		expect_off region.c region_off 6
		expect_off region.c macro_off 22
		expect_on attribute.c attr_on
		expect_on region.c region_on
		n=4
	else
		expect_off clang.c clang_off 5
		expect_on clang.c clang_on
		n=2
	fi
	check_grep "$cell: make's last line: none in the $n objects that switch functions off" \
		"^stack-protector: none in $n of [0-9]+ objects, configured strong" "$T/$cell.build"
	check_grep "$cell: declared_off is listed by name, as declared" \
		'^    declared_off \(samples/sample/ext/direct.c:17\): declared __no_stack_protector' "$T/$cell.audit"
	check_nogrep "$cell: ...and not warned about" 'declared_off' "$T/$cell.build"
	check_eq "$cell: ...its code has no canary" unprotected "$(protection samples/sample/ext/direct.o declared_off)"
	smk O="$O" ARCH=$arch $llvm run
	check_eq "$cell: the banner says none, in how many objects" \
		"stack-protector=none (configured strong; $n of" \
		"$(grep -o 'stack-protector=none (configured strong; [0-9]* of' "$T/out")"
done

# STRICT makes each an error, and nothing is linked.
O="$T/strict"
smk O="$O" x86_64_defconfig
echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$O/.config"
smk O="$O" -j2; rc=$?
check "STRICT: the build fails" test $rc -ne 0
check_grep "...with an error naming the function and line" \
	'^error: samples/sample/ext/pragma.o: ext_big \(samples/sample/ext/pragma.c:3\): stack protection switched off in its source by #pragma GCC optimize\("no-stack-protector"\) at samples/sample/ext/pragma.c:1, undeclared' "$T/out"
check_grep "...and what to do" 'remove the pragma or attribute named, or declare the function __no_stack_protector' "$T/out"
check "...no sample" test ! -e "$O/sample"
check_nogrep "...the declared one is no error" 'error: .*declared_off' "$T/out"

# Declaring the object exempt in its Makefile is the other declared way.
echo 'CFLAGS_pragma.o += $(DISABLE_STACKPROTECTOR)' >>"$S/samples/sample/ext/Makefile"
echo 'CFLAGS_attribute.o += $(DISABLE_STACKPROTECTOR)' >>"$S/samples/sample/ext/Makefile"
echo 'CFLAGS_region.o += $(DISABLE_STACKPROTECTOR)' >>"$S/samples/sample/ext/Makefile"
sed -i 's/^__attribute__((no_stack_protector)) int direct_off/__no_stack_protector int direct_off/' "$S/samples/sample/ext/direct.c"
smk O="$O" -j2; rc=$?
check_eq "STRICT, each opt-out declared (Makefile, __no_stack_protector): builds" 0 $rc
check_nogrep "...with no warning" '^(warning|error): ' "$T/out"

# The scanner on its own (spaudit sources), on spellings the build does
# not compile: an unterminated region left open by a header, a comment,
# a string, and #pragma GCC optimize that raises protection back.
cat >"$T/misc.c" <<'X'
/* #pragma GCC optimize("no-stack-protector") in a comment is no opt-out */
static const char *s = "__attribute__((optimize(\"no-stack-protector\")))";
#define NOSSP __attribute__((__optimize__("-fno-stack-protector")))
NOSSP static int via_macro(void) { return s[0]; }
[[gnu::no_stack_protector]] int c2x(void) { return 0; }
int clean(void) { return 1; }
X
"$O/scripts/spaudit/spaudit" sources "$T/misc.c" >"$T/misc.out" 2>&1
check_eq "spaudit sources: the macro and the C2x attribute, nothing else" \
	"4: via_macro 5: c2x" "$(sed -n 's/^[^:]*:\([0-9]*\): \([^:]*\):.*/\1: \2/p' "$T/misc.out" | tr '\n' ' ' | sed 's/ $//')"

done_testing
