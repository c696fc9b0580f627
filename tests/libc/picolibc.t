#!/bin/sh
# tests/run: slow
# picolibc on the boards (CONFIG_LIBC_PICOLIBC): the small library of
# tests/libc/libctest, using every standard header, built as an external
# tree (M=) against Debian's picolibc for the MPS2 AN385 and the RISC-V
# virt boards (rv32, rv64), gcc and clang, and run under qemu-system
# (make M=DIR run): what it prints is what the same sources print built
# against the build machine's C library, the oracle. exit() and abort()
# end the run with their status; the stack-protector runtime stays the
# kit's; errno, in picolibc's thread-local storage, is read right.
. "$(dirname "$0")/../lib.sh"

. "$SRC/tests/libc/libc.sh"

for cell in "arm mps2_defconfig" "arm mps2_defconfig LLVM=1" \
	"riscv rv32_nommu_virt_defconfig" "riscv rv32_nommu_virt_defconfig LLVM=1" \
	"riscv nommu_virt_defconfig" "riscv nommu_virt_defconfig LLVM=1"; do
	libc_cell LIBC_PICOLIBC $cell || continue
	check_grep "$cname: ...against picolibc's headers" \
		'-isystem /usr/lib/picolibc/[^ ]*/include ' "$X/.main.o.cmd"
	mk_run O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="abort"
	check_grep "$cname: abort() ends it with 128 + SIGABRT" 'Error 134$' "$T/out"
	mk_run O="$O" ARCH=$arch $llvm M="$X" run RUNARGS="assert"
	check_grep "$cname: a failed assert() says which, and ends the run with 134" \
		'assertion "argc < 2 \|\| strcmp\(argv\[1\], "assert"\)" failed: file "[^"]*main\.c", line [0-9]+' "$T/out"
	check_grep "$cname: ...with status 134" 'Error 134$' "$T/out"

	# The guard and its handler are lib/stackprotector.o's: picolibc's
	# member that defines them (with __stack_chk_fail_weak) is not linked.
	check_eq "$cname: __stack_chk_guard is the kit's, once" 1 \
		"$(nm "$X/libctest" | grep -c ' __stack_chk_guard$')"
	check_eq "$cname: ...picolibc's stack-protector member is not linked" "" \
		"$(nm "$X/libctest" | grep ' __stack_chk_fail_weak$')"
	# printf is picolibc's, with C's conversions: not the kit's, which
	# has no %f (lib/vsprintf.c).
	F="$T/fp-$def${llvm:+-llvm}"
	mkdir -p "$F" && echo 'image-y += fp
fp-objs := fp.o' >"$F/Kbuild" && cat >"$F/fp.c" <<'X'
#include <stdio.h>

int main(void)
{
	return printf("%.3f %o %s\n", 2.0 / 8, 8, "float") < 0;
}
X
	mk O="$O" ARCH=$arch $llvm M="$F"
	timeout 30 make -C "$SRC" -s O="$O" ARCH=$arch $llvm M="$F" run >"$T/got" 2>&1
	check_eq "$cname: printf is picolibc's, %f and %o included" "0.250 10 float" "$(cat "$T/got")"
	# memcpy, strlen...: the kit's (lib/string.o, compiled and audited
	# by this build), not picolibc's: the linker itself says which file
	# defines each (--trace-symbol). On arm, the run-time ABI's
	# __aeabi_memcpy and __aeabi_memmove too, which picolibc defines
	# with its own memcpy and memmove (lib/picolibc/aeabi_mem.c).
	W="$T/which-$def${llvm:+-llvm}"
	mkdir -p "$W" && cat >"$W/Kbuild" <<'X' && cat >"$W/which.c" <<'X'
image-y += which
which-objs := which.o
which-ldflags := $(foreach s,memcpy memmove memset memcmp strlen strcmp \
	__aeabi_memcpy4 __aeabi_memmove,-Wl,--trace-symbol=$s)
X
#include <stdio.h>
#include <string.h>

#ifdef __ARM_EABI__
void __aeabi_memcpy4(void *dest, const void *src, size_t n);
void __aeabi_memmove(void *dest, const void *src, size_t n);
#else
#define __aeabi_memcpy4 memcpy
#define __aeabi_memmove memmove
#endif

static volatile size_t n = 12;

int main(void)
{
	_Alignas(4) char a[32] = "stack canary", b[32], c[32];

	memcpy(b, a, n + 1);
	memmove(b + 1, b, n + 1);
	memset(c, '-', n);
	__aeabi_memcpy4(c + 4, a, 4);
	__aeabi_memmove(c + 2, c + 4, n - 4);
	c[n] = '\0';
	return printf("%s %s %zu %d %d\n", b, c, strlen(b), memcmp(a, b, n) > 0,
		      strcmp(a, b) > 0) < 0;
}
X
	mk O="$O" ARCH=$arch $llvm M="$W"
	for f in memcpy memmove memset memcmp strlen strcmp; do
		check_grep "$cname: $f is the kit's, lib/string.o" "string\.o\)?: definition of $f\$" "$T/out"
		check_nogrep "$cname: ...not picolibc's" "libc\.a\([^)]*\): definition of $f\$" "$T/out"
	done
	[ "$arch" = arm ] && check_grep "$cname: __aeabi_memcpy4 is the kit's, over its memcpy" \
		"aeabi_mem\.o\)?: definition of __aeabi_memcpy4\$" "$T/out"
	timeout 30 make -C "$SRC" -s O="$O" ARCH=$arch $llvm M="$W" run >"$T/got" 2>&1
	check_eq "$cname: ...and they copy, compare and count as C says" \
		"sstack canary --stac------ 13 1 1" "$(cat "$T/got")"
	# The kit's own sample is linked against it too, and runs.
	mk_run O="$O" ARCH=$arch $llvm run
	check_grep "$cname: the kit's sample runs with picolibc" 'sspkit sample: arch=' "$T/out"
done

# With the per-task guard on RISC-V, picolibc shares tp with it:
# tests/libc/picolibc-pertask.t.
# On Linux user space there is no picolibc.
O="$T/linux"
mk O="$O" ARCH=arm arm_defconfig && echo CONFIG_LIBC_PICOLIBC=y >>"$O/.config" &&
	mk O="$O" ARCH=arm olddefconfig
check_nogrep "arm Linux user space: picolibc not offered" '^CONFIG_LIBC_PICOLIBC=y' "$O/.config"

# A picolibc that is not there is named, with its package.
mk O="$T/mps2_defconfig" ARCH=arm PICOLIBC_TRIPLE=no-such-triple; rc=$?
check "a missing picolibc fails the build" test $rc -ne 0
check_grep "...naming the package to install" \
	'no picolibc for this board in /usr/lib/picolibc/no-such-triple .*install Debian package picolibc-no-such-triple' "$T/out"

done_testing
