#!/bin/sh
# A build in the source tree leaves git's view of it clean, and clean
# targets delete no tracked file: nothing the build writes is tracked.
# An O= tree configured next to an in-tree build owns its include/config/.
. "$(dirname "$0")/../lib.sh"

W="$T/tree"
src_copy "$W"
(cd "$W" && git init -q && git add -A &&
	git -c user.name=t -c user.email=t@t commit -qm tree) ||
	{ fail "a git copy of the tree" "git init/commit failed in $W"; done_testing; }
wmk() { make -C "$W" --no-print-directory "$@" >"$T/out" 2>&1; }
dirty() { git -C "$W" status --porcelain --untracked-files=all; }

# An O= tree set up before anything is built in place: the reference.
wmk O="$T/before" defconfig && wmk O="$T/before" -j2
check "O= build from an unbuilt source tree" test -x "$T/before/sample"

wmk defconfig && wmk -j2 run
check "in-tree defconfig and make run" grep -q '^sspkit sample: ' "$T/out"
check_eq "git status is clean after an in-tree build" "" "$(dirty)"
wmk spaudit
check_eq "...and after make spaudit" "" "$(dirty)"
wmk ARCH=arm arm_defconfig && wmk ARCH=arm -j2
check "in-tree arm build (with zImage)" test -f "$W/arch/arm/boot/zImage"
check_eq "...git status is clean after it" "" "$(dirty)"

# kconfig-frontends opens a relative name it cannot find under $srctree:
# a new O= tree must not take the in-tree build's auto.conf for its own.
wmk O="$T/after" defconfig && wmk O="$T/after" -j2
check "O= build next to an in-tree build" test -x "$T/after/sample"
symfiles() { (cd "$1/include/config" && find . -name '*.h' | sort); }
check_eq "...writes the same per-symbol files as one from an unbuilt tree" \
	"$(symfiles "$T/before")" "$(symfiles "$T/after")"

# make -n prints what it would do and writes nothing: no record, member
# list or manifest that make itself would write as it expands a recipe.
touch "$W/lib/string.c" "$W/samples/sample/main.c"
sleep 1; touch "$T/stamp"
wmk ARCH=arm -n
check_grep "make -n after a change: it would compile lib/string.c" 'lib/string\.o' "$T/out"
check_eq "...and writes no file" "" "$(find "$W" -newer "$T/stamp" -type f | sed "s|^$W/||")"

wmk clean
check_eq "make clean deletes no tracked file" "" "$(dirty | grep -v '^??')"
check_eq "...and leaves nothing it does not know of" "" "$(dirty)"
wmk mrproper
check_eq "make mrproper leaves the tree as git has it" "" "$(dirty)"

done_testing
