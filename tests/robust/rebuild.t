#!/bin/sh
# tests/run: slow
# SIGKILL and SIGINT at random moments during a rebuild. Each run switches
# the build to the other of two variants, which differ in every input kind:
# CONFIG_LOCALVERSION (so syncconfig, autoconf.h, main.o), KCFLAGS (every
# C object, its audit record, the archives, the image) and HOSTCFLAGS
# (fixdep and the audit's own programs). Its make is killed at a random
# moment of the rebuild, and a second make must then leave exactly what
# an uninterrupted build of that variant leaves.
# ROBUST_RUNS sets the number of runs.
# tests/run: start first
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
runs=${ROBUST_RUNS:-8}

# variant V: the .config and make arguments of variant V (1 or 2).
variant() {
	sed -i "s/^CONFIG_LOCALVERSION=.*/CONFIG_LOCALVERSION=\"-v$1\"/" "$O/.config"
	args="KCFLAGS=-O$1 HOSTCFLAGS=-O$1"
}
# outputs: every file the build leaves that a later make relies on.
outputs() {
	(cd "$O" && find arch lib samples -name '*.o' -o -name '.*.o.ssp'
	 echo samples/sample/sample; echo samples/sample/.sample.ssp_mode.o
	 printf '%s\n' scripts/basic/fixdep scripts/spaudit/spaudit scripts/spreport/spreport
	 echo include/generated/autoconf.h
	 printf '%s\n' samples/sample/sample.ssp-summary.h include/generated/ssp-summary.h
	 echo include/config/auto.conf)
}
now() { date +%s.%N; }

mk O="$O" x86_64_defconfig
for v in 1 2; do
	variant $v
	start=$(now)
	mk O="$O" $args || fail "reference build of variant $v" "$(cat "$T/out")"
	took=$(echo "$start $(now)" | awk '{ printf "%.3f", $2 - $1 }')
	mkdir -p "$T/ref-$v"
	outputs | (cd "$O" && tar -cf - -T -) | tar -C "$T/ref-$v" -xf -
	cp "$O/.config" "$T/ref-$v/.config"
done
echo "# a rebuild takes ${took}s; each run kills its make 0 to ${took}s into it"

v=2 hits=0 bad=0 kills=0 ints=0
i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	v=$((3 - v))
	sig=KILL; [ $((i % 2)) -eq 0 ] && sig=INT
	variant $v
	in_group "$T/killed.out" make -C "$SRC" O="$O" $args
	sleep "$(random_delay "$took")"
	if /bin/kill -s $sig -- "-$pgid" 2>/dev/null; then
		hits=$((hits + 1))
		[ $sig = KILL ] && kills=$((kills + 1)) || ints=$((ints + 1))
	fi
	wait
	why=""
	mk O="$O" $args || why="the next make failed: $(tail -3 "$T/out")"
	if [ -z "$why" ]; then
		for f in $(outputs) .config; do
			cmp -s "$O/$f" "$T/ref-$v/$f" || { why="$f is not the variant $v one"; break; }
		done
	fi
	[ -z "$why" ] && { mk O="$O" $args; [ -z "$(cat "$T/out")" ] || why="a third make still had work: $(head -3 "$T/out")"; }
	if [ -n "$why" ]; then
		bad=$((bad + 1))
		echo "# run $i (variant $v, SIG$sig): $why"
		cp -r "$O" "$T/bad-run-$i"
	fi
done
echo "# rebuild, SIGKILL/SIGINT at random moments: $runs runs ($hits killed mid-build: $kills SIGKILL, $ints SIGINT), $bad left a lost, stale or broken result"
check_eq "no killed rebuild left a lost, stale or broken result" 0 $bad
check "most kills hit a running build" test $hits -ge $((runs / 2))

done_testing
