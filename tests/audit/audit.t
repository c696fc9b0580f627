#!/bin/sh
# tests/run: slow
# The protection audit: every object is judged by what the compiler
# emitted (its witnesses), not by what it was told. Each way of building an
# object weaker than configured gets a warning naming the object, what it
# was built as and, where the command line shows it, the flag and its
# origin; STRICT makes it an error; the banner and make's last line tell
# the truth; declared exemptions stay exemptions.
. "$(dirname "$0")/../lib.sh"

B="$SRC/tests/bin"
S="$T/src"			# a copy of the tree, for Makefile edits
src_copy "$S"

# build NAME [MAKE ARGS...]: make in O=$T/NAME (from $SRCDIR), output in $T/NAME.out
SRCDIR=$SRC
build() {
	name=$1; shift
	(cd "$SRCDIR" && make O="$T/$name" "$@" >"$T/$name.out" 2>&1)
}
config() {	# config NAME [FRAGMENT] [strict]
	(cd "$SRCDIR" && make O="$T/$1" x86_64_defconfig ${2:+$2.config} >/dev/null 2>&1)
	if [ "${3:-}" = strict ]; then
		sed -i 's/^# CONFIG_CC_STACKPROTECTOR_STRICT is not set$/CONFIG_CC_STACKPROTECTOR_STRICT=y/' "$T/$1/.config"
		grep -q '^CONFIG_CC_STACKPROTECTOR_STRICT=y' "$T/$1/.config" ||
			echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$T/$1/.config"
	fi
}
banner() { "$T/$1/sample" 2>&1; }
smash() { "$T/$1/sample" smash "$2" >/dev/null 2>&1; echo $?; }
spaudit() { n=$1; shift; (cd "$SRCDIR" && make -s O="$T/$n" spaudit "$@" 2>&1); }

c_objects="kernel/start.o lib/string.o lib/vsprintf.o samples/sample/main.o samples/sample/cases.o"

# --- KCFLAGS=-fno-stack-protector, STRONG and STRICT: an error, no image.
config kno strong strict
build kno KCFLAGS=-fno-stack-protector; rc=$?
check "KCFLAGS=-fno-stack-protector + STRICT: make fails" test $rc -ne 0
check_grep "...the object is named, with the flag and where it came from" \
	'^error: kernel/start.o: built without stack protection \(-fno-stack-protector, from KCFLAGS\)' "$T/kno.out"
check_grep "...and the error says what to do" \
	'CONFIG_CC_STACKPROTECTOR_STRICT=y stops the build: drop the flag named, or declare the object exempt' "$T/kno.out"
check "...no sample is linked" test ! -e "$T/kno/sample"
build kno KCFLAGS=-fno-stack-protector; rc=$?
check "...and the next make fails again: nothing was taken as up to date" test $rc -ne 0
check_grep "...re-auditing the same objects" '^error: kernel/start.o: built without' "$T/kno.out"

# The same without STRICT: warnings, and the banner tells the truth.
config knw strong
build knw KCFLAGS=-fno-stack-protector; rc=$?
check_eq "KCFLAGS=-fno-stack-protector: make succeeds without STRICT" 0 $rc
for o in $c_objects; do
	check_grep "...warning for $o" "^warning: $o: built without stack protection \\(-fno-stack-protector, from KCFLAGS\\)" "$T/knw.out"
done
check_nogrep "...no warning for the declared exemption" 'warning: lib/stackprotector.o' "$T/knw.out"
check_grep "...make's last audit line names the weakest mode and its count" \
	'^stack-protector: none in 6 of 6 objects, configured strong' "$T/knw.out"
check_grep "...the banner says none, and how many objects" \
	'stack-protector=none \(configured strong; 6 of 6 objects[;)]' "$(banner knw >"$T/b"; echo "$T/b")"
check_grep "...ssp-summary.h says none" '^#define SSP_MODE_EFFECTIVE "none"$' \
	"$T/knw/include/generated/ssp-summary.h"
check_eq "...and char16 is indeed not caught" 139 "$(smash knw char16)"
spaudit knw KCFLAGS=-fno-stack-protector >"$T/knw.audit"; rc=$?
check "...make spaudit exits non-zero" test $rc -ne 0
check_grep "...spaudit marks the object weaker" '^lib/vsprintf.o +[0-9]+ +0 +none +- +WEAKER' "$T/knw.audit"

# --- KCFLAGS=-fstack-protector under STRONG: REGULAR, int-array not caught.
config kreg strong
build kreg KCFLAGS=-fstack-protector
check_grep "KCFLAGS=-fstack-protector under STRONG: warning, built as regular" \
	'^warning: samples/sample/cases.o: built as regular \(-fstack-protector, from KCFLAGS\); the build asks for strong' "$T/kreg.out"
check_grep "...the banner says regular" 'stack-protector=regular \(configured strong; 6 of 6 objects[;)]' \
	"$(banner kreg >"$T/b"; echo "$T/b")"
