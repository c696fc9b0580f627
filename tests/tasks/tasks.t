#!/bin/sh
# tests/run: slow
# The task switcher on every port: four tasks yield 1000 times each from
# inside a protected frame (-fstack-protector-all, so every function on
# their stacks has a canary); every frame must come back intact and no
# canary may fire across the 5005 switches.
. "$(dirname "$0")/../lib.sh"

for arch in $("$SRC/scripts/arches"); do
	O="$T/$arch"
	if ! mk O="$O" ARCH="$arch" "${arch}_defconfig" all.config all; then
		fail "$arch: builds with the switcher" "$(tail -20 "$T/out")"
		continue
	fi
	mk O="$O" ARCH="$arch" run RUNARGS=tasks
	status=$?
	check_eq "$arch: sample tasks exits 0" 0 "$status"
	check_grep "$arch: 5005 switches, no canary fired" \
		'^tasks: 4 tasks, 4000 yields, 5005 switches, no canary fired$' "$T/out"
	check_eq "$arch: each task's frame survived its yields" 4 \
		"$(grep -c '^task [abcd]: 1000 yields, frame intact$' "$T/out")"
	# Tasks that finish one by one: each leaves the ring, the rest run on.
	mk O="$O" ARCH="$arch" run RUNARGS="tasks uneven"
	check_eq "$arch: sample tasks uneven exits 0" 0 $?
	check_eq "$arch: ...each task finishes its own count of yields" \
		"a 1 b 2 c 3 d 4" "$(sed -n 's/^task \([abcd]\): \([0-9]*\) yields, frame intact$/\1 \2/p' "$T/out" | sort | tr '\n' ' ' | sed 's/ $//')"
	check_grep "$arch: ...10 yields in all, no canary fired" \
		'^tasks: 4 tasks, 10 yields, [0-9]+ switches, no canary fired$' "$T/out"
done

# A bad count is refused with the usage and status 2.
O="$T/x86_64"
mk O="$O" run RUNARGS="tasks 3x"
check_eq "x86_64: sample tasks 3x exits 2" 2 "$?"
check_grep "x86_64: ... and says what it takes" 'usage: sample tasks \[N ' "$T/out"

done_testing
