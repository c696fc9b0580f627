#!/bin/sh
# spreport agrees exactly with counts made from objdump -dr (oracle.sh)
# and from readelf -r (oracle-readelf.sh),
# for every cross compiler and every stack-protector mode.
. "$(dirname "$0")/../lib.sh"
SPREPORT=${SPREPORT:-$T/spreport}
[ -x "$SPREPORT" ] || cc -std=c11 -O2 -o "$SPREPORT" "$SRC"/scripts/spreport/*.c "$SRC"/scripts/elfscan/*.c -lelf ||
	{ fail "build spreport"; done_testing; }
ORACLE=$SRC/tests/spreport/oracle.sh

# One function per row of the gcc table in Documentation/toolchains.md; the
# buffers go to a function the compiler cannot see, so they stay.
cat >"$T/shapes.c" <<'EOF'
extern void use(void *p);
extern int ext(int);
extern void warn_slow(int) __attribute__((cold));
struct s_char { char name[16]; int id; };
struct s_int { int v[4]; };
union u_key { short half[4]; void *ptr; };

int scalar(int a, int b) { return ext(a * b + 3); }
void char16(void) { char b[16]; use(b); }
void char8(void) { char b[8]; use(b); }
void char4(void) { char b[4]; use(b); }
void int4(void) { int b[4]; use(b); }
void struct_char(void) { struct s_char s; use(&s); }
void struct_int(void) { struct s_int s; use(&s); }
void union_key(void) { union u_key k; use(&k); }
int addr_taken(int a) { int x = a; use(&x); return x; }
void with_alloca(int n) { use(__builtin_alloca(n)); }
void with_vla(int n) { char b[n]; use(b); }
__attribute__((stack_protect)) int marked(int a) { return ext(a) + 1; }
__attribute__((no_stack_protector)) void unmarked(void) { char b[64]; use(b); }
static __attribute__((noinline)) int helper(int a) { char b[32]; use(b); return b[a & 31]; }
int calls_helper(int a) { return helper(a) + helper(a + 1); }
int loops(int n) { char b[16]; use(b); for (;;) { if (ext(n)) { warn_slow(n); return b[1]; } n++; } }
EOF

# triple (empty: host), then whether the guard defaults to TLS there.
targets="x86_64::tls i686:i686-linux-gnu-:tls arm:arm-linux-gnueabihf-:
arm64:aarch64-linux-gnu-: mips:mips-linux-gnu-: sh4:sh4-linux-gnu-:
riscv64:riscv64-linux-gnu-: ppc64le:powerpc64le-linux-gnu-:tls m68k:m68k-linux-gnu-:"
modes=$("$SRC/scripts/ssp-modes")

mode_flag() {
	case $1 in
	none) echo -fno-stack-protector ;;
	regular) echo -fstack-protector ;;
	*) echo "-fstack-protector-$1" ;;
	esac
}

# spreport's "N M" for one file.
spreport_counts() {
	"$SPREPORT" "$1" | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p'
}

# Protected names from both tools, sorted, must be the same set.
same_names() {
	"$SPREPORT" --list "$1" | awk '$1 == "protected" { print $3 }' | sort >"$1.sp"
	OBJDUMP=$2 "$ORACLE" -l "$1" | sort >"$1.or"
	diff "$1.sp" "$1.or"
}

# Functions that load the TLS canary, found in the disassembly itself:
# the --help claim is that each of them has its own __stack_chk_fail.
tls_readers() {
	"$2" -d "$1" | awk -v pat="$3" '
		/^[0-9a-f]+ <.*>:$/ { name = $2; gsub(/[<>:]/, "", name); sub(/\.cold$/, "", name) }
		index($0, pat) { seen[name] = 1 }
		END { for (n in seen) print n }' | sort
}

check_variant() {	# arch cross variant objdir
	arch=$1 cross=$2 variant=$3 dir=$4
	objdump=${cross}objdump
	[ -z "$cross" ] && objdump=objdump
	for mode in $modes; do
		o=$dir/$mode.o
		want=$(OBJDUMP=$objdump "$ORACLE" "$o")
		got=$(spreport_counts "$o")
		check_eq "$arch $variant $mode: counts match objdump" "$want" "$got"
		check_eq "$arch $variant $mode: counts match readelf -r" \
			"$("$SRC/tests/spreport/oracle-readelf.sh" "$o")" "$got"
		check "$arch $variant $mode: same protected names" same_names "$o" "$objdump"
		if [ "$variant" = tls ] && [ "$mode" != none ]; then
			tls_readers "$o" "$objdump" "$(tls_pattern "$arch")" >"$o.tls"
			check_eq "$arch $variant $mode: every TLS guard reader is found" \
				"$(cat "$o.tls")" "$(cat "$o.sp")"
		fi
	done
	# Not trivially equal: the modes must differ as the gcc table says.
	n() { spreport_counts "$dir/$1.o" | cut -d' ' -f1; }
	# -all protects everything but the no_stack_protector function.
	m=$(spreport_counts "$dir/all.o" | cut -d' ' -f2)
	check_eq "$arch $variant: none 0, explicit 1, all $m-1" "0 1 $((m - 1))" \
		"$(n none) $(n explicit) $(n all)"
	check "$arch $variant: regular < strong < all" \
		test "$(n regular)" -gt 0 -a "$(n regular)" -lt "$(n strong)" -a "$(n strong)" -lt "$m"
}

compile_variant() {	# cross dir extra-flags...
	cross=$1 dir=$2; shift 2
	mkdir -p "$dir"
	for mode in $modes; do
		"${cross}gcc" -ffreestanding -fno-builtin -O2 $(mode_flag "$mode") "$@" \
			-c "$T/shapes.c" -o "$dir/$mode.o" || return 1
	done
}

for t in $targets; do
	arch=${t%%:*} rest=${t#*:}
	cross=${rest%%:*} tls=${rest#*:}
	if ! command -v "${cross}gcc" >/dev/null || ! command -v "${cross}objdump" >/dev/null; then
		skip "$arch: oracle" "no ${cross}gcc"
		continue
	fi
	# A global guard where the target defaults to TLS, so that guard
	# relocations are seen too; the TLS default is checked separately.
	global=""
	[ -n "$tls" ] && global=-mstack-protector-guard=global
	if compile_variant "$cross" "$T/$arch/global" $global; then
		check_variant "$arch" "$cross" global "$T/$arch/global"
	else
		fail "$arch: compile"
	fi
	if [ -n "$tls" ]; then
		if compile_variant "$cross" "$T/$arch/tls"; then
			check_variant "$arch" "$cross" tls "$T/$arch/tls"
		else
			fail "$arch: compile TLS variant"
		fi
	fi
done

# The oracle itself, fed the case that once fooled it: riscv's objdump
# names a constant that lui/addi build after the symbol below it, here the
# handler ("# 7f4a7c15 <__stack_chk_fail+0x7f4a7bfd>"). That is no call:
# 0 of 2 without a protector, and mix() alone with -fstack-protector-all
# (the handler itself is never counted).
cat >"$T/constant.c" <<'EOF'
unsigned int mix(unsigned int x) { return x * 0x7f4a7c15u ^ 0xd25c1c7bu; }
void __stack_chk_fail(void) { for (;;) ; }
EOF
for t in "riscv32:riscv64-unknown-elf-:-march=rv32imac -mabi=ilp32" "riscv64:riscv64-linux-gnu-:"; do
	arch=${t%%:*} rest=${t#*:}
	cross=${rest%%:*} flags=${rest#*:}
	if ! command -v "${cross}gcc" >/dev/null; then
		skip "$arch: a constant named after the handler" "no ${cross}gcc"
		continue
	fi
	o=$T/constant-$arch
	# shellcheck disable=SC2086
	"${cross}gcc" $flags -O2 -fno-stack-protector -c "$T/constant.c" -o "$o-none.o" &&
		"${cross}gcc" $flags -O2 -fstack-protector-all -c "$T/constant.c" -o "$o-all.o" ||
		{ fail "$arch: compile constant.c"; continue; }
	"${cross}objdump" -d "$o-none.o" >"$o.dis"
	check_grep "$arch: objdump names the constant after the handler" \
		'<__stack_chk_fail\+0x[0-9a-f]{5,}>' "$o.dis"
	check_eq "$arch: the oracle does not count that constant as a call" "0 2" \
		"$(OBJDUMP=${cross}objdump "$ORACLE" "$o-none.o")"
	check_eq "$arch: the oracle counts mix() when it is protected" "1 2" \
		"$(OBJDUMP=${cross}objdump "$ORACLE" "$o-all.o")"
done

done_testing
