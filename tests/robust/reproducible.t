#!/bin/sh
# tests/run: slow
# Reproducible images (issue 35, 7): two git clones of the tree, at two
# paths of different lengths, each built into an O= tree of its own with
# the same KBUILD_BUILD_SEED, give byte-identical images: x86_64, arm with
# its zImage, the MPS2 and RV32 boards, each with gcc and clang. Without
# the seed the boards' images differ (the build-time guard seed is random
# per tree), and so do two different seeds. The clones are of HEAD: a
# change not yet committed is not in them.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

A="$T/a" B="$T/clone-at-a-longer-path/b"
git clone -q "$SRC" "$A" && git clone -q "$SRC" "$B"
check "two clones of the tree" test -f "$A/Makefile" -a -f "$B/Makefile"

# images O: every image the build in O declared, one per line.
images() { cat $(find "$1" -name images.order) 2>/dev/null | sort -u; }
# build CLONE O ARGS...: configure and build.
build() {
	src=$1 o=$2; shift 2
	make -C "$src" O="$o" "$@" >"$T/out" 2>&1
}
# same_images NAME O1 O2: every image of O1 is in O2, byte for byte.
same_images() {
	diff="" n=0
	for i in $(images "$2"); do
		n=$((n + 1))
		cmp -s "$2/$i" "$3/$i" || diff="$diff $i"
	done
	if [ $n -gt 0 ] && [ -z "$diff" ]; then pass "$1 ($n images)"
	else fail "$1" "images: $(images "$2" | tr '\n' ' ')" "differ:$diff"; fi
}

seed="sspkit reproducible test"
for cell in x86_64:x86_64_defconfig arm:arm_defconfig arm:mps2_defconfig riscv:rv32_nommu_virt_defconfig; do
	arch=${cell%%:*} def=${cell#*:}
	for cc in gcc clang; do
		llvm=""; [ $cc = clang ] && llvm=LLVM=1
		c="$def, $cc"
		rc=0
		for side in A B; do
			eval src=\$$side
			o="$T/o-$side-$def-$cc"
			build "$src" "$o" ARCH=$arch $llvm $def &&
				build "$src" "$o" ARCH=$arch $llvm KBUILD_BUILD_SEED="$seed" || rc=1
		done
		check_eq "$c: both clones build with KBUILD_BUILD_SEED" 0 $rc
		same_images "$c: images byte for byte the same" "$T/o-A-$def-$cc" "$T/o-B-$def-$cc"
		[ $def = arm_defconfig ] &&
			check "$c: ...zImage among them" test -n "$(images "$T/o-A-$def-$cc" | grep zImage)"
	done
done

# The broken case: without the seed the boards' images differ per tree.
for cell in arm:mps2_defconfig riscv:rv32_nommu_virt_defconfig; do
	arch=${cell%%:*} def=${cell#*:}
	build "$A" "$T/r1-$def" ARCH=$arch $def && build "$A" "$T/r1-$def" ARCH=$arch
	build "$B" "$T/r2-$def" ARCH=$arch $def && build "$B" "$T/r2-$def" ARCH=$arch
	check "$def without KBUILD_BUILD_SEED: the images differ" \
		test -n "$(cmp "$T/r1-$def/samples/sample/sample" "$T/r2-$def/samples/sample/sample")"
	check_nogrep "...its seed is random" KBUILD_BUILD_SEED "$T/r1-$def/include/generated/guard-seed.h"
	# Pinning and unpinning one tree.
	build "$A" "$T/r1-$def" ARCH=$arch KBUILD_BUILD_SEED="other seed"
	check "$def: another seed, another image" \
		test -n "$(cmp "$T/r1-$def/samples/sample/sample" "$T/o-A-$def-gcc/samples/sample/sample")"
	build "$A" "$T/r1-$def" ARCH=$arch KBUILD_BUILD_SEED="$seed"
	check "$def: the test's seed again, the test's image again" \
		cmp -s "$T/r1-$def/samples/sample/sample" "$T/o-A-$def-gcc/samples/sample/sample"
	build "$A" "$T/r1-$def" ARCH=$arch KBUILD_BUILD_SEED="$seed"
	check_eq "...and a make with the same seed again builds nothing" "" \
		"$(grep -E '^  (CC|GEN|LD) ' "$T/out")"
	build "$A" "$T/r1-$def" ARCH=$arch
	check_grep "$def: a make without the seed makes a random one again" \
		'^/\* Generated once per object tree' "$T/r1-$def/include/generated/guard-seed.h"
done

done_testing
