#!/bin/sh
# SIGKILL and SIGINT at random moments during "make x86_64_defconfig" and
# during a fragment merge ("make all.config"). The runs alternate between
# the two: a defconfig turns the ALL configuration into STRONG, the merge
# turns STRONG back into ALL. After each killed run .config must be whole
# and either the one before the run or the one after it, and .config.old
# must still hold a configuration. ROBUST_RUNS sets the runs per goal.
. "$(dirname "$0")/../lib.sh"

O="$T/obj"
runs=${ROBUST_RUNS:-50}
now() { date +%s.%N; }

# The kills land from 0 to the step's time into it: the shortest of three
# merges, since one measured while the machine was busy (two tests run at
# once in make check) made most kills come after the step had ended.
took=""
for n in 1 2 3; do
	mk O="$O" x86_64_defconfig && cp "$O/.config" "$T/strong"
	start=$(now)
	mk O="$O" all.config && cp "$O/.config" "$T/all"
	took=$(echo "$start $(now) $took" | awk '{ t = $2 - $1; if ($3 != "" && $3 < t) t = $3; printf "%.3f", t }')
done
check "the two configurations differ" test -n "$(cmp "$T/strong" "$T/all")"
echo "# a config step takes ${took}s; each run kills its make 0 to ${took}s into it"

# is_one_of FILE A B: FILE exists and is A or B, byte for byte.
is_one_of() { [ -f "$1" ] && { cmp -s "$1" "$2" || cmp -s "$1" "$3"; }; }

dc_runs=0 dc_hits=0 dc_bad=0 fr_runs=0 fr_hits=0 fr_bad=0
i=0
while [ $dc_runs -lt "$runs" ] || [ $fr_runs -lt "$runs" ]; do
	i=$((i + 1))
	sig=KILL; [ $((i % 2)) -eq 0 ] && sig=INT
	# The goal that changes the configuration as it is now.
	if cmp -s "$O/.config" "$T/all"; then goal=x86_64_defconfig before=all after=strong
	else goal=all.config before=strong after=all; fi
	[ $goal = x86_64_defconfig ] && [ $dc_runs -ge "$runs" ] && { cp "$T/strong" "$O/.config"; continue; }
	[ $goal = all.config ] && [ $fr_runs -ge "$runs" ] && { cp "$T/all" "$O/.config"; continue; }
	cp "$O/.config" "$T/old-config"
	in_group "$T/killed.out" make -C "$SRC" O="$O" $goal
	sleep "$(random_delay "$took")"
	hit=0
	/bin/kill -s $sig -- "-$pgid" 2>/dev/null && hit=1
	wait
	why=""
	if [ ! -e "$O/.config" ]; then why="no .config (lost)"
	elif ! is_one_of "$O/.config" "$T/$before" "$T/$after"; then why=".config is neither the $before nor the $after one"
	elif [ ! -f "$O/.config.old" ]; then why="no .config.old"
	fi
	if [ $goal = x86_64_defconfig ]; then
		dc_runs=$((dc_runs + 1)) dc_hits=$((dc_hits + hit))
		[ -n "$why" ] && dc_bad=$((dc_bad + 1))
	else
		fr_runs=$((fr_runs + 1)) fr_hits=$((fr_hits + hit))
		[ -n "$why" ] && fr_bad=$((fr_bad + 1))
	fi
	if [ -n "$why" ]; then
		echo "# run $i ($goal, SIG$sig): $why"
		cp -r "$O" "$T/bad-run-$i"
		cp "$T/$after" "$O/.config"
	fi
done
echo "# defconfig, SIGKILL/SIGINT at random moments: $dc_runs runs ($dc_hits killed mid-step), $dc_bad left a lost, stale or broken result"
echo "# fragment merge, SIGKILL/SIGINT at random moments: $fr_runs runs ($fr_hits killed mid-step), $fr_bad left a lost, stale or broken result"
check_eq "no killed defconfig lost or broke .config" 0 $dc_bad
check_eq "no killed fragment merge lost or broke .config" 0 $fr_bad
check "most kills hit a running step" test $((dc_hits + fr_hits)) -ge "$runs"

# What the killed runs left behind does not stand in the way.
mk O="$O" x86_64_defconfig; rc=$?
check_eq "a config step after all the killed ones succeeds" 0 $rc
check "...and writes the defconfig" cmp -s "$T/strong" "$O/.config"

done_testing
