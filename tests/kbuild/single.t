#!/bin/sh
# Single targets, as Kbuild has them: make dir/, make dir/file.o, .i and
# .s build that much and nothing else, with the flags the full build
# gives the object; a name that is not there is an error that says so.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
LOGCC="$SRC/tests/bin/logcc"
CC_LOG="$T/cc.log"; export CC_LOG
mk O="$O" x86_64_defconfig
compiled() { grep -o -- ' -o [^ ]*\.tmp ' "$CC_LOG" | sed 's/ -o //; s/\.tmp $//' | sort | tr '\n' ' ' | sed 's/ $//'; }

: >"$CC_LOG"
mk O="$O" CC="$LOGCC" lib/string.o; rc=$?
check_eq "make lib/string.o: exit 0" 0 $rc
check_eq "...compiles that object and nothing else" "lib/string.o" "$(compiled)"
check "...and links no sample" test ! -e "$O/sample"
: >"$CC_LOG"
mk O="$O" CC="$LOGCC" lib/string.o
check_eq "...a second time, nothing (if_changed)" "" "$(compiled)"

mk O="$O" CC="$LOGCC" lib/string.i lib/string.s; rc=$?
check_eq "make lib/string.i lib/string.s: exit 0" 0 $rc
check_grep "...the .i is the preprocessed source, memcpy's definition in it" '^void \*memcpy\(' "$O/lib/string.i"
check_grep "...with the forced-in witnesses: the object's own flags" '__ssp_witness_array' "$O/lib/string.i"
check_nogrep "...and no directive left" '^#(include|define) ' "$O/lib/string.i"
check_grep "...the .s is the compiler's assembler, with memcpy" '^memcpy:' "$O/lib/string.s"
check_grep "...under the object's mode" '(__stack_chk_fail|__stack_chk_guard)' "$O/lib/string.s"

: >"$CC_LOG"
mk O="$O" CC="$LOGCC" samples/; rc=$?
check_eq "make samples/: exit 0" 0 $rc
check_eq "...compiles the objects below it" \
	"samples/sample/cases.o samples/sample/main.o samples/sample/tasks.o" "$(compiled)"
check "...audits them and lists the image they make" test -e "$O/samples/sample/.ssp-audit" -a -e "$O/samples/images.order"
check "...and links no sample" test ! -e "$O/sample"

mk O="$O" lib/mylib/; rc=$?
check "make lib/mylib/ (no such directory) fails" test $rc -ne 0
check_grep "...saying it has no Kbuild or Makefile" 'lib/mylib/: .*/lib/mylib/ has no Kbuild or Makefile naming what to build' "$T/out"
mk O="$O" lib/mylib.o; rc=$?
check "make lib/mylib.o (no source) fails" test $rc -ne 0
check_grep "...saying there is no source to make it from" 'lib/mylib.o: there is no lib/mylib.c or .S in .* to make it from' "$T/out"

# The whole build after single targets: the objects built alone are audited.
mk O="$O" -j2
check_grep "make after them: the image, with every object audited" '^stack-protector: strong in all 6 objects' "$T/out"

done_testing
