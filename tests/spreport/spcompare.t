#!/bin/sh
# make spcompare: every mode of ARCH, built with the user's own fragments
# (SPCOMPARE_CONFIGS), compared on the linked images; each row's figures
# are what spreport says of that mode's image on its own.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
printf 'CONFIG_LOCALVERSION="-cmp"\n' >"$S/configs/mine.config"
O="$T/obj"
make -C "$S" -s O="$O" x86_64_defconfig >/dev/null 2>&1
make -C "$S" -j2 O="$O" spcompare SPCOMPARE_CONFIGS=mine.config >"$T/out" 2>&1; rc=$?
check_eq "make -j2 spcompare SPCOMPARE_CONFIGS=mine.config: exit 0" 0 $rc
C="$O/spcompare"
# entry MODE: "N M" from the comparison's block for MODE.
entry() {
	awk -v m="$1" '$1 == "-" && $2 == m { f = 1; next }
		f && / functions are stack-protected/ { print $1, $3; exit }' "$T/out"
}
for mode in $("$SRC/scripts/ssp-modes"); do
	check_grep "$mode: built with the user's fragment" '^CONFIG_LOCALVERSION="-cmp"$' "$C/$mode/.config"
	up=$(echo $mode | tr a-z A-Z)
	check_grep "$mode: ...and the mode on top of it" "^CONFIG_CC_STACKPROTECTOR_$up=y\$" "$C/$mode/.config"
	# spreport's own line for the image: "N of M functions are stack-protected (X%)"
	set -- $("$O/scripts/spreport/spreport" "$C/$mode/sample" | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p')
	check_eq "$mode: its entry has the image's figures" "$1 $2" "$(entry $mode)"
done
check "the chart is drawn" test -s "$C/spcompare.svg"

make -C "$S" O="$O" spcompare SPCOMPARE_CONFIGS=nosuch.config >"$T/out" 2>&1; rc=$?
check "a fragment that is not there: spcompare fails" test $rc -ne 0
check_grep "...naming it" 'no fragment .*/configs/nosuch.config' "$T/out"

done_testing
