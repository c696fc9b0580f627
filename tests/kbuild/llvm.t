#!/bin/sh
# tests/run: slow
# LLVM=1: clang and lld build and run sample on every arch clang 14 can
# target; where clang cannot give the arch's guard, the build says so and
# claims no protection.
. "$(dirname "$0")/../lib.sh"

if ! command -v clang >/dev/null || ! command -v ld.lld >/dev/null; then
	skip "LLVM=1 builds" "clang or lld is not installed (scripts/install-deps installs them)"
	done_testing
fi

# arch:expected effective mode with clang 14 (ppc64le: clang rejects
# -mstack-protector-guard=global, and freestanding code has no TLS guard).
for cell in x86_64:strong i386:strong arm:strong arm64:strong mips:strong \
	    riscv:strong powerpc:none; do
	arch=${cell%%:*} want=${cell#*:}
	o="$T/$arch"
	case $arch in
	x86_64)  gcc=gcc ;;
	i386)    gcc=i686-linux-gnu-gcc ;;
	arm)     gcc=arm-linux-gnueabihf-gcc ;;
	arm64)   gcc=aarch64-linux-gnu-gcc ;;
	mips)    gcc=mips-linux-gnu-gcc ;;
	riscv)   gcc=riscv64-linux-gnu-gcc ;;
	powerpc) gcc=powerpc64le-linux-gnu-gcc ;;
	esac
	if ! command -v "$gcc" >/dev/null; then
		skip "LLVM=1 $arch" "$gcc is missing: clang links with its libgcc"
		continue
	fi
	mk O="$o" ARCH="$arch" LLVM=1 defconfig all
	check "LLVM=1 ARCH=$arch builds" test -x "$o/sample"
	check_grep "LLVM=1 ARCH=$arch compiles with clang" '^#define SSPKIT_CC "clang"' \
		"$o/include/generated/build.h"
	mk O="$o" ARCH="$arch" LLVM=1 run
	check_grep "LLVM=1 ARCH=$arch runs: banner with mode $want" \
		"^sspkit sample: arch=$arch stack-protector=$want \\(configured strong[;)]" "$T/out"
done
check_grep "LLVM=1 ppc64le: the warning names the missing guard option" \
	'Cannot use CONFIG_CC_STACKPROTECTOR_STRONG: -mstack-protector-guard=global not supported by compiler \(falling back to none\)' \
	"$(cd "$SRC" && make O="$T/powerpc" ARCH=powerpc LLVM=1 KCFLAGS=-DREBUILD >"$T/ppc" 2>&1; echo "$T/ppc")"

done_testing
