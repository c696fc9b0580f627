#!/bin/sh
# Where the guard comes from on a board without getrandom():
# lib/Kconfig's choice, under ALL (every function checks, so seeding must
# raise no false alarm) with gcc and clang. The default is a seed made at
# build time, once per object tree (two trees: two guards); the board's
# entropy hook is a weak function (its default: that seed) that a board's
# own TRNG code overrides; the fixed terminator is 0x000a0dff. The banner
# names each, and an overrun is still caught.
. "$(dirname "$0")/../lib.sh"
. "$SRC/tests/board/mps2.sh"

# set_source O SOURCE: choose STACKPROTECTOR_GUARD_<SOURCE> in O's .config.
set_source() {
	sed -i -e 's/^CONFIG_STACKPROTECTOR_GUARD_\(BUILD_SEED\|ENTROPY_HOOK\|FIXED\)=y$/# CONFIG_STACKPROTECTOR_GUARD_\1 is not set/' \
		-e "s/^# CONFIG_STACKPROTECTOR_GUARD_$2 is not set\$/CONFIG_STACKPROTECTOR_GUARD_$2=y/" "$1/.config"
}

# switch_source SOURCE NAME WHAT GUARD: rebuild $O with SOURCE; it boots,
# its banner says guard=NAME, and "sample guard" prints GUARD.
switch_source() {
	set_source "$O" "$1"
	mk O="$O" ARCH=arm $llvm -j2
	check_eq "$compiler $2: builds" 0 $?
	brun "$O/sample"
	check_grep "$compiler $2: boots, the banner names it" " guard=$2 " "$T/stdout"
	brun "$O/sample" guard
	check_eq "$compiler $2: $3" "guard: $4" "$(cat "$T/stdout")"
}

# The low 32 bits of the tree's seed, lowest byte zeroed, as "sample guard" prints it.
seed_guard() {
	sed -n 's/^#define STACK_GUARD_SEED ((uintptr_t)0x[0-9a-f]*\([0-9a-f]\{6\}\)[0-9a-f]\{2\}ULL)$/0x\100/p' \
		"$1/include/generated/guard-seed.h"
}

mkdir -p "$T/trng"
cat >"$T/trng/Kbuild" <<'KBUILD'
image-y += trng
trng-objs := main.o
KBUILD
cat >"$T/trng/main.c" <<'C'
#include <stdint.h>
#include <sspkit/stackprotector.h>
#include <sspkit/stdio.h>

/* A board's TRNG, as far as this test goes: overrides the weak hook. */
uintptr_t board_stack_canary(void)
{
	return (uintptr_t)0x5eed1234u;
}

int main(void)
{
	printf("trng: guard 0x%08lx\n", (unsigned long)stack_guard_value());
	return 0;
}
C

guards=""
for compiler in gcc clang; do
	mps2_compiler "$compiler" || continue

	mk O="$O" ARCH=arm $llvm mps2_defconfig all.config
	check_grep "$compiler: a board's default source is the build-time seed" \
		'^CONFIG_STACKPROTECTOR_GUARD_BUILD_SEED=y$' "$O/.config"
	check_nogrep "$compiler: ...and getrandom() is not offered" 'CONFIG_STACKPROTECTOR_GUARD_RANDOM' "$O/.config"
	mk O="$O" ARCH=arm $llvm -j2
	check_eq "$compiler build-seed: builds under ALL" 0 $?
	check_grep "$compiler build-seed: the seed is made" '^  GEN +include/generated/guard-seed\.h$' "$T/out"
	cp "$O/include/generated/guard-seed.h" "$T/seed.before"
	mk O="$O" ARCH=arm $llvm -j2
	check_nogrep "$compiler build-seed: a second make keeps it" 'GEN|CC|LD' "$T/out"
	check "$compiler build-seed: ...unchanged" cmp -s "$T/seed.before" "$O/include/generated/guard-seed.h"
	brun "$O/sample"
	check_eq "$compiler build-seed: boots under ALL, no false alarm" 0 "$rc"
	check_grep "$compiler build-seed: the banner names the source" \
		'^sspkit sample: arch=arm stack-protector=all .* guard=build-seed ' "$T/stdout"
	brun "$O/sample" guard
	want=$(seed_guard "$O")
	check_eq "$compiler build-seed: the guard is the tree's seed, its first byte zero" \
		"guard: $want" "$(cat "$T/stdout")"
	guards="$guards $want"
	brun "$O/sample" smash char16
	check_eq "$compiler build-seed: an overrun is caught" caught "$(verdict)"

	switch_source ENTROPY_HOOK entropy-hook "the weak default gives the seed" "$want"
	mk O="$O" ARCH=arm $llvm M="$T/trng"
	check_eq "$compiler entropy-hook: an image with its own hook builds" 0 $?
	brun "$T/trng/trng"
	check_eq "$compiler entropy-hook: ...and its hook gives the guard (ALL: no false alarm)" \
		"trng: guard 0x5eed1200" "$(cat "$T/stdout")"
	mk O="$O" ARCH=arm $llvm M="$T/trng" clean

	switch_source FIXED fixed "the terminator canary" 0x000a0dff
	brun "$O/sample" smash char16
	check_eq "$compiler fixed: an overrun is caught" caught "$(verdict)"
done
set -- $guards
[ $# -eq 2 ] && check "two object trees, two seeds ($1, $2)" test "$1" != "$2"

done_testing
