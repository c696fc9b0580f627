#!/bin/sh
# What "protected" means: the function checks its canary, i.e. calls its
# failure handler. Two shapes from GCC's testsuite, on every target and
# guard kind, with the real compilers:
#   local.c    the handler is static in the same file, so the assembler
#              may resolve the call and leave no relocation (x86_64 and
#              ppc64le then have nothing at all naming the protector);
#   unchecked.c  a canary stored and never checked (the function ends in
#              a noreturn call), and code that only seeds the guard: with
#              a global guard both carry a __stack_chk_guard relocation,
#              which the old definition counted.
# Each premise (what the compiler left) is checked first, so the failure
# mode of the old definition is shown to be present in the input.
. "$(dirname "$0")/../lib.sh"
SPREPORT=${SPREPORT:-$T/spreport}
[ -x "$SPREPORT" ] || cc -std=c11 -O2 -o "$SPREPORT" "$SRC"/scripts/spreport/*.c "$SRC"/scripts/elfscan/*.c -lelf ||
	{ fail "build spreport"; done_testing; }
ORACLE=$SRC/tests/spreport/oracle.sh
ORACLE_RELOCS=$SRC/tests/spreport/oracle-readelf.sh

# The handlers do not start at offset 0, so an unrelocated 0 in a field
# cannot pass for a call to them; plain makes a real direct call that is
# not to a handler, which must not count.
cat >"$T/local.c" <<'EOF'
extern void use(void *p);
__attribute__((noinline)) int first(int a) { return a * 3 + 1; }
__attribute__((used, noreturn)) static void __stack_chk_fail(void) { for (;;) ; }
__attribute__((used, noreturn)) static void __stack_chk_fail_local(void) { for (;;) ; }
void f(void) { char b[16]; use(b); }
int plain(int a) { return first(a) + 2; }
EOF
cat >"$T/unchecked.c" <<'EOF'
extern void use(void *p);
extern void die(void) __attribute__((noreturn));
extern unsigned long __stack_chk_guard;
void g(void) { char b[16]; use(b); die(); }
__attribute__((no_stack_protector)) void seed(unsigned long v) { __stack_chk_guard = v; }
EOF
# For linked images: the guard and use() the shapes need.
cat >"$T/rt.c" <<'EOF'
unsigned long __stack_chk_guard = 0x94fda766UL;
void use(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
EOF

CFLAGS="-ffreestanding -fno-builtin -O2 -fstack-protector-strong"
counts() { "$SPREPORT" "$@" | sed -n 's/^\([0-9]*\) of \([0-9]*\) functions.*/\1 \2/p'; }
protected_names() { "$SPREPORT" --list "$@" | awk '$1 == "protected" { print $3 }' | sort | tr '\n' ' '; }
# Relocations in the object that name a stack-protector symbol.
ssp_relocs() { readelf -rW "$1" | grep -c '__stack_chk_' ; }
handler_relocs() { readelf -rW "$1" | grep -c '__stack_chk_fail' ; }

# name:prefix:how the call to a local handler shows:guard:extra flags
#   none     no relocation names the handler (the direct call is decoded)
#   section  a relocation against the section symbol
#   symbol   a relocation against the local handler symbol
# guard: tls (no guard relocation either), global, or toc (ppc64 global:
# the guard is reached through a .toc entry, so no relocation in g names it).
targets="
x86_64::none:tls:
x86_64-global::none:global:-mstack-protector-guard=global
i686:i686-linux-gnu-:none:tls:
i686-global:i686-linux-gnu-:none:global:-mstack-protector-guard=global
arm:arm-linux-gnueabihf-:none:global:
arm-arm:arm-linux-gnueabihf-:none:global:-marm
arm64:aarch64-linux-gnu-:none:global:
mips:mips-linux-gnu-:section:global:-mno-abicalls -fno-pic -G 0
mips-abicalls:mips-linux-gnu-:symbol:global:
sh:sh4-linux-gnu-:section:global:
riscv:riscv64-linux-gnu-:symbol:global:
ppc64le:powerpc64le-linux-gnu-:none:tls:
ppc64le-global:powerpc64le-linux-gnu-:none:toc:-mstack-protector-guard=global
m68k:m68k-linux-gnu-:none:global:
"

check_local() {	# name cross how guard dir
	name=$1 cross=$2 how=$3 guard=$4 d=$5
	o=$d/local.o objdump=${cross}objdump
	# Premise: what the assembler left for the call in f.
	case $how in
	none) check_eq "$name local: no relocation names the handler (the old count missed this call)" \
		0 "$(handler_relocs "$o")" ;;
	section) check_eq "$name local: the call is relocated against .text, not the handler" \
		"0 1" "$(handler_relocs "$o") $(readelf -rW "$o" | awk '$3 ~ /^R_/ && $5 == ".text"' |
			grep -c -e R_MIPS_26 -e R_SH_DIR32)" ;;
	symbol) check "$name local: a relocation names the local handler" \
		test "$(handler_relocs "$o")" -gt 0 ;;
	esac
	[ "$guard" = tls ] &&
		check_eq "$name local: nothing names the protector at all (TLS guard)" 0 "$(ssp_relocs "$o")"
	check_eq "$name local: f is protected, the handlers and plain are not" "f " "$(protected_names "$o")"
	check_eq "$name local: 1 of 5" "1 5" "$(counts "$o")"
	check_eq "$name local: objdump oracle agrees" "1 5" "$(OBJDUMP=$objdump "$ORACLE" "$o")"
	"$ORACLE_RELOCS" "$o" >/dev/null 2>"$T/err"
	check_eq "$name local: readelf oracle refuses (it cannot see resolved calls)" 3 $?
	check_grep "$name local: ... and says why" 'local failure handler shares section' "$T/err"
	# The handler in a section of its own: the call must keep a relocation.
	o=$d/local-fs.o
	check_eq "$name local, own section: f is protected" "f " "$(protected_names "$o")"
	check_eq "$name local, own section: readelf oracle agrees" "1 5" "$("$ORACLE_RELOCS" "$o")"
	# A linked image: the linker resolves what the assembler did not.
	# (mips with abicalls: ld 2.40 aborts on CALL16 against a local.)
	[ -f "$d/local-image" ] || { skip "$name local, linked image" "no image"; return; }
	check_eq "$name local, linked image: f is protected" "f " "$(protected_names "$d/local-image")"
	check_eq "$name local, linked image: objdump oracle agrees" "1 6" \
		"$(OBJDUMP=$objdump "$ORACLE" "$d/local-image")"
}

