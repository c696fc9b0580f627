#!/bin/sh
# tests/run: slow
# A freestanding C environment on every arch and compiler: target code
# sees the C standard's freestanding headers, from the compiler's own
# directory, and no header of the build machine's C library (-nostdinc).
# The cross compilers need no C library.
. "$(dirname "$0")/../lib.sh"

S="$T/src"
src_copy "$S"
mkdir -p "$S/samples/sample/fs"
echo 'sample-objs += fs/' >>"$S/samples/sample/Makefile"
echo 'obj-y += headers.o' >"$S/samples/sample/fs/Makefile"
# Every header of the set, each used for something it alone defines.
cat >"$S/samples/sample/fs/headers.c" <<'X'
#include <float.h>
#include <iso646.h>
#include <limits.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>

_Static_assert(FLT_RADIX == 2 && DBL_MANT_DIG >= 53, "float.h");
_Static_assert((1 bitor 2) == 3, "iso646.h");
_Static_assert(CHAR_BIT == 8 && INT_MAX >= 32767 && LLONG_MAX > 0 &&
	       ULLONG_MAX > 0 && SCHAR_MIN < 0 && MB_LEN_MAX >= 1, "limits.h");
_Static_assert(alignof(max_align_t) >= alignof(long), "stdalign.h, stddef.h");
_Static_assert(true && !false && __bool_true_false_are_defined, "stdbool.h");
_Static_assert(offsetof(struct { char c; int i; }, i) >= 1, "stddef.h");
_Static_assert(sizeof(uint32_t) == 4 && UINT32_MAX == 0xffffffffu &&
	       INTPTR_MAX > 0 && sizeof(uintptr_t) == sizeof(void *), "stdint.h");

int fs_sum(int n, ...);
int fs_sum(int n, ...)
{
	va_list ap;
	int s = 0;

	va_start(ap, n);
	while (n-- > 0)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

noreturn void fs_stop(void);
noreturn void fs_stop(void)
{
	for (;;)
		__asm__ __volatile__("");
}
X

# search_list OBJTREE OBJ: the directories the compiler searched for
# <...> includes when it built OBJ, from its recorded command run with -v.
search_list() {
	cmd=$(sed -n "s|^cmd_$2 := ||p" "$1/$(dirname "$2")/.$(basename "$2").cmd" |
		sed 's/ -Wp,-MMD,[^ ]*//; s/ -c -o [^ ]*/ -E -v -o \/dev\/null/; s/\$\$/$/g')
	(cd "$1" && eval "$cmd" 2>&1) |
		sed -n '/^#include <...> search starts here:/,/^End of search list/p' |
		sed '1d;$d; s/^ *//'
}

cells=$("$SRC/scripts/arches")
for c in $cells x86_64-llvm i386-llvm arm-llvm arm64-llvm mips-llvm riscv-llvm powerpc-llvm; do
	arch=${c%-llvm}; llvm=; [ "$c" != "$arch" ] && llvm=LLVM=1
	O="$T/$c"
	make -C "$S" -s O="$O" ARCH=$arch $llvm ${arch}_defconfig >"$T/out" 2>&1 &&
		make -C "$S" -s O="$O" ARCH=$arch $llvm -j2 >"$T/out" 2>&1
	check "$c: every freestanding header compiles" test -e "$O/samples/sample/fs/headers.o"
	check_grep "$c: ...with -nostdinc and the compiler's own directory" \
		' -nostdinc -isystem /usr/lib/(gcc|gcc-cross|llvm-[0-9]+)/[^ ]*/include ' "$O/samples/sample/fs/.headers.o.cmd"
	check_eq "$c: ...and no directory of the C library's on its search list" "" \
		"$(search_list "$O" samples/sample/fs/headers.o | grep -E '^/usr/(local/)?include' | head -3)"
done

# The boards, whose bare-metal gcc keeps limits.h in include-fixed.
for c in mps2:arm:mps2_defconfig virt32:riscv:rv32_nommu_virt_defconfig \
	virt64:riscv:nommu_virt_defconfig mps2-llvm:arm:mps2_defconfig \
	virt32-llvm:riscv:rv32_nommu_virt_defconfig; do
	name=${c%%:*} rest=${c#*:}; arch=${rest%%:*} def=${rest#*:}
	llvm=; [ "${name%-llvm}" != "$name" ] && llvm=LLVM=1
	O="$T/$name"
	make -C "$S" -s O="$O" ARCH=$arch $llvm $def >"$T/out" 2>&1 &&
		make -C "$S" -s O="$O" ARCH=$arch $llvm -j2 >"$T/out" 2>&1
	check "$name: every freestanding header compiles, limits.h included" \
		test -e "$O/samples/sample/fs/headers.o"
	check_eq "$name: ...and no directory of a C library's on its search list" "" \
		"$(search_list "$O" samples/sample/fs/headers.o | grep -E '^/usr/(local/)?include|picolibc|newlib' | head -3)"
done

# A header of the build machine's C library is refused, also where one is
# installed (x86_64 has glibc's, and the cross gcc used to fall through to it).
echo '#include <stdio.h>' >"$S/samples/sample/fs/host.c"
echo 'obj-y += host.o' >>"$S/samples/sample/fs/Makefile"
for c in x86_64 x86_64-llvm arm; do
	arch=${c%-llvm}; llvm=; [ "$c" != "$arch" ] && llvm=LLVM=1
	make -C "$S" O="$T/$c" ARCH=$arch $llvm -j2 >"$T/out" 2>&1; rc=$?
	check "$c: #include <stdio.h> fails the build" test $rc -ne 0
	check_grep "$c: ...the compiler says it has no stdio.h" "host.c:1:10: fatal error: '?stdio.h'?( file not found|: No such file or directory)" "$T/out"
done

done_testing
