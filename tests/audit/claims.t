#!/bin/sh
# What sspkit says about a build is about that build: make spaudit reads
# what the last build left and compiles nothing; a configuration step
# warns about lowered protection only when a stronger configuration was
# there before; a failed STRICT build leaves no earlier image behind.
. "$(dirname "$0")/../lib.sh"

O="$T/x86"
strict() {
	sed -i '/CONFIG_CC_STACKPROTECTOR_STRICT/d' "$1/.config"
	echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$1/.config"
}

# --- make spaudit reads the build as it stands.
mk O="$O" x86_64_defconfig && mk O="$O" -j2 KCFLAGS=-fno-stack-protector
check "a build with KCFLAGS=-fno-stack-protector (no STRICT) succeeds" test -x "$O/sample"
strace -f -qq -e trace=execve -o "$T/spaudit.strace" \
	make -C "$SRC" -s O="$O" spaudit >"$T/audit" 2>"$T/audit.err"; rc=$?
check "make spaudit without the KCFLAGS fails (objects weaker)" test $rc -ne 0
check_grep "...it reports the build that was made, not a new one" \
	'^lib/vsprintf.o +[0-9]+ +0 +none +- +WEAKER' "$T/audit"
execs=$(grep -o 'execve("[^"]*"' "$T/spaudit.strace" | grep -v ENOENT | sed 's/execve("//; s/"$//' | sort -u)
check_eq "...and starts no compiler, assembler or linker (strace)" "" \
	"$(printf '%s\n' $execs | grep -E '/(gcc|cc|cc1|clang[^/]*|as|ld[^/]*|collect2|x86_64-linux-gnu-[^/]*)$')"
check_grep "...only make, the lock, the shell and spaudit" '/scripts/spaudit/spaudit$' \
	"$(printf '%s\n' $execs >"$T/execs"; echo "$T/execs")"
check "...and leaves every object as it was" test "$(find "$O" -newer "$T/audit" -name '*.o' | wc -l)" -eq 0

mk O="$O" -j2
make -C "$SRC" -s O="$O" spaudit SPAUDIT_FLAGS=--json >"$T/json" 2>"$T/json.err"; rc=$?
check_eq "make -s spaudit --json after a clean rebuild: exit 0" 0 $rc
check "...its stdout is JSON and nothing else" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["complete"] and not d["weaker"] and d["expect"] == "strong", d
assert len(d["objects"]) == 10, len(d["objects"])
assert {o["image"] for o in d["objects"]} == {"samples/sample/sample"}' "$T/json"

touch "$O/lib/string.o"
make -C "$SRC" -s O="$O" spaudit >"$T/audit" 2>"$T/audit.err"; rc=$?
check "an object newer than its record: make spaudit fails" test $rc -ne 0
check_grep "...saying that the last build did not finish, and which object" \
	'^spaudit:   lib/string.o: it was rebuilt after its audit' "$T/audit.err"
check_grep "...and naming the image" 'the last build of samples/sample/sample did not finish' "$T/audit.err"
# Audited again but not linked again (a build stopped between the audit
# and the link): the record is up to date, the image is not.
now=$(date +%s)
touch -d "@$((now + 2))" "$O/lib/string.o"
touch -d "@$((now + 3))" "$O/lib/.string.o.ssp"
make -C "$SRC" -s O="$O" spaudit >"$T/audit" 2>"$T/audit.err"; rc=$?
check "an object audited after the image was linked: make spaudit fails" test $rc -ne 0
check_grep "...saying the object is newer than the image" \
	'^spaudit:   lib/string.o: it is newer than the image' "$T/audit.err"

mk O="$T/none" clean
make -C "$SRC" -s O="$T/empty" spaudit >"$T/audit" 2>&1; rc=$?
check "make spaudit before any build fails" test $rc -ne 0
check_grep "...saying to run make first" 'no audited build in .*: run "make" first' "$T/audit"

# arm: the early-boot stage is an image of its own, and is listed.
A="$T/arm"
mk O="$A" ARCH=arm arm_defconfig && mk O="$A" ARCH=arm -j2
make -C "$SRC" -s O="$A" ARCH=arm spaudit SPAUDIT_FLAGS=--json >"$T/arm.json" 2>&1
check "arm: make spaudit lists the zImage stage's objects too" python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
stage = [o["object"] for o in d["objects"] if o["image"] == "arch/arm/boot/zImage"]
assert "arch/arm/boot/compressed/misc.o" in stage and "arch/arm/boot/compressed/early.o" in stage, stage
assert d["complete"], d' "$T/arm.json"

# --- A STRICT build that fails leaves no image of an earlier build.
S="$T/strict"
mk O="$S" x86_64_defconfig && mk O="$S" -j2
check "a STRICT tree's first build links sample" test -x "$S/sample"
strict "$S"
mk O="$S" -j2 KCFLAGS=-fno-stack-protector; rc=$?
check "...a build it fails (KCFLAGS=-fno-stack-protector)" test $rc -ne 0
check "...leaves no sample behind" test ! -e "$S/sample"
check_grep "...and says it removed the earlier one" \
	'removed sample samples/sample/sample: linked by an earlier build, from objects this one replaces' "$T/out"
make -C "$SRC" -s O="$S" spaudit >"$T/audit" 2>"$T/audit.err"
check_grep "...make spaudit says the build did not finish" \
	'the last build of samples/sample/sample did not finish' "$T/audit.err"
mk O="$S" run KCFLAGS=-fno-stack-protector; rc=$?
check "...make run of the same build fails" test $rc -ne 0
check_nogrep "...and runs nothing" '^sspkit sample: ' "$T/out"
check "...there is no sample for it to take" test ! -e "$S/sample"
mk O="$S" run
check_grep "without the flag, make run builds and runs this build's sample" \
	'^sspkit sample: .*stack-protector=strong \(configured strong' "$T/out"

# --- A lowering warning only below a configuration that was there.
mk O="$T/fresh" x86_64_defconfig none.config
check_nogrep "a new O= tree: x86_64_defconfig none.config lowers nothing" \
	'lowers stack protection' "$T/out"
check "...and keeps no .config.ssp.old" test ! -e "$T/fresh/.config.ssp.old"
check_grep "...the configuration is none" '^CONFIG_CC_STACKPROTECTOR_NONE=y' "$T/fresh/.config"
mk O="$T/fresh" x86_64_defconfig none.config
check_nogrep "...nor again over that none configuration" 'lowers stack protection' "$T/out"
mk O="$T/fresh" x86_64_defconfig
mk O="$T/fresh" x86_64_defconfig none.config
check_grep "over a strong configuration, the same goals do warn" \
	'warning: this configuration step lowers stack protection \(was strong' "$T/out"
check "...keeping the strong one in .config.ssp.old" \
	grep -q '^CONFIG_CC_STACKPROTECTOR_STRONG=y' "$T/fresh/.config.ssp.old"

done_testing
