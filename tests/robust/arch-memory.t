#!/bin/sh
# The object tree remembers its ARCH (issue 35, 2): its .config says which
# ARCH it was made for. A make without ARCH= builds for that ARCH, saying so
# once; a make with another ARCH= stops, naming both, and writes nothing,
# unless a config goal asks for the conversion.
. "$(dirname "$0")/../lib.sh"

B="$T/b"
n_said() { grep -c "make: ARCH=$1, which $2 is configured for (its .config); give ARCH= for another" "$T/out"; }
# files_since STAMP: what a make wrote in $B after STAMP (the lock aside).
files_since() { find "$B" -newer "$1" -type f ! -name .make.lock | sed "s|^$B/||"; }

for engine in frontends kconfiglib; do
	for board in arm:mps2_defconfig:CONFIG_ARCH_MPS2 riscv:rv32_nommu_virt_defconfig:CONFIG_RISCV_M_MODE; do
		arch=${board%%:*} def=${board#*:}; def=${def%%:*} sym=${board##*:}
		c="$engine, $arch $def"
		rm -rf "$B"
		mk O="$B" KCONFIG=$engine ARCH=$arch $def
		cp "$B/.config" "$T/board"
		# The issue's case: make with no ARCH= in a board's tree.
		mk O="$B" KCONFIG=$engine; rc=$?
		check_eq "$c: make without ARCH= exits 0" 0 $rc
		check_eq "...saying once which ARCH it builds for" 1 "$(n_said $arch "$B")"
		check "...leaving .config as it was" cmp -s "$T/board" "$B/.config"
		check "...with the board still in it" grep -q "^$sym=y" "$B/.config"
		check "...writing no .config.old" test ! -e "$B/.config.old"
		check_grep "...building for $arch" "^#define SSPKIT_ARCH \"$arch\"" "$B/include/generated/build.h"

		# Another ARCH, given on the command line or in the environment.
		sleep 1; touch "$T/stamp"
		mk O="$B" KCONFIG=$engine ARCH=x86_64; rc=$?
		check "$c: make ARCH=x86_64 stops" test $rc -ne 0
		check_grep "...naming both ARCHes and how to go on" \
			"$B is configured for ARCH=$arch \(its .config\), and this make is for ARCH=x86_64 \(from the command line\): leave ARCH out \(or give ARCH=$arch\).*make ARCH=x86_64 O=$B defconfig" "$T/out"
		check_eq "...writing nothing" "" "$(files_since "$T/stamp")"
		ARCH=x86_64 mk O="$B" KCONFIG=$engine; rc=$?
		check "...so does ARCH=x86_64 in the environment" test $rc -ne 0
		check_grep "...saying where it came from" "this make is for ARCH=x86_64 \(from the environment\)" "$T/out"
		check_eq "...writing nothing either" "" "$(files_since "$T/stamp")"
	done

	# A config goal for the new ARCH converts it on purpose.
	mk O="$B" KCONFIG=$engine ARCH=x86_64 defconfig; rc=$?
	check_eq "$engine: make ARCH=x86_64 defconfig in the riscv tree exits 0" 0 $rc
	check "...keeping the board's configuration as .config.old" cmp -s "$T/board" "$B/.config.old"
	mk O="$B" KCONFIG=$engine; rc=$?
	check_eq "...then a make without ARCH= exits 0" 0 $rc
	check_grep "...building for x86_64" '^#define SSPKIT_ARCH "x86_64"' "$B/include/generated/build.h"
	check_nogrep "...without a word: it is this machine's ARCH" "^make: ARCH=" "$T/out"
done

# A plain make in a tree configured for this machine says nothing.
mk O="$T/host" x86_64_defconfig && mk O="$T/host"
check_nogrep "a tree of this machine's ARCH: no word about ARCH" "^make: ARCH=" "$T/out"

done_testing
