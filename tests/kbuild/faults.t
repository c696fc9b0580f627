#!/bin/sh
# Faults: two makes in one tree, a build or a config step killed at a known
# moment, a configuration step that lowers protection. Each check looks at
# what the user sees (message, exit status) and at what is left on disk.
# tests/robust/ does the same at random moments, in loops.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
LOGCC="$SRC/tests/bin/logcc"

# wait_for FILE: until FILE exists (at most 10 s).
wait_for() {
	i=0
	while [ $i -lt 100 ] && [ ! -e "$1" ]; do sleep 0.1; i=$((i + 1)); done
	[ -e "$1" ]
}

# 1. One make at a time per object tree.
mk O="$O" x86_64_defconfig
flock "$O/.make.lock" sleep 2 &
holder=$!
sleep 0.3
mk O="$O"; rc=$?
kill -0 $holder 2>/dev/null; holder_alive=$?
wait $holder
check_eq "(1) a make that finds the tree locked waits, then succeeds" 0 $rc
check_grep "(1) ...saying another make holds the tree" \
	"another make is running in $O \(it holds $O/.make.lock\); waiting for it to finish" "$T/out"
check "(1) ...and does not start before the holder is gone" test $holder_alive -ne 0
mk O="$O" clean
(cd "$SRC" && make O="$O" >"$T/first" 2>&1) & first=$!
(cd "$SRC" && make O="$O" >"$T/second" 2>&1) & second=$!
wait $first; rc1=$?; wait $second; rc2=$?
check_eq "(1) two makes started together both exit 0" "0 0" "$rc1 $rc2"
check_grep "(1) ...and the image they leave runs" '^sspkit sample: arch=x86_64' \
	"$("$O/sample" >"$T/banner" 2>&1; echo "$T/banner")"
check_eq "(1) ...one of them built, the other waited" 1 \
	"$(cat "$T/first" "$T/second" | grep -c 'waiting for it to finish')"

# 2. SIGKILL while an object, an archive, the image is being written.
# kill_at NAME FILE MAKEARGS...: start make, wait for the stand-in tool to
# write FILE, SIGKILL the whole build there: make's group, and the
# commands ninja runs in groups of their own (kill_holders), which would
# otherwise keep the lock while the stand-in sleeps its 30 s.
kill_at() {
	name=$1 file=$2; shift 2
	in_group "$T/$name.out" make -C "$SRC" O="$O" "$@"
	if wait_for "$file"; then pass "(2) $name: the build is caught writing ${file#$O/}"
	else fail "(2) $name: the stand-in never wrote ${file#$O/}" "$(cat "$T/$name.out")"; fi
	/bin/kill -s KILL -- "-$pgid"
	kill_holders "$O/.make.lock"
	wait
}
# partial FILE: FILE is what a stand-in writes before it stalls.
partial() {
	grep -Eq 'partial (object|output)' "$1" 2>/dev/null || test "$(wc -c <"$1")" -eq 8
}
# after_kill NAME TARGET KCFLAGS [LINE]: TARGET is not the partial file,
# and the next make finishes the build (printing LINE, by default the
# TARGET's own) and leaves nothing for a third make to do.
after_kill() {
	if [ -e "$O/$2" ] && partial "$O/$2"; then
		fail "(2) $1: no partial $2 is left under its real name" "$(head -c 64 "$O/$2")"
	else pass "(2) $1: no partial $2 is left under its real name"; fi
	mk O="$O" KCFLAGS="$3"; rc=$?
	check_eq "(2) $1: the next make succeeds" 0 $rc
	check_grep "(2) $1: ...and rebuilds $2" "${4:- $2}\$" "$T/out"
	check_grep "(2) $1: ...and the sample runs" '^sspkit sample: arch=x86_64' \
		"$("$O/sample" >"$T/banner" 2>&1; echo "$T/banner")"
	mk O="$O" KCFLAGS="$3"
	check_eq "(2) $1: ...and a third make has nothing to do" "" "$(cat "$T/out")"
}
CC_STALL=lib/vsprintf.o kill_at object "$O/lib/vsprintf.o.tmp" \
	CC="$LOGCC" KCFLAGS=-DFAULT=1
after_kill object lib/vsprintf.o -DFAULT=1
AR_STALL=lib/built-in.a kill_at archive "$O/lib/built-in.a.tmp" \
	AR="$SRC/tests/bin/stall-ar" KCFLAGS=-DFAULT=2
check "(2) archive: the stand-in wrote the 8 bytes a killed ar leaves" \
	test "$(wc -c <"$O/lib/built-in.a.tmp")" -eq 8
after_kill archive lib/built-in.a -DFAULT=2
# The archive again, this time with only its command changed (AR), so that
# no object is newer than it: the record if_changed writes must not claim
# the killed command ran, or the next make, with the very same command,
# would take the old archive as up to date.
AR_STALL=lib/built-in.a kill_at "archive, same command" "$O/lib/built-in.a.tmp" \
	AR="$SRC/tests/bin/stall-ar" KCFLAGS=-DFAULT=2