check_unchecked() {	# name cross guard dir arch
	name=$1 cross=$2 guard=$3 d=$4 arch=$5
	o=$d/unchecked.o objdump=${cross}objdump
	# Premise: g loads the canary, and nothing calls a handler.
	"$objdump" -dr "$o" >"$d/unchecked.dis"
	check_nogrep "$name unchecked: no call to a handler anywhere" '__stack_chk_fail' "$d/unchecked.dis"
	if [ "$guard" = tls ]; then
		check_grep "$name unchecked: g loads the TLS canary" "$(tls_pattern "$arch" | sed 's/[.()]/\\&/g')" \
			"$d/unchecked.dis"
	elif [ "$guard" = global ]; then
		# The old definition counted both functions from these.
		awk '/^[0-9a-f]+ <.*>:$/ { fn = $2 } /R_.*__stack_chk_guard/ { print fn }' \
			"$d/unchecked.dis" | sort -u | tr '\n' ' ' >"$d/guard-users"
		check_eq "$name unchecked: g and seed both carry a guard relocation" "<g>: <seed>: " \
			"$(cat "$d/guard-users")"
	fi
	check_eq "$name unchecked: 0 of 2" "0 2" "$(counts "$o")"
	check_eq "$name unchecked: objdump oracle agrees" "0 2" "$(OBJDUMP=$objdump "$ORACLE" "$o")"
	check_eq "$name unchecked: readelf oracle agrees" "0 2" "$("$ORACLE_RELOCS" "$o")"
}

build_variant() {	# cc dir flags...
	cc=$1 d=$2; shift 2
	mkdir -p "$d"
	$cc $CFLAGS "$@" -c "$T/local.c" -o "$d/local.o" &&
	$cc $CFLAGS "$@" -ffunction-sections -c "$T/local.c" -o "$d/local-fs.o" &&
	$cc $CFLAGS "$@" -c "$T/unchecked.c" -o "$d/unchecked.o" &&
	$cc $CFLAGS "$@" -fno-stack-protector -c "$T/rt.c" -o "$d/rt.o" || return 1
	case " $* " in *" -mno-abicalls "*) ;; *) [ "$cc" = mips-linux-gnu-gcc ] && return 0 ;; esac
	$cc -nostdlib -static -Wl,--emit-relocs -Wl,-e,f -o "$d/local-image" "$d/local.o" "$d/rt.o"
}

echo "$targets" | while IFS=: read -r name cross how guard flags; do
	[ -n "$name" ] || continue
	arch=${name%%-*}
	if ! command -v "${cross}gcc" >/dev/null; then
		skip "$name: handler shapes" "no ${cross}gcc"
		continue
	fi
	d=$T/gcc-$name
	# shellcheck disable=SC2086 # flags are words
	if ! build_variant "${cross}gcc" "$d" $flags; then
		fail "$name: build the shapes"
		continue
	fi
	check_local "$name" "$cross" "$how" "$guard" "$d"
	check_unchecked "$name" "$cross" "$guard" "$d" "$arch"
done

# clang's integrated assembler resolves local calls on its own terms
# (riscv: an auipc + jalr pair with no relocation). No SuperH or m68k.
clang_targets="x86_64:x86_64-linux-gnu: i686:i686-linux-gnu:i686-linux-gnu-
arm:armv7a-linux-gnueabihf:arm-linux-gnueabihf- arm64:aarch64-linux-gnu:aarch64-linux-gnu-
mips:mips-linux-gnu:mips-linux-gnu- riscv:riscv64-linux-gnu:riscv64-linux-gnu-
ppc64le:powerpc64le-linux-gnu:powerpc64le-linux-gnu-"
if command -v clang >/dev/null; then
	for t in $clang_targets; do
		name=${t%%:*} rest=${t#*:}
		triple=${rest%%:*} cross=${rest#*:}
		d=$T/clang-$name
		mkdir -p "$d"
		o=$d/local.o
		if ! clang --target="$triple" $CFLAGS -c "$T/local.c" -o "$o" ||
		   ! clang --target="$triple" $CFLAGS -c "$T/unchecked.c" -o "$d/unchecked.o"; then
			fail "clang $name: build the shapes"
			continue
		fi
		check_eq "clang $name local: f is protected, nothing else" "f " "$(protected_names "$o")"
		check_eq "clang $name local: objdump oracle agrees" "1 5" \
			"$(OBJDUMP=${cross}objdump "$ORACLE" "$o")"
		check_eq "clang $name unchecked: 0 of 2" "0 2" "$(counts "$d/unchecked.o")"
		check_eq "clang $name unchecked: objdump oracle agrees" "0 2" \
			"$(OBJDUMP=${cross}objdump "$ORACLE" "$d/unchecked.o")"
	done
	check_eq "clang riscv local: the call left no relocation (auipc + jalr resolved)" 0 \
		"$(handler_relocs "$T/clang-riscv/local.o")"
else
	skip "clang: handler shapes" "no clang"
fi

done_testing