check "...int-array is not caught, as the banner now says" test "$(smash kreg int-array)" -ne 134
check_eq "...char16 still is" 134 "$(smash kreg char16)"

# --- A CFLAGS_x.o override, in the object's own Makefile.
SRCDIR=$S
echo 'CFLAGS_cases.o += -fstack-protector-explicit' >>"$S/samples/sample/Makefile"
config cflags strong
build cflags
check_grep "CFLAGS_cases.o override: named with its Makefile" \
	'^warning: samples/sample/cases.o: built as explicit \(-fstack-protector-explicit, from CFLAGS_cases.o in samples/sample/Makefile\)' "$T/cflags.out"
check_grep "...only that object" '^stack-protector: explicit in 1 of 6 objects, configured strong' "$T/cflags.out"
check_grep "...the banner agrees" 'stack-protector=explicit \(configured strong; 1 of 6 objects[;)]' \
	"$(banner cflags >"$T/b"; echo "$T/b")"
config cflags-strict strong strict
build cflags-strict; rc=$?
check "...an error under STRICT" test $rc -ne 0
git -C "$SRC" show HEAD:samples/sample/Makefile >"$S/samples/sample/Makefile" 2>/dev/null ||
	cp "$SRC/samples/sample/Makefile" "$S/samples/sample/Makefile"

# --- A ccflags-y override in one directory.
echo 'ccflags-y += -fstack-protector' >>"$S/lib/Makefile"
config ccflags strong
build ccflags
for o in lib/string.o lib/vsprintf.o; do
	check_grep "ccflags-y override: $o named, with lib/Makefile" \
		"^warning: $o: built as regular \\(-fstack-protector, from ccflags-y in lib/Makefile\\)" "$T/ccflags.out"
done
check_nogrep "...objects of other directories are fine" 'warning: samples/' "$T/ccflags.out"
check_grep "...the summary counts the directory" '^stack-protector: regular in 2 of 6 objects' "$T/ccflags.out"
cp "$SRC/lib/Makefile" "$S/lib/Makefile"

# --- CFLAGS_REMOVE_x.o takes the mode's flag away: named as such.
echo 'CFLAGS_REMOVE_string.o += -fstack-protector-strong' >>"$S/lib/Makefile"
config remove strong
build remove
check_grep "CFLAGS_REMOVE_string.o: the flag's removal is named" \
	'^warning: lib/string.o: built without stack protection \(-fstack-protector-strong removed by CFLAGS_REMOVE_string.o\)' "$T/remove.out"
check_nogrep "CFLAGS_REMOVE_string.o: the removed flag is not on its command line" \
	'-fstack-protector-strong' "$T/remove/lib/.string.o.cmd"
cp "$SRC/lib/Makefile" "$S/lib/Makefile"

# --- subdir-ccflags-y reaches the directories below, and is named.
echo 'subdir-ccflags-y += -fstack-protector' >>"$S/samples/Makefile"
config subdir strong
build subdir
check_grep "subdir-ccflags-y in samples/: reaches samples/sample/cases.o" \
	'^warning: samples/sample/cases.o: built as regular \(-fstack-protector, from subdir-ccflags-y above samples/sample\)' "$T/subdir.out"
check_nogrep "...and not lib/" 'warning: lib/' "$T/subdir.out"
cp "$SRC/samples/Makefile" "$S/samples/Makefile"

# --- A declared exemption of a whole directory: reported, never a failure.
echo 'ccflags-y += $(DISABLE_STACKPROTECTOR)' >>"$S/samples/sample/Makefile"
config exempt strong strict
build exempt; rc=$?
check_eq "ccflags-y += \$(DISABLE_STACKPROTECTOR): even STRICT builds" 0 $rc
check_nogrep "...no warning or error" '^(warning|error): ' "$T/exempt.out"
check_grep "...the summary lists the exemptions" \
	'declared exempt: kernel/task.o, lib/stackprotector.o, samples/sample/main.o, samples/sample/cases.o, samples/sample/tasks.o$' "$T/exempt.out"
spaudit exempt >"$T/exempt.audit"; rc=$?
check_eq "...spaudit exits 0" 0 $rc
check_grep "...and says exempt" '^samples/sample/cases.o +[0-9]+ +0 +none +exempt \(Makefile\)$' "$T/exempt.audit"
cp "$SRC/samples/sample/Makefile" "$S/samples/sample/Makefile"
SRCDIR=$SRC

# --- A wrapper that drops protection for one file only.
config drop strong
build drop CC="$B/cc-drop-one" DROP_FILE=lib/vsprintf.c
check_grep "a compiler ignoring the flags for one file: caught" \
	'^warning: lib/vsprintf.o: built without stack protection \(its command line has -fstack-protector-strong, from the configured mode: the compiler or a wrapper around it did not honour it\)' "$T/drop.out"