mk O="$O" AR="$SRC/tests/bin/stall-ar" KCFLAGS=-DFAULT=2; rc=$?
check_eq "(2) archive, same command: the next make succeeds" 0 $rc
check_grep "(2) archive, same command: ...and runs the killed command again" \
	' lib/built-in.a$' "$T/out"
CC_STALL=samples/sample/sample.tmp kill_at image "$O/samples/sample/sample.tmp" CC="$LOGCC" KCFLAGS=-DFAULT=3
after_kill image samples/sample/sample -DFAULT=3
CC_STALL=scripts/basic/fixdep.tmp kill_at "host program" \
	"$O/scripts/basic/fixdep.tmp" HOSTCC="$LOGCC" KCFLAGS=-DFAULT=4
after_kill "host program" scripts/basic/fixdep -DFAULT=4
# The audit: its stamp for lib/, and the header it writes for the banner.
cp "$O/scripts/spaudit/spaudit" "$T/spaudit"
n=4
for f in stamp:lib/.ssp-audit:lib header:samples/sample/sample.ssp-summary.h:samples/sample/sample; do
	name="audit ${f%%:*}" f=${f#*:}; file=${f%:*} dir=${f#*:}
	n=$((n + 1))
	SPAUDIT_STALL=$file.tmp REAL_SPAUDIT="$T/spaudit" kill_at "$name" "$O/$file.tmp" \
		SPAUDIT="$SRC/tests/bin/stall-spaudit" KCFLAGS=-DFAULT=$n
	after_kill "$name" "$file" -DFAULT=$n " AUDIT   $dir"
done

# 3. A config step interrupted after kconfig wrote its file: .config is the
# old one, whole, until the single rename. kconfig-conf is a stand-in that
# runs the real one, then stalls.
mkdir -p "$T/conf-bin"
cat >"$T/conf-bin/kconfig-conf" <<'EOF'
#!/bin/sh
/usr/bin/kconfig-conf "$@" || exit
[ -n "${CONF_STALL:-}" ] && { : >"$CONF_STALL"; sleep 30; }
exit 0
EOF
chmod +x "$T/conf-bin/kconfig-conf"
mk O="$O" x86_64_defconfig all.config
cp "$O/.config" "$T/all"
for step in x86_64_defconfig:INT strong.config:KILL; do
	goal=${step%:*} sig=${step#*:}
	cp "$T/all" "$O/.config"
	PATH="$T/conf-bin:$PATH" CONF_STALL="$T/stalled" \
		in_group "$T/$goal.out" make -C "$SRC" O="$O" "$goal"
	wait_for "$T/stalled"
	check "(3) $goal: kconfig wrote its result to the scratch copy" \
		test -s "$O/.tmp/kconfig/.config"
	/bin/kill -s "$sig" -- "-$pgid"
	wait
	rm -f "$T/stalled"
	check "(3) $goal, SIG$sig after kconfig wrote: .config is the old one, whole" \
		cmp -s "$T/all" "$O/.config"
	mk O="$O" "$goal"; rc=$?
	check_eq "(3) $goal: run again, it succeeds" 0 $rc
	check "(3) $goal: ...replacing .config" test -n "$(cmp "$T/all" "$O/.config")"
	check "(3) $goal: ...keeping the old one as .config.old" cmp -s "$T/all" "$O/.config.old"
done

# No .config but a .config.old (a step killed under kconfig-frontends'
# own two renames): the build says what is left and how to restore it.
mk O="$T/lost" x86_64_defconfig
mv "$T/lost/.config" "$T/lost/.config.old"
mk O="$T/lost"; rc=$?
check "(3) no .config, a .config.old: make fails" test $rc -ne 0
check_grep "(3) ...naming .config.old and the command that restores it" \
	"no configuration \(.config\) in $T/lost, but .config.old is there .*restore it with \"cp $T/lost/.config.old $T/lost/.config\"" "$T/out"
check "(3) ...and builds nothing" test ! -e "$T/lost/include/config/auto.conf"

# mrproper removes kconfig's temporaries too.
for f in .tmpconfig.4242 .tmpconfig .tmp.config.merge .config.old.tmp \
	.config.ssp.old .config.ssp.old.tmp .tmp/kconfig/.config; do
	mkdir -p "$(dirname "$O/$f")"; echo junk >"$O/$f"
done
mk O="$O" mrproper
check_eq "(3) mrproper leaves no file but the lock and the configuration kept" ".config.old .make.lock" \
	"$(cd "$O" && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//')"

# 4. A step that lowers protection says what was lost and where it is kept:
# the sequence x86_64 ALL+STRICT, then ARCH=m68k, then x86_64.
mk O="$O" x86_64_defconfig all.config
echo CONFIG_CC_STACKPROTECTOR_STRICT=y >>"$O/.config"
mk O="$O" olddefconfig
cp "$O/.config" "$T/strict-all"
mk O="$O" ARCH=m68k olddefconfig; rc=$?
check_eq "(4) ARCH=m68k olddefconfig converts an x86_64 ALL+STRICT config" 0 $rc
check_grep "(4) ...warning that protection is lowered" \
	"warning: this configuration step lowers stack protection \(was all in $O/.config\):" "$T/out"
check_grep "(4) ...naming the mode lost" 'mode all -> none \(CONFIG_CC_STACKPROTECTOR_ALL=y is gone\)' "$T/out"
check_grep "(4) ...and STRICT" 'CONFIG_CC_STACKPROTECTOR_STRICT=y is gone' "$T/out"
check_grep "(4) ...and where the old configuration is kept" \
	"kept in $O/.config.ssp.old .*\"cp $O/.config.ssp.old $O/.config\" brings it back" "$T/out"
mk O="$O" ARCH=x86_64 olddefconfig
check "(4) after the next step (x86_64 again) .config.ssp.old still has ALL+STRICT" \
	cmp -s "$T/strict-all" "$O/.config.ssp.old"
check_nogrep "(4) ...which lowered nothing more, so did not warn" 'lowers stack protection' "$T/out"
mk O="$O" x86_64_defconfig all.config
mk O="$O" x86_64_defconfig
check_grep "(4) a defconfig over a stronger config warns too" 'mode all -> strong' "$T/out"
mk O="$O" all.config
check_nogrep "(4) a step that raises protection does not" 'lowers stack protection' "$T/out"

# The checker itself, on pairs that lose something and pairs that do not.
lowered() {
	printf '%b' "$1" >"$T/a"; printf '%b' "$2" >"$T/b"
	sh "$SRC/scripts/kconfig/protection-lowered" "$T/a" "$T/b"
}
R='CONFIG_CC_STACKPROTECTOR_REGULAR=y\n'
out=$(lowered "${R}CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=4\n" "${R}CONFIG_CC_STACKPROTECTOR_BUFFER_SIZE=8\n"); rc=$?
check_eq "(4) checker: regular with ssp-buffer-size 4 -> 8 is lowered" 1 $rc
check_grep "(4) checker: ...and says so" 'BUFFER_SIZE 4 -> 8' "$(echo "$out" >"$T/o"; echo "$T/o")"
lowered 'CONFIG_CC_STACKPROTECTOR_STRONG=y\nCONFIG_STACKPROTECTOR_GUARD_RANDOM=y\n' \
	'CONFIG_CC_STACKPROTECTOR_STRONG=y\nCONFIG_STACKPROTECTOR_GUARD_FIXED=y\n' >/dev/null; rc=$?
check_eq "(4) checker: random guard -> fixed is lowered" 1 $rc
lowered 'CONFIG_CC_STACKPROTECTOR_EXPLICIT=y\n' "$R" >"$T/o"; rc=$?
check_eq "(4) checker: explicit -> regular is not lowered" 0 $rc
check_eq "(4) checker: ...and prints nothing" "" "$(cat "$T/o")"
# EXPLICIT protects the functions marked for it; NONE protects none.
lowered 'CONFIG_CC_STACKPROTECTOR_EXPLICIT=y\n' 'CONFIG_CC_STACKPROTECTOR_NONE=y\n' >"$T/o"; rc=$?
check_eq "(4) checker: explicit -> none is lowered" 1 $rc
check_grep "(4) checker: ...and names the mode lost" \
	'mode explicit -> none \(CONFIG_CC_STACKPROTECTOR_EXPLICIT=y is gone\)' "$T/o"
lowered 'CONFIG_CC_STACKPROTECTOR_NONE=y\nCONFIG_CC_STACKPROTECTOR_STRICT=y\n' \
	'CONFIG_CC_STACKPROTECTOR_NONE=y\n' >"$T/o"; rc=$?
check_eq "(4) checker: none loses a hand-set STRICT (nothing to enforce): not lowered" "0:" "$rc:$(cat "$T/o")"
lowered 'CONFIG_CC_STACKPROTECTOR_STRONG=y\nCONFIG_CC_STACKPROTECTOR_STRICT=y\n' \
	'CONFIG_CC_STACKPROTECTOR_STRONG=y\n' >/dev/null; rc=$?
check_eq "(4) checker: strong loses STRICT: lowered" 1 $rc
lowered '' 'CONFIG_CC_STACKPROTECTOR_NONE=y\n' >/dev/null; rc=$?
check_eq "(4) checker: an empty config -> none is not lowered" 0 $rc
lowered 'CONFIG_CC_STACKPROTECTOR_STRONG=y\n' '' >/dev/null; rc=$?
check_eq "(4) checker: strong -> an empty config is lowered" 1 $rc

done_testing
