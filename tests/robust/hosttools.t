#!/bin/sh
# tests/run: slow
# tests/run: start first
# Host tools validate before they index (issue 39, case 7): fixdep,
# spreport and spaudit are built under AddressSanitizer and UBSan (the
# kit's own build, HOSTCFLAGS), then fed corrupt objects, archives, audit
# records, image lists and depfiles made from a real build's with a fixed
# seed, so that a failure is repeatable. Each run must end with the
# tools' own exit status (0, 1 or 2), within 10 seconds, and with no
# sanitizer report.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
F="$T/fuzz"
SEED=39
san='-g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer'
# Leaks are not the question here, and LeakSanitizer needs ptrace.
ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
UBSAN_OPTIONS=print_stacktrace=1
export ASAN_OPTIONS UBSAN_OPTIONS

mk O="$O" defconfig
# The whole build runs the sanitized fixdep and spaudit on real input too.
mk O="$O" HOSTCFLAGS="$san" HOSTLDFLAGS="$san"; rc=$?
check_eq "the kit builds with sanitized host tools" 0 $rc
check_nogrep "...and they report nothing on the real build" 'runtime error|Sanitizer' "$T/out"
SPAUDIT="$O/scripts/spaudit/spaudit" SPREPORT="$O/scripts/spreport/spreport"
FIXDEP="$O/scripts/basic/fixdep"
check "...spaudit is sanitized" grep -q __asan_init "$SPAUDIT"

# The corpus: mutated copies of the build's objects, archives and image
# (bytes flipped, header fields overwritten, truncated), of its records
# and image lists (fields dropped, cut, duplicated, numbers and modes
# replaced, long and binary lines; an image list read as images.order
# too) and of its depfiles.
mkdir -p "$F"
python3 - "$O" "$F" "$SEED" <<'EOF'
import os, random, sys
obj, out, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
rng = random.Random(seed)
def pick(seq): return seq[rng.getrandbits(16) % len(seq)]
def num(n): return rng.getrandbits(32) % n
bins, recs, lists, deps = [], [], [], []
for d, _, names in sorted(os.walk(obj)):
    for n in sorted(names):
        p = os.path.join(d, n)
        if os.path.islink(p): continue
        if n.endswith(('.o', '.a')) or n == 'sample': bins.append(p)
        elif n.endswith('.o.ssp'): recs.append(p)
        elif n.endswith('.ssp-objects'): lists.append(p)
        elif n.endswith('.o.cmd') and 'deps_' in open(p, errors='replace').read(): deps.append(p)
def mutate_bytes(b):
    b = bytearray(b)
    for _ in range(1 + num(8)):
        how = num(4)
        if how == 0 and b:   # flip a byte anywhere
            b[num(len(b))] ^= 1 << num(8)
        elif how == 1 and len(b) > 64:   # a header field
            i = num(64) & ~3
            b[i:i + 4] = pick([b'\xff\xff\xff\xff', b'\0\0\0\0', b'\x7f\xff\xff\xff', os.urandom(0) + bytes(num(256) for _ in range(4))])
        elif how == 2 and len(b) > 64:   # an offset or size past the header
            i = 64 + (num(len(b) - 64) & ~7)
            b[i:i + 8] = pick([b'\xff' * 8, b'\0' * 8, (len(b) * 2).to_bytes(8, 'little')])
        else:   # truncate
            del b[num(len(b) + 1):]
    return bytes(b)
def mutate_lines(text):
    lines = text.split('\n')
    for _ in range(1 + num(4)):
        i = num(len(lines))
        f = lines[i].split('\t')
        how = num(8)
        if how == 0: f = f[:num(len(f) + 1)]                      # fields dropped
        elif how == 1: f[num(len(f))] = pick(['', '-1', '99999999999999999999', 'bogus', 'unknown', 'none', '1e9', '\x01\xff'])
        elif how == 2: f.append(pick(['x', '', '\t\t']))
        elif how == 3: f = ['x' * (4000 + num(9000))]             # longer than a buffer
        elif how == 4: f[0] = pick(['expect', 'image', 'object', 'threshold', '#', '', 'c', 'asm', 'exempt'])
        elif how == 5: lines.insert(i, lines[i])
        elif how == 6: f = [pick(['expect', 'threshold', 'object', 'image']), pick(['bogus', '-2', 'unknown', '', '/nonexistent.o'])]
        else: lines[i] = lines[i][:num(len(lines[i]) + 1)]; continue
        lines[i] = '\t'.join(f)
    return '\n'.join(lines).encode('utf-8', 'surrogateescape')
