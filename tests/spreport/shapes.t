#!/bin/sh
# What a function is: NAME.cold parts, aliases; the same count from objects,
# an archive of them and a linked image (--emit-relocs); text as size -A.
. "$(dirname "$0")/../lib.sh"
SPREPORT=${SPREPORT:-$T/spreport}
[ -x "$SPREPORT" ] || cc -std=c11 -O2 -o "$SPREPORT" "$SRC"/scripts/spreport/*.c "$SRC"/scripts/elfscan/*.c -lelf ||
	{ fail "build spreport"; done_testing; }
ORACLE=$SRC/tests/spreport/oracle.sh
CFLAGS="-ffreestanding -fno-builtin -O2 -fstack-protector-strong"

counts() { "$SPREPORT" "$@" | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p'; }

# --- cold parts: the only return is on a cold path, so the canary check
# and its __stack_chk_fail call move to loops.cold in .text.unlikely.
cat >"$T/cold.c" <<'EOF'
extern void use(void *p);
extern int ext(int);
extern void warn_slow(int) __attribute__((cold));
int loops(int n) { char b[16]; use(b); for (;;) { if (ext(n)) { warn_slow(n); return b[1]; } n++; } }
int plain(int n) { return ext(n) * 2; }
EOF
for cc in gcc i686-linux-gnu-gcc; do
	command -v $cc >/dev/null || { skip "cold parts ($cc)" "no $cc"; continue; }
	o=$T/cold-$cc.o
	$cc $CFLAGS -c "$T/cold.c" -o "$o"
	# Premise: the fail call really sits in the cold part, not in loops.
	${cc%gcc}objdump -dr "$o" | awk '/^[0-9a-f]+ </ { f = $2 } /__stack_chk_fail/ { print f }' \
		| sort -u >"$T/where"
	check_eq "cold ($cc): gcc put the fail call in loops.cold" "<loops.cold>:" "$(cat "$T/where")"
	check_eq "cold ($cc): loops.cold is part of loops, loops protected" "1 2" "$(counts "$o")"
	"$SPREPORT" --list "$o" >"$T/list"
	check_grep "cold ($cc): listed as loops" '^protected +[0-9]+ loops ' "$T/list"
	check_nogrep "cold ($cc): no line of its own" 'loops\.cold' "$T/list"
done

# --- aliases: three names on one body count once.
cat >"$T/alias.c" <<'EOF'
extern void use(void *p);
void target(void) { char b[16]; use(b); }
void alias1(void) __attribute__((alias("target")));
void alias2(void) __attribute__((weak, alias("target")));
int other(int a) { return a + 1; }
EOF
gcc $CFLAGS -c "$T/alias.c" -o "$T/alias.o"
check_eq "aliases: four FUNC symbols in the object" 4 \
	"$(readelf -sW "$T/alias.o" | awk '$4 == "FUNC"' | wc -l | tr -d ' ')"
check_eq "aliases: counted once" "1 2" "$(counts "$T/alias.o")"
check_eq "aliases: oracle agrees" "1 2" "$(OBJDUMP=objdump "$ORACLE" "$T/alias.o")"

# --- objects vs archive vs linked image, on every architecture.
cat >"$T/lib.c" <<'EOF'
extern void use(void *p);
extern int ext(int);
void char16(void) { char b[16]; use(b); }
void int4(void) { int b[4]; use(b); }
int addr_taken(int a) { int x = a; use(&x); return x; }
int scalar(int a) { return ext(a) * 3; }
static __attribute__((noinline)) int helper(int a) { char b[32]; use(b); return b[a & 31]; }
int main_work(int a) { char16(); int4(); return helper(a) + addr_taken(a) + scalar(a); }
EOF
# Our own runtime: nothing here may need a libc.
cat >"$T/rt.c" <<'EOF'
extern int main_work(int);
unsigned long __stack_chk_guard = 0x94fda766UL;
void __stack_chk_fail(void) { for (;;) ; }
void __stack_chk_fail_local(void) { __stack_chk_fail(); }
__attribute__((no_stack_protector)) void _start(void) { main_work(3); for (;;) ; }
void use(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
int ext(int a) { return a + 1; }
EOF

# Text as `size -A` shows it, for the sections readelf flags AX.
size_text() {
	readelf -SW "$1" | sed 's/^ *\[ *[0-9]*\]//' |
		awk '$7 ~ /A/ && $7 ~ /X/ { print $1 }' >"$T/xsec"
	size -A "$1" | awk 'NR == FNR { x[$1] = 1; next } ($1 in x) { t += $2 } END { print t + 0 }' \
		"$T/xsec" -
}
spreport_text() { "$SPREPORT" "$@" | sed -n 's/^text: \([0-9]*\) bytes$/\1/p'; }

for cross in "" i686-linux-gnu- arm-linux-gnueabihf- aarch64-linux-gnu- mips-linux-gnu- \
	     sh4-linux-gnu- riscv64-linux-gnu- powerpc64le-linux-gnu- m68k-linux-gnu-; do
	arch=${cross%%-*}; arch=${arch:-x86_64}
	command -v "${cross}gcc" >/dev/null || { skip "$arch: link and archive" "no ${cross}gcc"; continue; }
	d=$T/$arch; mkdir -p "$d"
	${cross}gcc $CFLAGS -c "$T/lib.c" -o "$d/lib.o" &&
	${cross}gcc $CFLAGS -c "$T/rt.c" -o "$d/rt.o" &&
	${cross}gcc -nostdlib -static -Wl,--emit-relocs -Wl,-e,_start -o "$d/image" "$d/lib.o" "$d/rt.o" &&
	${cross}gcc -nostdlib -static -Wl,-e,_start -o "$d/norelocs" "$d/lib.o" "$d/rt.o" &&
	ar rcs "$d/lib.a" "$d/lib.o" "$d/rt.o" || { fail "$arch: build"; continue; }
	objs=$(counts "$d/lib.o" "$d/rt.o")
	check "$arch: some but not all protected ($objs)" test "${objs%% *}" -gt 0 -a "${objs%% *}" -lt "${objs#* }"
	check_eq "$arch: linked image counts as its objects" "$objs" "$(counts "$d/image")"
	check_eq "$arch: archive counts as its objects" "$objs" "$(counts "$d/lib.a")"
	check_eq "$arch: directory counts as its objects" "$objs" "$(counts "$d")"
	check_eq "$arch: oracle on the image agrees" "$objs" \
		"$(OBJDUMP=${cross:-}objdump "$ORACLE" "$d/image")"
	check_eq "$arch: text of an object is size -A's" "$(size_text "$d/lib.o")" "$(spreport_text "$d/lib.o")"
	check_eq "$arch: text of the image is size -A's" "$(size_text "$d/image")" "$(spreport_text "$d/image")"
	"$SPREPORT" "$d/norelocs" >/dev/null 2>"$T/err"
	check_grep "$arch: image without relocations refused" "^spreport: $d/norelocs: .*emit-relocs" "$T/err"
done

# A thin archive only names its members: say so rather than count nothing.
ar rcsT "$T/thin.a" "$T/alias.o"
"$SPREPORT" "$T/thin.a" >/dev/null 2>"$T/err"
check_grep "thin archive: one-line error" "^spreport: $T/thin.a: thin archive" "$T/err"

done_testing
