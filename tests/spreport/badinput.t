#!/bin/sh
# Bad input: missing, non-ELF, truncated and byte-corrupted files.  Each
# gives "spreport: FILE: reason" and a non-zero status, or a normal report;
# never a crash (status >= 128).  The tool runs directly, no wrapper.
. "$(dirname "$0")/../lib.sh"
SPREPORT=${SPREPORT:-$T/spreport}
[ -x "$SPREPORT" ] || cc -std=c11 -O2 -o "$SPREPORT" "$SRC"/scripts/spreport/*.c "$SRC"/scripts/elfscan/*.c -lelf ||
	{ fail "build spreport"; done_testing; }

# judge FILE: prints nothing when the outcome is acceptable.
judge() {
	"$SPREPORT" "$1" >"$T/out" 2>"$T/err"
	rc=$?
	if [ $rc -ge 128 ]; then
		echo "$1: crashed, status $rc"
	elif [ $rc -ne 0 ]; then
		# An archive may name several bad members; each line names it.
		[ -s "$T/err" ] || echo "$1: status $rc without a message"
		grep -v "^spreport: $1[:(]" "$T/err" | sed "s|^|$1: stray line: |"
		case $1 in *.a) ;; *) [ "$(wc -l <"$T/err")" -eq 1 ] ||
			echo "$1: $(wc -l <"$T/err") error lines" ;; esac
	else
		[ -s "$T/err" ] && echo "$1: status 0 with: $(cat "$T/err")"
		grep -Eq '^[0-9]+ of [0-9]+ functions are stack-protected' "$T/out" ||
			echo "$1: status 0 without a report"
	fi
}

"$SPREPORT" "$T/missing.o" >/dev/null 2>"$T/err"
check_eq "missing file: status 1" 1 $?
check_grep "missing file: named" "^spreport: $T/missing.o: No such file" "$T/err"

printf 'just text\n' >"$T/text.o"
"$SPREPORT" "$T/text.o" >/dev/null 2>"$T/err"
check_eq "non-ELF: status 1" 1 $?
check_grep "non-ELF: named" "^spreport: $T/text.o: not an ELF" "$T/err"
: >"$T/empty.o"
check_eq "empty file judged" "" "$(judge "$T/empty.o")"
check_fails "empty file: non-zero" "$SPREPORT" "$T/empty.o"

# A directory with nothing to count is an error, not "0 of 0".
mkdir -p "$T/emptydir/sub" && : >"$T/emptydir/sub/notes.txt"
"$SPREPORT" "$T/emptydir" >/dev/null 2>"$T/err"
check_eq "empty directory: status 1" 1 $?
check_grep "empty directory: no ELF objects found" "^spreport: $T/emptydir: no ELF objects found" "$T/err"
"$SPREPORT" --compare "a=$T/emptydir" >/dev/null 2>"$T/err"
check_eq "empty directory in --compare: status 1" 1 $?
# An archive with no members is valid: 0 of 0.
(cd "$T" && rm -f e.a && ar rc e.a)
check_eq "empty archive: 8 bytes, the magic alone" 8 "$(wc -c <"$T/e.a" | tr -d ' ')"
"$SPREPORT" "$T/e.a" >"$T/out" 2>"$T/err"
check_eq "empty archive: status 0" 0 $?
check_grep "empty archive: 0 of 0" '^0 of 0 functions are stack-protected' "$T/out"
check_eq "empty archive: no message" "" "$(cat "$T/err")"
# A FIFO (nobody writes to it) or a device is refused at once, never read.
mkfifo "$T/fifo.o"
timeout 20 "$SPREPORT" "$T/fifo.o" >/dev/null 2>"$T/err"
check_eq "FIFO: refused with status 1, no hang (124 = timeout)" 1 $?
check_grep "FIFO: named" "^spreport: $T/fifo.o: a FIFO, not read" "$T/err"
for dev in /dev/zero /dev/null; do
	timeout 20 "$SPREPORT" "$dev" >/dev/null 2>"$T/err"
	check_eq "$dev: refused with status 1, no hang" 1 $?
	check_grep "$dev: named" "^spreport: $dev: a character device, not read" "$T/err"
done

# Real inputs of both classes and byte orders: x86-64 (64 LE), mips (32 BE),
# m68k (32 BE RELA), an archive and a linked image.
cat >"$T/src.c" <<'EOF'
extern void use(void *p);
void a(void) { char b[16]; use(b); }
int b(int x) { int v[4]; use(v); return v[x & 3]; }
int c(int x) { return x * 7; }
void __stack_chk_fail(void) { for (;;) ; }
void _start(void) { a(); for (;;) ; }
void use(void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
EOF
seeds=""
for cross in "" mips-linux-gnu- m68k-linux-gnu-; do
	command -v "${cross}gcc" >/dev/null || continue
	o=$T/seed-${cross:-x86_64-}o
	${cross}gcc -ffreestanding -fno-builtin -O2 -fstack-protector-strong -c "$T/src.c" -o "$o.o" &&
	seeds="$seeds $o.o"
done
gcc -nostdlib -static -Wl,--emit-relocs -o "$T/seed-image" "$T/seed-x86_64-o.o" &&
	seeds="$seeds $T/seed-image"
ar rcs "$T/seed.a" "$T/seed-x86_64-o.o" $seeds && seeds="$seeds $T/seed.a"
for s in $seeds; do
	check "seed $(basename "$s") reads cleanly" "$SPREPORT" "$s"
done

# Truncated copies: all header boundaries early on, then every 97th byte.
problems=""
count=0
for s in $seeds; do
	size=$(wc -c <"$s")
	n=1
	while [ $n -lt "$size" ]; do
		case $s in *.a) t=$T/trunc.a ;; *) t=$T/trunc.o ;; esac
		head -c $n "$s" >"$t"
		p=$(judge "$t")
		# A cut-off object has lost its section headers: always an error.
		[ -z "$p" ] && case $s in *.a) ;; *) "$SPREPORT" "$t" >/dev/null 2>&1 &&
			p="$t: truncated to $n bytes but accepted" ;; esac
		[ -n "$p" ] && problems="$problems
$(basename "$s") at $n: $p"
		count=$((count + 1))
		if [ $n -lt 80 ]; then n=$((n + 7)); else n=$((n + 97)); fi
	done
done
check_eq "$count truncated copies: error naming the file, no crash" "" "$problems"

# Byte-corrupted copies: deterministic pseudo-random bytes, aimed half at
# the headers and tables at the end of the file, where damage matters.
if command -v python3 >/dev/null; then
	mkdir -p "$T/corrupt"
	python3 - "$T/corrupt" $seeds <<'EOF'
import random, sys, os
out, seeds = sys.argv[1], sys.argv[2:]
rnd = random.Random(20140120)
for i in range(400):
    seed = seeds[i % len(seeds)]
    data = bytearray(open(seed, 'rb').read())
    n = len(data)
    for _ in range(rnd.randint(1, 8)):
        pick = rnd.random()
        if pick < 0.25:
            off = rnd.randrange(0, min(64, n))
        elif pick < 0.75:
            off = rnd.randrange(n // 2, n)
        else:
            off = rnd.randrange(0, n)
        data[off] = rnd.randrange(256)
    ext = '.a' if seed.endswith('.a') else '.o'
    open(os.path.join(out, '%03d%s' % (i, ext)), 'wb').write(data)
EOF
	problems=""
	rejected=0
	for f in "$T"/corrupt/*; do
		p=$(judge "$f")
		[ -n "$p" ] && problems="$problems
$p"
		"$SPREPORT" "$f" >/dev/null 2>&1 || rejected=$((rejected + 1))
	done
	check_eq "400 corrupted copies: error naming the file or a report, no crash" "" "$problems"
	# Not trivially passing: some copies must have been refused, some read.
	check "corrupted copies: both outcomes seen ($rejected of 400 refused)" \
		test "$rejected" -gt 20 -a "$rejected" -lt 380
else
	skip "corrupted copies" "no python3"
fi

done_testing