check_grep "...only that file" '^stack-protector: none in 1 of 6 objects' "$T/drop.out"
check_grep "...banner" 'stack-protector=none \(configured strong; 1 of 6 objects[;)]' \
	"$(banner drop >"$T/b"; echo "$T/b")"

# --- A wrapper whose inner compiler changes after the first build: the
# identity sees the wrapper only; the audit sees the objects.
config inner strong
build inner CC="$B/cc-wrapper"
check_grep "wrapper, first build: strong everywhere" '^stack-protector: strong in all 6 objects' "$T/inner.out"
probes_before=$(cat "$T/inner/.tmp/probes.mk")
rm -f "$T/inner/lib/string.o"	# one object is rebuilt, the source tree untouched
build inner CC="$B/cc-wrapper" INNER_CC="$B/cc-broken"
check_eq "...the probe cache was not redone (the wrapper did not change)" \
	"$probes_before" "$(cat "$T/inner/.tmp/probes.mk")"
check_grep "...but the rebuilt object is caught by the audit" \
	'^warning: lib/string.o: built without stack protection \(its command line has -fstack-protector-strong' "$T/inner.out"
check_grep "...and the banner says so" 'stack-protector=none \(configured strong; 1 of 6 objects[;)]' \
	"$(banner inner >"$T/b"; echo "$T/b")"

# --- The compiler's identity covers every program CC names.
mkdir -p "$T/bin" && cp "$B/cc-wrapper" "$T/bin/wrap" && cp "$B/cc-wrapper" "$T/bin/inner"
config ident strong
build ident CC="$T/bin/wrap $T/bin/inner"
check_grep "identity: the wrapper's path, inode, mtime and size" \
	"$T/bin/wrap:[0-9]+\\.[0-9]+\\.[0-9]+" "$T/ident/.tmp/probes.mk"
check_grep "identity: ...and the compiler it is given" \
	"$T/bin/inner:[0-9]+\\.[0-9]+\\.[0-9]+" "$T/ident/.tmp/probes.mk"
before=$(grep identity "$T/ident/.tmp/probes.mk")
echo '# changed' >>"$T/bin/inner"
build ident CC="$T/bin/wrap $T/bin/inner"
check "identity: changing the second program changes the identity (probes redone)" \
	test "$before" != "$(grep identity "$T/ident/.tmp/probes.mk")"

# --- Cost: a no-op make runs no audit; an edit audits only what it rebuilt.
if command -v strace >/dev/null; then
	(cd "$SRC" && strace -f -qq -e trace=execve -o "$T/strace" make O="$T/inner" \
		CC="$B/cc-wrapper" INNER_CC="$B/cc-broken" >/dev/null 2>&1)
	check_nogrep "no-op make starts no audit, compiler, assembler or linker" \
		'execve\("[^"]*/(spaudit|gcc|cc1|as|ld|cc-wrapper)"' "$T/strace"
fi
# The records spaudit writes tell which objects it read: dated 2000,
# only the rebuilt one's is written again.
rm -f "$T/inner/samples/sample/main.o"
touch -d 2000-01-01 "$T/inner/samples/sample/.main.o.ssp" "$T/inner/samples/sample/.cases.o.ssp"
build inner CC="$B/cc-wrapper" INNER_CC="$B/cc-broken"
check_eq "an edit audits only the rebuilt object" "main.o: read again, cases.o: 2000" \
	"main.o: $([ "$(date -r "$T/inner/samples/sample/.main.o.ssp" +%Y)" != 2000 ] && echo read again), cases.o: $(date -r "$T/inner/samples/sample/.cases.o.ssp" +%Y)"
check_eq "...other directories are not audited again" \
	"AUDIT   samples/sample" "$(grep AUDIT "$T/inner.out" | grep -v 'AUDIT   samples/sample/sample$' | sed 's/^ *//')"

# --- The audit never cries wolf: every mode, as configured, audits clean.
for mode in none regular regular4 strong all explicit; do
	config "m-$mode" "$mode" strict
	build "m-$mode"; rc=$?
	check_eq "$mode + STRICT: builds with no warning" "0:" \
		"$rc:$(grep -E '^(warning|error): ' "$T/m-$mode.out" | head -3)"
	spaudit "m-$mode" >"$T/m-$mode.audit"
	check_eq "$mode: spaudit exits 0" 0 $?
	m=$mode; [ $mode = regular4 ] && m=regular
	check_grep "$mode: banner says $m" "stack-protector=$m \\(configured $m[;)]" \
		"$(banner "m-$mode" >"$T/b"; echo "$T/b")"
done
# JSON for CI.
(cd "$SRC" && make -s O="$T/m-strong" spaudit SPAUDIT_FLAGS=--json) >"$T/j.json"
check "spaudit --json is valid JSON with one entry per object" \
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["objects"]) == 10 and not d["weaker"]' "$T/j.json"

done_testing