def write(p, data):
    with open(p, 'wb') as fh: fh.write(data)
for k in range(200):
    src = pick(bins)
    ext = '.a' if src.endswith('.a') else '.o'
    write(f'{out}/bin{k}{ext}', mutate_bytes(open(src, 'rb').read()))
for k in range(150):
    # A record beside a real object copy: summary and report read both.
    write(f'{out}/rec{k}.o', open(pick([b for b in bins if b.endswith('.o')]), 'rb').read())
    write(f'{out}/.rec{k}.o.ssp', mutate_lines(open(pick(recs)).read()))
for k in range(100):
    text = open(pick(lists)).read().replace('\nobject\t', f'\nobject\t{out}/rec{num(150)}.o\nobject\t', 1)
    write(f'{out}/list{k}', mutate_lines(text))
for k in range(50):
    write(f'{out}/dep{k}.d', mutate_lines(open(pick(deps)).read().replace('deps_', '', 1)))
EOF
check "the corpus is written (seed $SEED)" test -e "$F/dep49.d" -a -e "$F/list99"

# run_all NAME CMD...: run CMD with each remaining argument list read from
# stdin, one a line; pass when every run exits 0, 1 or 2 in time with no
# sanitizer report, else show the first that did not.
run_all() {
	what=$1 n=0 bad=""; shift
	while read -r args; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		timeout 10 "$@" $args >"$T/run.out" 2>&1 </dev/null; rc=$?
		if [ $rc -gt 2 ] || grep -qE 'runtime error|Sanitizer' "$T/run.out"; then
			bad="$* $args: exit $rc"; break
		fi
	done
	if [ -z "$bad" ] && [ $n -gt 0 ]; then pass "$what ($n inputs): no crash, no hang"
	else fail "$what: no crash, no hang" "$bad" "$(head -20 "$T/run.out")"; fi
}
cd "$F" || exit 1
ls bin* | run_all "spreport on corrupt objects, archives and images" "$SPREPORT" --list
ls bin* | sed 's/.*/--json &/' | run_all "spreport --json on them" "$SPREPORT"
ls bin*.o | sed 's/.*/c\t&\t-fstack-protector-strong\tKBUILD_CFLAGS/' >manifest
n=0; : >results
while read -r line; do
	n=$((n + 1)); printf '%s\n' "$line" >"m$n"; echo "--manifest=m$n --stamp=s$n" >>results
done <manifest
run_all "spaudit objects on corrupt objects" "$SPAUDIT" objects --expect=strong <results
ls rec*.o | run_all "spaudit summary on corrupt records" "$SPAUDIT" summary \
	--expect=strong --configured=strong --header="$F/h.h"
ls list* | run_all "spaudit report on corrupt image lists" "$SPAUDIT" report
ls list* | run_all "spaudit report --json on them" "$SPAUDIT" report --json
ls list* | sed 's/^/--images=/' | run_all "spaudit report --images= on them" "$SPAUDIT" report
ls dep* | sed 's/.*/& t.o cmd/' | run_all "fixdep on corrupt depfiles" "$FIXDEP"
cd "$SRC" || exit 1

# The case the fuzzing found: a bad expect line is named, exit 2, and
# JSON's "expect" is still a mode (was rank_names[-2], "(null)").
printf 'image\t%s\nexpect\tbogus\nobject\t%s\n' "$O/sample" "$O/lib/string.o" >"$T/badlist"
"$SPAUDIT" report --json "$T/badlist" >"$T/out" 2>"$T/err"; rc=$?
check_eq "spaudit report --json with a bad expect line: exit 2" 2 $rc
check_grep "...naming the line" "badlist: unknown mode bogus" "$T/err"
check_nogrep "...with no sanitizer report" 'runtime error|Sanitizer' "$T/err"
check_grep "...and a mode for \"expect\"" '"expect": "(none|explicit|regular|regular-above|strong|all)"' "$T/out"

done_testing
