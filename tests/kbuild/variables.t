#!/bin/sh
# Every variable a user sets is in make help and in the variables table
# of Documentation/usage.md. The list is not
# kept by hand: it is every upper-case variable the Makefiles read and do
# not set themselves (or set only with ?=, a default), less make's own,
# CONFIG_ symbols and what one make passes to the next.
. "$(dirname "$0")/../lib.sh"

cd "$SRC" || exit 1
files="Makefile scripts/Makefile.build scripts/Makefile.toolchain
	scripts/Makefile.stackprotector scripts/kconfig/Makefile
	scripts/kconfig/Makefile.cc scripts/matrix/Makefile scripts/Kbuild.include
	$(ls arch/*/Makefile arch/*/mach-*/Makefile.board)"
# Read: $(VAR) or ${VAR}; set: VAR := / = / += at the start of a line.
cat $files | grep -oE '\$[({][A-Z][A-Z0-9_]*[)}]' | tr -d '${}()' | sort -u >"$T/read"
cat $files | sed -nE 's/^[[:space:]]*(export[[:space:]]+|override[[:space:]]+)?([A-Z][A-Z0-9_]*)[[:space:]]*(:=|\+=|=).*/\2/p' |
	sort -u >"$T/set"
# make's own, and what the top-level make hands its sub-makes.
printf '%s\n' CURDIR MAKE MAKECMDGOALS MAKEFLAGS MAKEFILE_LIST MAKE_HOST MAKE_VERSION MAKELEVEL PATH SHELL \
	MAKEOVERRIDES KBUILD_SRC KBUILD_LOCKED KBUILD_CONFIG_BASELINE KBUILD_OUTPUT \
	KBUILD_NINJA KBUILD_NINJA_ELSEWHERE KBUILD_FAST_KEY | sort >"$T/internal"
comm -23 "$T/read" "$T/set" | grep -v '^CONFIG_' | comm -23 - "$T/internal" >"$T/user"
# The matrix's subset variables reach scripts/matrix/cells by name; ARCH,
# CC and KCONFIG have defaults the Makefiles set in ways the scan above
# cannot tell from their own variables (ifeq on origin, a continued line).
"$SRC/scripts/matrix/cells" --vars | tr ' ' '\n' >>"$T/user"
printf '%s\n' ARCH CC KCONFIG >>"$T/user"
sort -u -o "$T/user" "$T/user"

check "the user's variables are found (at least ARCH, KCFLAGS, RUNARGS)" \
	sh -c "grep -qx KCFLAGS '$T/user' && grep -qx RUNARGS '$T/user' && grep -qx CROSS_COMPILE '$T/user'"
make -s help >"$T/help" 2>&1
for v in $(cat "$T/user"); do
	check_grep "$v is in make help" "(^|[ ,])$v=" "$T/help"
	check_grep "$v is in Documentation/usage.md's variables table" "^\\| [^|]*\`$v(=[^\`]*)?\`" \
		"$SRC/Documentation/usage.md"
done

# The check itself: a variable read and documented nowhere is found.
echo 'x := $(SSPKIT_UNDOCUMENTED_KNOB)' >"$T/extra.mk"
cat $files "$T/extra.mk" | grep -oE '\$[({][A-Z][A-Z0-9_]*[)}]' | tr -d '${}()' | sort -u >"$T/read2"
check "...and one it does not document would be found" \
	sh -c "comm -23 '$T/read2' '$T/set' | grep -qx SSPKIT_UNDOCUMENTED_KNOB && ! grep -q SSPKIT_UNDOCUMENTED_KNOB '$T/help'"

done_testing
