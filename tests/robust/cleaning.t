#!/bin/sh
# No cleaning goal loses a configuration (issue 35, 1): with M=DIR,
# mrproper and distclean clean DIR only, and leave the configured tree
# they build against alone; without M=, mrproper and distclean keep the
# configuration as .config.old, and distclean removes the lock too.
. "$(dirname "$0")/../lib.sh"

O="$T/obj" X="$T/ext"
mkdir -p "$X" && cp "$SRC"/tests/kbuild/hello/* "$X"/
mk O="$O" x86_64_defconfig && mk O="$O" && mk O="$O" M="$X"
check "a configured, built tree and an external tree built against it" \
	test -e "$O/sample" -a -e "$X/main.o"
cp "$O/.config" "$T/config"
# What the configured tree holds besides objects.
kept() { (cd "$O" && ls -d .config include/config include/generated .tmp \
	kernel/*.o 2>/dev/null | tr '\n' ' '); }
before=$(kept)

for goal in mrproper distclean; do
	mk O="$O" M="$X" $goal; rc=$?
	check_eq "M=DIR $goal exits 0" 0 $rc
	check_grep "...saying it cleaned that tree only" \
		"M=$X: $goal removed that tree's outputs only; $O keeps its configuration" "$T/out"
	check_eq "...and leaves the configured tree as it was" "$before" "$(kept)"
	check "...its .config unchanged" cmp -s "$T/config" "$O/.config"
	check_eq "...and DIR as it came" "Makefile main.c sink.c" "$(ls "$X" | tr '\n' ' ' | sed 's/ $//')"
	mk O="$O" M="$X"
done

# Without M=, the configuration goes to .config.old.
mk O="$O" mrproper; rc=$?
check_eq "mrproper exits 0" 0 $rc
check "...removes .config" test ! -e "$O/.config"
check "...keeps it as .config.old" cmp -s "$T/config" "$O/.config.old"
check_grep "...and says how to bring it back" \
	"the configuration is kept as $O/.config.old: \"cp $O/.config.old $O/.config\" brings it back" "$T/out"
mk O="$O"; rc=$?
check "a build after mrproper fails" test $rc -ne 0
check_grep "...naming the kept configuration" \
	"no configuration \(.config\) in $O, but .config.old is there \(kept by make mrproper" "$T/out"
mk O="$O" mrproper
check "a second mrproper leaves the kept configuration" cmp -s "$T/config" "$O/.config.old"

cp "$O/.config.old" "$O/.config"
mk O="$O" distclean; rc=$?
check_eq "distclean exits 0" 0 $rc
check "...keeps the configuration as .config.old" cmp -s "$T/config" "$O/.config.old"
check_eq "...and leaves nothing else, not even the lock" ".config.old" \
	"$(cd "$O" && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//')"

# A goal that rewrites .config keeps the one before.
mk O="$O" x86_64_defconfig && mk O="$O" none.config
check "none.config keeps the defconfig as .config.old" cmp -s "$T/config" "$O/.config.old"

done_testing
