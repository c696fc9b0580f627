#!/bin/sh
# scripts/ssp-modes prints the one list of the stack-protector modes
# (ssp-modes in scripts/Makefile.stackprotector), which spcompare, its
# table and the tests go through: the Kconfig choice's, in its order.
. "$(dirname "$0")/../lib.sh"

choice=$(sed -n '/^choice/,/^endchoice/s/^config CC_STACKPROTECTOR_\([A-Z]*\)$/\1/p' \
	"$SRC/arch/Kconfig" | tr 'A-Z' 'a-z')
check_eq "the modes are the Kconfig choice's, in its order" \
	"$choice" "$("$SRC/scripts/ssp-modes")"

# A tree whose Makefile.stackprotector lost the list: a message, exit 2.
mkdir -p "$T/s/scripts"
cp "$SRC/scripts/ssp-modes" "$T/s/scripts/"
sed '/^ssp-modes := /d' "$SRC/scripts/Makefile.stackprotector" >"$T/s/scripts/Makefile.stackprotector"
"$T/s/scripts/ssp-modes" >"$T/out" 2>&1
check_eq "without the list: exit 2" 2 $?
check_grep "...naming the file and the line it wants" \
	'Makefile.stackprotector has no "ssp-modes := \.\.\." line' "$T/out"

done_testing
